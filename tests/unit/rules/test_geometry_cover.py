"""Line tracing, line of sight and cover on hand-made square and hex maps, plus properties on random maps.

The maps are read with the crisis firearms reading (penetrable material one step down once pierced), so the
pierced track is exercised; the crisis wording and the prone rule are checked through `read_cover`."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crisis_desktop.domain.battle_map import BattleMap, Cell, Cover, GridKind
from crisis_desktop.rules.base import CoverLevel
from crisis_desktop.rules.kernel.geometry import Grid, Terrain, cover_between, line_of_sight, parse_map, trace
from crisis_desktop.rules.kernel.geometry.terrain import COVER_STEPS
from crisis_desktop.rules.qstar.cover import firearms_step, read_cover
from tests.hypothesis_budget import examples

NONE, LIGHT, HEAVY, TOTAL = CoverLevel.NONE, CoverLevel.LIGHT, CoverLevel.HEAVY, CoverLevel.TOTAL


def ascii_map(text: str, kind: GridKind = GridKind.SQUARE) -> tuple[Terrain, dict[str, tuple[int, int]]]:
    battle_map, marks = parse_map(text, kind)
    return Terrain.of(battle_map, pierce=firearms_step), {k: v[0] for k, v in marks.items()}


def pairs(squeezes) -> set[frozenset]:  # type: ignore[no-untyped-def]
    """Squeezes as unordered pairs: which of the two cells is named first carries no meaning."""
    return {frozenset(s) for s in squeezes}


def cover(text: str, kind: GridKind = GridKind.SQUARE, a: str = "a", t: str = "t", **kw):  # type: ignore[no-untyped-def]
    terrain, marks = ascii_map(text, kind)
    return cover_between(terrain, marks[a], marks[t], **kw)


# --------------------------------------------------------------------------- tracing


def test_straight_and_shallow_lines():
    grid = Grid(GridKind.SQUARE, 10, 10)
    assert trace(grid, (0, 0), (3, 0)).cells == ((0, 0), (1, 0), (2, 0), (3, 0))
    assert trace(grid, (0, 0), (4, 2)).cells == ((0, 0), (1, 0), (1, 1), (2, 1), (3, 1), (3, 2), (4, 2))
    assert trace(grid, (0, 0), (4, 2)).squeezes == ()


def test_an_exact_diagonal_squeezes_between_the_side_cells_at_every_corner():
    t = trace(Grid(GridKind.SQUARE, 10, 10), (0, 0), (3, 3))
    assert t.cells == ((0, 0), (1, 1), (2, 2), (3, 3))
    assert t.squeezes == (((1, 0), (0, 1)), ((2, 1), (1, 2)), ((3, 2), (2, 3)))


def test_a_line_through_one_corner_midway():
    # From (0, 0) to (3, 1) the segment crosses the corner at (2, 1) of the cell grid exactly.
    t = trace(Grid(GridKind.SQUARE, 10, 10), (0, 0), (3, 1))
    assert t.cells == ((0, 0), (1, 0), (2, 1), (3, 1))
    assert t.squeezes == (((2, 0), (1, 1)),)


def test_hex_straight_lines_and_edge_runs():
    grid = Grid(GridKind.HEX, 10, 10)
    assert trace(grid, (0, 0), (3, 0)).cells == ((0, 0), (1, 0), (2, 0), (3, 0))
    # (2, 2) is two rows down, straight below (0, 0)+1: the line runs along the edge of (0, 1) and (1, 1).
    t = trace(grid, (1, 0), (1, 2))
    assert t.cells == ((1, 0), (1, 2))
    assert pairs(t.squeezes) == pairs([((0, 1), (1, 1))])
    # Cube (2, -1, -1) from (0, 2): east plus north-east, along the edge between (1, 2) and (0, 1).
    t = trace(grid, (0, 2), (1, 1))
    assert pairs(t.squeezes) == pairs([((1, 2), (0, 1))])
    assert t.cells == ((0, 2), (1, 1))


# --------------------------------------------------------------------------- square maps, by hand


def test_clear_line_has_no_cover():
    r = cover("""
