"""Benchmark: simulated fights of the crisis demo's Raider Ambush per second on one core, against the baseline of one
attack resolution (the rules' resolve_attack of the first to act, at an enemy) measured in the same run: on the quick
path the simulator takes (the ruleset's compiled fight, compiled anew here: the first fights fill its tables), and on
the full rules path it falls back to; then the whole runner over every core, as Simulate... runs it (worker processes
started, each compiling the fight), end to end.

Run: python tests/benchmarks/bench_simulate.py [quick fights per core] [runner fights]
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from crisis_desktop.controller.simulate import FightPlayer, Setup, run_seed, simulate  # noqa: E402
from crisis_desktop.controller.simulate.engine import player_for
from crisis_desktop.controller.simulate.fight import SimController  # noqa: E402
from crisis_desktop.controller.simulate.quick import QuickPlayer  # noqa: E402
from crisis_desktop.resources_access import resource  # noqa: E402
from crisis_desktop.rules.kernel.dice import RandomDice  # noqa: E402
from crisis_desktop.rules.registry import get_ruleset  # noqa: E402
from crisis_desktop.storage.campaign_file import parse_campaign_bytes  # noqa: E402

GOAL_PER_CORE = 1_000
FULL_FIGHTS = 40


def main() -> None:
    fights = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    runner_fights = int(sys.argv[2]) if len(sys.argv) > 2 else 10_000
    campaign = parse_campaign_bytes(resource("demo", "campaign.json").read_bytes(), Path("campaign.json"))
    encounter = next(e for e in campaign.encounters if e.name == "Raider Ambush")
    ruleset = get_ruleset(campaign.ruleset)
    assert ruleset.attacks is not None

    # Baseline: one attack resolution, as the full path makes it (off the map, so the first to act may shoot at once).
    off_map = campaign.model_copy(deep=True)
    off_map.encounter(encounter.id).battle_map_id = None
    ctl = SimController(off_map, encounter.id, ruleset)
    ctl.commands.start(RandomDice(1))
    attacker = ctl.view.acting()[0]
    side = ctl.view.combatant(attacker).side
    dice = RandomDice(2)
    request = None
    for target in (c.id for c in ctl.view.encounter.combatants if c.side != side):
        for weapon in ctl.preview.weapons(attacker):
            try:
                candidate = ctl.preview.attack_request(attacker, weapon.id, target)
                ruleset.attacks.resolve_attack(candidate, dice, ctl.view.options)
            except ValueError:
                continue
            request = request or candidate
    assert request is not None, "nobody to attack at the start"
    samples = []
    for _ in range(7):
        start = time.perf_counter()
        for _ in range(2000):
            ruleset.attacks.resolve_attack(request, dice, ctl.view.options)
        samples.append((time.perf_counter() - start) / 2000)
    attack = statistics.median(samples)

    # The quick path, as a worker process plays it: compiled once, then fight after fight.
    start = time.perf_counter()
    quick = player_for(Setup.of(campaign, encounter.id, ruleset))
    compiled = time.perf_counter() - start
    assert isinstance(quick, QuickPlayer), "Raider Ambush is not played on the quick path"
    attacks = rounds = 0
    start = time.perf_counter()
    for index in range(fights):
        record = quick.play(run_seed(0, index))
        attacks += record.attacks
        rounds += record.rounds
    per_quick = (time.perf_counter() - start) / fights
    # The same number again on the filled tables: what each fight costs once the run is under way.
    start = time.perf_counter()
    for index in range(fights, 2 * fights):
        quick.play(run_seed(0, index))
    per_steady = (time.perf_counter() - start) / fights

    # The full rules path (what a ruleset without quick fights, or a fight they do not play, goes through).
    full = FightPlayer(Setup.of(campaign, encounter.id, ruleset, quick=False))
    start = time.perf_counter()
    for index in range(FULL_FIGHTS):
        full.play(run_seed(0, index))
    per_full = (time.perf_counter() - start) / FULL_FIGHTS

    cores = os.cpu_count() or 1
    start = time.perf_counter()
    simulate(campaign, encounter.id, ruleset, runs=runner_fights, seed=0)
    wall = time.perf_counter() - start

    print(f"one attack resolution (baseline):  {attack * 1e6:9.1f} us")
    print(f"quick path, a fight:               {per_quick * 1e3:9.3f} ms = {per_quick / attack:6.2f} x baseline "
          f"({attacks / fights:.1f} attacks, {rounds / fights:.1f} rounds a fight; "
          f"compiled in {compiled * 1e3:.0f} ms)")
    print(f"  fights per second per core:      {1 / per_quick:9.0f}    (goal {GOAL_PER_CORE}: a fight in "
          f"{1e3 / GOAL_PER_CORE:.2f} ms = {1 / (GOAL_PER_CORE * attack):.2f} x baseline)")
    print(f"  on filled tables:                {per_steady * 1e3:9.3f} ms = {per_steady / attack:6.2f} x baseline, "
          f"{1 / per_steady:.0f} fights/s")
    print(f"full rules path, a fight:          {per_full * 1e3:9.2f} ms = {per_full / attack:6.0f} x baseline "
          f"({per_full / per_quick:.0f} x the quick path)")
    print(f"runner on {cores} cores, end to end:    {runner_fights / wall:9.0f} fights/s = "
          f"{runner_fights / wall / cores:.0f} per core ({runner_fights} fights in {wall:.1f} s, the worker processes' "
          f"start-up included)")


if __name__ == "__main__":
    main()
