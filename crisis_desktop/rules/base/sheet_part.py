"""The character sheet part of a ruleset: its fields, derived values, bars and standing, what the GM may
override, and the rules between fields; each with a working default."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from crisis_desktop.domain import Character, CharacterKind, EquipmentItem, ItemKind, StatValue
from crisis_desktop.rules.base import added_fields
from crisis_desktop.rules.base.economy import TurnEffects
from crisis_desktop.rules.base.part import Part
from crisis_desktop.rules.base.sheet import (
    ConditionSpec,
    FieldKind,
    FieldSpec,
    OverrideField,
    OverrideKind,
)
from crisis_desktop.rules.base.state import Actor, BarRole, Mark, ResourceSpec, StateLabel, StateRole
from crisis_desktop.rules.base.values import Explained, Options
from crisis_desktop.rules.kernel.dice import DiceSource


class Sheet(Part):
    """The character sheet of a ruleset: a system subclasses it and overrides what differs."""

    # Headings for derived values on sheets; keys missing here read as "health_max" -> "Health max".
    DERIVED_LABELS: Mapping[str, str] = {}

    def derived_label(self, key: str) -> str:
        label = self.DERIVED_LABELS.get(key)
        if label:
            return label
        text = key.replace("_", " ")
        return text[:1].upper() + text[1:]

    def character_fields(self) -> Sequence[FieldSpec]:
        """The fields of a character sheet, in the sheet's order (each with the kinds of character it applies to,
        its default and its limits); none by default."""
        return ()

    def campaign_fields(self, options: Options) -> Sequence[FieldSpec]:
        """The fields of a character sheet in a campaign with these rule options (a genesys campaign's skill list
        decides which skills its sheets show): `character_fields()` by default. The places that know the campaign
        (the sheet editor, printing, a stat set by the GM, the check dialog) ask this."""
        return self.character_fields()

    def added_field_bases(self) -> Sequence[tuple[str, str]]:
        """What a field the GM adds to a campaign may be based on, as (key, label): a Genesys custom skill's
        characteristic. Empty (the default): the system takes no added fields (rules/base/added_fields.py)."""
        return ()

    def added_field_groups(self) -> Sequence[str]:
        """The sheet groups an added field may go to (a Genesys skill's kind); the first is the usual one."""
        return ()

    def added_field_problems(self, label: str, based_on: str, group: str, options: Options) -> list[str]:
        """Why the field cannot be added to a campaign with these options (empty when it can): the shared checks of
        added_fields.problems against the campaign's sheet, then a base and a group of the system's."""
        taken = [spec.key for spec in self.campaign_fields(options)]
        found = added_fields.problems(label, based_on, group, taken)
        bases = dict(self.added_field_bases())
        if not bases:
            return [*found, f"The {self.rules.name} rules take no added fields"]
        if based_on not in bases:
            found.append(f"{based_on!r} is not one of {', '.join(bases.values())}")
        if group not in self.added_field_groups():
            found.append(f"{group!r} is not one of {', '.join(self.added_field_groups())}")
        return found

    def applies(self, spec: FieldSpec, character: Character) -> bool:
        """Whether the sheet field belongs on this character's sheet (its editor and paper): by default when it
        applies to its kind of character; a system narrows it by other stats (a Genesys rival has no strain
        threshold)."""
        return character.kind in spec.kinds

    def field_marks(self, character: Character) -> Mapping[str, tuple[str, str]]:
        """Marks beside some fields' labels for this character, by key: (a short mark, what it means), such as a
        Genesys career skill's "●" with the experience its next rank costs; none by default."""
        return {}

    def item_fields(self, kind: ItemKind) -> Sequence[FieldSpec]:
        """The fields of an item of this kind (a weapon's damage and range, an armour's protection); none by
        default."""
        return ()

    def item_summary(self, item: EquipmentItem) -> str:
        """The item's key stats in a few words, for pickers and lists ("DMG d6, RNG 4, RoF 2"): by default the
        first five fields holding something other than nothing, zero or no, by their labels."""
        parts: list[str] = []
        for spec in self.item_fields(item.kind):
            value = item.stats.get(spec.key)
            if value is None or value == "" or value is False or (value == 0 and not isinstance(value, bool)):
                continue
            if value is True:
                parts.append(spec.label)
            elif spec.kind is FieldKind.DIE and isinstance(value, int):
                parts.append(f"{spec.label} d{value}")
            else:
                parts.append(f"{spec.label} {value}")
        return ", ".join(parts[:5])

    def conditions(self) -> Sequence[ConditionSpec]:
        """The conditions the rules name (prone, stunned...), each with what it does; none by default."""
        return ()

    def new_stats(self, kind: CharacterKind, dice: DiceSource | None = None) -> dict[str, StatValue]:
        """A legal default stat block: by default every sheet field's default for this kind of character (crisis
        overrides it to roll the Health Body die when dice are given)."""
        return {spec.key: spec.default for spec in self.character_fields() if kind in spec.kinds}

    def stat_rules(self, character: Character) -> list[str]:
        """Rules between the fields of a character's stat block, each broken one in plain words; each system
        declares its own (none by default). Single fields are their FieldSpecs' to check."""
        return []

    def item_rules(self, item: EquipmentItem) -> list[str]:
        """Rules between the fields of an item (Durability left within Durability, rounds loaded within the
        magazine), each broken one in plain words; each system declares its own (none by default)."""
        return []

    def item_stat_text(self, item: EquipmentItem, key: str) -> str | None:
        """How the rules write one of an item's stats where its stored value alone does not say it (a weapon whose
        damage adds a characteristic: 'Brawn + 2'); None to show the stored value as it is (the default)."""
        return None

    def notes(self, character: Character) -> list[str]:
        """What the sheet says of a character's entries without refusing them (a name the rules do not know, kept
        without effect), in plain words; none by default. Unlike `stat_rules`, a note never stops a save."""
        return []

    def validate_item(self, item: EquipmentItem) -> list[str]:
        """Every problem of an item's stats: each field by its spec, then the rules between fields."""
        problems = [reason for spec in self.item_fields(item.kind)
                    if (reason := spec.validate(item.stats.get(spec.key, spec.default)))]
        return problems or self.item_rules(item)

    def validate_character(self, character: Character) -> list[str]:
        """Every problem of the stat block and of the items carried, in plain words; empty when legal."""
        problems: list[str] = []
        for spec in self.character_fields():
            if not self.applies(spec, character):
                continue
            reason = spec.validate(character.stats.get(spec.key, spec.default))
            if reason:
                problems.append(reason)
        if not problems:
            problems += self.stat_rules(character)
        for item in character.equipment:
            problems += [f"{item.name}: {reason}" for reason in self.validate_item(item)]
        return problems

    def derived(self, character: Character, options: Options) -> dict[str, Explained]:
        """Derived values (Health max, Parry, Pace, Initiative...), each with its terms; none by default."""
        return {}

    def resources(self, actor: Actor, options: Options) -> Sequence[ResourceSpec]:
        """The bars the board shows for this actor (health, strain, AP...); none by default."""
        return []

    def marks(self, actor: Actor, options: Options) -> Sequence[Mark]:
        """What the rules track on the character beyond its conditions and bars that the GM must see at a glance
        (skirmish: a critical wound per location and what it imposes; genesys: a critical injury and its
        severity), in the rules' words; the board shows each as a chip, the token as a marker, the sheet in its
        standing. None by default."""
        return ()

    def state(self, character: Character, options: Options) -> StateLabel:
        """How the character stands, in the rules' words: by default down when a bar of role HEALTH is empty, else
        able to act."""
        for bar in self.resources(Actor(character), options):
            if bar.role is BarRole.HEALTH and bar.left <= 0:
                return StateLabel("down", f"{character.name} is down: {bar.label} {bar.current}/{bar.maximum}",
                                  StateRole.DOWN)
        return StateLabel("ok", f"{character.name} can act", label="OK")

    def override_fields(self, actor: Actor, options: Options) -> list[OverrideField]:
        """The values the GM may override for this combatant: only those that apply to it (no AP where it
        counts actions, no ammunition on a knife). By default every status value and encounter resource, named
        by the sheet field or bar of that key, else by the key in words ("hit_points" -> "Hit points")."""
        labels = {spec.key: spec.label for spec in self.campaign_fields(options)}
        labels.update({bar.key: bar.label for bar in self.resources(actor, options)})

        def label(key: str) -> str:
            return labels.get(key) or key.replace("_", " ").strip().capitalize() or key

        fields = [OverrideField(OverrideKind.STATUS, k, label(k), v) for k, v in actor.character.status.items()]
        if actor.combatant is not None:
            fields += [OverrideField(OverrideKind.RESOURCE, k, label(k), v)
                       for k, v in actor.combatant.resources.items()]
        return fields

    def setup_flags(self) -> Sequence[FieldSpec]:
        """What the GM marks on a combatant while preparing an encounter, as yes/no flags the rules read from the
        combatant's `setup` (capabilities.SURPRISED: caught unaware); none by default. The board offers one
        checkbox each and shows a flag that is on beside the name until the first round."""
        return ()

    def override_consequences(self, before: Character, after: Actor, options: Options) -> TurnEffects:
        """What the rules make of a value the GM set by hand: the effects they apply to the change and notes for the
        log (crisis: Health brought to 0 is Dying). `before` is the character as it was, `after` the character (and
        combatant, in a fight) as the override leaves it; the consequences follow the change, so a condition the GM
        sets or clears by hand stands. Nothing by default: the value stands alone."""
        return TurnEffects()

    def badges(self, actor: Actor, options: Options) -> list[str]:
        """Short words the board shows beside a combatant's name for what the rules track and a GM should see
        at a glance (crisis: "overwatch", a multi-turn action under way); none by default."""
        return []
