"""Persisted data of a campaign as pydantic v2 models; no Qt, no I/O, no derived values."""

from crisis_desktop.domain.battle_map import BattleMap, Cell, GridKind, Token
from crisis_desktop.domain.campaign import SCHEMA_VERSION, Campaign
from crisis_desktop.domain.character import (
    Character,
    CharacterKind,
    ConditionState,
    EquipmentItem,
    ItemKind,
    StatValue,
)
from crisis_desktop.domain.common import DomainModel, new_id, utc_now
from crisis_desktop.domain.encounter import Combatant, Encounter, Side

__all__ = [
    "SCHEMA_VERSION",
    "BattleMap",
    "Campaign",
    "Cell",
    "Character",
    "CharacterKind",
    "Combatant",
    "ConditionState",
    "DomainModel",
    "Encounter",
    "EquipmentItem",
    "GridKind",
    "ItemKind",
    "Side",
    "StatValue",
    "Token",
    "new_id",
    "utc_now",
]
