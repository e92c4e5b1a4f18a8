"""A system's rule options are documented: each one a row of its rules page (crisis_desktop/docs/rules.md for a
bundled system) with its default, and the default one of its choices. A system without rule options needs no row."""

from __future__ import annotations

import pytest

from crisis_desktop.rules.registry import get_ruleset
from tests.conformance.systems import rules_doc


@pytest.mark.when(lambda rules: bool(rules.rule_options()))
def test_the_rules_page_lists_every_rule_option_with_its_default(ruleset_id: str) -> None:
    doc = rules_doc(ruleset_id)
    text = doc.read_text(encoding="utf-8")
    for option in get_ruleset(ruleset_id).rule_options():
        row = f"| `{ruleset_id}` | `{option.key}` | `{option.default}` |"
        assert row in text, f"{doc.name} does not list {ruleset_id} {option.key} (default {option.default})"
        assert option.default in option.choices
