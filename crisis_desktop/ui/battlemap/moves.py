"""What a token drag means under the rules: the path, the move action it needs (Move, Run, Crawl) and its AP,
or why it cannot be done; and the one undoable command that spends the AP and moves the token."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from crisis_desktop.controller.commands import Command, Macro
from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.controller.map_commands import SetToken
from crisis_desktop.domain.character import EquipmentItem
from crisis_desktop.rules.base import Options, Ruleset
from crisis_desktop.rules.geometry import (
    Grid,
    Path,
    RangeBands,
    RangeResult,
    Terrain,
    find_path,
    plan_move,
    weapon_range,
)

Coord = tuple[int, int]


@dataclass(frozen=True)
class MoveDecision:
    """A drag from one cell to another: `action` is None when the move is free (the fight has not started,
    or the GM repositions); `allowed` False comes with the reason in `text`."""

    path: Path | None
    action: str | None
    ap: int
    allowed: bool
    text: str


def pace_of(ctl: EncounterController, combatant_id: str) -> int | None:
    """The mover's Pace in tiles from the rules' derived values (None where the rules have none)."""
    derived = ctl.ruleset.derived(ctl.character_of(combatant_id), ctl.options)
    pace = derived.get("pace")
    return int(pace.value) if pace is not None else None


def fight_running(ctl: EncounterController | None) -> bool:
    return ctl is not None and ctl.encounter.started and not ctl.encounter.ended


def decide_move(ctl: EncounterController | None, terrain: Terrain, combatant_id: str, start: Coord, goal: Coord,
                occupied: Collection[Coord], *, free: bool = False) -> MoveDecision:
    """What dragging `combatant_id` from `start` to `goal` costs now."""
    if goal in occupied:
        return MoveDecision(None, None, 0, False, f"{goal} is taken")
    if not fight_running(ctl) or free:
        path = find_path(terrain, start, goal, occupied=occupied)
        tiles = f"{path.cost} tiles" if path else "no walkable path"
        why = "GM reposition" if free else "set-up (the fight has not started)"
        return MoveDecision(path, None, 0, True, f"Place: {tiles}, no AP ({why})")
    assert ctl is not None
    name = ctl.name(combatant_id)
    pace = pace_of(ctl, combatant_id)
    prone = ctl.character_of(combatant_id).has_condition("prone")
    if pace is None:
        path = find_path(terrain, start, goal, occupied=occupied)
        if path is None:
            return MoveDecision(None, None, 0, False, "no way through: walls or other tokens block every path")
        action, reason = "move", f"Move: {path.cost} tiles"
    else:
        plan = plan_move(terrain, start, goal, pace, occupied=occupied)
        path, option = plan.path, plan.option
        if not option.possible:
            return MoveDecision(path, None, 0, False, f"{name} cannot go there: {option.reason}")
        action, reason = option.action or "move", option.reason
        if prone:
            reach = ctl.ruleset.crawl_reach(ctl.actor(combatant_id), ctl.options) or pace
            if option.tiles is None or option.tiles > reach:
                return MoveDecision(path, None, 0, False,
                                    f"{name} is prone: Crawl reaches {reach} tiles, this needs {option.tiles}; "
                                    "stand up to go further")
            action, reason = "crawl", f"Crawl: {option.tiles} of {reach} tiles"
    available = {a.action.key: a for a in ctl.actions(combatant_id)}
    avail = available.get(action)
    if avail is None:
        return MoveDecision(path, None, 0, False, f"The {ctl.ruleset.name} rules have no {action} action")
    if not avail.allowed:
        return MoveDecision(path, action, avail.price.get("ap", 0), False, avail.reason)
    cost = ctl.ruleset.cost_text(avail.price)
    if pace is not None and not prone and option.tiles is not None:
        reach = pace if action == "move" else 2 * pace
        return MoveDecision(path, action, avail.price.get("ap", 0), True,
                            f"{avail.action.label} ({cost}): {option.tiles} of {reach} tiles")
    return MoveDecision(path, action, avail.price.get("ap", 0), True, f"{reason} ({cost})")


def move_command(ctl: EncounterController | None, map_id: str, combatant_id: str, goal: Coord,
                 decision: MoveDecision) -> Command:
    """The move as one undo step: the action's AP and log entry (when it costs any) and the token.
    ValueError with the reason when the rules refuse it."""
    if not decision.allowed:
        raise ValueError(decision.text)
    name = ctl.name(combatant_id) if ctl is not None else "token"
    token = SetToken(map_id, combatant_id, goal, f"Move {name} to {goal}")
    if decision.action is None or ctl is None:
        return token
    spent = ctl.take_action(combatant_id, decision.action)
    return Macro(f"{spent.text} to {goal}", [spent, token])


def distance_for_rules(ruleset: Ruleset | None, grid: Grid, a: Coord, b: Coord) -> float:
    """The attack dialog's distance, in what the rules count (tiles, or metres)."""
    if ruleset is not None and ruleset.DISTANCE_UNIT == "metres":
        return grid.metres(a, b)
    return float(grid.distance(a, b))


def range_of(ruleset: Ruleset | None, grid: Grid, weapon: EquipmentItem, a: Coord, b: Coord,
             options: Options | None = None) -> RangeResult | None:
    """The weapon's range increment, penalty and band between two cells, by the campaign's rules and
    rule options; None for a weapon without range."""
    rng = weapon.stats.get("range")
    if not isinstance(rng, int | float) or rng <= 0:
        return None
    if ruleset is None:
        return weapon_range(grid, a, b, int(rng))
    # A range in metres is counted in whole cells on the map.
    tiles = max(1, round(rng / grid.metres_per_cell)) if ruleset.DISTANCE_UNIT == "metres" else int(rng)
    table = ruleset.range_bands(options or {})
    return weapon_range(grid, a, b, tiles, penalty_per_increment=ruleset.RANGE_PENALTY_PER_INCREMENT,
                        bands=RangeBands.from_table(table) if table else None)