a....
.....
....t
""")
    assert r.line_of_sight and r.terrain is NONE and read_cover(r).cover is NONE and r.source == ()
    assert r.reason == "clear line: no cover"
    assert r.traced[0] == (0, 0) and r.traced[-1] == (4, 2)


def test_a_wall_blocks_sight():
    r = cover("""
a....
..#..
....t
""")
    assert not r.line_of_sight
    assert r.terrain is TOTAL and r.terrain_pierced is TOTAL and read_cover(r).cover_firearms is TOTAL
    assert r.source == ((2, 1),)
    assert r.reason == "no line of sight: total cover from (2, 1)"


def test_light_cover_next_to_the_target_counts_but_not_next_to_the_attacker():
    text = """
al...lt
"""
    r = cover(text)
    assert r.terrain is LIGHT and r.source == ((5, 0),)
    assert r.reason == "light cover from (5, 0)"
    # Cover is relative: seen the other way round the target stands behind its own crate.
    back = cover(text, a="t", t="a")
    assert back.terrain is LIGHT and back.source == ((1, 0),)


def test_cover_is_not_symmetric():
    text = """
a.ht
"""
    assert cover(text).terrain is HEAVY
    assert cover(text, a="t", t="a").terrain is NONE
    assert cover(text).line_of_sight == cover(text, a="t", t="a").line_of_sight


def test_a_crate_in_mid_field_gives_no_cover_unless_reach_is_widened():
    text = """
a..h...t
"""
    assert cover(text).terrain is NONE
    assert cover(text, reach=4).terrain is HEAVY
    assert cover(text, reach=None).terrain is HEAVY


def test_own_cells_never_give_cover():
    terrain = Terrain(Grid(GridKind.SQUARE, 3, 1), [Cell(x=0, y=0, cover=Cover.TOTAL),
                                                     Cell(x=2, y=0, cover=Cover.TOTAL)])
    r = cover_between(terrain, (0, 0), (2, 0))
    assert r.line_of_sight and r.terrain is NONE


def test_grazing_a_corner_next_to_one_wall_picks_up_nothing():
    # The diagonal passes exactly through the corner between a (0,0), t (1,1), # (1,0) and . (0,1).
    r = cover("""
a#
.t
""")
    assert r.line_of_sight and r.terrain is NONE
    r = cover("""
a..
.h.
..t
""")
    assert r.terrain is HEAVY        # the diagonal passes through the centre cell itself


def test_a_diagonal_between_two_walls_is_blocked():
    r = cover("""
a#
#t
""")
    assert not r.line_of_sight
    assert r.source == ((1, 0), (0, 1))
    assert r.reason == "no line of sight: total cover between (1, 0) and (0, 1)"


def test_a_squeeze_gives_the_lower_cover_of_its_two_cells():
    r = cover("""
a...
....
...h
..lt
""")
    # The last corner before t lies between (3, 2) heavy and (2, 3) light: light cover.
    assert r.terrain is LIGHT
    assert r.source == ((3, 2), (2, 3))


def test_a_far_diagonal_gap_between_walls_blocks_too():
    r = cover("""
