"""Movement on the grid: the cheapest path in tiles (what a move costs is the ruleset's, rules/movement.py).

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

from crisis_desktop.rules.geometry.grid import Coord, Diagonal
from crisis_desktop.rules.geometry.terrain import Terrain


@dataclass(frozen=True)
class Path:
    cost: int                  # tiles of movement
    cells: tuple[Coord, ...]   # start first, goal last


def find_path(terrain: Terrain, start: Coord, goal: Coord, *, limit: int | None = None,
              occupied: Collection[Coord] = ()) -> Path | None:
    """The cheapest path (Dijkstra), or None when the goal cannot be reached within `limit` tiles."""
    grid = terrain.grid
    if not terrain.passable(goal) or goal in occupied:
        return None
    if start == goal:
        return Path(0, (start,))
    alternating = not grid.hex and grid.diagonal is Diagonal.ALTERNATING
    difficult = terrain.difficult
    # A state is (cell, parity of diagonals so far); parity stays 0 unless diagonals alternate.
    best: dict[tuple[Coord, int], int] = {(start, 0): 0}
    came: dict[tuple[Coord, int], tuple[Coord, int]] = {}
    queue: list[tuple[int, Coord, int]] = [(0, start, 0)]
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
            if nxt in difficult:
                step *= 2
            new_cost = cost + step
            if limit is not None and new_cost > limit:
                continue
            if new_cost < best.get((nxt, new_parity), new_cost + 1):
                best[(nxt, new_parity)] = new_cost
                came[(nxt, new_parity)] = (cell, parity)
                heapq.heappush(queue, (new_cost, nxt, new_parity))
    return None
