"""Movement on the grid: the cheapest path in tiles (what a move costs is the ruleset's, rules/kernel/movement.py).

Costs: a step costs what the grid's distance metric says (1; on squares with the alternating rule every
second diagonal of the path costs 2), doubled when the cell entered is difficult ground. Walls (total
cover) and `occupied` cells cannot be entered. On squares a diagonal step between two impassable cells is
not allowed (the same "both sides block" rule as a line of sight through a corner); one wall beside the
corner does not stop it. On open ground the path cost equals `Grid.distance`.
"""

from __future__ import annotations

import heapq
from collections.abc import Collection
from dataclasses import dataclass

from crisis_desktop.rules.kernel.geometry.grid import Coord, Diagonal
from crisis_desktop.rules.kernel.geometry.terrain import Terrain


@dataclass(frozen=True)
class Path:
    cost: int                  # tiles of movement
    cells: tuple[Coord, ...]   # start first, goal last


def find_path(terrain: Terrain, start: Coord, goal: Coord, *, limit: int | None = None,
              occupied: Collection[Coord] = ()) -> Path | None:
    """The cheapest path (Dijkstra), or None when the goal cannot be reached within `limit` tiles.

    The search from `start` is kept and resumed for the next goal asked of the same terrain, start and occupied
    cells, whatever its limit (a token dragged across the map asks one goal per cell it passes; a move is asked
    within a Run's reach and then, when too long, without a limit): a goal already reached costs only the walk
    back along its path, and a search runs only as far as the goal or the limit needs. The answer is the one a
    fresh search would give: the queue pops in (cost, cell) order, so the states a limited search would reach
    are reached in the same order, from the same cells, by the unlimited one.
    """
    if not terrain.passable(goal) or goal in occupied:
        return None
    if start == goal:
        return Path(0, (start,))
    blocked = occupied if isinstance(occupied, frozenset) else frozenset(occupied)
    key = (id(terrain), start, blocked)
    search = _SEARCHES.get(key)
    if search is None or search.terrain is not terrain:
        search = _Search(terrain, start, blocked)
        _SEARCHES[key] = search
        while len(_SEARCHES) > _KEPT_SEARCHES:
            del _SEARCHES[next(iter(_SEARCHES))]
    return search.path_to(goal, limit)


_KEPT_SEARCHES = 4
_SEARCHES: dict[tuple[int, Coord, frozenset[Coord]], _Search] = {}


def _offsets(terrain: Terrain) -> dict[tuple[int, int], list[tuple[int, int, bool]]]:
    """Neighbour offsets (dx, dy, diagonal on squares) by the parity of a cell's column and row (hex rows
    alternate), as grid.step has them."""
    grid = terrain.grid
    count = 6 if grid.hex else 8
    return {(px, py): [(nx - 4 - px, ny - 4 - py, nx - 4 - px != 0 and ny - 4 - py != 0 and not grid.hex)
                       for nx, ny in (grid.step((4 + px, 4 + py), d) for d in range(count))]
            for px in (0, 1) for py in (0, 1)}


class _Search:
    """Dijkstra from one start, run only as far as the goals (and limits) asked so far needed (resumable).

    A state is (cell, parity of diagonals so far); parity stays 0 unless diagonals alternate. A cell's path
    is fixed the first time one of its states leaves the queue: that is where a search for it alone stops.
    """

    def __init__(self, terrain: Terrain, start: Coord, occupied: frozenset[Coord]) -> None:
        self.terrain = terrain
        self.occupied = occupied
        self.offsets = _offsets(terrain)
        self.best: dict[tuple[Coord, int], int] = {(start, 0): 0}
        self.came: dict[tuple[Coord, int], tuple[Coord, int]] = {}
        self.queue: list[tuple[int, Coord, int]] = [(0, start, 0)]
        self.reached: dict[Coord, tuple[int, int]] = {}   # cell -> (cost, parity) of its first state popped

    def path_to(self, goal: Coord, limit: int | None = None) -> Path | None:
        found = self.reached.get(goal)
        if found is None:
            found = self._run_until(goal, limit)
        if found is None or (limit is not None and found[0] > limit):
            return None
        cost, parity = found
        cells = [goal]
        state = (goal, parity)
        came = self.came
        while state in came:
            state = came[state]
            cells.append(state[0])
        return Path(cost, tuple(reversed(cells)))

    def _run_until(self, goal: Coord, limit: int | None) -> tuple[int, int] | None:
        """Pop states until the goal's first, or until the next would cost more than `limit` (None: no limit);
        what is left in the queue is where the next call resumes."""
        terrain = self.terrain
        grid = terrain.grid
        width, height = grid.width, grid.height
        alternating = not grid.hex and grid.diagonal is Diagonal.ALTERNATING
        difficult, walls, occupied = terrain.difficult, terrain.impassable, self.occupied
        offsets = self.offsets
        best, came, queue, reached = self.best, self.came, self.queue, self.reached
        push, pop = heapq.heappush, heapq.heappop

        def passable(x: int, y: int) -> bool:
            return 0 <= x < width and 0 <= y < height and (x, y) not in walls

        while queue:
            if limit is not None and queue[0][0] > limit:
                return None
            cost, cell, parity = pop(queue)
            if cell not in reached:
                reached[cell] = (cost, parity)
            if cost <= best.get((cell, parity), cost):
                x, y = cell
                for dx, dy, diagonal in offsets[(x & 1, y & 1)]:
                    nx, ny = x + dx, y + dy
                    nxt = (nx, ny)
                    if not (0 <= nx < width and 0 <= ny < height) or nxt in walls or nxt in occupied:
                        continue
                    # On squares a diagonal step between two impassable cells is not allowed.
                    if diagonal and not (passable(nx, y) or passable(x, ny)):
                        continue
                    step, new_parity = 1, parity
                    if diagonal and alternating:
                        step, new_parity = 1 + parity, 1 - parity
                    if nxt in difficult:
                        step *= 2
                    new_cost = cost + step
                    state = (nxt, new_parity)
                    if new_cost < best.get(state, new_cost + 1):
                        best[state] = new_cost
                        came[state] = (cell, parity)
                        push(queue, (new_cost, nxt, new_parity))
            if cell == goal:
                return reached[goal]
        return None
