"""Runs the examples of the rules pages of genesys, moments and skirmish (crisis_desktop/docs/rules-<id>.md) as
doctests, and checks that each page lists every rule option of its system with its choices, the default in bold
(first, except where the choices are numbers listed in order, as genesys's cells per range band)."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

from crisis_desktop.rules.registry import get_ruleset

DOCS = Path(__file__).resolve().parents[3] / "crisis_desktop" / "docs"
SYSTEMS = ["genesys", "moments", "skirmish"]


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_pages_examples_run(system: str) -> None:
    failures, tried = doctest.testfile(str(DOCS / f"rules-{system}.md"), module_relative=False,
                                       optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert tried > 10
    assert failures == 0


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_rule_option_is_listed_with_its_choices_and_its_default_in_bold(system: str) -> None:
    text = (DOCS / f"rules-{system}.md").read_text(encoding="utf-8")
    for option in get_ruleset(system).rule_options():
        row = next((line for line in text.splitlines() if line.startswith(f"| `{option.key}` |")), None)
        assert row is not None, option.key
        choices = row.split("|")[2]
        in_order = all(str(c).isdigit() for c in option.choices)
        assert (f"**{option.default}**" in choices) if in_order else \
            choices.strip().startswith(f"**{option.default}**"), option.key
        assert {c.strip(" *") for c in choices.split(",")} == set(option.choices), option.key
