"""A working copy of one encounter of a campaign to draft an event on, so that an event is built from values and the
live campaign is never changed and taken back while it is built (no Qt)."""

from __future__ import annotations

from typing import Any

from crisis_desktop.controller.commands import Command
from crisis_desktop.controller.effects import ApplyEffects
from crisis_desktop.controller.encounter_commands import (
    AppendLog,
    InsertCombatant,
    RemoveCombatant,
    SetCombatantField,
    SetEncounterField,
)
from crisis_desktop.domain import Campaign
from crisis_desktop.domain.common import IdIndex, private
from crisis_desktop.domain.encounter import Encounter
from crisis_desktop.rules.base import SetPool, SetResource

# What a draft's commands change of the encounter itself: its fields, its list of combatants and its log, which the
# copy holds as its own from the start.
_ON_THE_ENCOUNTER = (SetEncounterField, AppendLog, InsertCombatant, RemoveCombatant)


class _BorrowedIndex(IdIndex):
    """A copy's look-up index that answers from the live model's index until it is first rebuilt: the copy's lists
    hold the same items at the same places when it is made, so building its own index from scratch (a pass over
    every character or every encounter's combatants) would cost in proportion to the campaign, on every step of a
    fight. Every hit is checked against the copy's list by its reader (find_by_id, Campaign._place_of); a miss
    clears the index, which then drops the live one and is rebuilt from the copy's lists alone."""

    def __init__(self, live: dict[str, Any]) -> None:
        super().__init__()
        self._live: dict[str, Any] | None = live

    def get(self, key: str, default: Any = None) -> Any:
        if dict.__contains__(self, key) or self._live is None:
            return dict.get(self, key, default)
        return self._live.get(key, default)

    def __getitem__(self, key: str) -> Any:
        if dict.__contains__(self, key) or self._live is None:
            return dict.__getitem__(self, key)
        return self._live[key]

    def clear(self) -> None:
        self._live = None
        dict.clear(self)


def _own_indexes(model: Any) -> None:
    """Give a shallow copy look-up indexes of its own (the live model keeps its own), which start from the live
    model's."""
    store = model.__pydantic_private__
    if store:
        object.__setattr__(model, "__pydantic_private__",
                           {name: _BorrowedIndex(index) for name, index in store.items()})


def _shallow(encounter: Encounter) -> Encounter:
    copy = encounter.model_copy(update={"combatants": list(encounter.combatants), "log": list(encounter.log)})
    _own_indexes(copy)
    return copy


class WorkingCopy:
    """The campaign as a draft sees it: new lists and a new encounter object, holding the live characters and
    combatants until a command is about to change one, which is copied first (`own`). Drafting a step of a big fight
    copies only what the step changes; the live campaign is never touched."""

    def __init__(self, campaign: Campaign, encounter_id: str) -> None:
        live = campaign.encounter(encounter_id)
        encounters = list(campaign.encounters)   # copied as a whole (no Python step per encounter)
        encounters[private(campaign, "_encounter_index")[encounter_id]] = _shallow(live)
        # The pools are a small mapping, copied whole: a check may move a story point.
        self.campaign = campaign.model_copy(update={"characters": list(campaign.characters), "encounters": encounters,
                                                    "pools": dict(campaign.pools)})
        _own_indexes(self.campaign)
        self._owned_encounters = {encounter_id}
        self._owned: set[tuple[str, str]] = set()

    def own(self, command: Command) -> None:
        """Copy what `command` is about to change, so that applying it changes the copy alone."""
        if isinstance(command, ApplyEffects):
            for effect in command.effects:
                if isinstance(effect, SetResource):
                    self._own_combatant(effect.combatant_id)
                elif not isinstance(effect, SetPool):     # the copy's pools are its own from the start
                    self._own_character(effect.character_id)
        elif isinstance(command, SetCombatantField):
            self._own_combatant(command.combatant_id)
        elif not isinstance(command, _ON_THE_ENCOUNTER):
            raise ValueError(f"A draft of a fight has no copy for {type(command).__name__}")

    def _own_character(self, character_id: str) -> None:
        if ("character", character_id) in self._owned or not self.campaign.has_character(character_id):
            return   # owned already, or gone: the command itself says what is wrong
        at = private(self.campaign, "_character_index")[character_id]
        characters = self.campaign.characters
        characters[at] = characters[at].model_copy(deep=True)
        self._owned.add(("character", character_id))

    def _own_combatant(self, combatant_id: str) -> None:
        if ("combatant", combatant_id) in self._owned:
            return
        campaign = self.campaign
        encounter = campaign.encounter_of(combatant_id)
        if encounter is None:
            return
        if encounter.id not in self._owned_encounters:
            # A combatant of another encounter: that encounter is copied too before its combatant is.
            position = next(i for i, e in enumerate(campaign.encounters) if e is encounter)
            encounter = campaign.encounters[position] = _shallow(encounter)
            self._owned_encounters.add(encounter.id)
        combatants = encounter.combatants
        encounter.find_combatant(combatant_id)          # brings the encounter's index up to date
        at = private(encounter, "_combatant_index")[combatant_id]
        combatants[at] = combatants[at].model_copy(deep=True)
        self._owned.add(("combatant", combatant_id))


__all__ = ["WorkingCopy"]
