"""Encounters: who takes part, on which side, and (once started) the running state."""

from __future__ import annotations

from enum import StrEnum

from pydantic import Field

from crisis_desktop.domain.character import StatValue
from crisis_desktop.domain.common import DomainModel, new_id


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
