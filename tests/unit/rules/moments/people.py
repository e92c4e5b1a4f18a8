"""Characters and a campaign for the moments tests: armed from the system's catalogue."""

from __future__ import annotations

from typing import Any

from crisis_desktop.domain import Campaign, Character, CharacterKind, Combatant, EquipmentItem
from crisis_desktop.domain.encounter import Encounter, Side
from crisis_desktop.rules.base import Actor
from crisis_desktop.rules.moments import MomentsRuleset

RULES = MomentsRuleset()


def gear(*names: str) -> list[EquipmentItem]:
    catalogue = {item.name: item for item in RULES.equipment_catalogue()}
    out = []
    for number, name in enumerate(names):
        item = catalogue[name].model_copy(deep=True)
        item.catalogue_id, item.id = item.id, f"{item.id}-{number}"
        out.append(item)
    return out


def person(name: str, kind: CharacterKind, *items: str, **stats: Any) -> Character:
    return Character(id=name.lower(), name=name, kind=kind, stats={**RULES.sheet.new_stats(kind), **stats},
                     equipment=gear(*items))


def pc(name: str, *items: str, **stats: Any) -> Character:
    return person(name, CharacterKind.PC, *items, **stats)


def npc(name: str, *items: str, **stats: Any) -> Character:
    return person(name, CharacterKind.NPC, *items, **stats)


def actor(character: Character, side: Side | None = None, **resources: Any) -> Actor:
    """The character in a fight, at the start of a moment (and with the resources given)."""
    side = side or (Side.PARTY if character.kind is CharacterKind.PC else Side.ENEMIES)
    fresh = {"stance": "act", "actions_used": 0, "reactions_used": 0}
    return Actor(character, Combatant(id=f"cb-{character.id}", character_id=character.id, side=side,
                                      resources={**fresh, **resources}))


def vera(**stats: Any) -> Character:
    """BOD 12 (goal 36), Swords 30; sword, round shield, padded hauberk (2 AP); HP 11."""
    return pc("Vera", "Sword", "Round shield", "Padded hauberk",
              **{"bod": 12, "int": 11, "pow": 10, "skills": "Swords 30, Shields 25", **stats})


def brann(**stats: Any) -> Character:
    """BOD 14 (goal 42), Axes 20; greataxe (2d6 slicing), no armour; HP 12."""
    return npc("Brann", "Greataxe", **{"bod": 14, "int": 8, "pow": 9, "skills": "Axes 20", **stats})


def ilse(**stats: Any) -> Character:
    """A healer: INT 14, Medicine 30; dagger; HP 10."""
    return pc("Ilse", "Dagger", **{"bod": 9, "int": 14, "pow": 11, "skills": "Medicine 30, Daggers 10", **stats})


def campaign(*people: Character) -> Campaign:
    return Campaign(name="Moments", ruleset="moments", characters=list(people),
                    encounters=[Encounter(id="enc", name="Ford")])
