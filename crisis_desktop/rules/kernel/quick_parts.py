"""Parts every ruleset's quick fight uses (rules/base/quick.py): an outcome drawn from exact odds with one uniform
number, the battle map read once per pair of cells, and the sequential flow's next turn."""

from __future__ import annotations

import math
import random
from bisect import bisect_right
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from itertools import accumulate
from typing import TYPE_CHECKING, Generic, TypeVar

from crisis_desktop.domain import EquipmentItem, StatValue
from crisis_desktop.rules.base import Attacks, CoverLevel, Ruleset, StateRole

if TYPE_CHECKING:
    from crisis_desktop.rules.kernel.cover import CoverReading
    from crisis_desktop.rules.kernel.geometry import AreaRelation, Coord, Grid, Terrain

T = TypeVar("T")


@dataclass(frozen=True)
class Sampler(Generic[T]):
    """An outcome of exact odds drawn with one uniform number: None (nothing happens) below `miss`, else the value
    whose cumulative weight first exceeds the number."""

    miss: float
    cumulative: tuple[float, ...]
    values: tuple[T, ...]

    @classmethod
    def of(cls, p_miss: float, weights: Mapping[T, float], order: Sequence[T] | None = None) -> Sampler[T]:
        """From the chance of nothing and the weight of each value (the values in `order`, else sorted)."""
        values = tuple(order) if order is not None else tuple(sorted(weights))  # type: ignore[type-var]
        cumulative = tuple(accumulate((weights[v] for v in values), initial=p_miss))[1:]
        # The last value takes whatever rounding left above the sum of the weights.
        return cls(p_miss, (*cumulative[:-1], math.inf) if cumulative else (), values)

    def draw(self, rng: random.Random) -> T | None:
        u = rng.random()
        if u < self.miss:
            return None
        return self.values[bisect_right(self.cumulative, u)]


# The map between two cells: distance in tiles, in metres, reach, cover as the rules read it, labelled areas.
Measure = tuple[int, float, int, "CoverReading", "AreaRelation"]


class MapReader:
    """The battle map as the rules read it between two cells, each pair worked out once: distance, reach, cover and
    line of sight, and whether a weapon may strike across it. For rules whose reading of cover does not depend on
    what changes in a simulated fight (every reading is asked without the fighters)."""

    def __init__(self, rules: Ruleset, terrain: Terrain, grid: Grid, options: Mapping[str, StatValue]) -> None:
        self.rules, self.terrain, self.grid, self.options = rules, terrain, grid, options
        self._measures: dict[tuple[Coord, Coord], Measure] = {}
        self._refused: dict[tuple[str, Coord, Coord], bool] = {}

    def measure(self, here: Coord, there: Coord) -> Measure:
        key = (here, there)
        found = self._measures.get(key)
        if found is None:
            reading = self.rules.cover_between(self.terrain, here, there, options=self.options)
            found = self._measures[key] = (self.grid.distance(here, there), self.grid.metres(here, there),
                                           self.grid.reach(here, there), reading,
                                           self.terrain.zones.relation(here, there))
        return found

    def refused(self, weapon: EquipmentItem, here: Coord, there: Coord) -> bool:
        """No line of sight, or a target out of the weapon's reach (the board's map refusals)."""
        key = (weapon.id, here, there)
        found = self._refused.get(key)
        if found is None:
            tiles, _metres, reach, reading, areas = self.measure(here, there)
            assert isinstance(self.rules, Attacks)
            found = self._refused[key] = not reading.line_of_sight or \
                self.rules.reach_refusal(weapon, tiles, reach, areas) is not None
        return found

    def cover(self, here: Coord, there: Coord) -> tuple[CoverLevel, bool]:
        """Cover of `there` against `here`, and whether there is line of sight."""
        reading = self.measure(here, there)[3]
        return reading.cover, reading.line_of_sight


def next_turn(order: Sequence[int], index: int, round_: int, roles: Sequence[StateRole],
              surprise: Collection[int] = (), wrap: bool = True) -> tuple[int, int] | None:
    """The sequential flow's next turn after position `index` of the turn order: the next combatant not out of the
    fight (in the surprise round, round 0, one of `surprise`), as (position, round); None when nobody can take one
    (or, without `wrap`, nobody before the round's end)."""
    for _ in range(2 * len(order) + 1):
        index += 1
        if index >= len(order):
            if not wrap:
                return None
            index, round_ = 0, round_ + 1
        i = order[index]
        if round_ == 0 and surprise and i not in surprise:
            continue
        if roles[i] is not StateRole.OUT:
            return index, round_
    return None


__all__ = ["MapReader", "Measure", "Sampler", "next_turn"]
