"""Checks and contests: targets, asset/unfavourable steps, stunts, margins, exact odds against sampling."""

from __future__ import annotations

import math

import pytest
from classic_helpers import make_actor
from hypothesis import given, settings
from hypothesis import strategies as st

from crisis_desktop.rules.base import CheckRequest, Outcome, Term
from crisis_desktop.rules.crisis_classic.checks import check_target, contest_winner
from crisis_desktop.rules.crisis_classic.threed6 import classify
from crisis_desktop.rules.kernel.dice import RandomDice, TypedDice
from tests.hypothesis_budget import examples


def test_target_adds_ability_skill_modifiers_and_dl():
    vera = make_actor(speed=12, stealth=2, conditions=["drunk"])
    t = check_target(CheckRequest(vera, "stealth", 5, modifiers=(Term("darkness", 1),)))
    assert [(x.label, x.value) for x in t.terms] == [
        ("Speed", 12), ("Stealth rank", 2), ("darkness", 1), ("Drunk", -2), ("Difficulty Level 5 Normal", -2)]
    assert t.value == 11


@pytest.mark.parametrize(("skill", "penalty"), [("athletics", -4), ("melee", -5), ("science", -6)])
def test_untrained_penalty_by_learning_difficulty(skill, penalty):
    t = check_target(CheckRequest(make_actor(), skill, 4))
    assert t.terms[1].value == penalty and "untrained" in t.terms[1].label


def test_assets_and_unfavourable_shift_one_step_each_and_stack():
    a = make_actor()
    assert check_target(CheckRequest(a, "might", 5, assets=("tools",))).terms[-1].value == 0      # DL 4
    assert check_target(CheckRequest(a, "might", 5, assets=("tools", "map"))).terms[-1].value == 1  # DL 3
    assert check_target(CheckRequest(a, "might", 5, unfavourable=("rain", "night"))).terms[-1].value == -6
    assert check_target(CheckRequest(a, "might", 5, assets=("tools",), unfavourable=("rain",))).terms[-1].value == -2
    # The same asset named twice counts once.
    assert check_target(CheckRequest(a, "might", 5, assets=("tools", "tools"))).terms[-1].value == 0


def test_shifted_level_stays_within_table():
    a = make_actor()
    term = check_target(CheckRequest(a, "might", 2, assets=("a", "b", "c"))).terms[-1]
    assert term.value == 3 and "kept within 1..10" in term.label
    assert check_target(CheckRequest(a, "might", 10, unfavourable=("x",))).terms[-1].value == -12


def test_unknown_skill_refused(rules):
    with pytest.raises(ValueError, match="Unknown skill"):
        rules.checks.check(CheckRequest(make_actor(), "pilot", 4), RandomDice(1), {})


def test_roll_under_success_and_margin(rules):
    r = rules.checks.check(CheckRequest(make_actor(might=12), "might", 4), TypedDice([3, 4, 5]), {})
    assert (r.total.value, r.target.value, r.outcome, r.degree) == (12, 12, Outcome.SUCCESS, 0)
    r = rules.checks.check(CheckRequest(make_actor(might=12), "might", 4), TypedDice([3, 4, 6]), {})
    assert (r.outcome, r.degree) == (Outcome.FAILURE, -1)


@pytest.mark.parametrize(("face", "legendary", "fumble"), [(6, (6, 6, 6), (1, 1, 1)), (1, (1, 1, 1), (6, 6, 6))])
def test_three_stunt_faces_legendary_three_fumble_faces_fail(rules, face, legendary, fumble):
    options = {"stunt_face": str(face)}
    low = CheckRequest(make_actor(might=1), "might", 10)   # target -11: nothing ordinary succeeds
    high = CheckRequest(make_actor(might=20), "might", 1)  # target 23: nothing ordinary fails
    assert rules.checks.check(low, TypedDice(legendary), options).outcome is Outcome.CRITICAL_SUCCESS
    assert rules.checks.check(high, TypedDice(fumble), options).outcome is Outcome.CRITICAL_FAILURE
    r = rules.checks.check(high, TypedDice([face, face, 2 if face != 2 else 3]), options)
    assert r.stunts == 2 and r.outcome is Outcome.SUCCESS


def _roll(faces, target):
    return classify(faces, target, 6)


def test_contest_only_one_succeeds():
    assert contest_winner(_roll((2, 2, 2), 10), _roll((5, 5, 5), 10))[0] == "active"
    assert contest_winner(_roll((5, 5, 5), 10), _roll((2, 2, 2), 10))[0] == "passive"


def test_contest_both_succeed_larger_margin_wins():
    winner, reason = contest_winner(_roll((2, 2, 2), 10), _roll((3, 3, 2), 12))  # margins 4 and 4
    assert winner is None and "nobody" in reason
    assert contest_winner(_roll((2, 2, 2), 10), _roll((3, 3, 2), 11))[0] == "active"   # 4 beats 3


