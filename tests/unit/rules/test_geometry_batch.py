"""cover_many (numpy batch) gives field for field what cover_between gives for each pair, and so the same crisis
reading (firearms, prone) of each pair."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crisis_desktop.domain.battle_map import BattleMap, Cell, Cover, GridKind
from crisis_desktop.rules.base import CoverLevel
from crisis_desktop.rules.kernel.geometry import CoverSummary, Terrain, cover_between, cover_many, parse_map
from crisis_desktop.rules.qstar.cover import firearms_step, read_cover
from tests.hypothesis_budget import examples

Coord = tuple[int, int]
FIELDS = CoverSummary._fields[:-1]       # every field but `reach`, which CoverResult does not keep


def assert_batch_equals_pairs(terrain: Terrain, attackers: list[Coord], targets: list[Coord],
                              prone: bool | list[list[bool]] = False, reach: int | None = 1) -> None:
    table = cover_many(terrain, attackers, targets, reach=reach)
    assert len(table) == len(attackers) and all(len(row) == len(targets) for row in table)
    for i, a in enumerate(attackers):
        for j, t in enumerate(targets):
            flag = prone if isinstance(prone, bool) else prone[i][j]
            expected = cover_between(terrain, a, t, reach=reach)
            got = table[i][j]
            for name in FIELDS:
                assert getattr(got, name) == getattr(expected, name), (name, a, t, reach, got, expected)
            assert got.reach == reach
            assert got.reason == expected.reason
            assert got.pierced == expected.pierced
            assert read_cover(got, flag) == read_cover(expected, flag)


CHARS = ".........lhH#WL"


@st.composite
def painted(draw, kind: GridKind):  # type: ignore[no-untyped-def]
    """A small map drawn cell by cell, with tokens anywhere on it."""
    width, height = draw(st.integers(1, 12)), draw(st.integers(1, 12))
    rows = ["".join(draw(st.sampled_from(CHARS)) for _ in range(width)) for _ in range(height)]
    text = "\n".join(" ".join(r) if kind is GridKind.HEX else r for r in rows)
    battle_map, _ = parse_map(text, kind)
    cell = st.tuples(st.integers(0, width - 1), st.integers(0, height - 1))
    attackers = draw(st.lists(cell, min_size=1, max_size=5))
    targets = draw(st.lists(cell, min_size=1, max_size=5))
    pierce = draw(st.sampled_from([firearms_step, firearms_step, None]))   # mostly the crisis reading
    return Terrain.of(battle_map, pierce=pierce), attackers, targets


def big_map(kind: GridKind, seed: int, size: int, walls: float) -> Terrain:
    """A larger map from a seed: long lines cross several chunks of the scan, walls wooden or solid."""
    rnd = random.Random(seed)
    cells = []
    for x in range(size):
        for y in range(size):
            roll = rnd.random()
            if roll < walls:
                cells.append(Cell(x=x, y=y, cover=Cover.TOTAL, penetrable=rnd.random() < 0.4))
            elif roll < walls + 0.08:
                cells.append(Cell(x=x, y=y, cover=rnd.choice([Cover.LIGHT, Cover.HEAVY]),
                                  penetrable=rnd.random() < 0.5))
    return Terrain.of(BattleMap(name="big", grid=kind, width=size, height=size, cells=cells), pierce=firearms_step)


@pytest.mark.parametrize("kind", [GridKind.SQUARE, GridKind.HEX])
@settings(max_examples=examples(300), deadline=None)
@given(data=st.data())
def test_batch_equals_cover_between_on_random_small_maps(kind, data):
    terrain, attackers, targets = data.draw(painted(kind))
    reach = data.draw(st.sampled_from([0, 1, 2, 3, None]))
    prone = data.draw(st.one_of(st.booleans(), st.lists(st.lists(st.booleans(), min_size=len(targets),
                                                                  max_size=len(targets)),
                                                         min_size=len(attackers), max_size=len(attackers))))
    assert_batch_equals_pairs(terrain, attackers, targets, prone, reach)


@pytest.mark.parametrize("kind", [GridKind.SQUARE, GridKind.HEX])
@settings(max_examples=examples(40), deadline=None)
@given(seed=st.integers(0, 10**6), walls=st.sampled_from([0.0, 0.004, 0.03, 0.15]),
       reach=st.sampled_from([1, 2, None]))
def test_batch_equals_cover_between_on_long_lines(kind, seed, walls, reach):
    terrain = big_map(kind, seed, 70, walls)
    rnd = random.Random(seed + 1)
    cells = [(rnd.randrange(70), rnd.randrange(70)) for _ in range(10)]
    # Straight, diagonal and hex edge-running lines as well as random ones.
    cells += [(0, 0), (69, 69), (0, 69), (69, 0), (35, 0), (35, 69), (0, 35), (69, 35), (5, 11), (41, 39)]
    assert_batch_equals_pairs(terrain, cells[:10] + cells[10:14], cells[5:], reach=reach)


# --------------------------------------------------------------------------- hand-made maps (as test_geometry_cover)

SQUARE_CASES = [
    "a....\n..#..\n....t",          # a wall blocks sight
    "al...lt",                      # light cover next to the target only
    "a.ht",
    "a..h...t",
    "a#\n.t",                       # grazing one wall's corner
    "a..\n.h.\n..t",
    "a#\n#t",                       # a diagonal between two walls
    "a...\n....\n...h\n..lt",       # a squeeze gives the lower cover
    "a....\n..#..\n.#...\n.....\n....t",
    "a..Wt", "a..Ht", "a..Lt", "a.#.Wt", "a.W.ht",
    "b.....\n......\n...#t.\n......\n....a.",
    "b....\n...h.\n...ht\n...h.\n.....\na....",
]

HEX_CASES = [
    "a . # . t\n . . . .",
    "a . . l t\n . . . .",
    ". a .\n # . .\n. t .",         # along an edge beside one wall: open
    ". a .\n # # .\n. t .",         # along an edge between two walls: blocked
    "a . .\n # . .\nt . .",         # squeezing past the jagged left edge
    "a . W . # t\n . H . L .\n. # . W . .",
]


@pytest.mark.parametrize("text", SQUARE_CASES)
def test_hand_made_square_maps(text):
    battle_map, marks = parse_map(text)
    terrain = Terrain.of(battle_map, pierce=firearms_step)
    cells = [c for found in marks.values() for c in found] + [(0, 0), (battle_map.width - 1, battle_map.height - 1)]
    for reach in (1, None, 0, 4):
        assert_batch_equals_pairs(terrain, cells, cells, prone=False, reach=reach)
    assert_batch_equals_pairs(terrain, cells, cells, prone=True)


@pytest.mark.parametrize("text", HEX_CASES)
def test_hand_made_hex_maps(text):
    battle_map, marks = parse_map(text, GridKind.HEX)
    terrain = Terrain.of(battle_map, pierce=firearms_step)
    cells = [c for found in marks.values() for c in found]
    cells += [(x, y) for x in range(battle_map.width) for y in range(battle_map.height)]
    for reach in (1, None, 0, 4):
        assert_batch_equals_pairs(terrain, cells, cells, reach=reach)


def test_what_the_batch_says_by_hand():
    battle_map, marks = parse_map("a#\n#t")
    terrain = Terrain.of(battle_map)
    [[r]] = cover_many(terrain, marks["a"], marks["t"])
    assert not r.line_of_sight and r.source == ((1, 0), (0, 1))
    assert r.reason == "no line of sight: total cover between (1, 0) and (0, 1)"
    battle_map, marks = parse_map("a..Wt")
    [[r]] = cover_many(Terrain.of(battle_map, pierce=firearms_step), marks["a"], marks["t"])
    crisis = read_cover(r, prone_facing=True)
    assert (crisis.terrain, crisis.terrain_firearms, crisis.cover, crisis.cover_firearms) == (
        CoverLevel.TOTAL, CoverLevel.HEAVY, CoverLevel.TOTAL, CoverLevel.HEAVY)
    assert r.pierced and crisis.penetrable and crisis.context_fields()["target_prone_facing"] is True


def test_full_gives_the_complete_result_with_the_line():
    battle_map, marks = parse_map("a....\n....h\n.....t")
    terrain = Terrain.of(battle_map)
    [[r]] = cover_many(terrain, marks["a"], marks["t"], reach=None)
    full = r.full(terrain)
    assert full == cover_between(terrain, marks["a"][0], marks["t"][0], reach=None)
    assert full.traced[0] == marks["a"][0] and full.traced[-1] == marks["t"][0]


def test_empty_inputs_and_a_token_against_itself():
    terrain = Terrain.of(parse_map("a.#")[0])
    assert cover_many(terrain, [], [(0, 0)]) == []
    assert cover_many(terrain, [(0, 0)], []) == [[]]
    [[r]] = cover_many(terrain, [(2, 0)], [(2, 0)])
    assert r.line_of_sight and r.terrain is CoverLevel.NONE and r.source == ()


def test_a_pierce_reading_changes_only_the_pierced_fields():
    battle_map, marks = parse_map("a.W.Hl\n....#t")
    plain = Terrain.of(battle_map)
    crisis = plain.pierced_by(firearms_step)
    assert crisis is plain.pierced_by(firearms_step) and crisis.pierced_by(firearms_step) is crisis
    cells = [(0, 0), (5, 0), (5, 1), (3, 1)]
    for row_plain, row_crisis in zip(cover_many(plain, cells, cells), cover_many(crisis, cells, cells), strict=True):
        for p, c in zip(row_plain, row_crisis, strict=True):
            assert (p.line_of_sight, p.terrain, p.source) == (c.line_of_sight, c.terrain, c.source)
            assert not p.pierced and (p.terrain_pierced, p.source_pierced) == (p.terrain, p.source)
    [[through]] = cover_many(crisis, marks["a"], [(4, 0)])
    assert (through.terrain, through.terrain_pierced) == (CoverLevel.TOTAL, CoverLevel.HEAVY)


def test_the_battle_map_can_start_without_numpy():
    code = "import sys, crisis_desktop.rules.kernel.geometry; print('numpy' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
