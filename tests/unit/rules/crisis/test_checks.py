"""Crisis checks: the roll, Extras, the difficulty table, assets, conditions, contests, aid and exact odds."""

from __future__ import annotations

import math
import time

import pytest
from conftest import actor, pc
from hypothesis import given, settings
from hypothesis import strategies as st

from crisis_desktop.rules.base import Actor, CheckRequest, Outcome, Term
from crisis_desktop.rules.crisis import checks, tables
from crisis_desktop.rules.kernel.dice import RandomDice, TypedDice
from tests.hypothesis_budget import examples


def request(character=None, skill="melee", difficulty=4, **kw) -> CheckRequest:
    return CheckRequest(Actor(character or pc(melee=6)), skill, difficulty, **kw)


@pytest.mark.parametrize(("total", "n"), [(13, 2), (9, 1), (0, 0), (3, 0), (4, 0), (7, 0), (8, 1), (12, 2),
                                          (16, 3), (20, 4), (-2, 0)])
def test_extras(total, n):
    assert checks.extras(total) == n


@pytest.mark.parametrize(("level", "name"), [(0, "Trivial"), (1, "Routine"), (2, "Simple"), (3, "Easy"), (4, "Normal"),
                                             (5, "Demanding"), (8, "Challenging"), (12, "Hard"), (16, "Very Hard"),
                                             (20, "Impossible")])
def test_difficulty_table_rows(level, name):
    assert tables.difficulty_name(level) == name
    assert any(row.level == level and row.name == name for row in tables.difficulty_levels())


def test_difficulty_between_rows_takes_the_row_below():
    assert tables.difficulty_name(7) == "Demanding"
    assert tables.difficulty_name(15) == "Hard"


def test_ranged_attack_example_13_gives_2_extras(rules):
    # d6 rolls 6 (explodes), 6 again, then 1: 13
    result = rules.checks.check(request(pc(light_weapons=6), "light_weapons"), TypedDice([6, 6, 1]), {})
    assert result.total.value == 13
    assert result.degree == 2
    assert result.outcome is Outcome.SUCCESS


def test_natural_one_implodes_and_a_second_one_is_critical(rules):
    crit = rules.checks.check(request(modifiers=(Term("bonus", 10),)), TypedDice([1, 1]), {})
    assert crit.outcome is Outcome.CRITICAL_FAILURE and crit.degree == 0
    assert len(crit.dice) == 2
    saved = rules.checks.check(request(modifiers=(Term("bonus", 3),)), TypedDice([1, 5]), {})
    assert saved.total.value == 4 and saved.outcome is Outcome.SUCCESS


def test_top_face_explodes_repeatedly(rules):
    result = rules.checks.check(request(pc(melee=4)), TypedDice([4, 4, 4, 2]), {})
    assert result.total.value == 14 and result.degree == 2


def test_same_assets_do_not_stack_but_different_ones_do(rules):
    r = rules.checks.check(request(assets=("climbing gear", "Climbing gear", "rope"), unfavourable=("rain", "rain")),
                           TypedDice([3]), {})
    labels = [t.label for t in r.total.terms]
    assert labels.count("asset: climbing gear") == 1 and "asset: rope" in labels
    assert r.total.value == 3 + 2 - 2


@pytest.mark.parametrize(("condition", "skill", "value"), [("fatigued", "melee", -1), ("exhausted", "melee", -2),
                                                           ("drunk", "melee", -1), ("drunk", "athletics", -2)])
def test_condition_check_modifiers(rules, condition, skill, value):
    r = rules.checks.check(request(pc(melee=6, athletics=6, conditions=(condition,)), skill), TypedDice([3]), {})
    assert r.total.value == 3 + value


@pytest.mark.parametrize(("rule", "sides"), [("d4", 4), ("attribute", 10), ("attribute_halved", 5)])
def test_untrained_skill_option(rules, rule, sides):
    r = rules.checks.check(request(pc(body=10), "stealth"), TypedDice([2]), {"untrained_skill": rule})
    assert r.dice[0].sides == sides


