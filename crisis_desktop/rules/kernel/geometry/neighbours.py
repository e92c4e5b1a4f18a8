"""Who stands next to whom on the grid: the tokens one step from a cell (diagonals included on squares), for the
rules that read engagement from the map (genesys engaged, skirmish engaged in its area)."""

from __future__ import annotations

from collections.abc import Mapping

from crisis_desktop.rules.kernel.geometry.grid import Coord, Grid


def standing_next_to(grid: Grid, cells: Mapping[str, Coord], cell: Coord) -> tuple[str, ...]:
    """The ids of `cells` one step from `cell` (reach 1), sorted; the one standing on `cell` is not next to it."""
    return tuple(sorted(key for key, there in cells.items() if there != cell and grid.reach(there, cell) == 1))


__all__ = ["standing_next_to"]
