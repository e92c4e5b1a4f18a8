"""Weapon range on the grid: range increment, its penalty, the range band, and why a target is out of range."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from crisis_desktop.rules.base.values import Explained, Term
from crisis_desktop.rules.kernel.geometry.grid import Coord, Grid


@dataclass(frozen=True)
class RangeBands:
    """Range bands by increment number: short = 1..short_max, medium = ..medium_max, long = beyond.

    The default is crisis's rule option `range_bands` = "increments" (short = the first increment,
    medium = increments 2-3, long = beyond).
    """

    short_max: int = 1
    medium_max: int = 3

    @classmethod
    def from_table(cls, table: Mapping[str, Sequence[int]]) -> RangeBands:
        """From a rule table row such as {"short": [1, 1], "medium": [2, 3], "long": [4, 10]}."""
        return cls(int(table["short"][1]), int(table["medium"][1]))

    def band(self, increment: int) -> str:
        if increment <= self.short_max:
            return "short"
        return "medium" if increment <= self.medium_max else "long"


@dataclass(frozen=True)
class RangeResult:
    """How far the target is for a weapon of range increment `increment` tiles, and what that costs."""

    distance: int                # tiles
    metres: float
    increment_size: int          # the weapon's RNG in tiles
    increment: int               # which increment the target is in (1 = the first)
    maximum: int                 # farthest reach in tiles (max increments x RNG; 0 where there is no maximum)
    in_range: bool
    penalty: Explained           # the range term of the attack roll (0 in the first increment)
    band: str                    # "short", "medium", "long"; "out of range" beyond the maximum
    reason: str


def range_increment(distance: float, increment_size: int) -> int:
    """Which increment a distance falls in: 1 up to RNG tiles, 2 up to 2 x RNG... (1 at distance 0)."""
    if increment_size <= 0:
        raise ValueError(f"a range increment must be at least 1 tile, not {increment_size}")
    return max(1, math.ceil(distance / increment_size))


def range_for_distance(distance: int, increment_size: int, *, metres_per_cell: float = 1.5,
                       penalty_per_increment: int = -1, max_increments: int | None = 10,
                       bands: RangeBands | None = None) -> RangeResult:
    """Range of a target `distance` tiles away: `penalty_per_increment` for each increment after the first, at most
    `max_increments` increments (None: no maximum; `maximum` is then 0)."""
    n = range_increment(distance, increment_size)
    maximum = max_increments * increment_size if max_increments is not None else 0
    metres = distance * metres_per_cell
    if max_increments is not None and n > max_increments:
        return RangeResult(distance, metres, increment_size, n, maximum, False, Explained(0),
                           "out of range", f"out of range: {distance} tiles, maximum {maximum}")
    penalty = Explained.of(Term(f"range increment {n}", penalty_per_increment * (n - 1))) if n > 1 \
        else Explained(0)
    band = (bands or RangeBands()).band(n)
    reason = f"{distance} tiles ({metres:g} m): increment {n} of {increment_size} tiles, {band} range"
    if n > 1:
        reason += f", {penalty.value:+g}"
    return RangeResult(distance, metres, increment_size, n, maximum, True, penalty, band, reason)


def weapon_range(grid: Grid, attacker: Coord, target: Coord, increment_size: int, *,
                 penalty_per_increment: int = -1, max_increments: int | None = 10,
                 bands: RangeBands | None = None) -> RangeResult:
    """Range between two cells, measured with the grid's distance metric."""
    return range_for_distance(grid.distance(attacker, target), increment_size,
                              metres_per_cell=grid.metres_per_cell, penalty_per_increment=penalty_per_increment,
                              max_increments=max_increments, bands=bands)
