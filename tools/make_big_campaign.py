"""Generates a large, realistic crisis campaign (for load and UI benchmarks).

Run: python tools/make_big_campaign.py 2000 out.json [--seed 1]
Import: from make_big_campaign import make_campaign; make_campaign(2000, seed=1) -> dict

The output is deterministic for a given (n_characters, seed): ids come from the seeded generator, and
timestamps are fixed. Stats are legal for the `crisis` ruleset (dice d4..d12, skills a character lacks
are omitted); equipment is copied from the bundled resources/rules/crisis/equipment.json.
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import sys
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # run from a checkout: the file format version comes from the code

from crisis_desktop.domain.battle_map import Cell, PaintedTerrain  # noqa: E402
from crisis_desktop.domain.campaign import SCHEMA_VERSION  # noqa: E402
from crisis_desktop.resources_access import resource  # noqa: E402

CATALOGUE = resource("rules", "crisis", "equipment.json")
TIMESTAMP = "2026-01-01T12:00:00Z"

DICE = (4, 6, 8, 10, 12)
ATTRIBUTES = ("body", "mind", "soul")
SKILLS = {
    "body": ("athletics", "force", "heavy_weapons", "light_weapons", "lockpick", "melee", "operate",
             "stealth"),
    "mind": ("engineering", "explosives", "linguistics", "medicine", "politics", "science", "search",
             "survival"),
    "soul": ("bluffing", "command", "commerce", "empathy", "intimidate", "perform", "persuade", "tactics"),
}
ALL_SKILLS = tuple(s for group in SKILLS.values() for s in group)

FIRST = ("Ada", "Bram", "Cora", "Dag", "Elin", "Farid", "Greta", "Hugo", "Iris", "Jonas", "Kaja", "Lev",
         "Mira", "Nils", "Olga", "Pavel", "Quinn", "Rosa", "Sven", "Tara", "Ulla", "Viktor", "Wren", "Yara",
         "Zeno")
LAST = ("Adler", "Berg", "Castell", "Dunmore", "Eklund", "Falk", "Grau", "Holm", "Ivers", "Jaskó", "Krall",
        "Lind", "Marsh", "Novak", "Ostrom", "Petrov", "Rusk", "Strand", "Tamm", "Uhl", "Varga", "Wick")
NPC_ROLES = ("Raider", "Thug", "Soldier", "Guard", "Sniper", "Officer", "Smuggler", "Cultist", "Scavenger",
             "Corporate agent")
PC_ROLES = ("medic", "gunner", "scout", "talker", "engineer", "pilot")
PLAYERS = ("Anna", "Ben", "Chloe", "Dev", "Emre", "Fatima", "Gus", "Hana")
CONDITIONS = ("fatigued", "exhausted", "drunk", "slowed", "kneeling", "prone")
ATTR_WEIGHTS = (2, 5, 3, 2, 1)  # d6 is the human average
SKILL_WEIGHTS = (3, 5, 4, 2, 1)


def load_catalogue(path: Traversable = CATALOGUE) -> list[dict[str, Any]]:
    return json.loads(path.read_text(encoding="utf-8"))


def make_campaign(n_characters: int, seed: int) -> dict[str, Any]:
    """A campaign dict (valid for domain.Campaign) with exactly `n_characters` characters.

    About one in five characters is a PC; the rest are NPCs. There is one prepared encounter per
    ten characters and one battle map per five encounters, with tokens for the first encounter on
    each map.
    """
    if n_characters < 0:
        raise ValueError("n_characters must not be negative")
    rng = random.Random(seed)
    catalogue = load_catalogue()
    weapons = [item for item in catalogue if item["kind"] == "weapon"]
    armours = [item for item in catalogue if item["kind"] == "armour"]

    def new_id() -> str:
        return f"{rng.getrandbits(128):032x}"

    def die(weights: tuple[int, ...]) -> int:
        return rng.choices(DICE, weights=weights)[0]

    def carry(item: dict[str, Any]) -> dict[str, Any]:
        copied = copy.deepcopy(item)
        copied["catalogue_id"] = item["id"]
        copied["id"] = new_id()
        stats = copied["stats"]
        if stats.get("cap") is not None and rng.random() < 0.3:
            stats["ammo"] = rng.randint(0, stats["cap"])
        if "durability_max" in stats and rng.random() < 0.3:
            stats["durability"] = rng.randint(0, stats["durability_max"])
        copied["equipped"] = rng.random() < 0.85
        return copied

    def make_character(index: int) -> dict[str, Any]:
        is_pc = rng.random() < 0.2
        stats: dict[str, Any] = {a: die(ATTR_WEIGHTS) for a in ATTRIBUTES}
        for skill in rng.sample(ALL_SKILLS, rng.randint(3, 10)):
            stats[skill] = die(SKILL_WEIGHTS)
        # A fighter needs a weapon skill; most characters have one.
        if not {"melee", "light_weapons", "heavy_weapons"} & stats.keys():
            stats[rng.choice(("melee", "light_weapons"))] = die(SKILL_WEIGHTS)
        equipment = [carry(rng.choice(weapons)) for _ in range(rng.randint(1, 3))]
        if rng.random() < 0.5:
            equipment.append(carry(rng.choice(armours)))
        conditions = []
        if rng.random() < 0.05:
            conditions.append({"key": rng.choice(CONDITIONS), "rounds": rng.choice((None, 1, 2, 3)),
                               "note": ""})
        status = {"wounds": rng.choice((0, 0, 0, 0, 1, 2, 5)), "nonlethal": rng.choice((0, 0, 0, 1, 3))}
        name = f"{rng.choice(FIRST)} {rng.choice(LAST)}"
        if is_pc:
            body = stats["body"]
            # The Body roll at creation: usually within the die, now and then an explosion.
            health_roll = rng.randint(1, body)
            if health_roll == body and rng.random() < 0.5:
                health_roll += rng.randint(1, body)
            stats["health_roll"] = health_roll
            role = rng.choice(PC_ROLES)
            return {
                "id": new_id(), "kind": "pc", "name": name, "player": rng.choice(PLAYERS), "portrait": None,
                "stats": stats, "status": status, "equipment": equipment, "conditions": conditions,
                "notes": f"Generated {role} #{index}.", "gm_notes": "", "tags": [role, "party"],
            }
        role = rng.choice(NPC_ROLES)
        stats["difficulty"] = rng.choices(range(1, 11), weights=(2, 4, 6, 7, 6, 4, 3, 2, 1, 1))[0]
        return {
            "id": new_id(), "kind": "npc", "name": f"{role} {name}", "player": "", "portrait": None,
            "stats": stats, "status": status, "equipment": equipment, "conditions": conditions,
            "notes": f"Generated {role.lower()} #{index}.", "gm_notes": "",
            "tags": [role.lower().replace(" ", "-")],
        }

    characters = [make_character(i) for i in range(n_characters)]
    pcs = [c for c in characters if c["kind"] == "pc"]
    npcs = [c for c in characters if c["kind"] == "npc"]

    encounters: list[dict[str, Any]] = []
    for e in range(n_characters // 10):
        party = rng.sample(pcs, min(len(pcs), rng.randint(2, 5)))
        foes = rng.sample(npcs, min(len(npcs), rng.randint(2, 8)))
        group = f"group-{e}"
        combatants = [
            {"id": new_id(), "character_id": c["id"], "side": "party", "group": None,
             "setup": {"surprised": True} if rng.random() < 0.2 else {}, "hidden": False, "initiative": None,
             "resources": {}}
            for c in party
        ] + [
            {"id": new_id(), "character_id": c["id"], "side": rng.choice(("enemies",) * 5 + ("neutral",)),
             "group": group if rng.random() < 0.6 else None, "setup": {},
             "hidden": rng.random() < 0.1, "initiative": None, "resources": {}}
            for c in foes
        ]
        encounters.append({"id": new_id(), "name": f"Encounter {e + 1}", "combatants": combatants,
                           "battle_map_id": None, "notes": "", "started": False, "round": 0})

    battle_maps: list[dict[str, Any]] = []
    for m, encounter in enumerate(encounters[::5]):
        width, height = rng.randint(16, 40), rng.randint(12, 30)
        cells: dict[tuple[int, int], dict[str, Any]] = {}
        for _ in range(width * height // 6):
            x, y = rng.randrange(width), rng.randrange(height)
            cover = rng.choice(("none", "light", "heavy", "total"))
            cells[(x, y)] = {"x": x, "y": y, "cover": cover,
                             "penetrable": cover != "none" and rng.random() < 0.3,
                             "difficult": cover == "none" or rng.random() < 0.2, "zone": ""}
        free = [(x, y) for x in range(width) for y in range(height) if (x, y) not in cells]
        spots = rng.sample(free, min(len(free), len(encounter["combatants"])))
        tokens = [{"combatant_id": c["id"], "x": x, "y": y}
                  for c, (x, y) in zip(encounter["combatants"], spots, strict=False)]
        map_id = new_id()
        encounter["battle_map_id"] = map_id
        battle_maps.append({
            "id": map_id, "name": f"Map {m + 1}", "grid": rng.choice(("square", "square", "hex")),
            "width": width, "height": height, "metres_per_cell": 1.5, "background": None,
            "terrain": PaintedTerrain.of_cells(Cell(**c) for c in cells.values()).model_dump(mode="json"),
            "tokens": tokens,
        })

    return {
        "schema_version": SCHEMA_VERSION,
        "id": new_id(),
        "name": f"Generated campaign ({n_characters} characters, seed {seed})",
        "ruleset": "crisis",
        "rule_options": {},
        "characters": characters,
        "encounters": encounters,
        "battle_maps": battle_maps,
        "equipment": catalogue,
        "notes": "Generated by tools/make_big_campaign.py for benchmarks.",
        "created": TIMESTAMP,
        "modified": TIMESTAMP,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("n_characters", type=int)
    parser.add_argument("output", type=Path)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    campaign = make_campaign(args.n_characters, args.seed)
    args.output.write_text(json.dumps(campaign, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {args.output}: {len(campaign['characters'])} characters, "
          f"{len(campaign['encounters'])} encounters, {len(campaign['battle_maps'])} battle maps")
    return 0


if __name__ == "__main__":
    sys.exit(main())
