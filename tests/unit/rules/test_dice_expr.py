"""Dice expressions: parsing, rolling with recorded dice, exact distributions."""

from __future__ import annotations

import re

import pytest

from crisis_desktop.rules.kernel import odds
from crisis_desktop.rules.kernel.dice import TypedDice
from crisis_desktop.rules.kernel.dice_expr import DiceTerm, is_valid, out_of_bounds, parse, problem


@pytest.mark.parametrize(("text", "shown"), [
    ("d6", "d6"), ("2d6", "2d6"), ("3d8", "3d8"), ("Body", "Body"), ("2 x Body", "2 x Body"),
    ("Body - 2", "Body - 2"), ("2d6+1", "2d6 + 1"), ("body x 2", "2 x Body"), ("-2 + d6", "-2 + d6"),
])
def test_parse_and_show(text, shown):
    assert parse(text).text == shown


def test_terms():
    assert parse("Body - 2").terms == (DiceTerm(1, None, "body"), DiceTerm(2, None, None, 1, -1))
    assert parse("2 x Body").attributes() == frozenset({"body"})
    assert parse("3d8").dice_count() == 3


@pytest.mark.parametrize("bad", ["", "2x", "foo bar", "d6 +", "0d6", "d6 ** 2"])
def test_bad_expressions_say_why(bad):
    assert is_valid(bad)
    with pytest.raises(ValueError):
        parse(bad)


def test_two_times_body_is_one_roll_doubled_or_two_dice():
    doubled = parse("2 x Body").distribution({"body": 6})
    assert set(doubled) == {2, 4, 6, 8, 10, 12}
    two_dice = parse("2 x Body").distribution({"body": 6}, factor_as_dice=True)
    assert two_dice == pytest.approx(odds.dice_sum(2, 6))


def test_body_minus_two():
    d = parse("Body - 2").distribution({"body": 8})
    assert min(d) == -1 and max(d) == 6
    assert odds.expected(d) == pytest.approx(2.5)


def test_missing_attribute_is_named():
    with pytest.raises(KeyError, match="Body"):
        parse("Body").distribution({})


def test_roll_explains_each_die():
    result = parse("2d6 + 1").roll(TypedDice([3, 5]))
    assert result.value == 9
    assert [t.value for t in result.terms] == [3, 5, 1]
    doubled = parse("2 x Body").roll(TypedDice([5]), {"body": 6})
    assert doubled.value == 10 and sum(t.value for t in doubled.terms) == 10


def test_exploding_roll_and_distribution():
    result = parse("d6").roll(TypedDice([6, 6, 2]), explode=True)
    assert result.value == 14
    d = parse("d6").distribution(explode=True)
    assert odds.expected(d) == pytest.approx(4.2)


def test_dice_delta():
    assert parse("3d8").with_dice_delta(-1).text == "2d8"
    assert parse("d6").with_dice_delta(-1).text == "0"
    assert parse("2d12").with_dice_delta(1).text == "3d12"
    assert parse("Body - 2").with_dice_delta(1).text == "2 Body - 2"


@pytest.mark.parametrize(("text", "reason"), [
    ("9" * 5000 + "d6", "at most 200 characters, this one 5,002"),
    ("d" + "9" * 10, "9999999999 is too large a number for a dice expression (at most 9 digits)"),
    (" + ".join(["d6"] * 60), "at most 200 characters, this one 297"),
])
def test_numbers_and_texts_beyond_what_any_sheet_needs_are_refused_before_reading(text, reason):
    assert reason in is_valid(text)
    with pytest.raises(ValueError, match=re.escape(reason)):
        parse(text)


@pytest.mark.parametrize(("text", "reason"), [
    ("999999999d999999999", "at most 100 dice, not 999,999,999"),
    ("60d6 + 41d8", "at most 100 dice, not 101"),
    ("101 x Body", "at most 100 dice, not 101"),
    ("2d1001", "dice of at most 1000 sides, not d1,001"),
    ("2d6 + 999999", None),       # a constant is no die
    ("100d1000 - 5", None),
    ("Body x 2 + d6", None),
    ("2d6 + x y", "cannot read 'x y'"),
])
def test_bounds_on_dice_and_sides_say_which(text, reason):
    if reason is None:
        assert problem(text, 100, 1000) is None
    else:
        assert reason in problem(text, 100, 1000)
    assert out_of_bounds(parse("999999999d999999999")) is None  # no bound, no refusal


@pytest.mark.parametrize(("text", "reason"), [
    ("d5", "d5 is not a die of these rules (d4, d6, d8)"),
    ("2d6 + d7", "d7 is not a die of these rules (d4, d6, d8)"),
    ("banana", "'banana' is not a stat a dice expression may name (Body, Mind)"),
    ("2 x Soul", "'soul' is not a stat a dice expression may name (Body, Mind)"),
    ("2 x Body + d8 - 2", None),
    ("Mind", None),
])
def test_the_rules_name_the_dice_and_the_stats_an_expression_may_use(text, reason):
    assert problem(text, sides=(4, 6, 8), names=("body", "mind")) == reason


def test_without_named_dice_or_stats_any_are_read():
    assert problem("d5 + banana") is None
