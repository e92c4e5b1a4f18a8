"""Start-up time of the bundle against the pip-installed command: median wall time of a few runs each.

    python packaging/compare_startup.py --bundle dist/crisis-desktop/crisis-desktop \\
        --installed .venv/bin/crisis-desktop [--data-dir DIR] [--runs 5]

Times `--version`, `info --campaign Demo` and the window up to its first frame (offscreen, the
start-up benchmark's CRISIS_DESKTOP_EXIT_WHEN_SHOWN hook), after one warm-up run of each.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time


def wall_time(argv: list[str], env: dict[str, str]) -> float:
    started = time.perf_counter()
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, timeout=120)
    return time.perf_counter() - started


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Compare start-up times of the bundle and the installed command.")
    parser.add_argument("--bundle", required=True, help="the bundle's executable")
    parser.add_argument("--installed", required=True, help="the pip-installed crisis-desktop command")
    parser.add_argument("--data-dir", help="data folder to use (default: a new temporary one)")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args(argv)
    data = args.data_dir or tempfile.mkdtemp(prefix="crisis-startup-")
    env = {k: v for k, v in os.environ.items() if k != "CRISIS_DESKTOP_EXIT_WHEN_SHOWN"}
    window_env = dict(env, QT_QPA_PLATFORM="offscreen", CRISIS_DESKTOP_EXIT_WHEN_SHOWN="window")
    cases = [
        ("--version", ["--version"], env),
        ("info --campaign Demo", ["--data-dir", data, "info", "--campaign", "Demo"], env),
        ("window shown (offscreen)", ["--data-dir", data], window_env),
    ]
    print(f"median wall time of {args.runs} runs (after one warm-up run)")
    print(f"{'command':<26} {'bundle':>9} {'installed':>10} {'ratio':>6}")
    for label, extra, case_env in cases:
        medians = []
        for exe in (args.bundle, args.installed):
            wall_time([exe, *extra], case_env)
            medians.append(statistics.median(wall_time([exe, *extra], case_env) for _ in range(args.runs)))
        bundle, installed = medians
        print(f"{label:<26} {bundle * 1000:>7.0f}ms {installed * 1000:>8.0f}ms {bundle / installed:>5.2f}x",
              flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
