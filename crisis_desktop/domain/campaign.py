"""The campaign: everything one JSON file holds."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from pydantic import Field, PrivateAttr, model_validator

from crisis_desktop.domain.battle_map import BattleMap
from crisis_desktop.domain.character import Character, EquipmentItem, StatValue
from crisis_desktop.domain.common import NOTES_MAX, DomainModel, IdIndex, Word, find_by_id, new_id, private, utc_now
from crisis_desktop.domain.encounter import Combatant, Encounter

# The version of the file format written by this build; storage.migrations upgrades older files.
SCHEMA_VERSION = 6
# The most points one of the campaign's shared pools holds (story points, destiny).
POOL_MAX = 999
PoolPoints = Annotated[int, Field(ge=0, le=POOL_MAX, strict=True)]


class Campaign(DomainModel):
    schema_version: int = SCHEMA_VERSION
    id: str = Field(default_factory=new_id)
    name: str = Field(min_length=1, max_length=200)
    ruleset: Word                     # the system's id (rules/registry.py); every campaign names its own
    rule_options: dict[str, StatValue] = Field(default_factory=dict)
    characters: list[Character] = Field(default_factory=list)
    # Where each character stands in `characters`, by id (never saved; find_by_id keeps it honest).
    _character_index: IdIndex = PrivateAttr(default_factory=IdIndex)
    _encounter_index: IdIndex = PrivateAttr(default_factory=IdIndex)
    # Where each combatant of every encounter stands, as (encounter, combatant) positions (never saved).
    _combatant_places: IdIndex = PrivateAttr(default_factory=IdIndex)
    encounters: list[Encounter] = Field(default_factory=list)
    battle_maps: list[BattleMap] = Field(default_factory=list)
    equipment: list[EquipmentItem] = Field(default_factory=list)
    # The points of the pools the table shares across sessions (story points, destiny), by the ruleset's pool key
    # (rules/base/pools.py); empty until a session starts.
    pools: dict[Word, PoolPoints] = Field(default_factory=dict)
    notes: str = Field(default="", max_length=NOTES_MAX)
    created: datetime = Field(default_factory=utc_now)
    modified: datetime = Field(default_factory=utc_now)

    @model_validator(mode="after")
    def _ids_unique(self) -> Campaign:
        for label, items in (
            ("character", self.characters),
            ("encounter", self.encounters),
            ("battle map", self.battle_maps),
            ("equipment item", self.equipment),
        ):
            seen: set[str] = set()
            for item in items:
                if item.id in seen:
                    raise ValueError(f"two {label}s share the id {item.id}")
                seen.add(item.id)
        return self

    def character(self, character_id: str) -> Character:
        found = find_by_id(self.characters, private(self, "_character_index"), character_id)
        if found is None:
            raise KeyError(f"no character {character_id} in campaign {self.name}")
        return found

    def has_character(self, character_id: str) -> bool:
        return find_by_id(self.characters, private(self, "_character_index"), character_id) is not None

    def encounter(self, encounter_id: str) -> Encounter:
        found = find_by_id(self.encounters, private(self, "_encounter_index"), encounter_id)
        if found is None:
            raise KeyError(f"no encounter {encounter_id} in campaign {self.name}")
        return found

    def has_encounter(self, encounter_id: str) -> bool:
        return find_by_id(self.encounters, private(self, "_encounter_index"), encounter_id) is not None

    def combatant(self, combatant_id: str) -> Combatant:
        """The combatant of this id in any of the campaign's encounters (the first, should two share it)."""
        at = self._place_of(combatant_id)
        if at is None:
            raise KeyError(f"no combatant {combatant_id} in campaign {self.name}")
        return self.encounters[at[0]].combatants[at[1]]

    def encounter_of(self, combatant_id: str) -> Encounter | None:
        """The encounter holding this combatant; None when none does."""
        at = self._place_of(combatant_id)
        return self.encounters[at[0]] if at is not None else None

    def _place_of(self, combatant_id: str) -> tuple[int, int] | None:
        """(encounter, combatant) positions of a combatant, where the last look-up left it when it is still there,
        else by one pass over every encounter."""
        places: dict[str, tuple[int, int]] = private(self, "_combatant_places")
        at = places.get(combatant_id)
        if at is not None and at[0] < len(self.encounters):
            combatants = self.encounters[at[0]].combatants
            if at[1] < len(combatants) and combatants[at[1]].id == combatant_id:
                return at
        places.clear()
        for e, encounter in enumerate(self.encounters):
            for c, combatant in enumerate(encounter.combatants):
                places.setdefault(combatant.id, (e, c))
        return places.get(combatant_id)
