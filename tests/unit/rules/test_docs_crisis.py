"""Runs the examples of crisis_desktop/docs/rules-crisis.md as doctests."""

from __future__ import annotations

import doctest
from pathlib import Path

DOC = Path(__file__).resolve().parents[3] / "crisis_desktop" / "docs" / "rules-crisis.md"


def test_rules_crisis_examples_run():
    failures, tried = doctest.testfile(str(DOC), module_relative=False,
                                       optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert tried > 10
    assert failures == 0
