"""Range increments and bands, blast templates, scatter of missed area attacks, and movement costs."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from crisis_desktop.domain.battle_map import BattleMap, GridKind
from crisis_desktop.rules.base import Term
from crisis_desktop.rules.crisis import tables
from crisis_desktop.rules.crisis.combat import SCATTER_OFFSETS, range_increments
from crisis_desktop.rules.crisis.movement import move_action, route
from crisis_desktop.rules.kernel.geometry import (
    HEX_SCATTER,
    SQUARE_SCATTER,
    Diagonal,
    Grid,
    RangeBands,
    Terrain,
    area_template,
    back_direction,
    find_path,
    parse_map,
    range_for_distance,
    scatter,
    weapon_range,
)

SQUARE = Grid(GridKind.SQUARE, 30, 30)
HEX = Grid(GridKind.HEX, 30, 30)


# --------------------------------------------------------------------------- range


@pytest.mark.parametrize(("distance", "increment", "penalty", "band"), [
    (0, 4, 0, "short"), (1, 4, 0, "short"), (4, 4, 0, "short"), (5, 4, -1, "medium"), (12, 4, -2, "medium"),
    (13, 4, -3, "long"), (40, 4, -9, "long"),
])
def test_range_penalty_per_increment(distance, increment, penalty, band):
    r = range_for_distance(distance, increment)
    assert r.in_range
    assert r.penalty.value == penalty
    assert r.band == band
    if penalty:
        assert r.penalty.terms == (Term(f"range increment {r.increment}", penalty),)


def test_out_of_range_says_how_far_and_the_maximum():
    r = range_for_distance(46, 4)
    assert not r.in_range and r.band == "out of range"
    assert r.reason == "out of range: 46 tiles, maximum 40"


def test_in_range_reason_and_metres():
    r = weapon_range(SQUARE, (0, 0), (9, 3), 4)
    assert (r.distance, r.metres, r.increment) == (9, 13.5, 3)
    assert r.reason == "9 tiles (13.5 m): increment 3 of 4 tiles, medium range, -2"


def test_crisis_classic_penalty_and_wide_bands_from_the_table():
    wide = RangeBands.from_table(tables.combat()["range_bands"]["wide"])
    r = range_for_distance(20, 4, penalty_per_increment=-2, bands=wide)
    assert (r.increment, r.penalty.value, r.band) == (5, -8, "medium")
    assert RangeBands.from_table(tables.combat()["range_bands"]["increments"]) == RangeBands()


@given(st.integers(0, 400), st.integers(1, 20))
def test_range_increment_agrees_with_the_crisis_ruleset(distance, increment):
    r = range_for_distance(distance, increment)
    assert r.increment == range_increments(distance, increment)
    assert r.in_range == (distance <= 10 * increment)


def test_a_weapon_without_a_range_increment_is_refused():
    with pytest.raises(ValueError, match="at least 1 tile"):
        range_for_distance(3, 0)


# --------------------------------------------------------------------------- blast templates


def test_square_template_is_a_square_of_rings():
    template = area_template(SQUARE, (10, 10), 2)
    assert len(template) == 25
    assert template[(10, 10)] == 0 and template[(11, 9)] == 1 and template[(12, 12)] == 2
    assert list(template.values()) == sorted(template.values())


def test_alternating_template_is_rounder():
    template = area_template(Grid(GridKind.SQUARE, 30, 30, diagonal=Diagonal.ALTERNATING), (10, 10), 2)
    assert (12, 12) not in template and (11, 11) in template and (12, 11) in template
    assert len(template) == 21


def test_hex_template_is_a_hexagon():
    for radius, count in [(0, 1), (1, 7), (2, 19), (3, 37)]:
        assert len(area_template(HEX, (10, 10), radius)) == count
    template = area_template(HEX, (10, 10), 2)
    assert all(HEX.distance((10, 10), c) == d for c, d in template.items())


def test_template_is_clipped_at_the_map_edge():
    assert set(area_template(SQUARE, (0, 0), 1)) == {(0, 0), (1, 0), (0, 1), (1, 1)}
    with pytest.raises(ValueError):
        area_template(SQUARE, (0, 0), -1)


# --------------------------------------------------------------------------- scatter


def test_the_scatter_tables_are_the_crisis_tables():
    combat = tables.combat()["scatter"]
    assert [(d.face, d.label) for d in SQUARE_SCATTER] == list(
        (int(k), v) for k, v in combat["square"]["directions"].items())
    assert [(d.face, d.label) for d in HEX_SCATTER] == list(
        (int(k), v) for k, v in combat["hex"]["directions"].items())
    assert [d.turn for d in SQUARE_SCATTER] == list(range(8))
    assert [d.turn for d in HEX_SCATTER] == list(range(6))


def test_square_scatter_with_the_attacker_due_south():
    target, attacker = (10, 10), (10, 20)
    landing = {face: scatter(SQUARE, target, attacker, face, 2).landing for face in range(1, 9)}
    assert landing == {1: (10, 12), 2: (8, 12), 3: (8, 10), 4: (8, 8), 5: (10, 8), 6: (12, 8), 7: (12, 10),
                       8: (12, 12)}
    r = scatter(SQUARE, target, attacker, 3, 2)
    assert r.description == "lands 2 tiles to the left, west, at (8, 10)"


def test_square_scatter_matches_the_rulesets_offsets_for_a_thrower_due_south():
    # The crisis ruleset gives offsets as (right, beyond) seen from the thrower; due south, right is east
    # and beyond is north (minus y).
    for face, (right, beyond) in SCATTER_OFFSETS.items():
        landing = scatter(SQUARE, (10, 10), (10, 15), face, 3).landing
        assert landing == (10 + 3 * right, 10 - 3 * beyond)


def test_square_scatter_turns_with_the_attacker():
    # Attacker to the north-east: 1 lands north-east, 5 south-west, 3 (left of the attacker) south-east.
    target, attacker = (10, 10), (14, 6)
    assert scatter(SQUARE, target, attacker, 1, 1).landing == (11, 9)
    assert scatter(SQUARE, target, attacker, 5, 1).landing == (9, 11)
    assert scatter(SQUARE, target, attacker, 3, 1).landing == (11, 11)


def test_hex_scatter_numbering():
    target, attacker = (10, 10), (15, 10)         # attacker due east
    headings = [scatter(HEX, target, attacker, face, 1).heading for face in range(1, 7)]
    assert headings == ["east", "south-east", "south-west", "west", "north-west", "north-east"]
    assert scatter(HEX, target, attacker, 4, 2).landing == (8, 10)


def test_hex_attacker_between_two_directions_resolves_clockwise():
    # Cube (1, 1, -2) from the target lies exactly between east (0) and south-east (1).
    assert back_direction(HEX, (10, 10), (11, 11)) == 1
    # Between north-east (5) and east (0): east is the clockwise one.
    assert back_direction(HEX, (10, 10), (11, 9)) == 0


def test_scatter_stops_at_the_map_edge_and_needs_a_real_face():
    r = scatter(SQUARE, (1, 1), (1, 10), 5, 4)   # beyond = north, off the top edge
    assert r.landing == (1, 0) and r.clamped and (r.distance, r.moved) == (4, 1)
    assert "stopped at the map edge" in r.description
    with pytest.raises(ValueError, match="d6"):
        scatter(HEX, (1, 1), (1, 5), 7, 1)


def test_a_throw_at_ones_own_cell_scatters_from_the_south():
    assert scatter(SQUARE, (5, 5), (5, 5), 1, 1).landing == (5, 6)


@given(target=st.tuples(st.integers(0, 29), st.integers(0, 29)),
       attacker=st.tuples(st.integers(0, 29), st.integers(0, 29)),
       face=st.integers(1, 8), increments=st.integers(0, 10))
def test_scatter_lands_inside_at_most_the_increment_away(target, attacker, face, increments):
    for grid, f in ((SQUARE, face), (HEX, (face - 1) % 6 + 1)):
        r = scatter(grid, target, attacker, f, increments)
        assert grid.contains(r.landing)
        assert grid.distance(target, r.landing) == r.moved <= max(1, increments)


# --------------------------------------------------------------------------- movement


def terrain(text: str, kind: GridKind = GridKind.SQUARE, diagonal: Diagonal = Diagonal.ONE):  # type: ignore[no-untyped-def]
    battle_map, marks = parse_map(text, kind)
    return Terrain.of(battle_map, diagonal), {k: v[0] for k, v in marks.items()}


def test_difficult_ground_costs_double():
    t, m = terrain("a~~b")
    assert find_path(t, m["a"], m["b"]).cost == 5
    t, m = terrain("""
