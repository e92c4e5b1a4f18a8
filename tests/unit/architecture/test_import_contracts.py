"""The import contracts in pyproject.toml hold for the package and fail on a planted import of each forbidden kind:
a copy of the package with one bad import per contract, checked by import-linter in a process of its own."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]

# Where an import is planted, what it imports, and the contract it breaks (as lint-imports names it).
PLANTED = {
    "rules/genesys/planted.py": ("from crisis_desktop.rules.crisis import tables", "The game systems are independent"),
    "controller/planted.py": ("from crisis_desktop.rules.skirmish import plans", "No shared layer imports a game"),
    "rules/kernel/planted.py": ("from crisis_desktop.rules.moments import d100", "No shared layer imports a game"),
    "storage/planted.py": ("from crisis_desktop.controller import history", "The layers as drawn"),
    "export/sheet_planted.py": ("import PySide6.QtGui", "Export is free of Qt outside its PDF module"),
    "rules/planted.py": ("from crisis_desktop.storage import atomic", "Rules stay pure"),
    "domain/planted.py": ("from crisis_desktop.rules.kernel import dice", "The domain depends on nothing else of ours"),
}


def lint(root: Path) -> str:
    """lint-imports over the package under `root`, with the project's contracts; its report."""
    done = subprocess.run([sys.executable, "-c", "import sys; from importlinter.cli import lint_imports_command; "
                           "sys.exit(lint_imports_command())", "--config", str(root / "pyproject.toml"),
                           "--no-cache"], cwd=root, env={"PYTHONPATH": str(root), "PATH": ""},
                          capture_output=True, text=True, timeout=300)
    return done.stdout + done.stderr


def test_the_contracts_hold_and_each_fails_on_a_planted_import(tmp_path):
    copy = tmp_path / "project"
    shutil.copytree(ROOT / "crisis_desktop", copy / "crisis_desktop",
                    ignore=shutil.ignore_patterns("__pycache__", "resources", "docs"))
    shutil.copy(ROOT / "pyproject.toml", copy / "pyproject.toml")
    clean = lint(copy)
    assert "0 broken" in clean, clean
    for where, (line, _contract) in PLANTED.items():
        (copy / "crisis_desktop" / where).write_text(f"{line}  # planted\n", encoding="utf-8")
    # The export module planted beside the others is one the contract names.
    toml = (copy / "pyproject.toml").read_text(encoding="utf-8")
    (copy / "pyproject.toml").write_text(toml.replace('"crisis_desktop.export.sheet",',
                                                      '"crisis_desktop.export.sheet",\n    '
                                                      '"crisis_desktop.export.sheet_planted",'), encoding="utf-8")
    report = " ".join(lint(copy).split())
    assert f"{len({contract for _line, contract in PLANTED.values()})} broken" in report, report
    broken = report.split("Broken contracts", 1)[1]
    for where, (_line, contract) in PLANTED.items():
        assert contract in broken, (where, contract, report)
