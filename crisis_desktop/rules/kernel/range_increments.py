"""Range by increments, for the systems that declare it (crisis: -1 per increment after the first; crisis-classic:
-2): the weapon's range increment on the map, the penalty and band there, and the lines the map shows. Nothing here
applies to a system that does not declare a `RangeIncrements`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from crisis_desktop.domain import EquipmentItem
from crisis_desktop.rules.base import MapSpan
from crisis_desktop.rules.kernel.geometry import RangeBands, RangeResult, range_for_distance


@dataclass(frozen=True)
class RangeIncrements:
    """What a system declares of range by increments: the weapon's range increment (in `unit`, "tiles" or "metres";
    None for a melee weapon), the attack roll's penalty per increment after the first, the farthest increment, and
    the bands by increment number ({"short": [1, 1], "medium": [2, 3], "long": [4, 10]}; None for the default)."""

    penalty_per_increment: int
    max_increments: int | None = 10          # None: no farthest increment
    unit: str = "tiles"
    bands: Mapping[str, Sequence[int]] | None = None

    def increment_tiles(self, weapon_range: float, metres_per_cell: float) -> int:
        """The increment in whole cells of the map (a range in metres is counted in cells)."""
        if self.unit == "metres":
            return max(1, round(weapon_range / metres_per_cell))
        return int(weapon_range)

    def at(self, weapon_range: float, tiles: int, metres_per_cell: float) -> RangeResult:
        """The increment, penalty and band of a target `tiles` away for a weapon of this range."""
        return range_for_distance(tiles, self.increment_tiles(weapon_range, metres_per_cell),
                                  metres_per_cell=metres_per_cell, penalty_per_increment=self.penalty_per_increment,
                                  max_increments=self.max_increments,
                                  bands=RangeBands.from_table(self.bands) if self.bands else None)

    def lines(self, weapon: EquipmentItem | None, weapon_range: float | None, span: MapSpan) -> tuple[str, ...]:
        """What the map shows for the chosen weapon: its increment, band and penalty there, "melee", or why the target
        is out of range; nothing without a weapon."""
        if weapon is None:
            return ()
        if weapon_range is None:
            return (f"{weapon.name}: melee",)
        found = self.at(weapon_range, span.tiles, span.metres_per_cell)
        if not found.in_range:
            return (f"{weapon.name}: {found.reason}",)
        extra = f", {found.penalty.value:+g}" if found.penalty.value else ""
        return (f"{weapon.name}: increment {found.increment} of {found.increment_size} tiles, {found.band}{extra}",)


__all__ = ["RangeIncrements"]
