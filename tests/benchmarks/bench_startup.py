"""Benchmark: cold start of crisis-desktop to a shown main window, against a bare PySide6 window.

Run: QT_QPA_PLATFORM=offscreen python tests/benchmarks/bench_startup.py [runs] [--cache both|none|warm]
All are measured in this run, in turn, as new processes from their start (interpreter start included)
to the first frame they report: the bare window, crisis-desktop until its main window is shown, and
until the last campaign (here the demo) is open and the place it opens in painted. Shutting down is not
part of starting up.

Each phase is reported, so a regression shows where it came from: import (process start until the
window's modules are imported), window (building and showing it until its first frame), campaign (opening
the campaign after that frame) and first paint (painting the place it opened in).

Bytecode cache: these machines set PYTHONDONTWRITEBYTECODE, so the package's modules are compiled again in
every process unless a cache was written some other way. "none" measures the environment as it is (the
script says whether the package has cached bytecode there); "warm" gives every process a filled cache of its
own (PYTHONPYCACHEPREFIX in a temporary folder, filled by one run allowed to write it); "both" (the default)
measures each, every variant with its own bare-window baseline in the same run.
"""

from __future__ import annotations

import importlib.util
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(os.environ.get("BENCH_ROOT") or Path(__file__).resolve().parents[2])  # another checkout: BENCH_ROOT
WINDOW_GOAL = 1.3
CAMPAIGN_GOAL = 2.5

BARE = """
import sys, time
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMainWindow
print(f"mark imported {time.time():.6f}", flush=True)
app = QApplication(sys.argv)
w = QMainWindow(); w.resize(1280, 800); w.show()
QTimer.singleShot(0, lambda: (print(f"shown-at {time.time():.6f}", flush=True), app.quit()))
app.exec()
"""


def timed(cmd: list[str], env: dict[str, str]) -> dict[str, float]:
    """Seconds from starting the process to each phase it reports and to its first frame ("shown")."""
    start = time.time()
    out = subprocess.run(cmd, check=True, env=env, cwd=ROOT, capture_output=True, text=True).stdout
    marks: dict[str, float] = {}
    for line in out.splitlines():
        if line.startswith("mark "):
            _, name, at = line.split()
            marks[name] = float(at) - start
        elif line.startswith("shown-at "):
            marks["end"] = float(line.split()[1]) - start
    return marks


def package_bytecode_cached(env: dict[str, str]) -> bool:
    """Whether the package's own modules have cached bytecode where these processes look for it."""
    prefix = env.get("PYTHONPYCACHEPREFIX")
    source = ROOT / "crisis_desktop" / "app.py"
    if prefix:
        return any(Path(prefix).rglob("app.cpython-*.pyc"))
    return Path(importlib.util.cache_from_source(str(source))).exists()


def measure(runs: int, env: dict[str, str], app_cmd: list[str]) -> dict[str, list[dict[str, float]]]:
    window_env = dict(env, CRISIS_DESKTOP_EXIT_WHEN_SHOWN="window")
    campaign_env = dict(env, CRISIS_DESKTOP_EXIT_WHEN_SHOWN="campaign")
    timed(app_cmd, campaign_env)  # the first run seeds the demo and warms the file cache for all
    result: dict[str, list[dict[str, float]]] = {"bare": [], "window": [], "campaign": []}
    for _ in range(runs):
        result["bare"].append(timed([sys.executable, "-c", BARE], env))
        result["window"].append(timed(app_cmd, window_env))
        result["campaign"].append(timed(app_cmd, campaign_env))
    return result


def med(samples: list[dict[str, float]], key: str, since: str | None = None) -> float:
    """Median seconds to `key` (from `since`); nan where a build does not report that phase."""
    nan = float("nan")
    return statistics.median(s.get(key, nan) - (s.get(since, nan) if since else 0.0) for s in samples)


def report(label: str, cached: bool, result: dict[str, list[dict[str, float]]]) -> None:
    bare, window, campaign = result["bare"], result["window"], result["campaign"]
    b, w, c = med(bare, "end"), med(window, "end"), med(campaign, "end")
    ms = 1000
    print(f"\n[{label}] the package's bytecode cached: {'yes' if cached else 'no (compiled in every process)'}")
    print(f"bare PySide6 window: median {b * ms:.0f} ms over {len(bare)} runs "
          f"(import {med(bare, 'imported') * ms:.0f}, window {med(bare, 'end', 'imported') * ms:.0f})")
    print(f"crisis-desktop, main window shown: median {w * ms:.0f} ms "
          f"(import {med(window, 'imported') * ms:.0f}, window {med(window, 'end', 'imported') * ms:.0f}); "
          f"ratio {w / b:.2f}x, goal at most {WINDOW_GOAL}x: {'met' if w / b <= WINDOW_GOAL else 'missed'}")
    print(f"crisis-desktop, last campaign open and painted: median {c * ms:.0f} ms "
          f"(import {med(campaign, 'imported') * ms:.0f}, window {med(campaign, 'shown', 'imported') * ms:.0f}, "
          f"campaign {med(campaign, 'campaign', 'shown') * ms:.0f}, "
          f"first paint {med(campaign, 'end', 'campaign') * ms:.0f}); "
          f"ratio {c / b:.2f}x, goal at most {CAMPAIGN_GOAL}x: {'met' if c / b <= CAMPAIGN_GOAL else 'missed'}")


def main() -> None:
    args = sys.argv[1:]
    cache = "both"
    if "--cache" in args:
        at = args.index("--cache")
        cache = args[at + 1]
        del args[at:at + 2]
    runs = int(args[0]) if args else 7
    env = dict(os.environ, QT_QPA_PLATFORM=os.environ.get("QT_QPA_PLATFORM", "offscreen"),
               PYTHONPATH=str(ROOT))
    # The installed `crisis-desktop` command where there is one (as a user starts it), else -m.
    script = Path(sys.executable).with_name("crisis-desktop")
    launcher = [str(script)] if script.exists() else [sys.executable, "-m", "crisis_desktop"]
    print(f"started as: {' '.join(launcher)}; platform {env['QT_QPA_PLATFORM']}; "
          f"PYTHONDONTWRITEBYTECODE={os.environ.get('PYTHONDONTWRITEBYTECODE', '(unset)')}")
    with tempfile.TemporaryDirectory() as data, tempfile.TemporaryDirectory() as prefix:
        app_cmd = [*launcher, "--data-dir", data]
        if cache in ("both", "none"):
            report("environment as it is", package_bytecode_cached(env), measure(runs, env, app_cmd))
        if cache in ("both", "warm"):
            warm = dict(env, PYTHONPYCACHEPREFIX=prefix)
            fill = {k: v for k, v in warm.items() if k != "PYTHONDONTWRITEBYTECODE"}
            for cmd in ([sys.executable, "-c", BARE], app_cmd):  # fills the cache for everything they import
                timed(cmd, dict(fill, CRISIS_DESKTOP_EXIT_WHEN_SHOWN="campaign"))
            report("with a bytecode cache", package_bytecode_cached(warm), measure(runs, warm, app_cmd))


if __name__ == "__main__":
    main()