a~~b
....
""")
    path = find_path(t, m["a"], m["b"])
    assert path.cost == 3 and path.cells[0] == m["a"] and path.cells[-1] == m["b"]


def test_walls_are_walked_around_and_diagonal_gaps_between_walls_are_closed():
    t, m = terrain("""
a#..
.#..
...b
""")
    assert find_path(t, m["a"], m["b"]).cost == 4
    t, m = terrain("""
a#
#b
""")
    assert find_path(t, m["a"], m["b"]) is None
    t, m = terrain("""
a#
.b
""")
    assert find_path(t, m["a"], m["b"]).cost == 1    # one wall beside the corner does not stop a diagonal


def test_occupied_cells_block_and_limits_cut_the_search():
    t, m = terrain("a.b")
    assert find_path(t, m["a"], m["b"], occupied={(1, 0)}) is None
    assert find_path(t, m["a"], m["b"], limit=1) is None
    assert find_path(t, m["a"], m["a"]).cost == 0


@given(a=st.tuples(st.integers(0, 9), st.integers(0, 9)), b=st.tuples(st.integers(0, 9), st.integers(0, 9)),
       kind=st.sampled_from([GridKind.SQUARE, GridKind.HEX]), diagonal=st.sampled_from(list(Diagonal)))
def test_on_open_ground_the_path_costs_the_distance(a, b, kind, diagonal):
    t = Terrain.of(BattleMap(name="open", grid=kind, width=10, height=10), diagonal)
    assert find_path(t, a, b).cost == t.grid.distance(a, b)


def test_move_or_run():
    assert move_action(4, 6).action == "move" and move_action(4, 6).ap == 1
    run = move_action(7, 6)
    assert (run.action, run.ap, run.reason) == ("run", 2, "Run (2 AP): 7 of 12 tiles")
    assert move_action(13, 6).reason == "needs 13 tiles, Run reaches 12"
    assert move_action(7, 3).reason == "needs 7 tiles, Run reaches 6"
    assert not move_action(None, 6).possible


def test_route_explains_walls_and_taken_cells():
    t, m = terrain("a.#.b")
    assert route(t, m["a"], (2, 0), 6).option.reason == "(2, 0) is a wall"
    assert route(t, m["a"], (1, 0), 6, occupied={(1, 0)}).option.reason == "(1, 0) is taken"
    assert route(t, m["a"], m["b"], 6).option.reason.startswith("no way through")
    t, m = terrain("a~~~~b")
    plan = route(t, m["a"], m["b"], 4)
    assert plan.path.cost == 9 and not plan.option.possible
    assert plan.option.reason == "needs 9 tiles, Run reaches 8"
    plan = route(t, m["a"], m["b"], 5)
    assert (plan.option.action, plan.option.ap, plan.path.cost) == ("run", 2, 9)
