"""What a plain start imports before its main window is shown: Qt and the window's own modules, never pydantic
nor the campaign's code (domain, rules, controller, the campaign store, export). Those come after the first
frame, when the campaign opens. Each start runs in its own process, as a user starts it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Runs the real entry point; the start-up benchmark's hook that reports the first frame is replaced by one
# that prints every module loaded at that moment.
PROBE = """
import sys
import crisis_desktop.app as app

def report(qapp, *rest):
    print("MODULES " + " ".join(sorted(sys.modules)), flush=True)
    qapp.quit()

app._report_shown_and_quit = report
if len(sys.argv) > 2 and sys.argv[2] == "campaign":
    app._report_painted_and_quit = report
sys.exit(app.main(["--data-dir", sys.argv[1]]))
"""

CAMPAIGN_CODE = ("pydantic", "pydantic_core", "crisis_desktop.domain", "crisis_desktop.rules",
                 "crisis_desktop.controller", "crisis_desktop.storage.campaign_store", "crisis_desktop.export")


def modules_when_shown(data: Path, exit_when: str) -> set[str]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "CRISIS_DESKTOP_EXIT_WHEN_SHOWN": exit_when,
           "PYTHONPATH": str(ROOT)}
    result = subprocess.run([sys.executable, "-c", PROBE, str(data), exit_when], env=env, cwd=ROOT,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    line = next(line for line in result.stdout.splitlines() if line.startswith("MODULES "))
    return set(line.split()[1:])


def campaign_modules(modules: set[str]) -> list[str]:
    return sorted(m for m in modules if any(m == name or m.startswith(name + ".") for name in CAMPAIGN_CODE))


def test_nothing_of_pydantic_or_the_campaign_is_imported_before_the_window_is_shown(tmp_path):
    modules = modules_when_shown(tmp_path / "data", "window")
    assert "crisis_desktop.ui.main_window" in modules and "PySide6.QtWidgets" in modules
    assert campaign_modules(modules) == []


def test_the_probe_sees_the_campaign_code_once_the_campaign_is_open(tmp_path):
    """The same probe, once the demo campaign is open: it does see pydantic and the domain then, so the test
    above would fail if they came before the window."""
    modules = modules_when_shown(tmp_path / "data", "campaign")
    found = campaign_modules(modules)
    assert "pydantic" in found and "crisis_desktop.domain.campaign" in found
    assert "crisis_desktop.storage.campaign_store" in found
