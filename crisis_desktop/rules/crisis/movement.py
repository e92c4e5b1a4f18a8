"""Crisis movement on the battle map: Move (1 AP) up to Pace tiles, Run (2 AP) up to 2 x Pace, and a prone
character's Crawl (1 AP) up to its crawl reach (the `crawl_reach` rule option)."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, replace

from crisis_desktop.domain import Character
from crisis_desktop.rules.base import Actor, Options
from crisis_desktop.rules.crisis import hiding, sheet
from crisis_desktop.rules.kernel.geometry import Coord, Path, Terrain, find_path
from crisis_desktop.rules.kernel.movement import Movement, MovePlan, refused

MOVE, RUN, CRAWL, SNEAK_MOVE = "move", "run", "crawl", "sneak_move"
PRONE, KNEELING = "prone", "kneeling"


@dataclass(frozen=True)
class MoveOption:
    """Which action a move needs: "move", "run", or None with the reason it is impossible."""

    action: str | None
    ap: int
    tiles: int | None
    reason: str

    @property
    def possible(self) -> bool:
        return self.action is not None


def move_action(tiles: int | None, pace: int, *, move_ap: int = 1, run_ap: int = 2) -> MoveOption:
    """Move (1 AP) covers up to Pace tiles, Run (2 AP) up to 2 x Pace."""
    if tiles is None:
        return MoveOption(None, 0, None, "no way through: walls or other tokens block every path")
    if tiles <= pace:
        return MoveOption(MOVE, move_ap, tiles, f"Move ({move_ap} AP): {tiles} of {pace} tiles")
    if tiles <= 2 * pace:
        return MoveOption(RUN, run_ap, tiles, f"Run ({run_ap} AP): {tiles} of {2 * pace} tiles")
    return MoveOption(None, 0, tiles, f"needs {tiles} tiles, Run reaches {2 * pace}")


@dataclass(frozen=True)
class Route:
    """The cheapest path of a drag and the action it needs."""

    path: Path | None
    option: MoveOption


def route(terrain: Terrain, start: Coord, goal: Coord, pace: int, *, occupied: Collection[Coord] = (),
          move_ap: int = 1, run_ap: int = 2) -> Route:
    """The path and the action a drag from `start` to `goal` needs, for a mover with `pace` tiles."""
    # Search only as far as a Run reaches; only a move that is too long pays for the full search.
    path = find_path(terrain, start, goal, limit=2 * pace, occupied=occupied) \
        or find_path(terrain, start, goal, occupied=occupied)
    if path is None and not terrain.passable(goal):
        return Route(None, MoveOption(None, 0, None, f"{goal} is a wall"))
    if path is None and goal in occupied:
        return Route(None, MoveOption(None, 0, None, f"{goal} is taken"))
    return Route(path, move_action(path.cost if path else None, pace, move_ap=move_ap, run_ap=run_ap))


def posture_of(character: Character) -> str | None:
    """Prone or kneeling (prone wins when both are set), None standing."""
    return next((key for key in (PRONE, KNEELING) if character.has_condition(key)), None)


def pace(actor: Actor) -> int:
    """The actor's Pace in tiles."""
    return int(sheet.pace(actor.character).value)


class CrisisMovement(Movement):
    """Move, Run, or (prone) Crawl; the AP come from the actions available now."""

    def crawl_reach(self, actor: Actor, options: Options) -> int:
        """Tiles one Crawl takes a prone actor: its Pace, or half of it (the `crawl_reach` rule option)."""
        tiles = pace(actor)
        if self.ruleset.options_with_defaults(options)["crawl_reach"] == "half_pace":
            return max(1, tiles // 2)
        return tiles

    def reach(self, actor: Actor, terrain: Terrain, options: Options) -> int:
        if actor.character.has_condition(PRONE):
            return self.crawl_reach(actor, options)
        return 2 * pace(actor)

    def move_actions(self, actor: Actor) -> tuple[str, ...]:
        if actor.character.has_condition(PRONE):
            return (CRAWL,)
        return (SNEAK_MOVE, MOVE, RUN) if hiding.sneak_move_left(actor) else (MOVE, RUN)

    def plan_move(self, actor: Actor, terrain: Terrain, start: Coord, goal: Coord, occupied: Collection[Coord],
                  options: Options) -> MovePlan:
        tiles_per_move = pace(actor)
        plan = route(terrain, start, goal, tiles_per_move, occupied=occupied)
        option = plan.option
        if not option.possible:
            return refused(f"{actor.name} cannot go there: {option.reason}", plan.path)
        assert option.action is not None and option.tiles is not None
        if actor.character.has_condition(PRONE):
            reach = self.crawl_reach(actor, options)
            if option.tiles > reach:
                return refused(f"{actor.name} is prone: Crawl reaches {reach} tiles, this needs {option.tiles}; "
                               "stand up to go further", plan.path)
            spent = self.spend(actor, CRAWL, plan.path, options)
            text = f"Crawl: {option.tiles} of {reach} tiles ({spent.cost_text})"
        elif option.action == MOVE and hiding.sneak_move_left(actor):
            # A successful Sneak's move: as far as a Move, unseen, paid by the Sneak.
            spent = self.spend(actor, SNEAK_MOVE, plan.path, options)
            text = f"Sneak: {option.tiles} of {tiles_per_move} tiles, unseen (paid by the Sneak)"
        else:
            spent = self.spend(actor, option.action, plan.path, options)
            reach = tiles_per_move if option.action == MOVE else 2 * tiles_per_move
            text = f"{spent.text} ({spent.cost_text}): {option.tiles} of {reach} tiles"
        return replace(spent, text=text) if spent.allowed else spent
