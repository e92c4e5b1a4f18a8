"""Writes the bundled skirmish demo campaign (resources/demo/skirmish.json) from the skirmish rules'
own catalogue and defaults, so its sheets are legal by construction.

Run: python tools/make_skirmish_demo.py   (then look at it: python -m crisis_desktop info --campaign "Skirmish demo")
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from crisis_desktop.domain import Campaign, Character, CharacterKind  # noqa: E402
from crisis_desktop.domain.battle_map import BattleMap, Cell, Cover, Token  # noqa: E402
from crisis_desktop.domain.encounter import Combatant, Encounter, Side  # noqa: E402
from crisis_desktop.resources_access import CHECKOUT_FOLDER  # noqa: E402
from crisis_desktop.rules.registry import get_ruleset  # noqa: E402

TARGET = CHECKOUT_FOLDER / "demo" / "skirmish.json"
STAMP = "2026-01-01T12:00:00Z"
RULES = get_ruleset("skirmish")
CATALOGUE = {item.id: item for item in RULES.equipment_catalogue()}

# (id, kind, name, notes, stats changed from the rules' defaults, catalogue ids carried)
PEOPLE = [
          ("pc-aldric", CharacterKind.PC, "Aldric Vane",
     "A sworn sword of the duke: sword and heater shield, chainmail. He holds the bridge.",
     {"phy": 13, "con": 12, "wil": 11, "one_handed": 4, "weapon_and_shield": 3, "evasion": 1, "athletics": 2},
     ["skirmish-broadsword", "skirmish-heater-shield", "skirmish-chainmail"]),
          ("pc-mira", CharacterKind.PC, "Mira Fenn",
     "A poacher with a longbow; she shoots from the west road and keeps a dagger for close work.",
     {"dex": 14, "per": 13, "marksman": 5, "evasion": 3, "one_handed": 1, "sneaking": 3},
     ["skirmish-longbow", "skirmish-dagger", "skirmish-hardened-leather"]),
          ("pc-tobin", CharacterKind.PC, "Tobin Ashe",
     "A hedge-doctor who throws knives and patches the others up between fights.",
     {"dex": 12, "cog": 13, "throwing": 3, "one_handed": 2, "stabilization": 4, "trauma_treatment": 3, "evasion": 2},
     ["skirmish-throwing-knives", "skirmish-shortsword", "skirmish-hardened-cloth"]),
          ("npc-gorran", CharacterKind.NPC, "Gorran the Toll-keeper",
     "Leads the toll-keepers: a greataxe and scale armour; he wades into the thickest skirmish.",
     {"phy": 14, "con": 13, "wil": 12, "two_handed": 4, "athletics": 2},
     ["skirmish-greataxe", "skirmish-scale"]),
          ("npc-brigand-1", CharacterKind.NPC, "Brigand with a club",
     "Hired muscle: a club, and rocks to throw.",
     {"phy": 11, "one_handed": 2, "throwing": 1},
     ["skirmish-club", "skirmish-rock", "skirmish-hardened-cloth"]),
          ("npc-brigand-2", CharacterKind.NPC, "Brigand with a spear",
     "Hired muscle: a short spear, a buckler and a javelin to throw first.",
     {"phy": 11, "one_handed": 2, "weapon_and_shield": 1, "throwing": 2},
     ["skirmish-short-spear", "skirmish-javelin", "skirmish-buckler", "skirmish-hardened-cloth"]),
          ("npc-archer", CharacterKind.NPC, "Toll-house archer",
     "Shoots from the toll house's window; a dagger if anyone gets close.",
     {"dex": 13, "marksman": 3, "evasion": 1},
     ["skirmish-short-bow", "skirmish-dagger", "skirmish-hardened-leather"]),
]

SIDES = {"pc": Side.PARTY, "npc": Side.ENEMIES}
TOKENS = {"pc-aldric": (9, 7), "pc-mira": (3, 6), "pc-tobin": (5, 9), "npc-gorran": (13, 8),
          "npc-brigand-1": (12, 6), "npc-brigand-2": (14, 9), "npc-archer": (19, 3)}


def character(cid: str, kind: CharacterKind, name: str, notes: str, stats: dict[str, int],
              items: list[str]) -> Character:
    sheet = dict(RULES.sheet.new_stats(kind))
    sheet.update(stats)
    equipment = [CATALOGUE[key].model_copy(deep=True, update={"id": f"{cid}-{i}", "catalogue_id": key})
                 for i, key in enumerate(items)]
    return Character(id=cid, kind=kind, name=name, stats=sheet, equipment=equipment, notes=notes,
                     tags=[kind.value])


def zones() -> list[Cell]:
    """A 24 x 16 map: the west road, the bridge over the river, the toll house and its yard on the east bank."""
    cells: list[Cell] = []
    for y in range(16):
        for x in range(24):
            if x < 8:
                zone, cover, difficult = "West road", Cover.NONE, False
            elif x < 16:
                on_bridge = 6 <= y <= 9
                zone, cover, difficult = ("Bridge", Cover.NONE, False) if on_bridge else ("River", Cover.NONE, True)
            elif y < 7:
                zone, cover, difficult = "Toll house", Cover.NONE, False
            else:
                zone, cover, difficult = "East yard", Cover.NONE, False
            cells.append(Cell(x=x, y=y, zone=zone, cover=cover, difficult=difficult))
    walls = {(16, y) for y in range(0, 7) if y != 4} | {(x, 6) for x in range(16, 24) if x not in (18, 19)}
    for cell in cells:
        if (cell.x, cell.y) in walls:
            cell.cover = Cover.TOTAL
        elif cell.zone == "Bridge" and cell.y in (6, 9):
            cell.cover = Cover.LIGHT            # the parapet
    return cells


def campaign() -> Campaign:
    people = [character(*row) for row in PEOPLE]
    combatants = [Combatant(id=f"cmb-bridge-{c.id.split('-', 1)[1]}", character_id=c.id, side=SIDES[c.kind.value])
                  for c in people]
    tokens = [Token(combatant_id=cb.id, x=TOKENS[cb.character_id][0], y=TOKENS[cb.character_id][1])
              for cb in combatants]
    battle_map = BattleMap(id="map-bridge", name="The toll bridge at Harrow", width=24, height=16, cells=zones(),
                           tokens=tokens)
    encounter = Encounter(id="enc-bridge", name="The toll bridge at Harrow", combatants=combatants,
                          battle_map_id=battle_map.id,
                          notes="Gorran's toll-keepers hold the bridge. Every round, everyone plans first; then the "
                                "ranged phase (Mira's longbow, Tobin's knives, the archer at the window), the "
                                "skirmishes on the bridge, and the End phase's bleeding. Areas are the map's zones: "
                                "West road, Bridge, River, Toll house, East yard.")
    return Campaign(id="campaign-demo-skirmish", name="Skirmish demo: The toll bridge at Harrow", ruleset="skirmish",
                    characters=people, encounters=[encounter], battle_maps=[battle_map],
                    equipment=list(CATALOGUE.values()),
                    notes="A small demo campaign for the skirmish rules (Paraverse's combat): planned rounds resolved "
                          "phase by phase, group skirmishes, hit locations, pain and critical wounds. Aldric, Mira and "
                          "Tobin must cross Gorran's toll bridge.",
                    created=STAMP, modified=STAMP)


def main() -> None:
    data = json.loads(campaign().model_dump_json())
    for problem in (p for c in campaign().characters for p in RULES.sheet.validate_character(c)):
        raise SystemExit(f"illegal demo sheet: {problem}")
    TARGET.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {TARGET}")


if __name__ == "__main__":
    main()
