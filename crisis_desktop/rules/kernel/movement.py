"""The movement capability: what a token drag on the battle map costs under a system's rules.

A ruleset that has movement rules returns a `Movement` from `Ruleset.movement()`; the map asks it for a
`MovePlan` and turns an allowed plan into one undo step (the action spent through the encounter, and the
token moved). A ruleset without one (`movement()` is None) lets the map move tokens freely.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Collection
from dataclasses import dataclass

from crisis_desktop.rules.base import ActionAvailability, Actor, Cost, Options, Ruleset
from crisis_desktop.rules.kernel.geometry import Coord, Path, Terrain, find_path


@dataclass(frozen=True)
class MovePlan:
    """A drag from one cell to another: the path, the action to spend (`action` None when the move is free),
    its price (in the rules' currencies, `cost_text` as the actor pays it, "2 AP"), whether the rules allow it
    now, and the text the map shows ("Run (2 AP): 7 of 10 tiles", or the reason it cannot be done)."""

    path: Path | None
    action: str | None
    price: Cost
    cost_text: str
    allowed: bool
    text: str


def refused(text: str, path: Path | None = None, action: str | None = None, price: Cost | None = None,
            cost_text: str = "") -> MovePlan:
    """A plan the rules do not allow, with the reason in `text`."""
    return MovePlan(path, action, price or {}, cost_text, False, text)


def free_move(terrain: Terrain, start: Coord, goal: Coord, occupied: Collection[Coord], why: str) -> MovePlan:
    """A placement that spends nothing (set-up, a GM reposition, or rules without movement): any walkable path,
    or straight onto a free cell when walls close every path."""
    if goal in occupied:
        return refused(f"{goal} is taken")
    path = find_path(terrain, start, goal, occupied=occupied)
    tiles = f"{path.cost} tiles" if path else "no walkable path"
    return MovePlan(path, None, {}, "", True, f"Place: {tiles}, no AP ({why})")


class Movement(ABC):
    """A system's movement rules on the battle map. Every method is pure."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset

    @abstractmethod
    def plan_move(self, actor: Actor, terrain: Terrain, start: Coord, goal: Coord, occupied: Collection[Coord],
                  options: Options) -> MovePlan:
        """What moving `actor` from `start` to `goal` costs in a running fight (`occupied`: cells other tokens
        hold)."""

    @abstractmethod
    def reach(self, actor: Actor, terrain: Terrain, options: Options) -> int | None:
        """The farthest the actor's longest move takes it now, in path tiles (for a preview); None where
        nothing limits it."""

    def move_actions(self, actor: Actor) -> tuple[str, ...] | None:
        """The actions a move of `actor` spends, one of them whatever the move; None where some move costs nothing
        (or the rules do not say), so that any move may be allowed."""
        return None

    def may_move(self, actor: Actor, options: Options) -> bool:
        """Whether some move could be allowed now: False when the rules would refuse every action a move spends
        (no AP, no action left), so that no path need be searched to find that out."""
        keys = self.move_actions(actor)
        if keys is None:
            return True
        for key in keys:
            avail = self.ruleset.economy.action_availability(actor, key, options)
            if avail is not None and avail.allowed:
                return True
        return False

    def spend(self, actor: Actor, action_key: str, path: Path | None, options: Options) -> MovePlan:
        """The plan for spending `action_key` on `path`, checked against the actions available now: refused
        with the rules' reason when it cannot be afforded. `text` is left for the caller to fill in."""
        avail: ActionAvailability | None = self.ruleset.economy.action_availability(actor, action_key, options)
        if avail is None:
            return refused(f"The {self.ruleset.name} rules have no {action_key} action", path)
        cost_text = self.ruleset.economy.cost_text(avail.price)
        if not avail.allowed:
            return refused(avail.reason, path, action_key, avail.price, cost_text)
        return MovePlan(path, action_key, avail.price, cost_text, True, avail.action.label)


__all__ = ["MovePlan", "Movement", "free_move", "refused"]
