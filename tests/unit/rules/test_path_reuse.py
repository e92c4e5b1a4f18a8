"""A token drag asks `find_path` one goal after another from the same start: the kept search gives exactly the
path a fresh search gives, whichever goals came before."""

from __future__ import annotations

import heapq
import random
from collections.abc import Collection

import pytest

from crisis_desktop.domain.battle_map import Cell, Cover, GridKind
from crisis_desktop.rules.kernel.geometry import Path, find_path
from crisis_desktop.rules.kernel.geometry.grid import Coord, Diagonal, Grid
from crisis_desktop.rules.kernel.geometry.terrain import Terrain


def fresh_search(terrain: Terrain, start: Coord, goal: Coord, limit: int | None,
                 occupied: Collection[Coord]) -> Path | None:
    """The search as it was before searches were kept: Dijkstra stopping at the goal."""
    grid = terrain.grid
    if not terrain.passable(goal) or goal in occupied:
        return None
    if start == goal:
        return Path(0, (start,))
    alternating = not grid.hex and grid.diagonal is Diagonal.ALTERNATING
    best = {(start, 0): 0}
    came: dict[tuple[Coord, int], tuple[Coord, int]] = {}
    queue = [(0, start, 0)]
    while queue:
        cost, cell, parity = heapq.heappop(queue)
        if cell == goal:
            cells = [cell]
            state = (cell, parity)
            while state in came:
                state = came[state]
                cells.append(state[0])
            return Path(cost, tuple(reversed(cells)))
        if cost > best.get((cell, parity), cost):
            continue
        for nxt in grid.neighbours(cell):
            if not terrain.passable(nxt) or nxt in occupied:
                continue
            diagonal = not grid.hex and nxt[0] != cell[0] and nxt[1] != cell[1]
            if diagonal and not (terrain.passable((nxt[0], cell[1])) or terrain.passable((cell[0], nxt[1]))):
                continue
            step, new_parity = 1, parity
            if diagonal and alternating:
                step, new_parity = 1 + parity, 1 - parity
            if nxt in terrain.difficult:
                step *= 2
            new_cost = cost + step
            if limit is not None and new_cost > limit:
                continue
            if new_cost < best.get((nxt, new_parity), new_cost + 1):
                best[(nxt, new_parity)] = new_cost
                came[(nxt, new_parity)] = (cell, parity)
                heapq.heappush(queue, (new_cost, nxt, new_parity))
    return None


@pytest.mark.parametrize(("kind", "diagonal"), [(GridKind.SQUARE, Diagonal.ONE),
                                                (GridKind.SQUARE, Diagonal.ALTERNATING),
                                                (GridKind.HEX, Diagonal.ONE)])
@pytest.mark.parametrize("seed", range(4))
def test_kept_search_answers_as_a_fresh_one(kind: GridKind, diagonal: Diagonal, seed: int) -> None:
    rng = random.Random(seed)
    size = 14
    cells = [Cell(x=rng.randrange(size), y=rng.randrange(size),
                  cover=rng.choice([Cover.HEAVY, Cover.TOTAL, Cover.TOTAL]), difficult=rng.random() < 0.4)
             for _ in range(45)]
    terrain = Terrain(Grid(kind, size, size, 1.5, diagonal), cells)
    start = (rng.randrange(size), rng.randrange(size))
    occupied = frozenset((rng.randrange(size), rng.randrange(size)) for _ in range(6)) - {start}
    goals = [(rng.randrange(size), rng.randrange(size)) for _ in range(60)]
    for limit in (None, 6):
        for goal in goals:   # in the order a drag asks, one search kept between them
            expected = fresh_search(terrain, start, goal, limit, occupied)
            assert find_path(terrain, start, goal, limit=limit, occupied=occupied) == expected, (goal, limit)
    # One search serves every limit, asked in any order (a move within a Run's reach, then without a limit).
    limits = [rng.choice((None, 2, 4, 6, 9)) for _ in goals]
    occupied = occupied - {goals[0]}
    for goal, limit in zip(goals, limits, strict=True):
        expected = fresh_search(terrain, start, goal, limit, occupied)
        assert find_path(terrain, start, goal, limit=limit, occupied=occupied) == expected, (goal, limit)


def test_another_terrain_is_searched_afresh() -> None:
    grid = Grid(GridKind.SQUARE, 5, 1, 1.5, Diagonal.ONE)
    open_ground = Terrain(grid)
    assert find_path(open_ground, (0, 0), (4, 0)) == Path(4, ((0, 0), (1, 0), (2, 0), (3, 0), (4, 0)))
    walled = Terrain(grid, [Cell(x=2, y=0, cover=Cover.TOTAL)])
    assert find_path(walled, (0, 0), (4, 0)) is None
    assert find_path(walled, (0, 0), (4, 0), occupied={(1, 0)}) is None
    assert find_path(open_ground, (0, 0), (4, 0), occupied={(3, 0)}) is None
    assert find_path(open_ground, (0, 0), (2, 0)).cost == 2  # type: ignore[union-attr]
