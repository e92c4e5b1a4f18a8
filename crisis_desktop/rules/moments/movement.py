"""Range bands on the battle map (close, near, distant, far by `range_band_cells`) and movement: somewhere near
costs an action, somewhere distant an action and a reaction."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace

from crisis_desktop.domain import EquipmentItem
from crisis_desktop.rules.base import Actor, Options
from crisis_desktop.rules.kernel.geometry import Coord, Terrain, find_path
from crisis_desktop.rules.kernel.movement import Movement, MovePlan, refused
from crisis_desktop.rules.moments import economy
from crisis_desktop.rules.moments.attacks import BANDS, range_steps
from crisis_desktop.rules.moments.options import option


def band_cells(options: Options) -> tuple[int, int, int]:
    """The last cell of close, near and distant."""
    close, near, distant = (int(n) for n in option(options, "range_band_cells").split("/"))
    return close, near, distant


def band_for(tiles: int, reach: int, options: Options) -> str:
    """close when adjacent (`reach` 1), else by the cells of `range_band_cells`."""
    close, near, distant = band_cells(options)
    if reach <= 1 or tiles <= close:
        return "close"
    return "near" if tiles <= near else "distant" if tiles <= distant else "far"


def range_readout(weapon: EquipmentItem | None, tiles: int, reach: int, options: Options) -> list[str]:
    band = band_for(tiles, reach, options)
    lines = [f"{band} ({tiles} tile{'' if tiles == 1 else 's'})"]
    if band == "near":
        lines.append("moving there: 1 action")
    elif band in ("distant", "far"):
        lines.append("moving to distant: an action and a reaction")
    if weapon is not None:
        try:
            harder = range_steps(weapon, band)
            lines.append(f"{weapon.name}: {'one step harder' if harder else 'in reach'}")
        except ValueError as exc:
            lines.append(str(exc))
    return lines


class MomentsMovement(Movement):
    """A drag within near is Move nearby (an action); within distant, Move somewhere distant (action and
    reaction)."""

    def reach(self, actor: Actor, terrain: Terrain, options: Options) -> int:
        _close, near, distant = band_cells(options)
        if economy.actions_left(actor) and economy.reactions_left(actor):
            return distant
        return near if economy.actions_left(actor) else 0

    def move_actions(self, actor: Actor) -> tuple[str, ...]:
        return ("move", "move_distant")

    def plan_move(self, actor: Actor, terrain: Terrain, start: Coord, goal: Coord, occupied: Collection[Coord],
                  options: Options) -> MovePlan:
        _close, near, distant = band_cells(options)
        path = find_path(terrain, start, goal, limit=distant, occupied=occupied) \
            or find_path(terrain, start, goal, occupied=occupied)
        if path is None:
            return refused(f"{actor.name} cannot go there: walls or other tokens block every path")
        if path.cost > distant:
            return refused(f"{actor.name} cannot go there in one moment: {path.cost} tiles, distant is at most "
                           f"{distant}", path)
        key = "move" if path.cost <= near else "move_distant"
        spent = self.spend(actor, key, path, options)
        if not spent.allowed:
            return spent
        return replace(spent, text=f"{spent.text} ({spent.cost_text}): {path.cost} tiles")


__all__ = ["BANDS", "MomentsMovement", "band_for", "range_readout"]
