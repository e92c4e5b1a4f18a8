"""No system inherits another's range: the shared Attacks declares no range penalty, maximum or band, and no shared
layer (controller/, domain/, ui/, rules/base) reads one by a name only crisis and crisis-classic give meaning to.
Each ruleset's reading of the map is its own `map_reading`."""

from __future__ import annotations

import ast
from pathlib import Path

import crisis_desktop.rules.base as base
from crisis_desktop.rules.base import Attacks
from crisis_desktop.rules.registry import get_ruleset, ruleset_ids

PACKAGE = Path(base.__file__).resolve().parents[1]
SHARED = ("controller", "domain", "ui", "rules/base")
RANGE_NAMES = {"RANGE_PENALTY_PER_INCREMENT", "range_increments", "RangeIncrements", "range_bands", "max_increments",
               "penalty_per_increment", "range_of"}


def names_used(root: Path) -> list[tuple[str, int, str]]:
    found = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            name = node.attr if isinstance(node, ast.Attribute) else node.id if isinstance(node, ast.Name) else \
                node.name if isinstance(node, ast.FunctionDef | ast.ClassDef) else None
            if name in RANGE_NAMES:
                found.append((str(path.relative_to(root.parent)), node.lineno, name))
    return found


def test_the_shared_attacks_declare_no_range():
    assert not RANGE_NAMES & set(dir(Attacks))
    declaring = sorted(i for i in ruleset_ids() if hasattr(get_ruleset(i), "range_increments"))
    assert declaring == ["crisis", "crisis-classic"]


def test_no_shared_layer_reads_range_by_increments():
    used = [hit for layer in SHARED for hit in names_used(PACKAGE / layer)]
    assert used == [], "range by increments read in a shared layer (ask the ruleset's map_reading instead)"


def test_the_probe_catches_a_range_default(tmp_path):
    """The test above can fail: a shared module reading a ruleset's RANGE_PENALTY_PER_INCREMENT is caught."""
    (tmp_path / "ui").mkdir()
    (tmp_path / "ui" / "moves.py").write_text("penalty = rules.RANGE_PENALTY_PER_INCREMENT\n", encoding="utf-8")
    assert [name for _p, _l, name in names_used(tmp_path / "ui")] == ["RANGE_PENALTY_PER_INCREMENT"]
