"""The Ruleset interface: what every game system has, with a working default for each part (the capabilities a
system may have besides are in checks.py, attacks.py, healing.py, hiding.py, capabilities.py and quick.py)."""

from __future__ import annotations

from abc import ABC
from collections.abc import Mapping, Sequence
from functools import cached_property
from typing import TYPE_CHECKING, ClassVar

from crisis_desktop.domain import Character, CharacterKind, EquipmentItem, ItemKind, StatValue
from crisis_desktop.rules.base.combat import (
    InitiativeEntry,
)
from crisis_desktop.rules.base.economy import ActionAvailability, ActionSpec, Cost, Currency, TurnEffects
from crisis_desktop.rules.base.effects import Effect, SetResource
from crisis_desktop.rules.base.printing import Printing
from crisis_desktop.rules.base.sheet import (
    ConditionSpec,
    FieldKind,
    FieldSpec,
    OverrideField,
    OverrideKind,
    RuleOption,
)
from crisis_desktop.rules.base.state import Actor, BarRole, ResourceSpec, StateLabel, StateRole
from crisis_desktop.rules.base.values import Explained, Options, Term
from crisis_desktop.rules.kernel.dice import DiceSource, DieKind, RollPool

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

    from crisis_desktop.rules.base.attacks import Attacks
    from crisis_desktop.rules.base.checks import Checks
    from crisis_desktop.rules.base.healing import Healing
    from crisis_desktop.rules.base.hiding import Hiding
    from crisis_desktop.rules.kernel.cover import CoverReading
    from crisis_desktop.rules.kernel.flows import RoundFlow
    from crisis_desktop.rules.kernel.geometry import Coord, Terrain
    from crisis_desktop.rules.kernel.glyphs import Glyph
    from crisis_desktop.rules.kernel.movement import Movement


