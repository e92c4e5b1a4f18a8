"""Crisis attacks with several targets: a RoF volley spread over targets, everyone under a blast."""

from __future__ import annotations

import pytest
from conftest import actor, npc, pc

from crisis_desktop.rules.base import AttackRequest, AttackTarget, SetItemStat, SetResource
from crisis_desktop.rules.crisis import combat
from crisis_desktop.rules.kernel.dice import RandomDice, TypedDice
from crisis_desktop.rules.qstar.context import read


def shooter(**stats):
    return actor(pc(light_weapons=6, athletics=6, **stats), ap=6)


def volley(attacker, gun, *targets: tuple, **inputs) -> AttackRequest:
    return AttackRequest(attacker, gun, tuple(AttackTarget(t, values) for t, values in targets), inputs)


def test_a_volley_spread_over_two_targets_rolls_in_order_with_the_growing_penalty(rules, catalogue):
    smg = catalogue["smg"]
    wolf, boar = actor(npc("Wolf")), actor(npc("Boar"))
    request = volley(shooter(), smg, (wolf, {"distance": 2, "attacks": 2}), (boar, {"distance": 2}))
    # Wolf: 5 hits (d6 4), 5-2 = 3 misses; Boar: 6 explodes, 8-4 = 4 hits (d6 3).
    result = rules.attacks.resolve_attack(request, TypedDice([5, 4, 5, 6, 2, 3]), {})
    assert [(r.target.name, r.hit) for r in (result, *result.followups)] == [("Wolf", True), ("Wolf", False),
                                                                              ("Boar", True)]
    third = result.followups[1]
    assert [t.label for t in third.attack.total.terms][-1] == "RoF attack 3"
    assert third.attack.total.value == 8 - 4
    assert result.damage is not None and third.damage is not None and result.followups[0].damage is None
    # AP for three attacks, three rounds of ammunition, damage on each target it reached.
    price = {"ap": combat.attack_cost(smg, 2)}
    assert rules.attacks.attack_price(request, {}) == (price, None)
    assert rules.economy.pay(request.attacker, price, "attack").effects == \
        (SetResource(request.attacker.combatant.id, "ap", 6 - combat.attack_cost(smg, 2)),)
    assert SetItemStat(request.attacker.character.id, smg.id, "ammo", smg.stats["ammo"] - 3) in result.effects
    assert "Wolf: 1 hit(s)" in result.summary and "Boar: 1 hit(s)" in result.summary


def test_a_volley_of_more_attacks_than_rof_or_a_target_named_twice_is_refused(rules, catalogue):
    wolf, boar = actor(npc("Wolf")), actor(npc("Boar"))
    with pytest.raises(ValueError, match="RoF 2: at most 2 attack"):
        rules.attacks.attack_modifiers(volley(shooter(), catalogue["pistol"], (wolf, {"attacks": 2}), (boar, {})), {})
    with pytest.raises(ValueError, match="Wolf is named twice"):
        rules.attacks.attack_odds(volley(shooter(), catalogue["smg"], (wolf, {}), (wolf, {})), {})
    with pytest.raises(ValueError, match="at least 1"):
        rules.attacks.resolve_attack(volley(shooter(), catalogue["smg"], (wolf, {"attacks": 0})), RandomDice(1), {})


