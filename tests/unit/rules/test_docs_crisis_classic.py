"""The examples in crisis_desktop/docs/rules-crisis-classic.md run as written."""

from __future__ import annotations

import doctest
from pathlib import Path

DOC = Path(__file__).resolve().parents[3] / "crisis_desktop" / "docs" / "rules-crisis-classic.md"


def test_crisis_classic_doc_examples_run():
    result = doctest.testfile(str(DOC), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 20
    assert result.failed == 0
