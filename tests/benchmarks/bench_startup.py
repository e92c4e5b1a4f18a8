"""Benchmark: cold start of crisis-desktop to a shown main window, against a bare PySide6 window.

Run: QT_QPA_PLATFORM=offscreen python tests/benchmarks/bench_startup.py [runs]
All are measured in this run, in turn, as new processes from their start (interpreter start included)
to the first frame they report: the bare window, crisis-desktop until its main window is shown, and
until the demo campaign is open in it. Shutting down is not part of starting up.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

BARE = """
import sys, time
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMainWindow
app = QApplication(sys.argv)
w = QMainWindow(); w.resize(1280, 800); w.show()
QTimer.singleShot(0, lambda: (print(f"shown-at {time.time():.6f}", flush=True), app.quit()))
app.exec()
"""


def timed(cmd: list[str], env: dict[str, str]) -> float:
    """Seconds from starting the process to the moment it reports its first frame (not its exit)."""
    start = time.time()
    out = subprocess.run(cmd, check=True, env=env, cwd=ROOT, capture_output=True, text=True).stdout
    shown = next(float(line.split()[1]) for line in out.splitlines() if line.startswith("shown-at "))
    return shown - start


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    env = dict(os.environ, QT_QPA_PLATFORM=os.environ.get("QT_QPA_PLATFORM", "offscreen"),
               PYTHONPATH=str(ROOT))
    window_env = dict(env, CRISIS_DESKTOP_EXIT_WHEN_SHOWN="window")
    campaign_env = dict(env, CRISIS_DESKTOP_EXIT_WHEN_SHOWN="campaign")
    with tempfile.TemporaryDirectory() as data:
        # The installed `crisis-desktop` command where there is one (as a user starts it), else -m.
        script = Path(sys.executable).with_name("crisis-desktop")
        launcher = [str(script)] if script.exists() else [sys.executable, "-m", "crisis_desktop"]
        app_cmd = [*launcher, "--data-dir", data]
        timed(app_cmd, campaign_env)  # the first run seeds the demo and warms the file cache for all
        bare, window, campaign = [], [], []
        for _ in range(runs):
            bare.append(timed([sys.executable, "-c", BARE], env))
            window.append(timed(app_cmd, window_env))
            campaign.append(timed(app_cmd, campaign_env))
    b, w, c = (statistics.median(x) for x in (bare, window, campaign))
    print(f"started as: {' '.join(launcher)}")
    print(f"bare PySide6 window: median {b * 1000:.0f} ms over {runs} runs")
    print(f"crisis-desktop, main window shown: median {w * 1000:.0f} ms, ratio {w / b:.2f}x (goal: at most 1.5x)")
    print(f"crisis-desktop, demo campaign open: median {c * 1000:.0f} ms, ratio {c / b:.2f}x")


if __name__ == "__main__":
    main()
