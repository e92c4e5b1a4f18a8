"""Benchmark: exact odds of one check (crisis uncached and cached, crisis-classic) against a plain 3d6 distribution.

Run: python tests/benchmarks/bench_odds.py
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from crisis_desktop.domain import Character  # noqa: E402
from crisis_desktop.rules.base import Actor, CheckRequest, Term  # noqa: E402
from crisis_desktop.rules.crisis import CrisisRuleset, checks  # noqa: E402
from crisis_desktop.rules.crisis_classic import CrisisClassicRuleset  # noqa: E402
from crisis_desktop.rules.kernel import odds  # noqa: E402


def per_call(fn, runs: int = 2000) -> float:  # type: ignore[no-untyped-def]
    samples = []
    for _ in range(7):
        start = time.perf_counter()
        for _ in range(runs):
            fn()
        samples.append((time.perf_counter() - start) / runs)
    return statistics.median(samples)


def main() -> None:
    rules = CrisisRuleset()
    vera = Character(name="Vera", stats={"body": 6, "mind": 10, "soul": 8, "medicine": 10, "health_roll": 4})
    request = CheckRequest(Actor(vera), "medicine", 7, (Term("circumstance", 1),), ("medkit",))

    def baseline() -> None:
        odds.repeat(odds.die(6), 3)

    def uncached() -> None:
        checks._odds.cache_clear()
        checks.die_distribution.cache_clear()
        rules.checks.check_odds(request, {})

    def cached() -> None:
        rules.checks.check_odds(request, {})

    classic = CrisisClassicRuleset()
    kell = Character(name="Kell", stats={"might": 11, "speed": 12, "intelligence": 10, "charisma": 9,
                                         "light_weapons": 2, "level": 1})
    classic_request = CheckRequest(Actor(kell), "light_weapons", 6, (Term("HIT", 1),), ("scope",))

    def classic_check() -> None:
        classic.checks.check_odds(classic_request, {})

    base = per_call(baseline)
    classic_time = per_call(classic_check)
    cold = per_call(uncached, 500)
    warm = per_call(cached)
    print(f"plain 3d6 distribution (baseline): {base * 1e6:8.1f} us")
    print(f"check odds, nothing cached:        {cold * 1e6:8.1f} us  = {cold / base:5.2f} x baseline")
    print(f"check odds, distributions cached:  {warm * 1e6:8.1f} us  = {warm / base:5.2f} x baseline")
    print(f"crisis-classic check odds:         {classic_time * 1e6:8.1f} us  = {classic_time / base:5.2f} x baseline")


if __name__ == "__main__":
    main()
