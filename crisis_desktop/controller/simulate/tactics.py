"""Named tactics a side follows in a simulated fight: whom to attack, whether to take cover, when to flee."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any


class Target(StrEnum):
    """Whom a combatant attacks among the enemies still fighting."""

    NEAREST = "nearest"        # the closest on the battle map (without a map: the first in the encounter's list)
    WEAKEST = "weakest"        # the least health left, as a share of the health bar
    DANGEROUS = "dangerous"    # the one whose best weapon does the most damage on average

    @property
    def label(self) -> str:
        return {Target.NEAREST: "Attack the nearest", Target.WEAKEST: "Attack the weakest",
                Target.DANGEROUS: "Attack the most dangerous"}[self]


@dataclass(frozen=True)
class Tactics:
    """How one side fights: its target choice; `cover`: a ranged fighter standing in the open moves to a cell with
    cover against its target first, where the map offers one within a move (under rules with movement; elsewhere it
    stays put); `flee_at`: the side leaves the fight
    once this share of it is down or out (None: it fights to the end)."""

    target: Target = Target.NEAREST
    cover: bool = False
    flee_at: float | None = None

    def __post_init__(self) -> None:
        if self.flee_at is not None and not 0.0 < self.flee_at <= 1.0:
            raise ValueError(f"The share at which a side flees must be above 0 and at most 1, not {self.flee_at}")

    def describe(self) -> str:
        parts = [self.target.label.lower()]
        if self.cover:
            parts.append("take cover")
        if self.flee_at is not None:
            parts.append(f"flee at {round(self.flee_at * 100)}% lost")
        return ", ".join(parts)

    def to_dict(self) -> dict[str, Any]:
        return {"target": self.target.value, "cover": self.cover, "flee_at": self.flee_at}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Tactics:
        flee = data.get("flee_at")
        return cls(Target(data.get("target", Target.NEAREST.value)), bool(data.get("cover", False)),
                   None if flee is None else float(flee))
