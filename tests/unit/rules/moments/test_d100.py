"""Tests of the moments rules: goals (easy doubles, hard halves), criticals under a tenth of the goal, 100 fumbles,
opposed tests with the text's tie rules, steps harder and easier; exact odds that sum to 1 and agree with sampling."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crisis_desktop.rules.base import Outcome
from crisis_desktop.rules.kernel.dice import TypedDice
from crisis_desktop.rules.moments.d100 import (
    Band,
    Rolled,
    active_wins,
    band,
    band_odds,
    goal,
    net_steps,
    opposed_odds,
    opposed_winner,
)
from tests.hypothesis_budget import examples
from tests.unit.rules.moments.people import RULES, actor, brann, vera

CLAMPED: dict[str, str] = {}
MULTIPLY = {"difficulty_steps": "multiplicative"}


@pytest.mark.parametrize(("stat", "bonus", "normal", "easy", "hard"),
                         [(10, 0, 30, 60, 15), (12, 30, 66, 132, 33), (11, 25, 58, 116, 29), (3, 0, 9, 18, 4),
                          (21, 0, 63, 126, 31)])
def test_goals_normal_easy_and_hard(stat, bonus, normal, easy, hard):
    assert goal(stat, bonus).value == normal
    assert goal(stat, bonus, -1).value == easy
    assert goal(stat, bonus, 1).value == hard
    for steps in (-1, 0, 1):
        g = goal(stat, bonus, steps)
        assert sum(t.value for t in g.terms) == g.value


def test_a_test_succeeds_strictly_under_the_goal():
    assert band(29, 30) is Band.SUCCESS and band(30, 30) is Band.FAILURE and band(99, 30) is Band.FAILURE


@pytest.mark.parametrize(("goal_value", "last_critical"), [(30, 2), (66, 6), (9, 0), (100, 9), (132, 13)])
def test_critical_below_a_tenth_of_the_goal(goal_value, last_critical):
    crits = [r for r in range(1, 101) if band(r, goal_value) is Band.CRITICAL]
    assert crits == list(range(1, last_critical + 1))


def test_100_always_fumbles_even_when_easy_passes_100():
    assert band(100, 132) is Band.FUMBLE and band(99, 132) is Band.SUCCESS
    assert band_odds(132)[Band.FUMBLE] == pytest.approx(0.01)


def test_steps_cancel_and_clamp_unless_multiplicative():
    assert net_steps(1, 1, CLAMPED) == 0
    assert net_steps(2, 0, CLAMPED) == 1 and net_steps(0, 3, CLAMPED) == -1
    assert net_steps(2, 0, MULTIPLY) == 2
    assert goal(10, 0, 2).value == 7          # 30 halved twice, rounded down


@pytest.mark.parametrize(("a", "p", "winner", "why"), [
    (Rolled(20, Band.SUCCESS), Rolled(70, Band.FAILURE), "active", "the only success"),
    (Rolled(70, Band.FAILURE), Rolled(20, Band.SUCCESS), "passive", "the only success"),
    (Rolled(3, Band.CRITICAL), Rolled(40, Band.SUCCESS), "active", "a critical beats a success"),
    (Rolled(40, Band.SUCCESS), Rolled(30, Band.SUCCESS), "active", "both succeed: the higher roll"),
    (Rolled(80, Band.FAILURE), Rolled(90, Band.FAILURE), "passive", "both fail: the higher roll"),
    (Rolled(80, Band.FAILURE), Rolled(100, Band.FUMBLE), "active", "a fumble loses"),
    (Rolled(40, Band.SUCCESS, pc=True), Rolled(40, Band.SUCCESS), "active", "a tie goes to the player character"),
    (Rolled(40, Band.SUCCESS), Rolled(40, Band.SUCCESS, pc=True), "passive", "a tie goes to the player character"),
    (Rolled(40, Band.SUCCESS, pc=True), Rolled(40, Band.SUCCESS, pc=True), "passive", "a tie goes to the defender"),
])
def test_opposed_tests_by_the_text(a, p, winner, why):
    assert opposed_winner(a, p) == (winner, why)


@settings(max_examples=examples(40), deadline=None)
@given(st.integers(1, 200))
def test_test_odds_sum_to_one(goal_value):
    odds = band_odds(goal_value)
    assert sum(odds.values()) == pytest.approx(1)
    assert odds[Band.FUMBLE] == pytest.approx(0.01)


@settings(max_examples=examples(10), deadline=None)
@given(st.integers(1, 150), st.integers(1, 150), st.booleans(), st.booleans())
def test_opposed_odds_sum_to_one_and_a_side_always_wins(a, p, apc, ppc):
    odds = opposed_odds(a, p, apc, ppc)
    assert sum(odds.values()) == pytest.approx(1)
    assert active_wins(a, p, apc, ppc) + sum(q for (_x, _y, w), q in odds.items() if w == "passive") \
        == pytest.approx(1)


@settings(max_examples=examples(5), deadline=None)
@given(st.integers(5, 140), st.integers(5, 140), st.integers(0, 2**31))
def test_opposed_odds_agree_with_sampling(a, p, seed):
    rng = random.Random(seed)
    n = 4000
    wins = 0
    for _ in range(n):
        ra, rp = rng.randint(1, 100), rng.randint(1, 100)
        wins += opposed_winner(Rolled(ra, band(ra, a)), Rolled(rp, band(rp, p)))[0] == "active"
    assert wins / n == pytest.approx(active_wins(a, p), abs=0.04)


def test_checks_through_the_ruleset():
    v = actor(vera())
    request = RULES.checks.check_request(v, "bod", {"difficulty": "hard", "bonus": "Swords"})
    result = RULES.checks.check(request, TypedDice([32]), {})
    assert result.target.value == 33 and result.outcome is Outcome.SUCCESS
    assert [t.label for t in result.target.terms] == ["3 x BOD", "Swords", "hard (/ 2)"]
    odds = RULES.checks.check_odds(request, {})
    assert odds.success == pytest.approx(0.32) and odds.outcomes[Outcome.CRITICAL_SUCCESS] == pytest.approx(0.03)
    assert sum(odds.outcomes.values()) == pytest.approx(1) and sum(odds.degrees.values()) == pytest.approx(1)
    with pytest.raises(ValueError, match="Vera has no skill or vocation 'Axes'"):
        RULES.checks.check(RULES.checks.check_request(v, "bod", {"bonus": "Axes"}), TypedDice([1]), {})
    with pytest.raises(ValueError, match="easy, normal or hard"):
        RULES.checks.check_request(v, "bod", {"difficulty": "brutal"})


def test_a_declared_extra_action_makes_every_test_harder_and_focus_easier():
    harder = actor(vera(), stance="extra_action")
    assert RULES.checks.check(RULES.checks.check_request(harder, "bod", {}), TypedDice([1]), {}).target.value == 18
    focused = actor(vera(), stance="focus_action")
    assert RULES.checks.check(RULES.checks.check_request(focused, "bod", {}), TypedDice([1]), {}).target.value == 72
    # An extra action and an easy test cancel out (clamped steps).
    assert RULES.checks.check(RULES.checks.check_request(harder, "bod", {"difficulty": "easy"}), TypedDice([1]),
                              {}).target.value == 36


def test_contest_uses_the_tie_rules():
    v, b = actor(vera()), actor(brann())
    result = RULES.checks.contest(RULES.checks.check_request(v, "bod", {}), RULES.checks.check_request(b, "bod", {}),
                                  TypedDice([20, 20]),
                                  {})
    assert result.winner == "active" and result.reason == "a tie goes to the player character"
