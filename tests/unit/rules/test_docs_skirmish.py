"""Runs the examples of crisis_desktop/docs/rules-skirmish.md as doctests, and checks it lists every rule option."""

from __future__ import annotations

import doctest
from pathlib import Path

from crisis_desktop.rules.skirmish import SkirmishRuleset

DOC = Path(__file__).resolve().parents[3] / "crisis_desktop" / "docs" / "rules-skirmish.md"


def test_rules_skirmish_examples_run():
    failures, tried = doctest.testfile(str(DOC), module_relative=False,
                                       optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert tried > 10
    assert failures == 0


def test_every_rule_option_is_listed_with_its_choices_and_its_default_first_in_bold():
    text = DOC.read_text(encoding="utf-8")
    for option in SkirmishRuleset().rule_options():
        row = next((line for line in text.splitlines() if line.startswith(f"| `{option.key}` |")), None)
        assert row is not None, option.key
        choices = row.split("|")[2]
        assert choices.strip().startswith(f"**{option.default}**")
        assert {c.strip(" *") for c in choices.split(",")} == set(option.choices), option.key
