"""Grid coordinates: odd-r hex conversions, distances, neighbours, pixel centres and corners."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from crisis_desktop.domain.battle_map import BattleMap, GridKind
from crisis_desktop.rules.kernel.geometry import (
    HEX_DIRECTIONS,
    Diagonal,
    Grid,
    cube_distance,
    cube_to_offset,
    offset_to_cube,
    square_steps,
)

SQUARE = Grid(GridKind.SQUARE, 30, 30)
ALTERNATING = Grid(GridKind.SQUARE, 30, 30, diagonal=Diagonal.ALTERNATING)
HEX = Grid(GridKind.HEX, 30, 30)
GRIDS = [SQUARE, ALTERNATING, HEX]

cells = st.tuples(st.integers(0, 29), st.integers(0, 29))


def test_grid_of_a_battle_map_takes_its_shape_and_scale():
    grid = Grid.of(BattleMap(name="m", grid=GridKind.HEX, width=7, height=5, metres_per_cell=2.0))
    assert (grid.kind, grid.width, grid.height, grid.metres_per_cell) == (GridKind.HEX, 7, 5, 2.0)
    assert grid.metres((0, 0), (3, 0)) == 6.0


def test_odd_r_rows_shift_right_on_odd_rows():
    # Row 1 is shifted right: its cell 0 touches cells 0 and 1 of row 0; row 2 is back in line.
    assert set(HEX.neighbours((0, 1))) == {(0, 0), (1, 0), (1, 1), (0, 2), (1, 2)}
    assert set(HEX.neighbours((1, 2))) == {(0, 1), (1, 1), (0, 2), (2, 2), (0, 3), (1, 3)}
    assert offset_to_cube((0, 0)) == (0, 0, 0)
    assert offset_to_cube((1, 2)) == (0, 2, -2)


@given(st.integers(-50, 50), st.integers(-50, 50))
def test_offset_cube_round_trip(x, y):
    cube = offset_to_cube((x, y))
    assert sum(cube) == 0
    assert cube_to_offset(cube) == (x, y)


@pytest.mark.parametrize("grid", GRIDS, ids=["square", "alternating", "hex"])
@given(a=cells, b=cells, c=cells)
def test_distance_is_a_metric_up_to_the_alternating_diagonal(grid, a, b, c):
    d = grid.distance
    assert d(a, a) == 0
    assert d(a, b) == d(b, a)
    assert (d(a, b) == 0) == (a == b)
    if grid.diagonal is Diagonal.ALTERNATING:
        # Parity carries along a path, so splitting a path can save one: two separate diagonals cost 1 + 1,
        # one path of two diagonals costs 1 + 2.
        assert d(a, c) <= d(a, b) + d(b, c) + 1
    else:
        assert d(a, c) <= d(a, b) + d(b, c)


def test_alternating_diagonals_cost_one_two_one():
    assert [square_steps(n, n, Diagonal.ALTERNATING) for n in range(5)] == [0, 1, 3, 4, 6]
    assert [square_steps(n, n) for n in range(5)] == [0, 1, 2, 3, 4]
    assert square_steps(5, 2, Diagonal.ALTERNATING) == 6
    assert ALTERNATING.distance((0, 0), (2, 2)) == 3


@given(a=cells, b=cells)
def test_hex_distance_counts_steps(a, b):
    assert HEX.distance(a, b) == cube_distance(offset_to_cube(a), offset_to_cube(b))
    # Every neighbour is one step away, and some neighbour of a is one step closer to b.
    if a != b:
        assert min(HEX.distance(n, b) for n in HEX.neighbours(a)) == HEX.distance(a, b) - 1


@pytest.mark.parametrize("grid", GRIDS, ids=["square", "alternating", "hex"])
@given(c=cells)
def test_neighbours_are_one_step_away_and_inside(grid, c):
    for n in grid.neighbours(c):
        assert grid.contains(n)
        assert grid.reach(c, n) == 1
    assert len(grid.neighbours((10, 10))) == (6 if grid.hex else 8)


def test_directions_run_clockwise_on_screen_from_east():
    # y grows downwards, so clockwise goes east, south-east, south...
    assert [SQUARE.step((5, 5), d) for d in range(8)] == [(6, 5), (6, 6), (5, 6), (4, 6), (4, 5), (4, 4), (5, 4),
                                                          (6, 4)]
    size = 10.0
    angles = []
    for d in range(6):
        x0, y0 = HEX.centre((5, 4), size)
        x1, y1 = HEX.centre(HEX.step((5, 4), d), size)
        angles.append(round(math.degrees(math.atan2(y1 - y0, x1 - x0))) % 360)
    assert angles == [0, 60, 120, 180, 240, 300]
    assert len(HEX_DIRECTIONS) == 6


def test_square_pixels():
    assert SQUARE.centre((0, 0), 40) == (20, 20)
    assert SQUARE.centre((3, 1), 40) == (140, 60)
    assert SQUARE.corners((0, 0), 10) == ((0, 0), (10, 0), (10, 10), (0, 10))
    assert SQUARE.cell_at(139.9, 79.9, 40) == (3, 1)
    assert SQUARE.scene_size(40) == (1200, 1200)


def test_hex_pixels_pointy_top_odd_r():
    size = 10.0
    w = math.sqrt(3) * size
    assert HEX.centre((0, 0), size) == pytest.approx((w / 2, size))
    assert HEX.centre((0, 1), size) == pytest.approx((w, 2.5 * size))      # half a hex to the right
    assert HEX.centre((2, 2), size) == pytest.approx((2.5 * w, 4 * size))
    corners = HEX.corners((0, 0), size)
    assert corners[0] == pytest.approx((w / 2, 0))                         # the top corner first
    assert corners[3] == pytest.approx((w / 2, 2 * size))
    # Neighbouring centres are one hex width apart.
    for n in HEX.neighbours((4, 4)):
        (x0, y0), (x1, y1) = HEX.centre((4, 4), size), HEX.centre(n, size)
        assert math.hypot(x1 - x0, y1 - y0) == pytest.approx(w)


@pytest.mark.parametrize("grid", GRIDS, ids=["square", "alternating", "hex"])
@given(c=cells, fx=st.floats(-0.4, 0.4), fy=st.floats(-0.4, 0.4))
def test_a_pixel_inside_a_cell_maps_back_to_it(grid, c, fx, fy):
    size = 32.0
    cx, cy = grid.centre(c, size)
    # Points well inside the cell (within the inscribed circle for hexes).
    r = size * (0.8 if grid.hex else 1.0)
    assert grid.cell_at(cx + fx * r, cy + fy * r, size) == c


def test_corners_of_neighbouring_hexes_are_shared():
    size = 20.0
    mine = {(round(x, 6), round(y, 6)) for x, y in HEX.corners((3, 3), size)}
    for n in HEX.neighbours((3, 3)):
        theirs = {(round(x, 6), round(y, 6)) for x, y in HEX.corners(n, size)}
        assert len(mine & theirs) == 2


def test_clamp_and_contains():
    grid = Grid(GridKind.SQUARE, 5, 4)
    assert grid.contains((4, 3)) and not grid.contains((5, 3)) and not grid.contains((-1, 0))
    assert grid.clamp((9, -3)) == (4, 0)
