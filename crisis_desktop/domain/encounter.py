"""Encounters: who takes part, on which side, and (once started) the running state."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum

from pydantic import Field

from crisis_desktop.domain.character import StatValue
from crisis_desktop.domain.common import DomainModel, new_id, utc_now


class Side(StrEnum):
    PARTY = "party"
    ENEMIES = "enemies"
    NEUTRAL = "neutral"


class Combatant(DomainModel):
    """One participant of an encounter, pointing at a character of the campaign.

    `group` names an NPC group that shares one initiative roll. `resources` holds the per-encounter
    values the ruleset tracks (AP, aim bonus, dodge used, progress of a multi-turn action).
    """

    id: str = Field(default_factory=new_id)
    character_id: str
    side: Side = Side.ENEMIES
    group: str | None = None
    surprised: bool = False
    hidden: bool = False
    initiative: int | None = None
    resources: dict[str, StatValue] = Field(default_factory=dict)
    # Running state (all defaulted, so files written before combat existed still load).
    initiative_note: str = ""         # how a tie was broken: "PC acts before NPC on a tie"
    delayed: bool = False             # gave up its turn for now; may act later this round
    overwatch: bool = False           # watching an area until its next turn


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
    kind: str = "note"
    text: str
    terms: list[LogTerm] = Field(default_factory=list)
    details: list[str] = Field(default_factory=list)
    at: datetime = Field(default_factory=utc_now)


class Encounter(DomainModel):
    """A prepared or running fight."""

    id: str = Field(default_factory=new_id)
    name: str = Field(min_length=1, max_length=200)
    combatants: list[Combatant] = Field(default_factory=list)
    battle_map_id: str | None = None
    notes: str = ""
    started: bool = False
    round: int = Field(default=0, ge=0)
    turn_index: int = Field(default=0, ge=0)
    # Once started: combatant ids in turn order (turn_index points into it), who acts in the surprise
    # round (round 0, only when anyone got one), whether the fight is over, and what happened.
    order: list[str] = Field(default_factory=list)
    surprise_round: bool = False
    surprise_ids: list[str] = Field(default_factory=list)
    ended: bool = False
    log: list[LogEntry] = Field(default_factory=list)

    def combatant(self, combatant_id: str) -> Combatant:
        for c in self.combatants:
            if c.id == combatant_id:
                return c
        raise KeyError(f"no combatant {combatant_id} in encounter {self.name}")

    @property
    def current_id(self) -> str | None:
        """The combatant whose turn it is (None before the start and after the end)."""
        if not self.started or self.ended or not 0 <= self.turn_index < len(self.order):
            return None
        return self.order[self.turn_index]
