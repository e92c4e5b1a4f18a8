"""A moment as the text runs it: an opposed INT test ranks everyone, declarations go worst to best and resolution
best to worst; one action and one reaction, traded, an extra one with every test harder, or one forgone to make the
other easier."""

from __future__ import annotations

import pytest

from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.controller.history import History
from crisis_desktop.rules.kernel.dice import TypedDice
from crisis_desktop.rules.kernel.flows import StepRole
from crisis_desktop.rules.moments import economy
from tests.unit.rules.moments.people import RULES, actor, brann, campaign, ilse, vera


def ford() -> tuple[EncounterController, History, dict[str, str]]:
    game = campaign(vera(), brann(), ilse())
    history = History(game)
    ctl = EncounterController(game, "enc", RULES)
    for character in game.characters:
        history.push(ctl.add_combatant(character.id))
    ids = {ctl.view.name(c.id): c.id for c in ctl.view.encounter.combatants}
    return ctl, history, ids


def declare(ctl: EncounterController, history: History, who: str, choice: str = "act") -> None:
    history.push(ctl.step("declare", who, choice))


def test_the_int_test_ranks_crits_successes_failures_fumbles():
    ctl, history, ids = ford()
    # INT goals: Vera 33, Brann 24, Ilse 42. Vera fails (50), Brann fumbles (100), Ilse crits (4).
    history.push(ctl.start(TypedDice([50, 100, 4])))
    assert [r.combatant_id for r in ctl.view.order_rows()] == [ids["Brann"], ids["Vera"], ids["Ilse"]]  # worst first
    assert ctl.view.round_label() == "Moment 1 · declaring"
    # Within a band the higher roll is better: both succeed, 30 beats 10.
    ctl2, history2, ids2 = ford()
    history2.push(ctl2.start(TypedDice([10, 60, 30])))
    assert [r.combatant_id for r in ctl2.view.order_rows()] == [ids2["Brann"], ids2["Vera"], ids2["Ilse"]]


def test_a_tie_goes_to_the_pc_then_the_higher_goal_then_a_reroll():
    entries = RULES.rank_moment([actor(brann()), actor(vera())], TypedDice([20, 20]), {})
    assert [e.combatant_id for e in entries] == ["cb-vera", "cb-brann"]
    assert entries[0].tie_note == "PC before NPC on a tie"
    both_pcs = RULES.rank_moment([actor(vera()), actor(ilse())], TypedDice([20, 20]), {})
    assert [e.combatant_id for e in both_pcs] == ["cb-ilse", "cb-vera"]      # goal 42 before 33
    twins = RULES.rank_moment([actor(vera()), actor(ilse(int=11))], TypedDice([20, 20, 5, 70]), {})
    assert [e.combatant_id for e in twins] == ["cb-ilse", "cb-vera"] and twins[0].tie_note == "tie reroll 70"


def test_declarations_worst_to_best_then_resolution_best_to_worst():
    ctl, history, ids = ford()
    history.push(ctl.start(TypedDice([50, 100, 4])))       # Ilse, Vera, Brann
    offer = next(o for o in ctl.offers() if o.role is StepRole.PLAN)
    assert offer.actors == (ids["Brann"],)
    assert [c.key for c in offer.choices] == list(economy.STANCES)
    with pytest.raises(ValueError, match="Declare is not open to Ilse"):
        ctl.step("declare", ids["Ilse"], "act")
    declare(ctl, history, ids["Brann"], "extra_action")
    declare(ctl, history, ids["Vera"], "two_reactions")
    declare(ctl, history, ids["Ilse"], "focus_action")
    rows = {r.combatant_id: r.status for r in ctl.view.order_rows()}
    assert rows[ids["Brann"]] == "declared: Extra action"
    history.push(ctl.step("resolve_declarations"))
    assert ctl.view.acting() == (ids["Ilse"],)
    history.push(ctl.step("next_resolver"))
    assert ctl.view.acting() == (ids["Vera"],)
    history.push(ctl.step("next_resolver"))
    assert ctl.view.acting() == (ids["Brann"],)
    # Brann declared an extra action: two actions, one reaction, every test one step harder.
    brann_now = ctl.view.actor(ids["Brann"])
    assert economy.actions_left(brann_now) == 2 and economy.reactions_left(brann_now) == 1
    assert RULES.sheet.badges(brann_now, {}) == ["tests harder"]
    bars = {b.key: (b.current, b.maximum) for b in RULES.sheet.resources(brann_now, {})}
    assert bars["actions_left"] == (2, 2) and bars["reactions_left"] == (1, 1)
    # Vera traded her action for a second reaction: nothing to act with.
    vera_now = ctl.view.actor(ids["Vera"])
    attack = next(a for a in RULES.economy.available_actions(vera_now, {}) if a.action.key == "attack")
    assert not attack.allowed and attack.reason == "Vera declared no action this moment (Two reactions)"
    # The next moment resets what everyone declared and used.
    history.push(ctl.step("next_resolver", dice=TypedDice([50, 100, 4])))
    assert ctl.view.round_label() == "Moment 2 · declaring"
    assert ctl.view.combatant(ids["Brann"]).resources["stance"] == "act"
    assert ctl.view.combatant(ids["Brann"]).resources["actions_used"] == 0


def test_taking_actions_spends_them_with_reasons():
    busy = actor(vera(), stance="extra_action", actions_used=1)
    assert RULES.economy.spend_action(busy, "move", {}).effects[0].value == 2
    spent = actor(vera(), actions_used=1)
    with pytest.raises(ValueError, match="Vera has no action left this moment"):
        RULES.economy.spend_action(spent, "move", {})
    distant = next(a for a in RULES.economy.available_actions(actor(vera()), {}) if a.action.key == "move_distant")
    assert distant.allowed and RULES.economy.cost_text(distant.price) == "1 action + 1 reaction"
    focus = next(a for a in RULES.economy.available_actions(actor(vera(), stance="focus_action"), {})
                 if a.action.key == "move_distant")
    assert not focus.allowed and focus.reason == "Vera has no reaction left this moment (Focused action)"


def test_encumbered_every_test_is_harder_and_moves_are_near_only():
    from crisis_desktop.domain import ConditionState

    laden = vera()
    laden.conditions.append(ConditionState(key="encumbered"))
    assert RULES.checks.check(RULES.checks.check_request(actor(laden), "bod", {}), TypedDice([1]),
                              {}).target.value == 18
    focused = actor(laden, stance="focus_action")                      # easier and harder cancel
    assert RULES.checks.check(RULES.checks.check_request(focused, "bod", {}), TypedDice([1]), {}).target.value == 36
    distant = next(a for a in RULES.economy.available_actions(actor(laden), {}) if a.action.key == "move_distant")
    assert not distant.allowed and distant.reason == "Vera is encumbered: it moves somewhere near only"
    with pytest.raises(ValueError, match="moves somewhere near only"):
        RULES.economy.spend_action(actor(laden), "move_distant", {})