a....
..#..
.#...
.....
....t
""")
    assert not r.line_of_sight and r.source == ((2, 1), (1, 2))


def test_penetrable_cover_steps_down_against_firearms():
    r = cover("a..Wt")
    assert not r.line_of_sight
    assert (r.terrain, r.terrain_pierced) == (TOTAL, HEAVY)
    assert r.pierced and read_cover(r).penetrable
    assert r.reason == "no line of sight: total cover from (3, 0)"
    assert read_cover(r).reason == \
        "no line of sight: total cover from (3, 0); bullets go through: heavy cover against firearms"
    assert cover("a..Ht").terrain_pierced is LIGHT
    r = cover("a..Lt")
    assert (r.terrain, r.terrain_pierced, r.source_pierced) == (LIGHT, NONE, ())
    assert read_cover(r).reason == "light cover from (3, 0); bullets go through: no cover against firearms"


def test_without_a_pierce_reading_penetrable_cover_reads_as_painted():
    battle_map, marks = parse_map("a.Wlt")
    r = cover_between(Terrain.of(battle_map), marks["a"][0], marks["t"][0])
    assert (r.terrain, r.terrain_pierced, r.source, r.source_pierced) == (TOTAL, TOTAL, ((2, 0),), ((2, 0),))
    assert not r.pierced


def test_firearms_meet_the_nearest_wall_they_cannot_pass():
    r = cover("a.#.Wt")
    assert (r.terrain, r.terrain_pierced) == (TOTAL, TOTAL)
    assert r.source == ((4, 0),) and r.source_pierced == ((2, 0),)
    assert not r.pierced and not read_cover(r).penetrable
    r = cover("a.W.ht")
    assert (r.terrain, r.terrain_pierced) == (TOTAL, HEAVY)
    assert r.source_pierced == ((4, 0),)      # the crate next to the target, nearer than the wooden wall


def test_prone_and_facing_the_attacker_is_heavy_cover():
    r = read_cover(cover("a...t"), prone_facing=True)
    assert (r.terrain, r.cover, r.cover_firearms) == (NONE, HEAVY, HEAVY)
    assert r.reason == "prone and facing the attacker: at least heavy cover"
    assert r.context_fields() == {"cover": NONE, "cover_penetrable": False, "target_prone_facing": True}
    r = read_cover(cover("a..Wt"), prone_facing=True)
    assert (r.cover, r.cover_firearms) == (TOTAL, HEAVY)
    assert r.context_fields() == {"cover": TOTAL, "cover_penetrable": True, "target_prone_facing": True}


def test_one_target_two_attackers_two_answers():
    terrain, m = ascii_map("""
b.....
......
...#t.
......
....a.
""")
    assert not cover_between(terrain, m["b"], m["t"]).line_of_sight
    from_a = cover_between(terrain, m["a"], m["t"])
    assert from_a.line_of_sight and from_a.terrain is NONE
    terrain, m = ascii_map("""
b....
...h.
...ht
...h.
.....
a....
""")
    assert cover_between(terrain, m["b"], m["t"]).terrain is HEAVY
    assert cover_between(terrain, (4, 0), m["t"]).terrain is NONE


# --------------------------------------------------------------------------- hex maps, by hand


def test_hex_wall_between_blocks_and_light_cover_next_to_target_counts():
    r = cover("""
a . # . t
 . . . .
""", GridKind.HEX)
    assert not r.line_of_sight and r.source == ((2, 0),)
    r = cover("""
a . . l t
 . . . .
""", GridKind.HEX)
    assert r.terrain is LIGHT and r.source == ((3, 0),)
    back = cover("""
a . . l t
""", GridKind.HEX, a="t", t="a")
    assert back.terrain is NONE


def test_hex_line_along_an_edge_needs_both_sides_to_block():
    one_side = """
. a .
 # . .
. t .
"""
    r = cover(one_side, GridKind.HEX)
    assert r.line_of_sight and r.terrain is NONE
    both = """
. a .
 # # .
. t .
"""
    r = cover(both, GridKind.HEX)
    assert not r.line_of_sight and set(r.source) == {(0, 1), (1, 1)}


def test_hex_line_past_the_jagged_left_edge():
    # a (0, 0) to t (0, 2): the line squeezes between (0, 1) and (-1, 1), which is off the map: open.
    r = cover("""
a . .
 # . .