def test_volley_odds_per_target_match_single_target_odds_at_the_same_place_in_the_volley(rules, catalogue):
    smg = catalogue["smg"]
    wolf, boar = actor(npc("Wolf")), actor(npc("Boar"))
    odds = rules.attacks.attack_odds(volley(shooter(), smg, (wolf, {"distance": 2}), (boar, {"distance": 2,
                                                                                             "attacks": 2})),
                                     {})
    assert len(odds.further) == 1
    alone = rules.attacks.attack_odds(volley(shooter(), smg, (wolf, {"distance": 2})), {})
    assert odds.hit == pytest.approx(alone.hit)       # the first attack of a volley is as good as a single one
    # Boar takes attacks 2 and 3 (-2 and -4): worse than two attacks at the head of the volley.
    head = rules.attacks.attack_odds(volley(shooter(), smg, (boar, {"distance": 2, "attacks": 2})), {})
    assert odds.further[0].hit < head.hit
    # By hand: P(at least one of two independent rolls hits, at -2 and at -4).
    p2 = rules.attacks.attack_odds(volley(shooter(), smg, (boar, {"distance": 2}), circumstance=-2), {}).hit
    p3 = rules.attacks.attack_odds(volley(shooter(), smg, (boar, {"distance": 2}), circumstance=-4), {}).hit
    assert odds.further[0].hit == pytest.approx(1 - (1 - p2) * (1 - p3), abs=1e-9)


def test_a_grenade_hurts_everyone_under_it_with_one_die_less_per_tile(rules, catalogue):
    grenade = catalogue["grenade"]
    a, b, c = actor(npc("A")), actor(npc("B")), actor(npc("C"))
    request = volley(shooter(), grenade, (a, {"distance": 3}), (b, {"distance": 3, "tiles_from_centre": 1}),
                     (c, {"distance": 4, "tiles_from_centre": 3}))
    # One roll (5 hits) for everyone; A takes 3d8 (1+2+3), B 2d8 (4+4); C stands outside the radius of 2.
    result = rules.attacks.resolve_attack(request, TypedDice([5, 1, 2, 3, 4, 4]), {})
    by_name = {r.target.name: r for r in (result, *result.followups)}
    assert by_name["A"].damage.damage.value == 6 and by_name["B"].damage.damage.value == 8
    assert not by_name["C"].hit and by_name["C"].damage is None
    assert all(r.attack is result.attack for r in result.followups)       # the same roll
    assert "A 6" in result.summary and "B 8" in result.summary
    odds = rules.attacks.attack_odds(request, {})
    assert odds.hit == pytest.approx(odds.further[0].hit) and odds.further[1].hit == 0.0
    assert odds.expected_damage > odds.further[0].expected_damage > 0


def test_each_target_under_a_blast_may_dodge(rules, catalogue):
    grenade = catalogue["grenade"]
    quick = actor(pc("Ines", athletics=10), ap=0)
    slow = actor(npc("Slug"))
    request = volley(shooter(), grenade, (slow, {"distance": 2}), (quick, {"distance": 2, "target_dodges": True}))
    # attack 5; Slug takes 3d8 (1+1+1); Ines dodges with 9 > 5: one tile out, 2d8 (2+2).
    result = rules.attacks.resolve_attack(request, TypedDice([5, 1, 1, 1, 9, 2, 2]), {})
    ines = result.followups[0]
    assert ines.defence is not None and ines.damage.damage.value == 4 and result.damage.damage.value == 3
    assert SetResource(quick.combatant.id, "dodge_used", True) in result.effects
    assert any("Ines dodges" in n for n in result.notes)


def test_a_missed_blast_scatters_and_hurts_nobody_here(rules, catalogue):
    a, b = actor(npc("A")), actor(npc("B"))
    request = volley(shooter(), catalogue["grenade"], (a, {"distance": 6}), (b, {"distance": 6}))
    result = rules.attacks.resolve_attack(request, TypedDice([2, 7]), {})
    assert not result.hit and result.scatter == (7, 2) and not result.followups
    assert not [e for e in result.effects if getattr(e, "key", "") == "wounds"]


def test_the_request_reads_a_melee_weapon_as_striking_in_reach(catalogue):
    wolf = actor(npc("Wolf"))
    knife = catalogue["knife"]
    [aimed] = read(volley(shooter(), knife, (wolf, {"distance": 5.0, "cover": "light"})), melee=True)
    assert aimed.context.distance is None and aimed.context.cover.value == "light"
    with pytest.raises(ValueError, match="no attack input strain"):
        read(volley(shooter(), knife, (wolf, {"strain": 1})), melee=True)
