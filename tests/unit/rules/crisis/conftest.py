"""Fixtures for the crisis ruleset tests: the ruleset, demo characters, and quick builders."""

from __future__ import annotations

import json

import pytest

from crisis_desktop.domain import Campaign, Character, CharacterKind, Combatant, ConditionState, EquipmentItem, ItemKind
from crisis_desktop.resources_access import resource
from crisis_desktop.rules.base import Actor
from crisis_desktop.rules.crisis import CrisisRuleset


@pytest.fixture(scope="session")
def rules() -> CrisisRuleset:
    return CrisisRuleset()


@pytest.fixture(scope="session")
def demo() -> Campaign:
    return Campaign.model_validate_json(resource("demo", "campaign.json").read_text())


@pytest.fixture(scope="session")
def catalogue() -> dict[str, EquipmentItem]:
    items = json.loads(resource("rules", "crisis", "equipment.json").read_text())
    return {i["id"].removeprefix("crisis-"): EquipmentItem.model_validate(i) for i in items}


def pc(name: str = "Vera", *, conditions: tuple[str, ...] = (), equipment: tuple[EquipmentItem, ...] = (),
       status: dict | None = None, **stats) -> Character:
    block = {"body": 6, "mind": 6, "soul": 6, "health_roll": 4}
    block.update(stats)
    return Character(name=name, kind=CharacterKind.PC, stats=block, status=status or {"wounds": 0, "nonlethal": 0},
                     equipment=list(equipment), conditions=[ConditionState(key=k) for k in conditions])


def npc(name: str = "Wolf", difficulty: int = 1, *, conditions: tuple[str, ...] = (),
        equipment: tuple[EquipmentItem, ...] = (), status: dict | None = None, **stats) -> Character:
    block = {"body": 8, "mind": 4, "soul": 4, "difficulty": difficulty}
    block.update(stats)
    return Character(name=name, kind=CharacterKind.NPC, stats=block, status=status or {"wounds": 0, "nonlethal": 0},
                     equipment=list(equipment), conditions=[ConditionState(key=k) for k in conditions])


def actor(character: Character, **resources) -> Actor:
    combatant = Combatant(character_id=character.id, resources=resources)
    return Actor(character, combatant)


def weapon(name: str = "Pistol", **stats) -> EquipmentItem:
    block = {"skill": "light_weapons", "damage": "d6", "hit": 0, "range": 4, "rof": 1, "cap": None, "ammo": None,
             "attack_ap": None, "aoe_radius": 0}
    tags = stats.pop("tags", [])
    block.update(stats)
    return EquipmentItem(name=name, kind=ItemKind.WEAPON, stats=block, tags=tags)


def armour(dr: int = 3, durability: int = 10, **stats) -> EquipmentItem:
    block = {"dr_physical": dr, "dr_fire": 0, "dr_cold": 0, "dr_acid": 0, "durability_max": durability,
             "durability": durability}
    block.update(stats)
    return EquipmentItem(name="Armour", kind=ItemKind.ARMOUR, stats=block)
