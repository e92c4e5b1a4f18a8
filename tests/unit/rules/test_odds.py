"""Exact distributions: plain and exploding dice, convolution, comparison."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from crisis_desktop.rules.kernel import odds


def test_die_is_uniform():
    assert odds.die(6) == {f: 1 / 6 for f in range(1, 7)}


def test_three_d6_matches_counting():
    d = odds.dice_sum(3, 6)
    assert d[3] == pytest.approx(1 / 216)
    assert d[10] == pytest.approx(27 / 216)
    assert d[18] == pytest.approx(1 / 216)
    assert odds.total(d) == pytest.approx(1.0)
    assert odds.expected(d) == pytest.approx(10.5)


@pytest.mark.parametrize("sides", [2, 4, 6, 8, 10, 12])
def test_exploding_die_mean_and_sum(sides):
    d = odds.exploding(sides)
    assert odds.total(d) == pytest.approx(1.0, abs=1e-12)
    # E = (s+1)/2 * s/(s-1): a geometric number of rerolls
    assert odds.expected(d) == pytest.approx((sides + 1) / 2 * sides / (sides - 1), rel=1e-9)
    assert sides not in d  # the top face always rolls on
    assert d[sides + 1] == pytest.approx(1 / sides**2)
    assert min(p for p in d.values()) > 0


def test_exploding_follows_until_epsilon():
    d = odds.exploding(4)
    tail = max(d)
    # the last kept value carries no more than about epsilon of probability
    assert d[tail] < 1e-11
    assert odds.exploding(4, 1e-3) != d


def test_shift_scale_negate_mixture():
    d6 = odds.die(6)
    assert odds.shift(d6, -2)[-1] == pytest.approx(1 / 6)
    assert set(odds.scale(d6, 2)) == {2, 4, 6, 8, 10, 12}
    assert odds.negate({3: 1.0}) == {-3: 1.0}
    m = odds.mixture([(0.5, {0: 1.0}), (0.5, {1: 1.0})])
    assert m == {0: 0.5, 1: 0.5}
    assert odds.clamp_low(odds.shift(d6, -3), 0)[0] == pytest.approx(0.5)


def test_repeat_equals_repeated_convolution():
    d = {0: 0.3, 1: 0.5, 4: 0.2}
    slow = odds.convolve(odds.convolve(d, d), d)
    fast = odds.repeat(d, 3)
    assert set(slow) == set(fast)
    for k in slow:
        assert fast[k] == pytest.approx(slow[k])
    assert odds.repeat(d, 0) == {0: 1.0}
    with pytest.raises(ValueError):
        odds.repeat(d, -1)


def test_compare_two_d6():
    gt, eq, lt = odds.compare(odds.die(6), odds.die(6))
    assert eq == pytest.approx(1 / 6)
    assert gt == pytest.approx(lt) == pytest.approx(5 / 12)


def test_at_least_at_most_variance():
    d6 = odds.die(6)
    assert odds.at_least(d6, 5) == pytest.approx(1 / 3)
    assert odds.at_most(d6, 2) == pytest.approx(1 / 3)
    assert odds.variance(d6) == pytest.approx(35 / 12)
    assert odds.normalised({1: 2.0, 2: 2.0}) == {1: 0.5, 2: 0.5}


def test_bad_dice_are_refused():
    with pytest.raises(ValueError):
        odds.die(0)
    with pytest.raises(ValueError):
        odds.exploding(1)


@given(st.dictionaries(st.integers(-20, 20), st.floats(0.01, 1.0), min_size=1, max_size=6),
       st.dictionaries(st.integers(-20, 20), st.floats(0.01, 1.0), min_size=1, max_size=6))
def test_compare_agrees_with_brute_force(a, b):
    a, b = odds.normalised(a), odds.normalised(b)
    gt = sum(pa * pb for va, pa in a.items() for vb, pb in b.items() if va > vb)
    eq = sum(pa * pb for va, pa in a.items() for vb, pb in b.items() if va == vb)
    got = odds.compare(a, b)
    assert math.isclose(got[0], gt, abs_tol=1e-9)
    assert math.isclose(got[1], eq, abs_tol=1e-9)
    assert math.isclose(sum(got), 1.0, abs_tol=1e-9)


def test_work_beyond_the_bound_is_refused_with_the_reason():
    with pytest.raises(odds.TooManyOutcomes, match=r"^too many outcomes to price exactly: 10,000,000 faces of one die"):
        odds.die(10_000_000)
    with pytest.raises(odds.TooManyOutcomes, match="faces of one die"):
        odds.exploding(999_999_999)
    wide = dict.fromkeys(range(2_000), 1 / 2_000)
    with pytest.raises(odds.TooManyOutcomes, match=r"4,000,000 combinations of outcomes, more than 2,000,000"):
        odds.convolve(wide, wide)
    assert issubclass(odds.TooManyOutcomes, ValueError)  # callers that explain a ValueError explain this too
    assert odds.total(odds.convolve(wide, odds.die(1_000))) == pytest.approx(1.0)  # 2,000,000 pairs: priced


def test_many_dice_of_many_sides_are_refused_while_the_first_squares_are_worked_out():
    with pytest.raises(odds.TooManyOutcomes):
        odds.dice_sum(100, 1000)
    assert odds.expected(odds.dice_sum(100, 12)) == pytest.approx(650)


def test_a_breakdown_reads_each_term_as_label_equals_value_then_the_total():
    from crisis_desktop.rules.base import Explained

    assert Explained.of(("Light Weapons d6", 1), ("range increment 2", -1)).breakdown() == \
        "Light Weapons d6 = 1, range increment 2 = -1, total = 0"
    assert Explained.of(("Body d8 / 2", 4)).breakdown() == "Body d8 / 2 = 4"
