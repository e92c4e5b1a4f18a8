"""Applies the Effects a rules result asks for as one undoable command, remembering old values."""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

from crisis_desktop.controller.changes import ChangeSet
from crisis_desktop.controller.commands import Command
from crisis_desktop.domain import Campaign, Combatant, ConditionState, StatValue
from crisis_desktop.domain.campaign import POOL_MAX
from crisis_desktop.domain.character import entry_problem
from crisis_desktop.rules.base import (
    AddCondition,
    Effect,
    RemoveCondition,
    SetItemStat,
    SetPool,
    SetResource,
    SetStatus,
    UseUpItem,
)

_MISSING = object()  # a key that was absent before the effect (revert deletes it again)


def _set(mapping: dict[str, StatValue], key: str, value: StatValue) -> object:
    """mapping[key] = value, checked as the domain checks the whole mapping (ValueError naming the key, nothing
    changed): a value no save could write never gets in, whoever asks (the rules, a GM override, a replay)."""
    problem = entry_problem(mapping, key, value)
    if problem:
        raise ValueError(f"{key}: {problem}")
    old = mapping.get(key, _MISSING)
    mapping[key] = value
    return old


def _set_pool(campaign: Campaign, effect: SetPool) -> object:
    """campaign.pools[key] = value, checked as the campaign file checks it (ValueError, nothing changed)."""
    value = effect.value
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= POOL_MAX:
        raise ValueError(f"{effect.key}: a pool holds 0 to {POOL_MAX} points, not {value!r}")
    old = campaign.pools.get(effect.key, _MISSING)
    campaign.pools[effect.key] = value
    return old


def find_combatant(campaign: Campaign, combatant_id: str) -> Combatant:
    return campaign.combatant(combatant_id)


def _combatant(campaign: Campaign, combatant_id: str, found: dict[str, Combatant]) -> Combatant:
    """The combatant, looked up once per application of a command's effects (`found` keeps it)."""
    combatant = found.get(combatant_id)
    if combatant is None:
        combatant = found[combatant_id] = find_combatant(campaign, combatant_id)
    return combatant


class ApplyEffects(Command):
    """The effects of one rules result (an attack, a turn start, a heal) as a single undo step.

    The old value of everything touched is captured when the command is first applied, so revert
    restores exactly what was there, including keys and conditions that did not exist before.
    """

    def __init__(self, effects: Sequence[Effect], text: str) -> None:
        self.effects = tuple(effects)
        self.text = text
        self._undo: list[tuple[Effect, Any]] = []

    def apply(self, campaign: Campaign) -> ChangeSet:
        self._undo = []
        found: dict[str, Combatant] = {}     # each combatant looked up once (a fight's start: 8 effects each)
        try:
            for effect in self.effects:
                self._undo.append((effect, self._apply_one(campaign, effect, found)))
        except (KeyError, ValueError):
            # All or nothing: put back what was applied before the bad effect.
            self.revert(campaign)
            raise
        return self._changes()

    def revert(self, campaign: Campaign) -> ChangeSet:
        found: dict[str, Combatant] = {}
        for effect, old in reversed(self._undo):
            self._revert_one(campaign, effect, old, found)
        return self._changes()

    # -- one effect -------------------------------------------------------------------------------
    @staticmethod
    def _apply_one(campaign: Campaign, effect: Effect, found: dict[str, Combatant]) -> Any:
        if isinstance(effect, SetStatus):
            return _set(campaign.character(effect.character_id).status, effect.key, effect.value)
        if isinstance(effect, SetResource):
            return _set(_combatant(campaign, effect.combatant_id, found).resources, effect.key, effect.value)
        if isinstance(effect, SetItemStat):
            return _set(campaign.character(effect.character_id).item(effect.item_id).stats, effect.key, effect.value)
        if isinstance(effect, SetPool):
            return _set_pool(campaign, effect)
        if isinstance(effect, UseUpItem):
            character = campaign.character(effect.character_id)
            item = character.item(effect.item_id)          # KeyError for an item it does not carry
            index = character.equipment.index(item)
            return index, character.equipment.pop(index)
        conditions = campaign.character(effect.character_id).conditions
        old_conditions = copy.deepcopy(conditions)
        if isinstance(effect, AddCondition):
            conditions[:] = [c for c in conditions if c.key != effect.key]
            conditions.append(ConditionState(key=effect.key, rounds=effect.rounds))
        elif isinstance(effect, RemoveCondition):
            conditions[:] = [c for c in conditions if c.key != effect.key]
        return old_conditions

    @staticmethod
    def _revert_one(campaign: Campaign, effect: Effect, old: Any, found: dict[str, Combatant]) -> None:
        if isinstance(effect, UseUpItem):
            index, item = old
            campaign.character(effect.character_id).equipment.insert(index, item)
            return
        if isinstance(effect, (AddCondition, RemoveCondition)):
            campaign.character(effect.character_id).conditions[:] = old
            return
        if isinstance(effect, SetPool):
            target: dict[str, Any] = campaign.pools
        elif isinstance(effect, SetStatus):
            target = campaign.character(effect.character_id).status
        elif isinstance(effect, SetResource):
            target = _combatant(campaign, effect.combatant_id, found).resources
        else:
            target = campaign.character(effect.character_id).item(effect.item_id).stats
        if old is _MISSING:
            target.pop(effect.key, None)
        else:
            target[effect.key] = old

    def _changes(self) -> ChangeSet:
        characters = {e.character_id for e in self.effects if not isinstance(e, SetResource | SetPool)}
        combatants = {e.combatant_id for e in self.effects if isinstance(e, SetResource)}
        pools = any(isinstance(e, SetPool) for e in self.effects)
        return ChangeSet(campaign_fields=frozenset({"pools"} if pools else ()), characters=frozenset(characters),
                         combatants=frozenset(combatants))
