"""No modules of the package import each other round in a circle when the code runs: the rules' value types sit in a
leaf module (rules/base/values.py) that the kernel's geometry and dice read without importing the Ruleset interface.
Imports made only for the type checker do not count; imports deferred into functions do."""

from __future__ import annotations

from pathlib import Path

from tools.design_metrics import import_cycles

ROOT = Path(__file__).resolve().parents[3]


def test_the_package_has_no_import_cycle():
    assert import_cycles(ROOT) == []


def test_a_planted_cycle_is_found(tmp_path):
    package = tmp_path / "crisis_desktop"
    (package / "rules").mkdir(parents=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "rules" / "__init__.py").write_text("", encoding="utf-8")
    (package / "rules" / "values_kind.py").write_text("def later():\n    from crisis_desktop.rules import shapes\n",
                                                      encoding="utf-8")
    (package / "rules" / "shapes.py").write_text("from crisis_desktop.rules import values_kind\n", encoding="utf-8")
    assert import_cycles(tmp_path) == [["crisis_desktop.rules.shapes", "crisis_desktop.rules.values_kind"]]
