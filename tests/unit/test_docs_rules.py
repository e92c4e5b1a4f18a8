"""The examples in crisis_desktop/docs/rules.md run as written. (Its rows of every system's rule options are the
conformance suite's: tests/conformance/test_docs.py.)"""

from __future__ import annotations

import doctest
from pathlib import Path

DOC = Path(__file__).resolve().parents[2] / "crisis_desktop" / "docs" / "rules.md"


def test_rules_doc_examples_run():
    result = doctest.testfile(str(DOC), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 10
    assert result.failed == 0