def test_die_above_d12_gives_bonus(rules):
    r = rules.checks.check(request(pc(melee=14)), TypedDice([3]), {})
    assert r.dice[0].sides == 12 and r.total.value == 4


def test_critical_success_option(rules):
    plain = rules.checks.check(request(), TypedDice([6, 2]), {})
    assert plain.outcome is Outcome.SUCCESS
    crit = rules.checks.check(request(), TypedDice([6, 2]), {"critical_success": "exploded"})
    assert crit.outcome is Outcome.CRITICAL_SUCCESS


def test_terms_add_up(rules):
    r = rules.checks.check(request(modifiers=(Term("HIT", 1),), assets=("kit",)), RandomDice(5), {})
    assert sum(t.value for t in r.total.terms) == r.total.value
    assert sum(t.value for t in r.target.terms) == r.target.value


# --------------------------------------------------------------------------- odds


def test_odds_of_a_d6_at_dl_4(rules):
    o = rules.checks.check_odds(request(), {})
    assert o.outcomes[Outcome.CRITICAL_FAILURE] == pytest.approx(1 / 36)
    # 4, 5 and 6 (6 explodes and always reaches 4): 1/2
    assert o.success == pytest.approx(0.5)
    assert sum(o.outcomes.values()) == pytest.approx(1.0, abs=1e-9)
    assert sum(o.degrees.values()) == pytest.approx(1.0, abs=1e-9)
    # one Extra is a total of 8 to 11: a 6 then 2 to 5
    assert o.degrees[1] == pytest.approx(4 / 36, rel=1e-9)


def test_a_one_can_still_succeed_at_low_difficulty(rules):
    o = rules.checks.check_odds(request(difficulty=1), {})
    assert o.success == pytest.approx(1 - 1 / 36)


@given(st.sampled_from([4, 6, 8, 10, 12]), st.integers(-6, 6), st.integers(0, 20))
@settings(max_examples=examples(60), deadline=None)
def test_odds_always_sum_to_one(sides, modifier, difficulty):
    o = checks.check_odds(request(pc(melee=sides), modifiers=(Term("m", modifier),), difficulty=difficulty), {})
    assert math.isclose(sum(o.outcomes.values()), 1.0, abs_tol=1e-9)
    assert math.isclose(sum(o.degrees.values()), 1.0, abs_tol=1e-9)
    assert all(p >= 0 for p in o.degrees.values())


@pytest.mark.parametrize(("sides", "modifier", "difficulty"), [(6, 0, 4), (4, 2, 8)])
def test_odds_agree_with_200000_rolls(rules, sides, modifier, difficulty):
    req = request(pc(melee=sides), modifiers=(Term("m", modifier),), difficulty=difficulty)
    exact = rules.checks.check_odds(req, {})
    n = 200_000
    dice = RandomDice(seed=sides * 100 + difficulty)
    counts: dict[object, int] = {}
    for _ in range(n):
        die = checks.roll_skill_die(dice, sides)
        if die.critical_failure:
            key: object = Outcome.CRITICAL_FAILURE
        else:
            total = die.value + modifier
            key = ("extras", checks.extras(total)) if total >= difficulty else Outcome.FAILURE
        counts[key] = counts.get(key, 0) + 1
    expected = {Outcome.CRITICAL_FAILURE: exact.outcomes[Outcome.CRITICAL_FAILURE],
                Outcome.FAILURE: exact.outcomes[Outcome.FAILURE]}
    for e in range(0, 4):
        # among successes, Extras e; degrees[0] also holds failures and critical failures
        unsuccessful = expected[Outcome.FAILURE] + expected[Outcome.CRITICAL_FAILURE] if e == 0 else 0.0
        expected[("extras", e)] = exact.degrees.get(e, 0.0) - unsuccessful
    for key, p in expected.items():
        sd = math.sqrt(n * p * (1 - p)) or 1.0
        assert abs(counts.get(key, 0) - n * p) <= 4 * sd, key


