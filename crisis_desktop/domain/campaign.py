"""The campaign: everything one JSON file holds."""

from __future__ import annotations

from datetime import datetime

from pydantic import Field, model_validator

from crisis_desktop.domain.battle_map import BattleMap
from crisis_desktop.domain.character import Character, EquipmentItem, StatValue
from crisis_desktop.domain.common import NOTES_MAX, DomainModel, new_id, utc_now
from crisis_desktop.domain.encounter import Encounter

# The version of the file format written by this build; storage.migrations upgrades older files.
SCHEMA_VERSION = 3


class Campaign(DomainModel):
    schema_version: int = SCHEMA_VERSION
    id: str = Field(default_factory=new_id)
    name: str = Field(min_length=1, max_length=200)
    ruleset: str = "crisis"
    rule_options: dict[str, StatValue] = Field(default_factory=dict)
    characters: list[Character] = Field(default_factory=list)
    encounters: list[Encounter] = Field(default_factory=list)
    battle_maps: list[BattleMap] = Field(default_factory=list)
    equipment: list[EquipmentItem] = Field(default_factory=list)
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
        for c in self.characters:
            if c.id == character_id:
                return c
        raise KeyError(f"no character {character_id} in campaign {self.name}")

    def encounter(self, encounter_id: str) -> Encounter:
        for e in self.encounters:
            if e.id == encounter_id:
                return e
        raise KeyError(f"no encounter {encounter_id} in campaign {self.name}")