def test_contest_both_fail_smaller_failure_wins():
    assert contest_winner(_roll((5, 5, 5), 12), _roll((5, 5, 4), 10))[0] == "active"   # -3 beats -4
    winner, reason = contest_winner(_roll((5, 5, 5), 12), _roll((5, 5, 5), 12))
    assert winner is None


def test_contest_tie_in_defence_goes_to_defender():
    winner, reason = contest_winner(_roll((2, 2, 2), 10), _roll((2, 2, 2), 10), defence=True)
    assert winner == "passive" and "defender" in reason


def test_legendary_beats_success_fumble_loses_to_failure():
    assert contest_winner(_roll((6, 6, 6), 10), _roll((1, 1, 2), 10))[0] == "active"
    assert contest_winner(_roll((1, 1, 1), 3), _roll((6, 6, 5), 10))[0] == "passive"


def test_contest_rolls_both_sides(rules):
    vera, thug = make_actor("Vera", might=12), make_actor("Thug", might=10)
    r = rules.checks.contest(CheckRequest(vera, "athletics", 4), CheckRequest(thug, "athletics", 4),
                             TypedDice([1, 2, 3, 4, 4, 4]), {})
    assert r.winner == "active" and r.active.degree == 2 and r.passive.degree == -6


@pytest.mark.parametrize("target", [-12, 3, 7, 10, 11, 14, 18, 25])
def test_check_odds_exact(rules, target):
    odds = rules.checks.check_odds(CheckRequest(make_actor(might=target), "might", 4), {})
    assert math.isclose(sum(odds.outcomes.values()), 1.0) and math.isclose(sum(odds.degrees.values()), 1.0)
    ordinary = sum(1 for a in range(1, 7) for b in range(1, 7) for c in range(1, 7)
                   if a + b + c <= target and (a, b, c) != (1, 1, 1) and (a, b, c) != (6, 6, 6))
    assert math.isclose(odds.outcomes[Outcome.SUCCESS], ordinary / 216)
    assert math.isclose(odds.outcomes[Outcome.CRITICAL_SUCCESS], 1 / 216)
    assert math.isclose(odds.success, (ordinary + 1) / 216)


def test_check_odds_known_value(rules):
    # 3d6 <= 10 happens 108 times in 216; 1-1-1 is a fumble, so 107 ordinary successes and one legendary 6-6-6.
    odds = rules.checks.check_odds(CheckRequest(make_actor(), "might", 4), {})
    assert math.isclose(odds.success, 108 / 216)
    assert math.isclose(odds.degrees[0], 27 / 216)


@pytest.mark.parametrize(("target", "face"), [(10, "6"), (8, "1")])
def test_check_odds_agree_with_200000_rolls(rules, target, face):
    options = {"stunt_face": face}
    request = CheckRequest(make_actor(might=target), "might", 4)
    odds = rules.checks.check_odds(request, options)
    dice = RandomDice(seed=2024)
    n = 200_000
    counts = dict.fromkeys(Outcome, 0)
    f = int(face)
    for _ in range(n):
        r = classify((dice.roll(6), dice.roll(6), dice.roll(6)), target, f)
        counts[r.outcome] += 1
    for outcome, p in odds.outcomes.items():
        sd = math.sqrt(n * p * (1 - p))
        assert abs(counts[outcome] - n * p) <= 4 * sd + 1e-9, outcome


def test_contest_odds_exact(rules):
    a, b = make_actor("A", might=12), make_actor("B", might=10)
    odds = rules.contest_odds(CheckRequest(a, "might", 4), CheckRequest(b, "might", 4), {})
    assert math.isclose(odds.active + odds.passive + odds.nobody, 1.0)
    wins = ties = 0
    faces = [(x, y, z) for x in range(1, 7) for y in range(1, 7) for z in range(1, 7)]
    for fa in faces:
        ra = classify(fa, 12, 6)
        for fb in faces:
            w, _ = contest_winner(ra, classify(fb, 10, 6))
            wins += w == "active"
            ties += w is None
    assert math.isclose(odds.active, wins / 216**2) and math.isclose(odds.nobody, ties / 216**2)


@settings(max_examples=examples(30), deadline=None)
@given(seed=st.integers(0, 2**32), might=st.integers(1, 20), dl=st.integers(1, 10))
def test_typed_dice_replay_and_same_seed(rules, seed, might, dl):
    request = CheckRequest(make_actor(might=might), "might", dl)
    dice = RandomDice(seed)
    first = rules.checks.check(request, dice, {})
    replay = rules.checks.check(request, TypedDice([d.value for d in dice.rolled]), {})
    again = rules.checks.check(request, RandomDice(seed), {})
    assert first == replay == again
    assert first.total.value == sum(d.value for d in first.dice)
