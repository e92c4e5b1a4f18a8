"""Adversary data sets in the public Genesys JSON format, written by the tests themselves: one of each field shape
and each kind of messiness, and a generated data set of any size."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

CHARS = {"Brawn": 3, "Agility": 2, "Intellect": 2, "Cunning": 3, "Willpower": 2, "Presence": 1}


def shapes() -> list[dict[str, Any]]:
    """Every field shape of the format, and the messiness real data sets have."""
    return [
        {"name": "Bandit Gang", "type": "Minion", "characteristics": CHARS,
         "derived": {"soak": 4, "wounds": 5, "defence": [0, 1]},
         "skills": ["Melee (Light)", "Ranged", "Streetwise"],
         "weapons": [{"name": "Club", "skill": "Melee (Light)", "damage": "+2", "critical": 5, "range": "[Engaged",
                      "qualities": ["Disorient 1", "Ensare 1", "Auto-Fire"]}],
         "gear": ["Leather jerkin"], "tags": ["bandits", "road"],
         "description": "On a :hard: Perception check, :advantage: spots their lookout; :triumph: their leader."},
        {"name": "Mercenary Captain", "type": "Rival",
         "characteristics": {"Brawn": 3, "Agility": 3, "Intellect": 2, "Cunning": 2, "Willpower": 3, "Presence": 2},
         "derived": {"soak": 5, "wounds": 14, "strain": 12, "defence": [1, 1]},
         "skills": {"Melee (Heavy)": 2, "Ranged (Light)": 3, "Leadership": 2, "Cool": 1},
         "talents": ["Adversary 1", {"name": "Quick Draw", "description": "Draw a weapon as an incidental."}],
         "abilities": [{"name": "Commanding", "description": "Allies add :boost: to checks."}, "Tactician 2"],
         "weapons": [{"name": "Heavy pistol", "skill": "Ranged (Light)", "damage": 7, "critical": 3,
                      "range": "Ranged Medium", "qualities": "Pierce 1, Knockdown 2"},
                     {"name": "Sword"}, "Knife", "Laser halberd",
                     "Greataxe (Melee (Heavy); Damage +4; Critical 3; Range [Engaged]; Vicious 2, Cumbersum 3)"],
         "description": "Gives orders."},
        {"name": "The Lich Queen", "type": "Apex Nemesis",
         "characteristics": {"Brawn": 4, "Agility": 3, "Intellect": 5, "Cunning": 4, "Willpower": 5, "Presence": 4},
         "derived": {"soak": 7, "wounds": 30, "strain": 25, "defence": [2, 3]},
         "skills": {"Arcana": 4, "Melee": 3, "Discipline": 4, "Knowledge (Lore)": 5},
         "talents": ["Adversary 3", "Dark Gift"],
         "weapons": [{"name": "Staff of Night", "skill": "Arcana", "range": "Long", "qualities": ["Blast 3"]},
                     {"name": "Grasp", "skill": "Brawl", "critical": "—", "range": "Engaged"}],
         "spells": ["Curse"]},
        {"name": "Street Tough", "type": "minion", "characteristics": CHARS, "derived": {"soak": 3, "wounds": 4},
         "skills": {"Brawl": 1}, "weapons": [{"name": "Fists", "skill": "Brawl", "damage": "Brawn", "critical": 5,
                                               "range": "Engaged"}]},
        {"name": "Ghost", "characteristics": CHARS, "derived": {"soak": 1, "wounds": 9}},
        "a stray line", {"type": "Rival", "characteristics": CHARS},
    ]


def generated(count: int, seed: int = 0) -> list[dict[str, Any]]:
    """`count` adversaries of every type, as a data set of a setting holds them."""
    rng = random.Random(seed)
    kinds = ["Minion", "Rival", "Nemesis"]
    skills = ["Melee (Light)", "Ranged (Heavy)", "Brawl", "Cool", "Vigilance", "Perception", "Athletics", "Stealth"]
    out = []
    for i in range(count):
        kind = kinds[i % 3]
        chars = {k: rng.randint(1, 4) for k in CHARS}
        derived: dict[str, Any] = {"soak": chars["Brawn"] + rng.randint(0, 2), "wounds": rng.randint(4, 25),
                                   "defence": [rng.randint(0, 2), rng.randint(0, 2)]}
        if kind == "Nemesis":
            derived["strain"] = rng.randint(10, 20)
        picked = rng.sample(skills, 3)
        out.append({
            "name": f"Adversary {i}", "type": kind, "characteristics": chars, "derived": derived,
            "skills": picked if kind == "Minion" else {s: rng.randint(1, 4) for s in picked},
            "talents": [f"Adversary {rng.randint(1, 2)}"] if kind != "Minion" else [],
            "abilities": [{"name": "Ambush", "description": "Add :setback: to the first check; :despair: ends it."}],
            "weapons": [{"name": "Blade", "skill": "Melee (Light)", "damage": f"+{rng.randint(1, 3)}", "critical": 3,
                         "range": "Engaged", "qualities": ["Pierce 1", "Vicous 1"]},
                        {"name": "Carbine", "skill": "Ranged (Heavy)", "damage": rng.randint(5, 9), "critical": 3,
                         "range": "Ranged [Long]", "qualities": ["Auto-Fire"]}],
            "gear": ["Padded armour"], "tags": ["generated"], "description": f"Number {i}: :threat: for :success:.",
        })
    return out


def write(path: Path, data: object) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path
