"""What the crisis attack dialog shows before the roll: each RoF step, the price and whether it can be paid, and
the odds of Execute."""

from __future__ import annotations

import pytest
from attack_requests import request_of
from conftest import actor, npc, pc

from crisis_desktop.rules.base import AttackRequest, AttackTarget
from crisis_desktop.rules.qstar.context import AttackContext


def test_the_modifiers_list_every_rof_step_of_a_spread_volley(rules, catalogue):
    wolf, boar = actor(npc("Wolf")), actor(npc("Boar"))
    request = AttackRequest(actor(pc(light_weapons=6), ap=6), catalogue["smg"],
                            (AttackTarget(wolf, {"attacks": 2}), AttackTarget(boar, {})))
    steps = [(t.label, t.value) for t in rules.attacks.attack_modifiers(request, {}) if t.label.startswith("RoF")]
    assert steps == [("RoF attack 2 at Wolf", -2), ("RoF attack 3 at Boar", -4)]


def test_the_price_in_ap_or_an_npc_action_and_why_it_cannot_be_paid(rules, catalogue):
    smg = catalogue["smg"]
    rich = AttackRequest(actor(pc(), ap=6), smg, (AttackTarget(actor(npc()), {"attacks": 3}),))
    assert rules.attacks.attack_price(rich, {}) == ({"ap": 4}, None)
    poor = AttackRequest(actor(pc(), ap=1), smg, (AttackTarget(actor(npc()), {}),))
    price, reason = rules.attacks.attack_price(poor, {})
    assert price == {"ap": 2} and reason == "Not enough AP: Attack costs 2, Vera has 1"
    raider = AttackRequest(actor(npc("Raider"), actions_taken=2), smg, (AttackTarget(actor(pc()), {}),))
    assert rules.attacks.attack_price(raider, {"npc_actions": "two_actions"}) == (
        {"actions": 1}, "Raider has taken both actions this round")
    assert rules.economy.cost_text({"ap": 4}) == "4 AP"


def test_execute_odds_equal_a_hand_computation(rules, catalogue):
    # A Body d4 knife doubled: 2, 4, 6 or 8 wounds, each 1/4; the helpless target then rolls its Body d8 and lives
    # if it reaches its wounds (a 1 is a critical failure): 7/8, 5/8, 3/8, 1/8.
    target = actor(npc(difficulty=1, body=8, conditions=("helpless",)))
    attacker = actor(pc(body=4, melee=6), ap=6)
    o = rules.attacks.execute_odds(request_of(AttackContext(attacker, catalogue["knife"], target)), {})
    assert o.hit == 1.0 and o.damage == pytest.approx({2: 0.25, 4: 0.25, 6: 0.25, 8: 0.25})
    assert o.drop_target == pytest.approx(1 - (7 + 5 + 3 + 1) / 32)
    with pytest.raises(ValueError, match="not helpless"):
        rules.attacks.execute_odds(request_of(AttackContext(attacker, catalogue["knife"], actor(npc()))), {})
