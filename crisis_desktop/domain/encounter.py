"""Encounters: who takes part, on which side, and (once started) the running state."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import Any

from pydantic import Field, PrivateAttr, field_validator

from crisis_desktop.domain.character import StatValue
from crisis_desktop.domain.common import NOTES_MAX, DomainModel, IdIndex, Word, find_by_id, new_id, private, utc_now
from crisis_desktop.domain.limits import check_json_data


class Side(StrEnum):
    PARTY = "party"
    ENEMIES = "enemies"
    NEUTRAL = "neutral"


class Combatant(DomainModel):
    """One participant of an encounter, pointing at a character of the campaign.

    `group` names an NPC group that shares one initiative roll. `setup` holds what the GM marked while preparing
    the encounter, keyed as the ruleset's setup flags declare (Ruleset.setup_flags). `resources` holds the
    per-encounter values the ruleset tracks (AP, aim bonus, dodge used, progress of a multi-turn action).
    """

    id: str = Field(default_factory=new_id)
    character_id: str
    side: Side = Side.ENEMIES
    group: Word | None = None
    setup: dict[str, StatValue] = Field(default_factory=dict)
    hidden: bool = False
    initiative: int | None = None
    resources: dict[str, StatValue] = Field(default_factory=dict)
    initiative_note: str = ""         # how a tie was broken: "PC acts before NPC on a tie"


class LogTerm(DomainModel):
    """One labelled number of a logged breakdown."""

    label: str
    value: float


class LogEntry(DomainModel):
    """One event of the combat log, in plain words, with the numbers behind it.

    `kind` names the event (start, round, turn, action, attack, override, end...); `details` are
    further plain lines of the breakdown (the damage roll, armour wear, notes of the rules).
    """

    id: str = Field(default_factory=new_id)
    round: int = Field(default=0, ge=0)
    actor_id: str | None = None
    kind: Word = "note"
    text: str
    terms: list[LogTerm] = Field(default_factory=list)
    details: list[str] = Field(default_factory=list)
    at: datetime = Field(default_factory=utc_now)


class Encounter(DomainModel):
    """A prepared or running fight."""

    id: str = Field(default_factory=new_id)
    name: str = Field(min_length=1, max_length=200)
    combatants: list[Combatant] = Field(default_factory=list)
    # Where each combatant stands in `combatants`, by id (never saved; find_by_id keeps it honest).
    _combatant_index: IdIndex = PrivateAttr(default_factory=IdIndex)
    battle_map_id: str | None = None
    notes: str = Field(default="", max_length=NOTES_MAX)
    started: bool = False
    round: int = Field(default=0, ge=0)
    ended: bool = False
    # The state of the ruleset's round flow once started (turn order, slots, plans, declarations): JSON data
    # that only the flow reads (crisis_desktop/rules/kernel/flows/__init__.py).
    flow: dict[str, Any] = Field(default_factory=dict)
    log: list[LogEntry] = Field(default_factory=list)

    @field_validator("flow")
    @classmethod
    def _flow_data(cls, flow: dict[str, Any]) -> dict[str, Any]:
        check_json_data(flow)
        return flow

    def combatant(self, combatant_id: str) -> Combatant:
        found = self.find_combatant(combatant_id)
        if found is None:
            raise KeyError(f"no combatant {combatant_id} in encounter {self.name}")
        return found

    def find_combatant(self, combatant_id: str) -> Combatant | None:
        return find_by_id(self.combatants, private(self, "_combatant_index"), combatant_id)

    @property
    def running(self) -> bool:
        return self.started and not self.ended
