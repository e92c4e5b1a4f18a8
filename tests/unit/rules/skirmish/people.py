"""Characters for the skirmish tests, armed from the system's catalogue, and helpers to put them in a fight."""

from __future__ import annotations

from typing import Any

from crisis_desktop.domain import Character, CharacterKind, Combatant, EquipmentItem
from crisis_desktop.domain.encounter import Side
from crisis_desktop.rules.base import Actor, AttackRequest, AttackTarget
from crisis_desktop.rules.skirmish import SkirmishRuleset
from crisis_desktop.rules.skirmish.plans import PLAN_KEY

RULES = SkirmishRuleset()


def gear(*names: str) -> list[EquipmentItem]:
    catalogue = {item.name: item for item in RULES.equipment_catalogue()}
    out = []
    for number, name in enumerate(names):
        item = catalogue[name].model_copy(deep=True)
        item.catalogue_id, item.id = item.id, f"{item.id}-{number}"
        out.append(item)
    return out


def person(name: str, *items: str, kind: CharacterKind = CharacterKind.PC, status: dict[str, Any] | None = None,
           **stats: Any) -> Character:
    return Character(id=name.lower(), name=name, kind=kind, stats={**RULES.sheet.new_stats(kind), **stats},
                     status=dict(status or {}), equipment=gear(*items))


def fighter(character: Character, side: Side = Side.PARTY, plan: str | None = None) -> Actor:
    resources: dict[str, Any] = {PLAN_KEY: plan} if plan is not None else {}
    return Actor(character, Combatant(id=f"cb-{character.id}", character_id=character.id, side=side,
                                      resources=resources))


def weapon(actor: Actor, name: str) -> EquipmentItem:
    return next(i for i in actor.character.equipment if i.name == name)


def attack(attacker: Actor, weapon_name: str, *targets: Actor, **inputs: Any) -> AttackRequest:
    return AttackRequest(attacker, weapon(attacker, weapon_name), tuple(AttackTarget(t) for t in targets), inputs)


def vera(**stats: Any) -> Character:
    """DEX 12, Marksman 2 (+4), One-handed 2 (+2), Evasion 1 (+3); longsword, longbow, chainmail (AV 5)."""
    return person("Vera", "Longsword", "Longbow", "Chainmail",
                  **{"dex": 12, "marksman": 2, "one_handed": 2, "evasion": 1, **stats})


def brann(**stats: Any) -> Character:
    """PHY 12, Two-handed 3 (+5), CON 12 (Endurance 6), WIL 10; greataxe (B 10), hardened leather (AV 2)."""
    return person("Brann", "Greataxe", "Hardened leather", kind=CharacterKind.NPC,
                  **{"phy": 12, "con": 12, "two_handed": 3, **stats})


def plain(name: str, *items: str, **stats: Any) -> Character:
    """Every stat 10 (Endurance 5, Fortitude 5, CON 10), untrained unless told."""
    return person(name, *items, **stats)