def test_check_odds_is_fast_enough_to_call_per_frame(rules):
    # Not a benchmark: a sanity bound far above the real cost (see tests/benchmarks/bench_odds.py).
    req = request(pc(melee=10), modifiers=(Term("m", 3),), difficulty=7)
    start = time.perf_counter()
    for _ in range(100):
        rules.checks.check_odds(req, {})
    assert (time.perf_counter() - start) / 100 < 0.01


# --------------------------------------------------------------------------- replay and seeds


@given(st.integers(0, 10_000), st.sampled_from([4, 6, 8, 10, 12]), st.integers(-3, 3))
@settings(max_examples=examples(50), deadline=None)
def test_typed_dice_replay_random_dice(seed, sides, modifier):
    from crisis_desktop.rules.crisis import CrisisRuleset

    rules = CrisisRuleset()
    req = request(pc(melee=sides), modifiers=(Term("m", modifier),))
    dice = RandomDice(seed)
    first = rules.checks.check(req, dice, {})
    replay = rules.checks.check(req, TypedDice(d.value for d in dice.rolled), {})
    assert replay == first


def test_same_seed_same_result(rules):
    req = request()
    assert [rules.checks.check(req, d, {}) for d in (RandomDice(42),)] == [rules.checks.check(req, RandomDice(42), {})]


# --------------------------------------------------------------------------- contests and aid


def test_contest_higher_total_wins(rules):
    a, b = request(pc("A", melee=6)), request(pc("B", melee=6))
    result = rules.checks.contest(a, b, TypedDice([5, 3]), {})
    assert result.winner == "active"
    assert rules.checks.contest(a, b, TypedDice([2, 3]), {}).winner == "passive"


def test_contest_tie_rerolls_by_default(rules):
    a, b = request(pc("A", melee=6)), request(pc("B", melee=6))
    result = rules.checks.contest(a, b, TypedDice([4, 4, 2, 5]), {})
    assert result.winner == "passive" and "reroll" in result.reason
    assert result.active.total.value == 4  # the first rolls are kept in the result


def test_contest_tie_active_option(rules):
    a, b = request(pc("A", melee=6)), request(pc("B", melee=6))
    assert rules.checks.contest(a, b, TypedDice([4, 4]), {"contest_tie": "active"}).winner == "active"


def test_critical_failure_loses_a_contest(rules):
    a, b = request(pc("A", melee=6), modifiers=(Term("m", 10),)), request(pc("B", melee=6))
    assert rules.checks.contest(a, b, TypedDice([1, 1, 2]), {}).winner == "passive"


def test_contest_odds(rules):
    a, b = request(pc("A", melee=6)), request(pc("B", melee=6))
    rerolled = rules.contest_odds(a, b, {})
    assert rerolled.active == pytest.approx(0.5) and rerolled.passive == pytest.approx(0.5)
    active = rules.contest_odds(a, b, {"contest_tie": "active"})
    assert active.active > 0.5 and active.active + active.passive == pytest.approx(1.0)


def test_aid(rules):
    helper = request(pc("Helper", melee=6), difficulty=12)
    results, terms = rules.aid([helper, helper], TypedDice([5, 4]), {})
    assert all(r.target.value == 4 for r in results)        # helpers roll at DL 4
    assert terms == (Term("aid", 2),)                        # no stacking
    _, terms = rules.aid([helper, helper], TypedDice([1, 1, 5]), {})
    assert terms == (Term("aid", 2), Term("helper's critical failure", -2))


def test_check_with_combatant_actor(rules):
    assert rules.checks.check(CheckRequest(actor(pc(melee=8)), "melee", 4), TypedDice([5]), {}).total.value == 5
