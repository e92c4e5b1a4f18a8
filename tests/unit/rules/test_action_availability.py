"""One action's availability, as a move or Take action asks for it: the same answer as the whole list gives, in
every ruleset, for both fighters of a duel as its first steps leave them."""

from __future__ import annotations

import pytest

from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.rules.dice import RandomDice
from crisis_desktop.rules.flow import StepRole
from crisis_desktop.rules.registry import get_ruleset, ruleset_ids
from tests.unit.simulate.duels import duel


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_one_action_is_priced_as_the_list_prices_it(ruleset_id: str) -> None:
    ruleset = get_ruleset(ruleset_id)
    controller = EncounterController(duel(ruleset), "enc", ruleset)
    controller.start(RandomDice(7))
    options = controller.view.options
    checked = 0
    for _ in range(4):
        for combatant in controller.view.encounter.combatants:
            actor = controller.view.actor(combatant.id)
            listed = ruleset.available_actions(actor, options)
            assert listed, f"no actions for {actor.name}"
            for availability in listed:
                assert ruleset.action_availability(actor, availability.action.key, options) == availability
                checked += 1
            assert ruleset.action_availability(actor, "no such action", options) is None
        advance = next((o for o in controller.offers() if o.role is StepRole.ADVANCE and o.allowed), None)
        if advance is None:
            break
        controller.step(advance.key, None, None, RandomDice(8))   # on through the fight: turns begun, AP given
    assert checked >= 2
