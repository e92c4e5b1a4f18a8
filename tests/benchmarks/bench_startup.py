"""Benchmark: cold start of crisis-desktop to a shown main window, against a bare PySide6 window.

Run: QT_QPA_PLATFORM=offscreen python tests/benchmarks/bench_startup.py [runs]
Both are measured in this run, alternately, as whole processes (interpreter start included).
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
import sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMainWindow
app = QApplication(sys.argv)
w = QMainWindow(); w.resize(1280, 800); w.show()
QTimer.singleShot(0, app.quit)
app.exec()
"""


def timed(cmd: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, check=True, env=env, cwd=ROOT, capture_output=True)
    return time.perf_counter() - start


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    env = dict(os.environ, QT_QPA_PLATFORM=os.environ.get("QT_QPA_PLATFORM", "offscreen"),
               CRISIS_DESKTOP_EXIT_WHEN_SHOWN="1", PYTHONPATH=str(ROOT))
    with tempfile.TemporaryDirectory() as data:
        app_cmd = [sys.executable, "-m", "crisis_desktop", "--data-dir", data]
        timed(app_cmd, env)  # first run seeds the demo and warms the file cache for both
        bare, app = [], []
        for _ in range(runs):
            bare.append(timed([sys.executable, "-c", BARE], env))
            app.append(timed(app_cmd, env))
    b, a = statistics.median(bare), statistics.median(app)
    print(f"bare PySide6 window: median {b * 1000:.0f} ms over {runs} runs")
    print(f"crisis-desktop on the demo: median {a * 1000:.0f} ms over {runs} runs")
    print(f"ratio: {a / b:.2f}x (goal: at most 1.5x)")


if __name__ == "__main__":
    main()
