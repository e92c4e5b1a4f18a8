"""Fixtures of the storage tests: a data directory under tmp_path, a store, a filled-in campaign."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path

import pytest

from crisis_desktop.domain import (
    BattleMap,
    Campaign,
    Cell,
    Character,
    CharacterKind,
    Combatant,
    ConditionState,
    Encounter,
    EquipmentItem,
    ItemKind,
    Side,
    Token,
)
from crisis_desktop.storage.campaign_store import CampaignStore
from crisis_desktop.storage.paths import AppPaths


@pytest.fixture
def sha256() -> Callable[[Path], str]:
    """Digest of a file's bytes, to prove a file was left untouched."""
    return lambda path: hashlib.sha256(Path(path).read_bytes()).hexdigest()


@pytest.fixture
def app_paths(tmp_path: Path) -> AppPaths:
    return AppPaths(tmp_path / "data").ensure()


@pytest.fixture
def store(app_paths: AppPaths) -> CampaignStore:
    return CampaignStore(app_paths)


def build_campaign(name: str = "Night Shift", characters: int = 3, notes: str = "") -> Campaign:
    """A campaign using every kind of persisted data: stats, items, conditions, encounters, maps."""
    people = [
        Character(
            name=f"Fighter {i}",
            kind=CharacterKind.PC if i % 2 == 0 else CharacterKind.NPC,
            player="Maja" if i % 2 == 0 else "",
            stats={"agility": "d8", "fighting": i, "toughness_bonus": 0.5, "wild_card": i == 0, "edge": None},
            status={"wounds": i % 3},
            equipment=[EquipmentItem(name="Rifle", kind=ItemKind.WEAPON,
                                     stats={"damage": "2d8", "shots": 30})],
            conditions=[ConditionState(key="shaken", rounds=1)] if i % 3 == 0 else [],
            notes="Ünïcödé notes ✓",
            tags=["squad"],
        )
        for i in range(characters)
    ]
    battle_map = BattleMap(name="Warehouse", cells=[Cell(x=1, y=2, difficult=True)],
                           tokens=[Token(combatant_id="c1", x=0, y=0)])
    encounter = Encounter(
        name="Ambush",
        combatants=[Combatant(character_id=c.id,
                              side=Side.PARTY if c.kind == CharacterKind.PC else Side.ENEMIES)
                    for c in people],
        battle_map_id=battle_map.id,
    )
    return Campaign(ruleset="crisis", name=name, characters=people, encounters=[encounter], battle_maps=[battle_map],
                    rule_options={"gritty_damage": True}, notes=notes)


@pytest.fixture
def make_campaign() -> Callable[..., Campaign]:
    return build_campaign