class Ruleset(ABC):
    """What every game system has: its description and rule options, sheets, how characters stand, its action
    economy and how a round proceeds. What a system may have besides is a part of its own (`checks`, `attacks`,
    `healing`, `hiding`; movement on the map through `movement()`, quick fights through `quick_fight`), which it
    makes when it has it and the shared layers ask for (`rules.attacks is not None`). Every method is pure;
    `options` are the campaign's rule options."""

    id: str
    name: str
    # Headings for derived values on sheets; keys missing here read as "health_max" -> "Health max".
    DERIVED_LABELS: Mapping[str, str] = {}

    def currencies(self) -> Sequence[Currency]:
        """The currencies of the action economy, as the rules name them."""
        return ()

    def cost_text(self, price: Cost) -> str:
        """A price in the rules' words: "2 AP", "1 action", "1 maneuver + 2 strain"; "free" when it is nothing."""
        named = {c.key: c for c in self.currencies()}
        parts = [named[key].amount(n) if key in named else f"{n} {key}" for key, n in price.items() if n]
        return " + ".join(parts) or "free"

    def dice_kinds(self) -> Sequence[DieKind]:
        """The dice of symbols the system rolls (for typing them in by their faces); none for numbered dice."""
        return ()

    def initiative_dice(self, actors: Sequence[Actor], options: Options) -> list[RollPool]:
        """Whose roll and which dice the ranking that opens a fight rolls (initiative; a new moment's ranking), one
        pool a roll, in the order the rules roll them, before any tie is rolled again or a die explodes: for typed
        dice to be asked by name. Empty where the fight opens without dice (the default)."""
        return []

    def symbol_glyphs(self) -> Mapping[str, Glyph]:
        """How the symbols of those dice are drawn (rules/kernel/glyphs.py), by symbol, in the order a result lists
        them; none by default: the dice's faces and results are shown in words and numbers."""
        return {}

    def movement(self) -> Movement | None:
        """The system's movement rules on the battle map (rules/kernel/movement.py); None lets the map move tokens
        freely, spending nothing."""
        return None

    def cover_between(self, terrain: Terrain, attacker_cell: Coord, target_cell: Coord,
                      attacker: Actor | None = None, target: Actor | None = None,
                      options: Options | None = None) -> CoverReading:
        """Cover of the target's cell against the attacker's on the battle map, as this system reads it (the
        actors when the map knows them); by default the painted cover as it stands."""
        from crisis_desktop.rules.kernel.cover import geometry_reading  # geometry imports this module: import on use

        return geometry_reading(terrain, attacker_cell, target_cell)

    def posture(self, character: Character) -> str | None:
        """How the character stands in the system's words ("prone", "kneeling"), for the map's token; None for
        upright or where the system has no postures."""
        return None

    def derived_label(self, key: str) -> str:
        label = self.DERIVED_LABELS.get(key)
        if label:
            return label
        text = key.replace("_", " ")
        return text[:1].upper() + text[1:]

    def rule_options(self) -> Sequence[RuleOption]:
        """The campaign's choices among the rules (variants, optional rules), each with its default; none by
        default."""
        return ()

    def options_with_defaults(self, options: Options) -> dict[str, StatValue]:
        merged: dict[str, StatValue] = {o.key: o.default for o in self.rule_options()}
        merged.update({k: v for k, v in options.items() if k in merged})
        return merged

    def character_fields(self) -> Sequence[FieldSpec]:
        """The fields of a character sheet, in the sheet's order (each with the kinds of character it applies to,
        its default and its limits); none by default."""
        return ()

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

    def npc_level_field(self) -> FieldSpec | None:
        """The field Quick NPC asks for, from which the rules build an NPC (crisis: its Difficulty Level);
        None where NPCs are not built from a level."""
        return None

    def quick_npc(self, name: str, level: int, dice: DiceSource | None = None) -> Character:
        """A playable NPC at this level (`npc_level_field`'s value, already checked against it): by default the
        rules' default NPC stat block with the level stored. A system with NPC rules overrides this to give the
        NPC skills and a weapon that suit its level, so it can fight at once."""
        stats = dict(self.new_stats(CharacterKind.NPC, dice))
        spec = self.npc_level_field()
        if spec is not None:
            stats[spec.key] = level
        return Character(kind=CharacterKind.NPC, name=name, stats=stats, tags=["npc"])

    def conditions(self) -> Sequence[ConditionSpec]:
        """The conditions the rules name (prone, stunned...), each with what it does; none by default."""
        return ()

    def bestiary_file(self) -> Traversable | None:
        """The system's bestiary, a JSON file of NPCs legal under its rules (Characters › From Bestiary…): by default
        the bundled resources/bestiary/<id>.json where there is one; None for a system without one. A system kept
        elsewhere names its own file."""
        from crisis_desktop.resources_access import resource

        found = resource("bestiary", f"{self.id}.json")
        return found if found.is_file() else None

    def equipment_catalogue(self) -> list[EquipmentItem]:
        """The system's own weapons, armour and gear (fresh copies), to seed a new campaign's catalogue."""
        return []

    def actions(self) -> Sequence[ActionSpec]:
        """The actions of the action economy, each with the price it declares (`ActionSpec.cost`); none by
        default."""
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

    def validate_item(self, item: EquipmentItem) -> list[str]:
        """Every problem of an item's stats: each field by its spec, then the rules between fields."""
        problems = [reason for spec in self.item_fields(item.kind)
                    if (reason := spec.validate(item.stats.get(spec.key, spec.default)))]
        return problems or self.item_rules(item)

    def validate_character(self, character: Character) -> list[str]:
        """Every problem of the stat block and of the items carried, in plain words; empty when legal."""
        problems: list[str] = []
        for spec in self.character_fields():
            if character.kind not in spec.kinds:
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

    def state(self, character: Character, options: Options) -> StateLabel:
        """How the character stands, in the rules' words: by default down when a bar of role HEALTH is empty, else
        able to act."""
        for bar in self.resources(Actor(character), options):
            if bar.role is BarRole.HEALTH and bar.current <= 0:
                return StateLabel("down", f"{character.name} is down: {bar.label} {bar.current}/{bar.maximum}",
                                  StateRole.DOWN)
        return StateLabel("ok", f"{character.name} can act")

    # ------------------------------------------------------------------ printed sheets
    PRINTING: ClassVar[type[Printing]] = Printing

    @cached_property
    def printing(self) -> Printing:
        """How this system's sheets print (`PRINTING`, made once for this ruleset)."""
        return self.PRINTING(self)

    # ------------------------------------------------------------------ the parts a system may have
    # A system that has one overrides its accessor with a cached_property making its own part (CrisisAttacks(self));
    # the shared layers ask `rules.attacks is not None`. Each part has working defaults for all but what only the
    # rules can say (how a check or an attack is rolled).
    @property
    def checks(self) -> Checks | None:
        """Checks and contests to roll and to price; None where the rules have none."""
        return None

    @property
    def attacks(self) -> Attacks | None:
        """Attacks, their price, odds, resolution and damage, and what they read from the map; None where the rules
        have none."""
        return None

    @property
    def healing(self) -> Healing | None:
        """The fight's healing action and other treatments; None where the rules have none."""
        return None

    @property
    def hiding(self) -> Hiding | None:
        """Who cannot see whom, set by the rules' sight actions; None where the rules have none."""
        return None

    def override_fields(self, actor: Actor, options: Options) -> list[OverrideField]:
        """The values the GM may override for this combatant: only those that apply to it (no AP where it
        counts actions, no ammunition on a knife). By default every status value and encounter resource, named
        by the sheet field or bar of that key, else by the key in words ("hit_points" -> "Hit points")."""
        labels = {spec.key: spec.label for spec in self.character_fields()}
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

    def round_flow(self, options: Options) -> RoundFlow:
        """How rounds proceed in this system (sequential turns, side slots, phases, declare/resolve): by default
        sequential turns, in the order `roll_initiative` gives, with Delay and Act now."""
        from crisis_desktop.rules.kernel.flows.sequential import SequentialFlow  # the flows read this module's types

        return SequentialFlow(self)

    # -- sequential turns, for the default flow ----------------------------------------------------------------
    def roll_initiative(self, actors: Sequence[Actor], dice: DiceSource, options: Options) -> list[InitiativeEntry]:
        """Who acts first: by default no roll, the order the encounter lists them in."""
        return [InitiativeEntry(actor.combatant.id if actor.combatant else actor.character.id,
                                Explained(len(actors) - rank, (Term("order of the encounter", len(actors) - rank),)),
                                rank) for rank, actor in enumerate(actors)]

    def surprise_round(self, actors: Sequence[Actor]) -> list[str]:
        """Who acts in a surprise round before the first (empty, the default: no surprise round)."""
        return []

    def start_turn(self, actor: Actor, options: Options) -> TurnEffects:
        """What a turn's start gives (`turn_allowance`: every currency refilled), by default."""
        return TurnEffects(self.refill(actor))

    def end_turn(self, actor: Actor, options: Options) -> TurnEffects:
        """What a turn's end does; nothing by default."""
        return TurnEffects()

    # -- the price of an action, declared once -----------------------------------------------------------------
    def turn_allowance(self) -> Cost:
        """What a combatant has of each currency at the start of its turn (and of the fight), by currency key; the
        default economy keeps what is left in the combatant's resources under that key. Nothing by default."""
        return {}

    def refill(self, actor: Actor) -> tuple[Effect, ...]:
        """The effects that give the actor its `turn_allowance` again."""
        if actor.combatant is None:
            return ()
        return tuple(SetResource(actor.combatant.id, key, amount) for key, amount in self.turn_allowance().items())

    def price_refusal(self, actor: Actor, what: str, price: Cost) -> str | None:
        """Why the actor cannot pay `price` for `what` now, in the rules' words, or None when it can: by default
        each currency of the price against what the actor has left of it (its combatant's resource of that key)."""
        if actor.combatant is None:
            return None
        named = {c.key: c for c in self.currencies()}
        for key, amount in price.items():
            left = actor.combatant.resources.get(key, 0)
            left = left if isinstance(left, int) and not isinstance(left, bool) else 0
            if left < amount:
                plural = named[key].plural if key in named else key
                return (f"Not enough {plural}: {what} costs {self.cost_text(price)}, {actor.name} has "
                        f"{self.cost_text({key: left}) if left else 'none'}")
        return None

    def pay(self, actor: Actor, price: Cost, what: str) -> TurnEffects:
        """The effects of paying `price` for `what` (an action's label, "attack"; already checked), and any note
        the payment makes (strain suffered for it): by default each
        currency's resource less the amount. The one place a price is charged: the controller pays an attack's
        price (`Attacks.attack_price`) with it, and `spend_action` an action's. Systems whose currencies count up
        (actions taken) or cost something besides (strain past the threshold) override this, once."""
        if actor.combatant is None:
            return TurnEffects()
        effects: list[Effect] = []
        for key, amount in price.items():
            left = actor.combatant.resources.get(key, 0)
            left = left if isinstance(left, int) and not isinstance(left, bool) else 0
            effects.append(SetResource(actor.combatant.id, key, left - amount))
        return TurnEffects(tuple(effects))

    def available_actions(self, actor: Actor, options: Options) -> list[ActionAvailability]:
        """Every action with its declared price for this actor and whether it can be paid now: by default the
        price is `ActionSpec.cost` and a fighter who is down or out takes none."""
        standing = self.state(actor.character, options)
        out = []
        for action in self.actions():
            reason = (standing.text if not standing.fighting else
                      self.price_refusal(actor, action.label, action.cost) or "")
            out.append(ActionAvailability(action, action.cost, not reason, reason))
        return out

    def action_availability(self, actor: Actor, action_key: str, options: Options) -> ActionAvailability | None:
        """Whether one action may be taken now and at what price (None: the rules have no such action). By default
        found among `available_actions`; rules that can price one action alone say so more quickly (a move asks for
        its one action at every step)."""
        return next((a for a in self.available_actions(actor, options) if a.action.key == action_key), None)

    def spend_action(self, actor: Actor, action_key: str, options: Options,
                     cost: int | None = None) -> TurnEffects:
        """The effects of taking an action (its price paid, multi-turn progress): by default its availability
        checked and its declared price paid (`pay`). ValueError with the reason if the action is not allowed
        now."""
        availability = self.action_availability(actor, action_key, options)
        if availability is None:
            raise ValueError(f"The {self.name} rules have no action {action_key!r}")
        if not availability.allowed:
            raise ValueError(availability.reason)
        return self.pay(actor, availability.price, availability.action.label)

    def spend_action_on(self, actor: Actor, action_key: str, target: Actor, options: Options) -> TurnEffects:
        """The effects of taking an action of role HELP on `target` (its price and what it gives the target).
        ValueError with the reason if it is not allowed now; rules without such actions have none to take."""
        raise ValueError(f"The {self.name} rules have no action {action_key!r} taken on someone else")

    def start_encounter(self, actor: Actor, options: Options) -> TurnEffects:
        """What a fighter has as the fight begins: by default its `turn_allowance`."""
        return TurnEffects(self.refill(actor))

    def end_encounter(self, actor: Actor, options: Options) -> TurnEffects:
        """What the end of the fight changes (what lasts only for a fight ends); nothing by default."""
        return TurnEffects()