t . .
""", GridKind.HEX)
    assert r.line_of_sight and pairs(r.squeezes) == pairs([((-1, 1), (0, 1))])


# --------------------------------------------------------------------------- properties


def naive_cover(terrain: Terrain, a: tuple[int, int], b: tuple[int, int], reach: int | None = 1
                ) -> tuple[int, int, tuple, tuple]:
    """The documented rules, written the slow and obvious way: walk every traced cell and squeeze."""
    grid = terrain.grid
    t = trace(grid, a, b)
    ax, ay = grid.centre(a, 1.0)
    bx, by = grid.centre(b, 1.0)

    def along(*cells: tuple[int, int]) -> float:
        xs = [grid.centre(c, 1.0) for c in cells]
        mx, my = sum(x for x, _ in xs) / len(xs), sum(y for _, y in xs) / len(xs)
        return (mx - ax) * (bx - ax) + (my - ay) * (by - ay)

    items = [((c,), terrain.levels.get(c, (0, 0))) for c in t.cells[1:-1]]
    for p, q in t.squeezes:
        lp, lq = terrain.levels.get(p, (0, 0)), terrain.levels.get(q, (0, 0))
        items.append(((p, q), (min(lp[0], lq[0]), min(lp[1], lq[1]))))
    best, best_after = (0, 0.0, ()), (0, 0.0, ())
    for cells, (level, after) in items:
        if level < 3 and reach is not None and min(grid.reach(c, b) for c in cells) > reach:
            continue
        pos = along(*cells)
        if level and (level, pos) > best[:2]:
            best = (level, pos, cells)
        if after and (after, pos) > best_after[:2]:
            best_after = (after, pos, cells)
    return best[0], best_after[0], best[2], best_after[2]


CHARS = ".........lhH#WL"


@st.composite
def random_maps(draw, kind: GridKind):  # type: ignore[no-untyped-def]
    width, height = draw(st.integers(1, 12)), draw(st.integers(1, 12))
    rows = ["".join(draw(st.sampled_from(CHARS)) for _ in range(width)) for _ in range(height)]
    text = "\n".join(" ".join(r) if kind is GridKind.HEX else r for r in rows)
    terrain, _ = ascii_map(text, kind)
    cell = st.tuples(st.integers(0, width - 1), st.integers(0, height - 1))
    return terrain, draw(cell), draw(cell)


@pytest.mark.parametrize("kind", [GridKind.SQUARE, GridKind.HEX])
@settings(max_examples=examples(300), deadline=None)
@given(data=st.data())
def test_fast_cover_matches_the_obvious_walk(kind, data):
    terrain, a, b = data.draw(random_maps(kind))
    reach = data.draw(st.sampled_from([1, 2, None]))
    r = cover_between(terrain, a, b, reach=reach)
    level, after, source, source_after = naive_cover(terrain, a, b, reach)
    assert (r.terrain, r.terrain_pierced) == (COVER_STEPS[level], COVER_STEPS[after])
    assert set(r.source) == set(source)
    assert set(r.source_pierced) == set(source_after)
    assert r.line_of_sight == (level < 3)
    assert COVER_STEPS.index(r.terrain) - COVER_STEPS.index(r.terrain_pierced) in (0, 1)


@pytest.mark.parametrize("kind", [GridKind.SQUARE, GridKind.HEX])
@settings(max_examples=examples(200), deadline=None)
@given(data=st.data())
def test_line_of_sight_is_symmetric(kind, data):
    terrain, a, b = data.draw(random_maps(kind))
    assert line_of_sight(terrain, a, b) == line_of_sight(terrain, b, a)


big = st.tuples(st.integers(0, 39), st.integers(0, 39))


@pytest.mark.parametrize("kind", [GridKind.SQUARE, GridKind.HEX])
@given(a=big, b=big)
def test_trace_runs_from_attacker_to_target_connected_and_reversible(kind, a, b):
    grid = Grid(kind, 40, 40)
    t = trace(grid, a, b)
    assert t.cells[0] == a and t.cells[-1] == b
    assert len(set(t.cells)) == len(t.cells)
    squeezes = {frozenset(s) for s in t.squeezes}
    for p, q in zip(t.cells, t.cells[1:], strict=False):
        if grid.reach(p, q) == 1:
            continue
        # Only a hex edge run skips a cell: the two cells squeezed between touch both ends.
        assert grid.hex
        pair = next(s for s in squeezes if all(grid.reach(c, p) == 1 and grid.reach(c, q) == 1 for c in s))
        assert pair
    back = trace(grid, b, a)
    assert back.cells == tuple(reversed(t.cells))
    assert {frozenset(s) for s in back.squeezes} == squeezes
    # A square line passes at most one cell per row or column crossed.
    if not grid.hex:
        assert len(t.cells) <= abs(a[0] - b[0]) + abs(a[1] - b[1]) + 1


@pytest.mark.parametrize("kind", [GridKind.SQUARE, GridKind.HEX])
@given(a=big, b=big, prone=st.booleans())
def test_no_cover_on_an_empty_map(kind, a, b, prone):
    terrain = Terrain.of(BattleMap(name="empty", grid=kind, width=40, height=40))
    r = cover_between(terrain, a, b)
    assert r.line_of_sight and r.terrain is NONE and r.terrain_pierced is NONE
    assert read_cover(r, prone).cover is (HEAVY if prone else NONE)
