"""Checks: d20 + skill - Fatigue against the difficulty, natural 20 and 1, advantage and disadvantage, exact odds,
opposed checks."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from crisis_desktop.rules.base import Actor, Outcome
from crisis_desktop.rules.kernel.dice import TypedDice
from crisis_desktop.rules.skirmish import d20
from tests.unit.rules.skirmish.people import RULES, fighter, plain, vera


def request(actor, skill="evasion", **inputs):
    return RULES.checks.check_request(actor, skill, {"difficulty": 10, **inputs})


def test_the_total_must_beat_the_difficulty() -> None:
    actor = fighter(vera())                              # Evasion +3
    assert RULES.checks.check(request(actor), TypedDice([8]), {}).outcome is Outcome.SUCCESS       # 11 > 10
    result = RULES.checks.check(request(actor), TypedDice([7]), {})                                 # 10, not above
    assert result.outcome is Outcome.FAILURE and result.total.explain() == "d20 7, DEX +12, base -10, " \
        "Evasion training +1 = 10"


def test_natural_20_succeeds_and_natural_1_fails() -> None:
    weak, strong = plain("Ana"), plain("Bo", dex=20, evasion=11)
    assert RULES.checks.check(RULES.checks.check_request(fighter(weak), "evasion", {"difficulty": 25}), TypedDice([20]),
                              {}).outcome is Outcome.SUCCESS
    assert RULES.checks.check(RULES.checks.check_request(fighter(strong), "evasion", {"difficulty": 10}),
                              TypedDice([1]),
                              {}).outcome is Outcome.FAILURE


def test_fatigue_counts_except_for_combat_skills_in_a_fight() -> None:
    tired = plain("Ana", status={"fatigue": 3}, cog=12, stabilization=2)
    outside = RULES.checks.check(RULES.checks.check_request(Actor(tired), "evasion", {"difficulty": 10}),
                                 TypedDice([10]), {})
    assert outside.total.value == 10 - 3
    inside = RULES.checks.check(RULES.checks.check_request(fighter(tired), "evasion", {"difficulty": 10}),
                                TypedDice([10]), {})
    assert inside.total.value == 10
    medical = RULES.checks.check(RULES.checks.check_request(fighter(tired), "stabilization", {"difficulty": 15}),
                                 TypedDice([10]),
                                 {})
    assert medical.total.value == 10 + 4 - 3


@pytest.mark.parametrize(("inputs", "faces", "kept"), [({"advantage": True}, [4, 17], 17),
                                                       ({"disadvantage": True}, [4, 17], 4),
                                                       ({"advantage": True, "disadvantage": True}, [4], 4)])
def test_advantage_keeps_the_higher_disadvantage_the_lower_and_both_cancel(inputs, faces, kept) -> None:
    dice = TypedDice(faces)
    result = RULES.checks.check(request(fighter(plain("Ana")), **inputs), dice, {})
    assert result.total.value == kept and dice.remaining == 0


def test_check_odds_are_exact() -> None:
    odds = RULES.checks.check_odds(request(fighter(vera())), {})                # needs 8+ on the d20
    assert odds.success == pytest.approx(13 / 20)
    adv = RULES.checks.check_odds(request(fighter(vera()), advantage=True), {})
    assert adv.success == pytest.approx(1 - (7 / 20) ** 2)
    hard = RULES.checks.check_odds(RULES.checks.check_request(fighter(plain("Ana")), "evasion", {"difficulty": 25}), {})
    assert hard.success == pytest.approx(1 / 20)                         # only the natural 20


@given(st.integers(-1, 1), st.integers(-5, 30), st.integers(1, 40))
def test_check_odds_sum_to_one(e: int, mod: int, difficulty: int) -> None:
    inputs = {"advantage": e > 0, "disadvantage": e < 0, "circumstance": mod}
    odds = RULES.checks.check_odds(RULES.checks.check_request(fighter(plain("Ana")), "evasion",
                                                              {"difficulty": difficulty,
                                                                                     **inputs}), {})
    assert sum(odds.outcomes.values()) == pytest.approx(1) and sum(odds.degrees.values()) == pytest.approx(1)
    assert sum(d20.natural(e).values()) == pytest.approx(1)


def test_opposed_checks_the_higher_wins_and_a_tie_goes_to_the_resisting_side() -> None:
    a, b = fighter(plain("Ana")), fighter(plain("Bo"))
    won = RULES.checks.contest(request(a), request(b), TypedDice([12, 9]), {})
    assert won.winner == "active"
    tie = RULES.checks.contest(request(a), request(b), TypedDice([9, 9]), {})
    assert tie.winner == "passive" and "resisting" in tie.reason
