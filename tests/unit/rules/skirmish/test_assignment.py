"""Assignment on small test maps (skirmish-combat.md, Melee Combat): one opponent each; player characters pick
first and the extra NPCs after; several on one only when no unengaged target is nearby; nearby counted in areas
where the map labels them."""

from __future__ import annotations

from crisis_desktop.domain.battle_map import Cell, GridKind
from crisis_desktop.rules.kernel.flows import Nearness, Placed
from crisis_desktop.rules.kernel.geometry import Coord, Grid, Terrain
from crisis_desktop.rules.skirmish.assignment import assign

PARTY, ENEMIES = "party", "enemies"


def on(terrain: Terrain, cells: dict[str, Coord]) -> Nearness:
    """Where everyone stands on `terrain`: steps between tokens (diagonals 1) and the labelled areas."""
    grid, zones = terrain.grid, terrain.zones
    return Nearness(lambda a, b: grid.reach(cells[a], cells[b]) if a in cells and b in cells else None,
                    lambda a, b: zones.relation(cells[a], cells[b]) if a in cells and b in cells else None)


def open_ground(width: int = 12, height: int = 4) -> Terrain:
    return Terrain(Grid(GridKind.SQUARE, width, height), [])


def melee(name: str, side: str, pc: bool) -> Placed:
    return Placed(name, side, pc, melee=True)


def test_each_pc_takes_the_nearest_free_foe_and_an_extra_npc_piles_on_only_without_a_free_target():
    # A . X          A and B are PCs; X, Y and Z NPCs, everyone planning a melee attack.
    # . . . Z
    # B Y
    cells = {"A": (0, 0), "B": (0, 2), "X": (2, 0), "Y": (1, 2), "Z": (3, 1)}
    placed = [melee("A", PARTY, True), melee("B", PARTY, True), melee("X", ENEMIES, False),
              melee("Y", ENEMIES, False), melee("Z", ENEMIES, False)]
    proposed = assign(placed, [p.combatant_id for p in placed], on(open_ground(), cells))
    # A: X and Y are 2 steps away, X first in the encounter; B: Y is 1 step away. X and Y fight whoever set upon
    # them; Z finds no unengaged target nearby and joins A's fight (A and B both 3 steps away, A first).
    assert proposed == {"A": "X", "B": "Y", "X": "A", "Y": "B", "Z": "A"}


def test_a_free_target_nearby_comes_before_a_nearer_engaged_one():
    cells = {"A": (0, 0), "B": (0, 2), "X": (2, 0), "Y": (1, 2), "Z": (3, 1), "C": (6, 1)}
    placed = [melee("A", PARTY, True), melee("B", PARTY, True), Placed("C", PARTY, True),
              melee("X", ENEMIES, False), melee("Y", ENEMIES, False), melee("Z", ENEMIES, False)]
    proposed = assign(placed, ["A", "B", "X", "Y", "Z"], on(open_ground(), cells))
    # C (a PC who plans no attack) stands 3 steps from Z, unengaged: Z takes C rather than pile onto A (3 steps too).
    assert proposed["Z"] == "C"
    # Farther than a move (7 steps), C is not nearby: Z piles onto A again.
    cells["C"] = (10, 1)
    assert assign(placed, ["A", "B", "X", "Y", "Z"], on(open_ground(), cells))["Z"] == "A"


def test_player_characters_pick_before_the_npcs_whatever_the_encounter_order():
    # X . A Y     The NPC X is first in the encounter; the PC A still picks first: Y (1 step), not X (2 steps).
    cells = {"X": (0, 0), "A": (2, 0), "Y": (3, 0)}
    placed = [melee("X", ENEMIES, False), melee("A", PARTY, True), melee("Y", ENEMIES, False)]
    proposed = assign(placed, ["X", "A", "Y"], on(open_ground(), cells))
    assert proposed == {"A": "Y", "Y": "A", "X": "A"}       # X finds nobody free and joins the fight on A
    # Were the NPCs to pick first, X would have taken A: the order is the text's, not the encounter's.
    assert proposed["A"] != "X"


def test_areas_say_who_is_nearby_and_a_ranged_attacker_takes_the_nearest_foe():
    # Columns 0-2 the Yard, 3-4 the Gate, 7-9 the Tower; 5-6 unlabelled.
    names = {0: "Yard", 1: "Yard", 2: "Yard", 3: "Gate", 4: "Gate", 7: "Tower", 8: "Tower", 9: "Tower"}
    terrain = Terrain(Grid(GridKind.SQUARE, 10, 3), [Cell(x=x, y=y, zone=n) for x, n in names.items()
                                                     for y in range(3)])
    cells = {"A": (0, 1), "X": (4, 1), "T": (8, 1), "R": (1, 0)}
    placed = [melee("A", PARTY, True), Placed("R", PARTY, True), melee("X", ENEMIES, False),
              melee("T", ENEMIES, False)]
    proposed = assign(placed, ["A", "R", "X", "T"], on(terrain, cells))
    # The Gate is next to the Yard: A fights X (4 steps, yet nearby); the Tower is not: T has nobody nearby.
    assert proposed["A"] == "X" and proposed["X"] == "A" and "T" not in proposed
    # R shoots: its nearest foe.
    assert proposed["R"] == "X"


def test_a_target_the_gm_has_set_stands_and_engages_both():
    cells = {"A": (0, 0), "B": (0, 2), "X": (2, 0), "Y": (1, 2), "Z": (3, 1)}
    # The GM set A on Z: Z fights A, B still takes Y, and X, set upon by nobody, finds no free foe (A and B are
    # engaged): it joins the fight on A (2 steps away, as B is, and first in the encounter).
    placed = [Placed("A", PARTY, True, melee=True, target="Z"), melee("B", PARTY, True), melee("X", ENEMIES, False),
              melee("Y", ENEMIES, False), melee("Z", ENEMIES, False)]
    assert assign(placed, ["A", "B", "X", "Y", "Z"], on(open_ground(), cells)) == {
        "A": "Z", "B": "Y", "Y": "B", "Z": "A", "X": "A"}
