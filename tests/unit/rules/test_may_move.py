"""Whether some move could be allowed: the rules' quick answer (no path searched) agrees with asking them about every
move near the mover, as it spends its actions one by one, in every ruleset with movement."""

from __future__ import annotations

import pytest

from crisis_desktop.controller.simulate.engine import FightPlayer
from crisis_desktop.controller.simulate.fight import SimController
from crisis_desktop.domain import BattleMap
from crisis_desktop.rules.dice import RandomDice
from crisis_desktop.rules.geometry import Terrain
from crisis_desktop.rules.registry import get_ruleset, ruleset_ids
from tests.unit.simulate.duels import duel

WITH_MOVEMENT = [r for r in ruleset_ids() if get_ruleset(r).movement() is not None]
HERE = (6, 6)
NEAR = [(HERE[0] + dx, HERE[1] + dy) for dx in range(-4, 5) for dy in range(-4, 5) if (dx, dy) != (0, 0)]


def test_every_ruleset_has_movement() -> None:
    assert ruleset_ids() == WITH_MOVEMENT      # so the test below covers them all


@pytest.mark.parametrize("ruleset_id", WITH_MOVEMENT)
def test_may_move_is_what_the_moves_near_the_mover_say(ruleset_id: str) -> None:
    ruleset = get_ruleset(ruleset_id)
    movement = ruleset.movement()
    assert movement is not None
    terrain = Terrain.of(BattleMap(name="Open ground", width=13, height=13))
    controller = SimController(duel(ruleset), "enc", ruleset)     # each step lands at once
    controller.commands.start(RandomDice(7))
    options = controller.view.options
    seen: set[bool] = set()

    def check(cid: str) -> None:
        actor = controller.view.actor(cid)
        may = movement.may_move(actor, options)
        allowed = any(movement.plan_move(actor, terrain, HERE, goal, (), options).allowed for goal in NEAR)
        if movement.move_actions(actor) is None:
            assert may, "where some move is free, any move may be allowed"
        else:
            assert may == allowed, f"{actor.name}: may_move {may}, a move near it allowed: {allowed}"
        seen.add(may)

    for _ in range(12):
        for cid in controller.view.acting():
            check(cid)
            # Spend its actions one at a time (the first the rules allow), asking again after each, until none is left.
            for _ in range(12):
                allowed = [a for a in ruleset.available_actions(controller.view.actor(cid), options) if a.allowed]
                if not allowed:
                    break
                try:
                    controller.commands.take_action(cid, allowed[0].action.key)
                except ValueError:
                    break
                check(cid)
        step = FightPlayer._next_step(controller)     # on as the simulator goes: plan, choose, advance
        if step is None:
            break
        controller.commands.step(*step, RandomDice(8))
    assert True in seen
    if ruleset_id != "skirmish":       # skirmish: a move within an area is free, so one may always be allowed
        assert False in seen, "every move action was spent, yet a move was still allowed"
