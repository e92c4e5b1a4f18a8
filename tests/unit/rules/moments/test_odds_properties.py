"""Hypothesis over the moments odds as the GM sees them: a test's odds through the ruleset (any stat, bonus,
difficulty and declaration, either step option) sum to 1 and equal rolling every d100 face through the rules; an
attack's expected damage and its odds of dropping the target (0 HP, or a major wound's death test) agree with
sampling the attack itself."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crisis_desktop.domain.character import ConditionState
from crisis_desktop.rules.base import AddCondition, AttackRequest, AttackTarget, Outcome
from crisis_desktop.rules.kernel.dice import RandomDice, TypedDice
from crisis_desktop.rules.moments import economy
from tests.hypothesis_budget import examples
from tests.unit.rules.moments.people import RULES, actor, brann, vera

STANCES = st.sampled_from(list(economy.STANCES))
OPTIONS = st.sampled_from([{}, {"difficulty_steps": "multiplicative"}])


@settings(max_examples=examples(30), deadline=None)
@given(st.integers(3, 21), st.sampled_from(["none", "Swords", "Shields"]), st.sampled_from(["easy", "normal", "hard"]),
       STANCES, st.booleans(), OPTIONS)
def test_a_tests_odds_sum_to_1_and_equal_every_face_rolled(bod, bonus, difficulty, stance, encumbered, options):
    character = vera(bod=bod)
    if encumbered:
        character.conditions.append(ConditionState(key="encumbered"))
    request = RULES.checks.check_request(actor(character, stance=stance), "bod", {"difficulty": difficulty,
                                                                                  "bonus": bonus})
    odds = RULES.checks.check_odds(request, options)
    assert sum(odds.outcomes.values()) == pytest.approx(1) and sum(odds.degrees.values()) == pytest.approx(1)
    counted: dict[Outcome, float] = {}
    for face in range(1, 101):
        outcome = RULES.checks.check(request, TypedDice([face]), options).outcome
        counted[outcome] = counted.get(outcome, 0.0) + 0.01
    assert set(counted) <= set(odds.outcomes)
    for outcome, p in odds.outcomes.items():
        assert counted.get(outcome, 0.0) == pytest.approx(p), outcome


@settings(max_examples=examples(4), deadline=None)
@given(st.sampled_from(["none", "parry", "block", "dodge"]), st.integers(0, 2**31))
def test_attack_damage_and_drop_odds_agree_with_sampling(reaction, seed):
    """Brann's greataxe (2d6 slicing) at Vera (2 AP, 11 HP): a hit of 8 or more is a major wound, whose slicing row
    and death test may kill her."""
    attacker, target = actor(brann()), actor(vera())
    weapon = attacker.character.equipment[0]
    request = AttackRequest(attacker, weapon, (AttackTarget(target, {"reaction": reaction, "range": "close",
                                                                     "defence_bonus": "Swords"}),),
                            {"bonus": "Axes", "difficulty": "normal"})
    odds = RULES.attacks.attack_odds(request, {})
    assert sum(odds.damage.values()) == pytest.approx(1)
    dice = RandomDice(seed)
    n = 3000
    taken = dropped = 0
    for _ in range(n):
        result = RULES.attacks.resolve_attack(request, dice, {})
        if result.damage is not None:
            taken += int(result.damage.taken.value)
            dropped += any(isinstance(e, AddCondition) and e.key == "dead" for e in result.effects)
    assert taken / n == pytest.approx(odds.expected_damage, abs=0.25)
    assert dropped / n == pytest.approx(odds.drop_target, abs=0.03)
