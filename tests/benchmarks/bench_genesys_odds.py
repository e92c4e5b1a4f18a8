"""Benchmark: exact odds of genesys pools up to 6 positive and 6 negative dice (the check's odds: success, every net
advantage, triumph and despair; and every tally listed), as ratios against a plain 3d6 distribution measured in the
same run.

Run: python tests/benchmarks/bench_genesys_odds.py
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from crisis_desktop.rules.genesys import checks, narrative  # noqa: E402
from crisis_desktop.rules.genesys.narrative import Pool  # noqa: E402
from crisis_desktop.rules.kernel import odds  # noqa: E402

POOLS = {
    "2 green + 1 yellow vs 2 purple": Pool(ability=2, proficiency=1, difficulty=2),
    "3 yellow + 1 boost vs 2 purple + 1 red": Pool(proficiency=3, boost=1, difficulty=2, challenge=1),
    "6 yellow vs 6 red": Pool(proficiency=6, challenge=6),
    "2 green, 2 yellow, 2 blue vs 2 purple, 2 red, 2 black": Pool(ability=2, proficiency=2, boost=2, difficulty=2,
                                                               challenge=2, setback=2),
}


def per_call(fn: Callable[[], object], runs: int) -> float:
    samples = []
    for _ in range(7):
        start = time.perf_counter()
        for _ in range(runs):
            fn()
        samples.append((time.perf_counter() - start) / runs)
    return statistics.median(samples)


def the_check(pool: Pool) -> None:
    """What the check dialog shows: P(success), every net advantage, triumphs and despairs."""
    found = checks.odds_of(pool).tallies
    assert isinstance(found, narrative.TallyOdds)
    found.net("advantage")
    narrative.count(found, "triumph")
    narrative.count(found, "despair")


def every_tally(pool: Pool) -> None:
    """The same, and every tally the pool can show listed."""
    dict(narrative.pool_odds(pool).items())


def main() -> None:
    odds.pool(Pool(ability=1).dice(), reduce=narrative.CANCEL)      # numpy's first import is not timed

    def baseline() -> None:
        odds.repeat(odds.die(6), 3)

    base = per_call(baseline, 2000)
    print(f"plain 3d6 distribution (baseline): {base * 1e6:9.1f} us")
    for name, pool in POOLS.items():
        check = per_call(lambda pool=pool: the_check(pool), 50)
        listed = per_call(lambda pool=pool: every_tally(pool), 10)
        tallies = len(narrative.pool_odds(pool))
        print(f"{name} ({tallies} tallies):")
        print(f"  check odds:  {check * 1e3:7.2f} ms = {check / base:7.1f} x baseline")
        print(f"  every tally: {listed * 1e3:7.2f} ms = {listed / base:7.1f} x baseline")


if __name__ == "__main__":
    main()
