"""The GM's overrides in a fight: a value set by hand, with what the rules make of it, as one undoable event (no Qt)."""

from __future__ import annotations

from dataclasses import replace

from crisis_desktop.controller.commands import Command
from crisis_desktop.controller.fight_context import FightContext
from crisis_desktop.domain import Character, StatValue
from crisis_desktop.domain.character import entry_problem
from crisis_desktop.rules.base import (
    Actor,
    AddCondition,
    Effect,
    FieldSpec,
    OverrideField,
    OverrideKind,
    RemoveCondition,
    SetItemStat,
    SetResource,
    SetStatus,
)


class OverrideIntents:
    """The GM's own values on one fight, reached as `EncounterController.overrides`: status, resources, item stats
    and conditions, each logged with its consequences under the rules and any change of state."""

    def __init__(self, context: FightContext) -> None:
        self._ctx = context
        self.view = context.view
        self.ruleset = context.ruleset

    # -- what may be overridden, and within which bounds ------------------------------------------------
    def fields(self, combatant_id: str) -> list[OverrideField]:
        """The values the GM may override for this combatant (the rules' override_fields), each with the FieldSpec
        whose bounds a value keeps (`spec`; None for a combatant's resource, which no sheet declares)."""
        actor = self.view.actor(combatant_id)
        return [self._with_spec(f, actor.character)
                for f in self.ruleset.sheet.override_fields(actor, self.view.options)]

    def _with_spec(self, field: OverrideField, character: Character) -> OverrideField:
        """The field with its FieldSpec: the rules' own, else the one of that key the sheet declares (a status) or
        the item's kind declares (an item stat), whichever system it is."""
        if field.spec is not None:
            return field
        specs: tuple[FieldSpec, ...] = ()
        if field.kind is OverrideKind.STATUS:
            specs = tuple(self.ruleset.sheet.character_fields())
        elif field.kind is OverrideKind.ITEM and field.item_id is not None:
            item = next((i for i in character.equipment if i.id == field.item_id), None)
            specs = tuple(self.ruleset.sheet.item_fields(item.kind)) if item is not None else ()
        spec = next((f for f in specs if f.key == field.key), None)
        return replace(field, spec=spec) if spec is not None else field

    def _within_bounds(self, kind: OverrideKind, key: str, value: StatValue, character_id: str,
                       combatant_id: str | None, item_id: str | None = None) -> StatValue:
        """The value as it is stored (a list field's entries joined as the sheet joins them), once it keeps the
        bounds of its FieldSpec and, for an item's stat, the rules between the item's fields: the rules the sheet
        editor keeps (a whole number of Wounds, at least 0; no usage die on a sling). ValueError naming the field
        (as the dialog names it) otherwise. A value no campaign can hold (NaN, infinity, a number past the domain's
        range, a text that cannot be written) is refused by the effect itself first, with its key and the domain's
        words."""
        if entry_problem({}, key, value):
            return value
        character = self._ctx.campaign.character(character_id)
        field = self._with_spec(self._offered(kind, key, character_id, combatant_id, item_id)
                                or OverrideField(kind, key, "", None, item_id), character)
        if field.spec is None:
            return value
        value = field.spec.normalised(value)
        reason = replace(field.spec, label=field.label or field.spec.label).validate(value)
        if reason:
            raise ValueError(reason)
        if kind is OverrideKind.ITEM and item_id is not None:
            item = character.item(item_id)
            probe = item.model_copy(update={"stats": {**item.stats, key: value}})
            sheet = self.ruleset.sheet
            broken = [r for r in sheet.item_rules(probe) if r not in sheet.item_rules(item)]
            if broken:
                raise ValueError(f"{item.name}: {broken[0]}")
        return value

    def _offered(self, kind: OverrideKind, key: str, character_id: str, combatant_id: str | None,
                 item_id: str | None = None) -> OverrideField | None:
        """The field the rules offer for this value, if they offer one."""
        character = self._ctx.campaign.character(character_id)
        combatant = self.view.combatant(combatant_id) if combatant_id is not None else None
        offered = self.ruleset.sheet.override_fields(Actor(character, combatant), self.view.options)
        return next((f for f in offered if (f.kind, f.key, f.item_id) == (kind, key, item_id)), None)

    def _label(self, kind: OverrideKind, key: str, character_id: str, combatant_id: str | None,
               item_id: str | None = None) -> str:
        """The value's name as the override dialog shows it ("Wounds", "Rounds loaded"), never the key it is kept
        by; the key in words for a value the rules do not offer."""
        field = self._offered(kind, key, character_id, combatant_id, item_id)
        if field is not None and field.label:
            return field.label.split(": ", 1)[-1] if item_id is not None else field.label
        words = key.replace("_", " ").strip()
        return words[:1].upper() + words[1:]

    def _override(self, effect: Effect, text: str, character_id: str, combatant_id: str | None) -> Command:
        """The GM's value and what the rules make of it (crisis: Health 0 is Dying), logged as one undo step with
        the consequences and any change of state spelled out."""
        rules, options = self.ruleset, self.view.options
        before = self._ctx.campaign.character(character_id)       # the draft leaves the live character as it is
        state_before = rules.sheet.state(before, options)
        with self._ctx.drafting() as d:
            d.apply([effect], text)
            after = d.actor(combatant_id) if combatant_id is not None else Actor(d.campaign.character(character_id))
            follow = rules.sheet.override_consequences(before, after, options)
            d.apply(follow.effects, f"{text}: as the rules have it")
            d.note("override", f"GM: {text}", combatant_id, details=follow.notes)
            state_after = rules.sheet.state(d.campaign.character(character_id), options)
            if state_after.key != state_before.key:
                d.note("state", state_after.text, combatant_id)
            event = d.event(text)
        return event

    def _combatant_of_character(self, character_id: str) -> str | None:
        return next((c.id for c in self.view.encounter.combatants if c.character_id == character_id), None)

    def set_status(self, character_id: str, key: str, value: StatValue) -> Command:
        character = self._ctx.campaign.character(character_id)
        combatant_id = self._combatant_of_character(character_id)
        value = self._within_bounds(OverrideKind.STATUS, key, value, character_id, combatant_id)
        old = character.status.get(key)
        label = self._label(OverrideKind.STATUS, key, character_id, combatant_id)
        field = self._offered(OverrideKind.STATUS, key, character_id, combatant_id)
        spec = self._with_spec(field, character).spec if field is not None else None
        before, after = (shown(spec.choice_label(v)) if spec is not None and spec.choices else shown(v)
                         for v in (old, value))
        return self._override(SetStatus(character_id, key, value), f"{character.name}: {label} {before} → {after}",
                              character_id, combatant_id)

    def set_resource(self, combatant_id: str, key: str, value: StatValue) -> Command:
        value = self._within_bounds(OverrideKind.RESOURCE, key, value, self.view.combatant(combatant_id).character_id,
                            combatant_id)
        combatant = self.view.combatant(combatant_id)
        old = combatant.resources.get(key)
        label = self._label(OverrideKind.RESOURCE, key, combatant.character_id, combatant_id)
        return self._override(SetResource(combatant_id, key, value),
                              f"{self.view.name(combatant_id)}: {label} {shown(old)} → {value}",
                              combatant.character_id, combatant_id)

    def set_item_stat(self, character_id: str, item_id: str, key: str, value: StatValue) -> Command:
        character = self._ctx.campaign.character(character_id)
        item = character.item(item_id)
        combatant_id = self._combatant_of_character(character_id)
        value = self._within_bounds(OverrideKind.ITEM, key, value, character_id, combatant_id, item_id)
        label = self._label(OverrideKind.ITEM, key, character_id, combatant_id, item_id)
        return self._override(SetItemStat(character_id, item_id, key, value),
                              f"{character.name}'s {item.name}: {label} {shown(item.stats.get(key))} → {value}",
                              character_id, combatant_id)

    def add_condition(self, character_id: str, key: str, rounds: int | None = None) -> Command:
        labels = {c.key: c.label for c in self.ruleset.sheet.conditions()}
        if key not in labels:
            raise ValueError(f"The {self.ruleset.name} rules have no condition {key!r}")
        character = self._ctx.campaign.character(character_id)
        lasting = f" for {rounds} rounds" if rounds else ""
        return self._override(AddCondition(character_id, key, rounds), f"{character.name} is {labels[key]}{lasting}",
                              character_id, self._combatant_of_character(character_id))

    def remove_condition(self, character_id: str, key: str) -> Command:
        labels = {c.key: c.label for c in self.ruleset.sheet.conditions()}
        character = self._ctx.campaign.character(character_id)
        if not character.has_condition(key):
            raise ValueError(f"{character.name} is not {labels.get(key, key)}")
        return self._override(RemoveCondition(character_id, key),
                              f"{character.name} is no longer {labels.get(key, key)}",
                              character_id, self._combatant_of_character(character_id))


def shown(value: StatValue) -> str:
    """A value before the GM's: nothing set reads as a dash, not as "None"."""
    return "—" if value is None or value == "" else str(value)
