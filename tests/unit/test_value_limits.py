"""One validation for values: the domain's bounds, used where a mapping is changed in place (the rules' effects, a
GM override) and by FieldSpec for the rules' own fields; a refusal names the field and the reason, nothing changes."""

from __future__ import annotations

import pytest

from crisis_desktop.controller.effects import ApplyEffects
from crisis_desktop.domain import CharacterKind
from crisis_desktop.domain.character import entry_problem
from crisis_desktop.domain.limits import ENTRIES_MAX, KEY_MAX, MAX_NUMBER, TEXT_MAX, text_problem
from crisis_desktop.rules.base import FieldKind, FieldSpec, SetItemStat, SetResource, SetStatus
from tests.unit.test_effects import campaign

NOT_FINITE = "is not a number a campaign can hold (Infinity and NaN are refused)"
OUT_OF_RANGE = f"numbers in a campaign go from {-MAX_NUMBER:,} to {MAX_NUMBER:,}"
HALF = "holds '\\ud800' at character 1, half of a character that cannot be written to a file"


@pytest.mark.parametrize(("value", "reason"), [
    (float("nan"), f"nan {NOT_FINITE}"),
    (float("inf"), f"inf {NOT_FINITE}"),
    (float("-inf"), f"-inf {NOT_FINITE}"),
    (float("1e400"), f"inf {NOT_FINITE}"),
    (3_000_000_000, f"out of range (3,000,000,000): {OUT_OF_RANGE}"),
    (-5_000_000_000, f"out of range (-5,000,000,000): {OUT_OF_RANGE}"),
    (3e9, f"out of range (3e+09): {OUT_OF_RANGE}"),
    ("\ud800", HALF),
    ("x" * 50_000_000, f"String should have at most {TEXT_MAX} characters"),
    ([1, 2], None),
])
def test_a_value_no_campaign_can_hold_is_refused_with_the_reason(value, reason):
    problem = entry_problem({"wounds": 0}, "wounds", value)
    assert problem is not None
    if reason is not None:
        assert problem == reason


def test_keys_and_entries_are_bounded_too():
    assert entry_problem({}, "k" * (KEY_MAX + 1), 1) == f"String should have at most {KEY_MAX} characters"
    assert entry_problem({}, "\ud800", 1) == HALF
    full = {f"s{i}": 1 for i in range(ENTRIES_MAX)}
    assert entry_problem(full, "one more", 1) == f"at most {ENTRIES_MAX:,} entries here"
    assert entry_problem(full, "s0", 2) is None
    for fits in (0, MAX_NUMBER, -MAX_NUMBER, 1.5, "2d6", True, None, "😀"):
        assert entry_problem({}, "wounds", fits) is None


@pytest.mark.parametrize("effect", [SetStatus("vera", "wounds", float("nan")), SetResource("c1", "ap", 3_000_000_000),
                                    SetItemStat("vera", "arm", "durability", "\ud800")])
def test_an_effect_with_such_a_value_changes_nothing_and_names_the_key(effect):
    c = campaign()
    before = c.model_dump_json()
    command = ApplyEffects([SetStatus("vera", "wounds", 5), effect], "bad")
    with pytest.raises(ValueError, match=f"^{effect.key}: "):
        command.apply(c)
    assert c.model_dump_json() == before       # the good effect before it was taken back too


def test_text_problem_names_the_character():
    assert text_problem("ok \ud83d!") == "holds '\\ud83d' at character 4, half of a character that cannot be written " \
                                         "to a file"
    assert text_problem("😀 ok") is None and text_problem("x" * 11, 10) == "at most 10 characters, not 11"


@pytest.mark.parametrize("kind", [FieldKind.NUMBER, FieldKind.INT])
def test_field_specs_refuse_numbers_beyond_the_campaign_s_bounds(kind):
    spec = FieldSpec("range", "Range", kind, kinds=frozenset({CharacterKind.PC}))
    if kind is FieldKind.NUMBER:
        assert spec.validate(float("nan")) == f"Range: nan {NOT_FINITE}"
        assert spec.validate(float("inf")) == f"Range: inf {NOT_FINITE}"
    assert spec.validate(3_000_000_000) == f"Range: out of range (3,000,000,000): {OUT_OF_RANGE}"
    assert spec.validate(MAX_NUMBER) is None
    bounded = FieldSpec("range", "Range", kind, minimum=0, maximum=10)
    assert bounded.validate(11) == "Range must be at most 10, not 11"
