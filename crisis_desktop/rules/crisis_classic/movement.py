"""Crisis-classic movement on the battle map: one Move (1 AP) goes up to Speed modifier + 2 metres, counted
along the path (each tile of path cost is one cell's width in metres)."""

from __future__ import annotations

from collections.abc import Collection

from crisis_desktop.domain import Character
from crisis_desktop.rules.base import Actor, Options
from crisis_desktop.rules.crisis_classic import sheet
from crisis_desktop.rules.kernel.geometry import Coord, Terrain, find_path
from crisis_desktop.rules.kernel.movement import Movement, MovePlan, refused

MOVE, PRONE = "move", "prone"


def posture_of(character: Character) -> str | None:
    """Prone or None (the classic rules have no kneeling)."""
    return PRONE if character.has_condition(PRONE) else None


def metres(value: float) -> str:
    """A distance as the map shows it: "4.5 m", "3 m"."""
    return f"{value:g} m"


class ClassicMovement(Movement):
    """Move only; the distance is the derived Move (m), one Move per drag."""

    def move_metres(self, actor: Actor) -> int:
        return int(sheet.move_distance(actor.character, half=False).value)

    def reach(self, actor: Actor, terrain: Terrain, options: Options) -> int:
        return int(self.move_metres(actor) // terrain.grid.metres_per_cell)

    def move_actions(self, actor: Actor) -> tuple[str, ...]:
        return (MOVE,)

    def plan_move(self, actor: Actor, terrain: Terrain, start: Coord, goal: Coord, occupied: Collection[Coord],
                  options: Options) -> MovePlan:
        if not terrain.passable(goal):
            return refused(f"{actor.name} cannot go there: {goal} is a wall")
        path = find_path(terrain, start, goal, occupied=occupied)
        if path is None:
            return refused(f"{actor.name} cannot go there: no way through: walls or other tokens block every path")
        walked, allowance = path.cost * terrain.grid.metres_per_cell, self.move_metres(actor)
        if walked > allowance:
            return refused(f"{actor.name} cannot go there: needs {metres(walked)}, Move reaches {metres(allowance)}",
                           path)
        spent = self.spend(actor, MOVE, path, options)
        if not spent.allowed:
            return spent
        return MovePlan(path, MOVE, spent.price, spent.cost_text, True,
                        f"{spent.text} ({spent.cost_text}): {metres(walked)} of {metres(allowance)}")
