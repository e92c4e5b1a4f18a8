"""Effects: what the rules ask the controller to change (status, resources, items, conditions)."""

from __future__ import annotations

from dataclasses import dataclass

from crisis_desktop.domain import StatValue


@dataclass(frozen=True)
class SetStatus:
    """Set character.status[key] (wounds, non-lethal damage, Endurance lost...)."""

    character_id: str
    key: str
    value: StatValue


@dataclass(frozen=True)
class SetResource:
    """Set combatant.resources[key] (AP, aim, multi-turn progress...)."""

    combatant_id: str
    key: str
    value: StatValue


@dataclass(frozen=True)
class SetItemStat:
    """Set a carried item's stats[key] (durability left, rounds in the magazine)."""

    character_id: str
    item_id: str
    key: str
    value: StatValue


@dataclass(frozen=True)
class AddCondition:
    character_id: str
    key: str
    rounds: int | None = None


@dataclass(frozen=True)
class RemoveCondition:
    character_id: str
    key: str


@dataclass(frozen=True)
class UseUpItem:
    """A carried item is gone: a thrown grenade, a used medkit."""

    character_id: str
    item_id: str


@dataclass(frozen=True)
class SetPool:
    """Set campaign.pools[key]: the points of a pool the table shares (story points, destiny; rules/base/pools.py)."""

    key: str
    value: int


Effect = SetStatus | SetResource | SetItemStat | AddCondition | RemoveCondition | UseUpItem | SetPool
