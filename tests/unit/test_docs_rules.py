"""The examples in crisis_desktop/docs/rules.md run as written."""

from __future__ import annotations

import doctest
from pathlib import Path

DOC = Path(__file__).resolve().parents[2] / "crisis_desktop" / "docs" / "rules.md"


def test_rules_doc_examples_run():
    result = doctest.testfile(str(DOC), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 10
    assert result.failed == 0


def test_rules_doc_lists_every_rule_option_with_its_default():
    from crisis_desktop.rules.registry import get_ruleset, ruleset_ids

    text = DOC.read_text()
    for ruleset_id in ruleset_ids():
        for option in get_ruleset(ruleset_id).rule_options():
            row = f"| `{ruleset_id}` | `{option.key}` | `{option.default}` |"
            assert row in text, \
                f"crisis_desktop/docs/rules.md does not list {ruleset_id} {option.key} (default {option.default})"
            assert option.default in option.choices
