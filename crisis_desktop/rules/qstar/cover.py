"""The crisis reading of battle-map cover: bullets step penetrable material down one step (total -> heavy ->
light -> none), and a prone target facing the attacker has at least heavy cover (against firearms too)."""

from __future__ import annotations

from dataclasses import dataclass

from crisis_desktop.rules.base import Actor, CoverLevel, Options
from crisis_desktop.rules.kernel.cover import CoverReading
from crisis_desktop.rules.kernel.geometry import Coord, CoverResult, CoverSummary, Terrain, cover_between
from crisis_desktop.rules.kernel.geometry.cover import where

STEPS = (CoverLevel.NONE, CoverLevel.LIGHT, CoverLevel.HEAVY, CoverLevel.TOTAL)


def firearms_step(level: int, penetrable: bool) -> int:
    """One cell's cover step against bullets: one step less behind penetrable material (the terrain's pierce
    reading for firearms)."""
    return max(0, level - 1) if penetrable else level


@dataclass(frozen=True)
class CrisisCover:
    """Cover under the crisis rules. `terrain*` come from the map (`terrain_firearms` with penetrable material
    stepped down); `cover*` add the prone rule."""

    terrain: CoverLevel
    terrain_firearms: CoverLevel
    cover: CoverLevel
    cover_firearms: CoverLevel
    prone_facing: bool
    reason: str

    @property
    def penetrable(self) -> bool:
        """Whether bullets step the map's cover down (AttackContext.cover_penetrable)."""
        return self.terrain_firearms is not self.terrain

    def context_fields(self) -> dict[str, object]:
        """The AttackContext fields; the attack rules apply the step-down and the prone rule."""
        return {"cover": self.terrain, "cover_penetrable": self.penetrable, "target_prone_facing": self.prone_facing}


def read_cover(result: CoverResult | CoverSummary, prone_facing: bool = False) -> CrisisCover:
    """The crisis reading of a geometry result computed on a terrain pierced by `firearms_step` (one pair, or
    one entry of `cover_many`)."""
    before, after = STEPS.index(result.terrain), STEPS.index(result.terrain_pierced)
    heavy = STEPS.index(CoverLevel.HEAVY)
    shown, shown_after = (max(before, heavy), max(after, heavy)) if prone_facing else (before, after)
    parts = [result.reason] if before else []
    if after < before:
        firearms = f"{result.terrain_pierced.value} cover" if after else "no cover"
        moved = after and result.source_pierced != result.source
        extra = f" ({firearms} {where(result.source_pierced)})" if moved else ""
        parts.append(f"bullets go through: {firearms} against firearms{extra}")
    if prone_facing and before < STEPS.index(CoverLevel.TOTAL):
        parts.append("prone and facing the attacker: at least heavy cover")
    return CrisisCover(result.terrain, result.terrain_pierced, STEPS[shown], STEPS[shown_after], prone_facing,
                       "; ".join(parts) if parts else result.reason)


def firearms_terrain(terrain: Terrain) -> Terrain:
    """The terrain read against firearms (built once per terrain)."""
    return terrain.pierced_by(firearms_step)


def crisis_cover(terrain: Terrain, attacker_cell: Coord, target_cell: Coord, attacker: Actor | None = None,
                 target: Actor | None = None, options: Options | None = None, *,
                 prone_facing: bool = False) -> CoverReading:
    """Cover of the target's cell against the attacker's under the crisis reading, for the map and the attack dialog
    (the Q* rulesets' `cover_between`: the prone rule is the attack dialog's, facing is not on the map)."""
    result = cover_between(firearms_terrain(terrain), attacker_cell, target_cell)
    read = read_cover(result, prone_facing)
    return CoverReading(result, read.terrain, read.penetrable, prone_facing, read.reason)
