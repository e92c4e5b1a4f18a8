"""Benchmark: a fight action's cost does not depend on the campaign's size.

The same fight (200 combatants on a 60 x 60 map, bench_fight.py's: next turn, an attack, a token drop, each through
the real window with the board, the map, the undo stack and the journal) in a campaign of 1,000 characters and in
one of 50,000, each size in its own process, the sizes taking turns, `repeats` times. Each action's median at the
large size is compared with its median at the small size measured in the same run.

Run: QT_QPA_PLATFORM=offscreen python tests/benchmarks/bench_fight_scale.py [small] [large] [actions] [repeats]
(defaults 1000 50000 40 3). Goal: each action's median at the large size within 20% of the small size's (a ratio
of at most 1.2), and under 16 ms at both.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(os.environ.get("BENCH_ROOT") or Path(__file__).resolve().parents[2])  # another checkout: BENCH_ROOT
ACTIONS = ("next turn", "attack", "token drop")
RATIO_GOAL = 1.2
MEDIAN_GOAL = 0.016


def run(size: int, fighters: int, actions: int) -> dict[str, list[float]]:
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "results.json"
        env = dict(os.environ, QT_QPA_PLATFORM=os.environ.get("QT_QPA_PLATFORM", "offscreen"),
                   BENCH_RESULTS=str(out), PYTHONPATH=str(ROOT))
        env.pop("BENCH_PROFILE", None)
        done = subprocess.run([sys.executable, str(ROOT / "tests" / "benchmarks" / "bench_fight.py"), str(size),
                               str(fighters), str(actions)], env=env, cwd=ROOT, capture_output=True, text=True)
        if done.returncode != 0:
            sys.exit(f"bench_fight.py {size} failed:\n{done.stderr[-3000:]}")
        result: dict[str, list[float]] = json.loads(out.read_text())
        return result


def main() -> None:
    args = [int(a) for a in sys.argv[1:]]
    small, large, actions, repeats = (args + [1000, 50000, 40, 3][len(args):])[:4]
    fighters = 200
    samples: dict[int, dict[str, list[float]]] = {small: {a: [] for a in ACTIONS}, large: {a: [] for a in ACTIONS}}
    journaling: dict[int, list[float]] = {small: [], large: []}
    for repeat in range(repeats):
        for size in (small, large):
            result = run(size, fighters, actions)
            for action in ACTIONS:
                samples[size][action].extend(result[action])
            journaling[size].extend(result["journaling"])
            print(f"run {repeat + 1}, {size} characters: " + ", ".join(
                f"{a} {statistics.median(result[a]) * 1000:.1f} ms" for a in ACTIONS if result[a]), flush=True)
    print(f"\n{fighters} fighting on a 60 x 60 map; {repeats} runs of each size, {actions} rounds of actions each")
    print(f"{'action':>10} | {small:>6} characters | {large:>6} characters | ratio | goal (ratio <= {RATIO_GOAL}, "
          f"both under {MEDIAN_GOAL * 1000:.0f} ms)")
    for action in ACTIONS:
        a, b = statistics.median(samples[small][action]), statistics.median(samples[large][action])
        ratio = b / a
        met = ratio <= RATIO_GOAL and a < MEDIAN_GOAL and b < MEDIAN_GOAL
        why = "" if met else (" (ratio)" if ratio > RATIO_GOAL else " (over 16 ms)")
        print(f"{action:>10} | {a * 1000:13.1f} ms | {b * 1000:13.1f} ms | {ratio:5.2f} | "
              f"{'met' if met else 'missed' + why}")
    j_small, j_large = statistics.median(journaling[small]), statistics.median(journaling[large])
    print(f"{'journaling':>10} | {j_small * 1000:13.2f} ms | {j_large * 1000:13.2f} ms | {j_large / j_small:5.2f} |")


if __name__ == "__main__":
    main()
