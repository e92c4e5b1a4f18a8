"""Cover as a ruleset reads it: geometry gives the line and the painted cover (rules/kernel/geometry/cover.py); the
ruleset says what that means for an attack. `Ruleset.cover_between` returns a `CoverReading`."""

from __future__ import annotations

from dataclasses import dataclass

from crisis_desktop.rules.base.values import CoverLevel
from crisis_desktop.rules.kernel.geometry import Coord, CoverResult, Terrain, cover_between


@dataclass(frozen=True)
class CoverReading:
    """Cover of a target against an attacker under a system's rules: the geometry (`result`: the traced line
    and the cells giving cover, for an overlay), what the attack dialog fills in (`cover`, `penetrable`,
    `prone_facing`, as in AttackContext) and the cover in plain words."""

    result: CoverResult
    cover: CoverLevel
    penetrable: bool
    prone_facing: bool
    reason: str

    @property
    def line_of_sight(self) -> bool:
        return self.result.line_of_sight

    def context_fields(self) -> dict[str, object]:
        """The AttackContext fields this reading fills; the ruleset's attack rules apply them."""
        return {"cover": self.cover, "cover_penetrable": self.penetrable, "target_prone_facing": self.prone_facing}


def geometry_reading(terrain: Terrain, attacker: Coord, target: Coord) -> CoverReading:
    """The painted cover as it stands, for rules without a cover reading: penetrable when the cell (or both
    cells of a squeeze) giving it are painted penetrable."""
    result = cover_between(terrain, attacker, target)
    penetrable = bool(result.source) and all(cell in terrain.penetrable for cell in result.source)
    return CoverReading(result, result.terrain, penetrable, False, result.reason)


__all__ = ["CoverReading", "geometry_reading"]
