"""The action economy of every system: one action's availability, as a move or Take action asks for it, is the same
answer as the whole list gives; where the system has movement, whether some move could be allowed (the rules' quick
answer, no path searched) agrees with asking about every move near the mover."""

from __future__ import annotations

import pytest

from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.controller.simulate.engine import FightPlayer
from crisis_desktop.controller.simulate.fight import SimController
from crisis_desktop.domain import BattleMap
from crisis_desktop.rules.kernel.dice import RandomDice
from crisis_desktop.rules.kernel.flows import StepRole
from crisis_desktop.rules.kernel.geometry import Terrain
from crisis_desktop.rules.registry import get_ruleset
from tests.unit.simulate.duels import duel

HERE = (6, 6)
NEAR = [(HERE[0] + dx, HERE[1] + dy) for dx in range(-4, 5) for dy in range(-4, 5) if (dx, dy) != (0, 0)]


@pytest.mark.when(lambda rules: rules.attacks is not None)      # the duel arms the PC from the catalogue
def test_one_action_is_priced_as_the_list_prices_it(ruleset_id: str) -> None:
    ruleset = get_ruleset(ruleset_id)
    controller = EncounterController(duel(ruleset), "enc", ruleset)
    controller.start(RandomDice(7))
    options = controller.view.options
    checked = 0
    for _ in range(4):
        for combatant in controller.view.encounter.combatants:
            actor = controller.view.actor(combatant.id)
            listed = ruleset.economy.available_actions(actor, options)
            assert listed, f"no actions for {actor.name}"
            for availability in listed:
                assert ruleset.economy.action_availability(actor, availability.action.key, options) == availability
                checked += 1
            assert ruleset.economy.action_availability(actor, "no such action", options) is None
        advance = next((o for o in controller.offers() if o.role is StepRole.ADVANCE and o.allowed), None)
        if advance is None:
            break
        controller.step(advance.key, None, None, RandomDice(8))   # on through the fight: turns begun, AP given
    assert checked >= 2


@pytest.mark.when(lambda rules: rules.attacks is not None and rules.movement() is not None)
def test_may_move_is_what_the_moves_near_the_mover_say(ruleset_id: str) -> None:
    ruleset = get_ruleset(ruleset_id)
    movement = ruleset.movement()
    assert movement is not None
    terrain = Terrain.of(BattleMap(name="Open ground", width=13, height=13))
    controller = SimController(duel(ruleset), "enc", ruleset)     # each step lands at once
    controller.commands.start(RandomDice(7))
    options = controller.view.options
    seen: set[bool] = set()
    priced: set[bool] = set()       # whether a mover's moves spent actions (None: some move is free)

    def check(cid: str) -> None:
        actor = controller.view.actor(cid)
        may = movement.may_move(actor, options)
        allowed = any(movement.plan_move(actor, terrain, HERE, goal, (), options).allowed for goal in NEAR)
        if movement.move_actions(actor) is None:
            assert may, "where some move is free, any move may be allowed"
        else:
            assert may == allowed, f"{actor.name}: may_move {may}, a move near it allowed: {allowed}"
        priced.add(movement.move_actions(actor) is not None)
        seen.add(may)

    for _ in range(12):
        for cid in controller.view.acting():
            check(cid)
            # Spend its actions one at a time (the first the rules allow), asking again after each, until none is left.
            for _ in range(12):
                allowed = [a for a in ruleset.economy.available_actions(controller.view.actor(cid),
                                                                        options) if a.allowed]
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
    if True in priced:       # where every move is free (skirmish: within an area), one may always be allowed
        assert False in seen, "every move action was spent, yet a move was still allowed"
