"""Benchmark and check: every demo encounter whose rules have quick fights, simulated on the full rules path and in
quick fights. For each: a fight's time on one core both ways (the full path is the baseline, measured in the same
run), and under two sets of tactics the figure farthest apart between the two summaries, in standard errors of the
difference (the tests run the same comparison with fewer fights, one encounter a ruleset).

Run: python tests/benchmarks/bench_quick_fights.py [full fights] [quick fights]
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from crisis_desktop.controller.simulate import FightPlayer, Setup, Tactics, Target, run_seed  # noqa: E402
from crisis_desktop.controller.simulate.engine import player_for
from crisis_desktop.controller.simulate.quick import QuickPlayer  # noqa: E402
from crisis_desktop.rules.registry import get_ruleset  # noqa: E402
from tests.unit.simulate.equivalence import demo, farthest_apart  # noqa: E402

DEMOS = ("campaign.json", "genesys.json", "skirmish.json", "moments.json")
# Every choice of the tactics away from the default: the weakest and the most dangerous, cover, morale.
MIXED = {"party": Tactics(Target.WEAKEST, cover=True), "enemies": Tactics(Target.DANGEROUS, cover=True, flee_at=0.5)}


def per_fight(player: FightPlayer | QuickPlayer, fights: int, warm: int = 0) -> float:
    for index in range(warm):
        player.play(run_seed(1, index))
    start = time.perf_counter()
    for index in range(warm, warm + fights):
        player.play(run_seed(1, index))
    return (time.perf_counter() - start) / fights


def main() -> None:
    full_runs = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    quick_runs = int(sys.argv[2]) if len(sys.argv) > 2 else 20_000
    for name in DEMOS:
        campaign = demo(name)
        ruleset = get_ruleset(campaign.ruleset)
        for encounter in (e for e in campaign.encounters if e.combatants):
            setup = Setup.of(campaign, encounter.id, ruleset)
            quick = player_for(setup)
            if not isinstance(quick, QuickPlayer):
                print(f"{ruleset.name}, {encounter.name}: {quick.played_by}")
                continue
            full_ms = per_fight(FightPlayer(Setup.of(campaign, encounter.id, ruleset, quick=False)), 20) * 1e3
            quick_ms = per_fight(quick, 1000, warm=1000) * 1e3
            print(f"{ruleset.name}, {encounter.name}: a fight {quick_ms:.2f} ms quick, {full_ms:.1f} ms full "
                  f"({full_ms / quick_ms:.0f}x)")
            for label, tactics in (("nearest", None), ("mixed", MIXED)):
                z, key, _full, _quick = farthest_apart(campaign, encounter.id, tactics, full_runs=full_runs,
                                                       quick_runs=quick_runs)
                print(f"  {label} tactics, {full_runs} full against {quick_runs} quick fights, farthest apart: {key} "
                      f"at {z:.2f} standard errors")


if __name__ == "__main__":
    main()
