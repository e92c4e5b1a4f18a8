"""The GM's overrides in a fight: a value set by hand, with what the rules make of it, as one undoable event (no Qt)."""

from __future__ import annotations

from crisis_desktop.controller.commands import Command
from crisis_desktop.controller.fight_context import FightContext
from crisis_desktop.domain import StatValue
from crisis_desktop.rules.base import (
    Actor,
    AddCondition,
    Effect,
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
        old = character.status.get(key)
        return self._override(SetStatus(character_id, key, value), f"{character.name}: {key} {old} → {value}",
                              character_id, self._combatant_of_character(character_id))

    def set_resource(self, combatant_id: str, key: str, value: StatValue) -> Command:
        old = self.view.combatant(combatant_id).resources.get(key)
        return self._override(SetResource(combatant_id, key, value),
                              f"{self.view.name(combatant_id)}: {key} {old} → {value}",
                              self.view.combatant(combatant_id).character_id, combatant_id)

    def set_item_stat(self, character_id: str, item_id: str, key: str, value: StatValue) -> Command:
        character = self._ctx.campaign.character(character_id)
        item = character.item(item_id)
        return self._override(SetItemStat(character_id, item_id, key, value),
                              f"{character.name}'s {item.name}: {key} {item.stats.get(key)} → {value}",
                              character_id, self._combatant_of_character(character_id))

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
