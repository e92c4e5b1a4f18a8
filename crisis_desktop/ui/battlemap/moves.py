"""What a token drag means under the campaign's rules (asked of the ruleset's movement) and the one undoable
command that spends the move's action and moves the token; cover for the sight line away from a fight."""

from __future__ import annotations

from collections.abc import Collection

from crisis_desktop.controller.commands import Command, Macro
from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.controller.map_commands import SetToken
from crisis_desktop.rules.base import Ruleset
from crisis_desktop.rules.kernel.cover import CoverReading, geometry_reading
from crisis_desktop.rules.kernel.geometry import Terrain
from crisis_desktop.rules.kernel.movement import MovePlan, free_move, refused

Coord = tuple[int, int]


def fight_running(ctl: EncounterController | None) -> bool:
    return ctl is not None and ctl.view.encounter.started and not ctl.view.encounter.ended


def decide_move(ctl: EncounterController | None, terrain: Terrain, combatant_id: str, start: Coord, goal: Coord,
                occupied: Collection[Coord], *, free: bool = False) -> MovePlan:
    """What dragging `combatant_id` from `start` to `goal` costs now: free before the fight, for a GM
    reposition and under rules without movement; otherwise what the ruleset's movement says."""
    if goal in occupied:
        return refused(f"{goal} is taken")
    if free:
        return free_move(terrain, start, goal, occupied, "GM reposition")
    if ctl is None or not fight_running(ctl):
        return free_move(terrain, start, goal, occupied, "set-up (the fight has not started)")
    movement = ctl.ruleset.movement()
    if movement is None:
        return free_move(terrain, start, goal, occupied, f"the {ctl.ruleset.name} rules give moves no cost")
    return movement.plan_move(ctl.view.actor(combatant_id), terrain, start, goal, occupied, ctl.view.options)


def move_command(ctl: EncounterController | None, map_id: str, combatant_id: str, goal: Coord,
                 decision: MovePlan) -> Command:
    """The move as one undo step: the action's AP and log entry (when it costs any) and the token.
    ValueError with the reason when the rules refuse it."""
    if not decision.allowed:
        raise ValueError(decision.text)
    name = ctl.view.name(combatant_id) if ctl is not None else "token"
    token = SetToken(map_id, combatant_id, goal, f"Move {name} to {goal}")
    if decision.action is None or ctl is None:
        return token
    spent = ctl.take_action(combatant_id, decision.action)
    return Macro(f"{spent.text} to {goal}", [spent, token])


def cover_for_rules(ruleset: Ruleset | None, ctl: EncounterController | None, terrain: Terrain, a: Coord, t: Coord,
                    attacker_id: str | None = None, target_id: str | None = None) -> CoverReading:
    """Cover of the target's cell against the attacker's as the campaign's rules read it (with the combatants
    when they are in the encounter); the painted cover without rules."""
    if ruleset is None:
        return geometry_reading(terrain, a, t)
    attacker = target = None
    if ctl is not None and attacker_id is not None and target_id is not None:
        try:
            attacker, target = ctl.view.actor(attacker_id), ctl.view.actor(target_id)
        except KeyError:
            attacker = target = None    # a token of a combatant no longer in the encounter
    return ruleset.cover_between(terrain, a, t, attacker, target, ctl.view.options if ctl is not None else None)
