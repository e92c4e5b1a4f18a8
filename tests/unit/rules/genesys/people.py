"""Characters and a campaign for the genesys tests: armed from the system's catalogue."""

from __future__ import annotations

from typing import Any

from crisis_desktop.domain import Campaign, Character, CharacterKind, Combatant, EquipmentItem
from crisis_desktop.domain.encounter import Encounter, Side
from crisis_desktop.rules.base import Actor
from crisis_desktop.rules.genesys import GenesysRuleset

RULES = GenesysRuleset()


def gear(*names: str) -> list[EquipmentItem]:
    catalogue = {item.name: item for item in RULES.equipment_catalogue()}
    out = []
    for number, name in enumerate(names):
        item = catalogue[name].model_copy(deep=True)
        item.catalogue_id, item.id = item.id, f"{item.id}-{number}"
        out.append(item)
    return out


def pc(name: str, *items: str, **stats: Any) -> Character:
    return Character(id=name.lower(), name=name, kind=CharacterKind.PC,
                     stats={**RULES.sheet.new_stats(CharacterKind.PC), **stats}, equipment=gear(*items))


def npc(name: str, adversary: str, *items: str, **stats: Any) -> Character:
    return Character(id=name.lower(), name=name, kind=CharacterKind.NPC,
                     stats={**RULES.sheet.new_stats(CharacterKind.NPC), "adversary": adversary, **stats},
                     equipment=gear(*items))


def actor(character: Character, side: Side | None = None, **resources: Any) -> Actor:
    """The character in a fight, with the resources a fresh turn has (and those given)."""
    side = side or (Side.PARTY if character.kind is CharacterKind.PC else Side.ENEMIES)
    fresh = {"maneuvers_used": 0, "maneuvers_granted": 0, "actions_used": 0, "free_maneuvers": 1, "guarded": False,
             "aim": 0}
    return Actor(character, Combatant(id=f"c-{character.id}", character_id=character.id, side=side,
                                      resources={**fresh, **resources}))


def kara() -> Character:
    """A shooter: Agility 3, Ranged (Light) 2, a heavy pistol, padded armour."""
    return pc("Kara", "Heavy pistol", "Padded armour", agility=3, ranged_light=2, cool=1, medicine=1)


def jax() -> Character:
    """A brawler: Brawn 3, Melee 2, a sword, heavy clothing."""
    return pc("Jax", "Sword", "Heavy clothing", brawn=3, melee=2, vigilance=1)


def thugs(size: int = 3) -> Character:
    """A minion group: wound threshold 5 each, knives, Melee listed."""
    return npc("Thugs", "minion", "Knife", "Heavy clothing", group_size=size, wound_threshold=5, melee=1)


def enforcer() -> Character:
    """A rival: wound threshold 14, an axe and padded armour, Brawn 3."""
    return npc("Enforcer", "rival", "Axe", "Padded armour", wound_threshold=14, brawn=3, melee=2)


def boss() -> Character:
    """A nemesis: wound threshold 18, strain threshold 15, a heavy pistol."""
    return npc("Boss", "nemesis", "Heavy pistol", "Armoured clothing", wound_threshold=18, strain_threshold=15,
               agility=3, ranged_light=3, cool=2)


def campaign(*people: Character, options: dict[str, Any] | None = None) -> Campaign:
    return Campaign(name="Docks", ruleset="genesys", characters=list(people), rule_options=dict(options or {}),
                    encounters=[Encounter(id="enc", name="Dock 9")])
