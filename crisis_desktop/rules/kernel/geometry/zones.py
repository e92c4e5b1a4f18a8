"""Labelled areas of a map (the zones the GM paints: "Courtyard", "Tower floor"): which area a cell is in, and
which areas touch. Systems that count movement and melee by areas rather than tiles read them from here."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from crisis_desktop.rules.kernel.geometry.grid import Coord, Grid


@dataclass(frozen=True)
class AreaRelation:
    """Where two cells stand in the map's areas: each one's area ("" for a cell in none) and whether the two areas
    touch (a cell of one is a grid neighbour of a cell of the other)."""

    first: str
    second: str
    adjacent: bool = False

    @property
    def known(self) -> bool:
        """Both cells lie in a labelled area."""
        return bool(self.first and self.second)

    @property
    def same(self) -> bool:
        return self.known and self.first == self.second

    def describe(self) -> str:
        """In words, for the map's readouts: "both in Courtyard", "Courtyard, next to Gate"."""
        if not self.known:
            return "not both in labelled areas"
        if self.same:
            return f"both in {self.first}"
        return f"{self.first}, {'next to' if self.adjacent else 'apart from'} {self.second}"


class Zones:
    """The labelled areas of one map, built from its painted cells (rebuild after the map is edited)."""

    def __init__(self, grid: Grid, labels: Mapping[Coord, str]) -> None:
        self.grid = grid
        self.labels = {cell: label for cell, label in labels.items() if label and grid.contains(cell)}
        touching: set[tuple[str, str]] = set()
        for cell, label in self.labels.items():
            for near in grid.neighbours(cell):
                other = self.labels.get(near)
                if other and other != label:
                    touching.add((label, other))
                    touching.add((other, label))
        self._touching = frozenset(touching)

    def area(self, cell: Coord) -> str:
        """The area `cell` lies in; "" when it lies in none."""
        return self.labels.get(cell, "")

    def names(self) -> list[str]:
        """Every area once, sorted."""
        return sorted(set(self.labels.values()))

    def adjacent(self, first: str, second: str) -> bool:
        """Whether two different areas touch."""
        return (first, second) in self._touching

    def neighbours(self, area: str) -> list[str]:
        """The areas touching `area`, sorted."""
        return sorted(b for a, b in self._touching if a == area)

    def relation(self, first: Coord, second: Coord) -> AreaRelation:
        a, b = self.area(first), self.area(second)
        return AreaRelation(a, b, bool(a and b and a != b and self.adjacent(a, b)))
