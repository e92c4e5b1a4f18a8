"""Popcorn's demo campaign, built in code: two heroes against three bandits at a ford, on a small battle map."""

from __future__ import annotations

from crisis_desktop.domain import BattleMap, Campaign, Character, CharacterKind, Token
from crisis_desktop.domain.encounter import Combatant, Encounter, Side
from tests.example_system.popcorn.sheet import weapon

NAME, ENCOUNTER, MAP = "Popcorn demo", "enc-ford", "map-ford"
# name, kind, agility, might, hit points, defence, weapons, token cell
PEOPLE = (("Ada", CharacterKind.PC, 3, 1, 12, 13, (("Bow", 6, 12), ("Dagger", 4, 0)), (2, 3)),
          ("Brom", CharacterKind.PC, 1, 3, 16, 14, (("Sword", 8, 0),), (3, 4)),
          ("Bandit chief", CharacterKind.NPC, 2, 2, 12, 13, (("Club", 6, 0), ("Sling", 4, 8)), (9, 4)),
          ("Bandit", CharacterKind.NPC, 1, 1, 7, 11, (("Club", 6, 0),), (8, 2)),
          ("Archer", CharacterKind.NPC, 2, 0, 6, 11, (("Bow", 6, 12),), (10, 6)))


def slug(name: str) -> str:
    return name.lower().replace(" ", "-")


def popcorn_campaign(first_turn: str = "roll") -> Campaign:
    characters, combatants, tokens = [], [], []
    for name, kind, agility, might, hp, defence, weapons, (x, y) in PEOPLE:
        character = Character(id=f"ch-{slug(name)}", name=name, kind=kind,
                              stats={"agility": agility, "might": might, "hit_points": hp, "defence": defence},
                              equipment=[weapon(*w) for w in weapons])
        cid = f"cmb-{slug(name)}"
        characters.append(character)
        combatants.append(Combatant(id=cid, character_id=character.id,
                                    side=Side.PARTY if kind is CharacterKind.PC else Side.ENEMIES))
        tokens.append(Token(combatant_id=cid, x=x, y=y))
    battle_map = BattleMap(id=MAP, name="Ford", width=14, height=9, tokens=tokens)
    encounter = Encounter(id=ENCOUNTER, name="Bandits at the ford", combatants=combatants, battle_map_id=MAP)
    return Campaign(name=NAME, ruleset="popcorn", rule_options={"first_turn": first_turn}, characters=characters,
                    encounters=[encounter], battle_maps=[battle_map])
