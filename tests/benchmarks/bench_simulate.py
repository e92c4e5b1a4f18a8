"""Benchmark: simulated fights of the crisis demo's Raider Ambush per second on one core, against the baseline of one
attack resolution (the rules' resolve_attack of the first to act, at an enemy) measured in the same run; then the
whole runner over every core.

Run: python tests/benchmarks/bench_simulate.py [fights]
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from crisis_desktop.controller.simulate import FightPlayer, Setup, run_seed, simulate  # noqa: E402
from crisis_desktop.controller.simulate.fight import SimController  # noqa: E402
from crisis_desktop.resources_access import resource  # noqa: E402
from crisis_desktop.rules.base import Attacks  # noqa: E402
from crisis_desktop.rules.dice import RandomDice  # noqa: E402
from crisis_desktop.rules.registry import get_ruleset  # noqa: E402
from crisis_desktop.storage.campaign_file import parse_campaign_bytes  # noqa: E402

GOAL_PER_CORE = 1_000


def main() -> None:
    fights = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    campaign = parse_campaign_bytes(resource("demo", "campaign.json").read_bytes(), Path("campaign.json"))
    encounter = next(e for e in campaign.encounters if e.name == "Raider Ambush")
    ruleset = get_ruleset(campaign.ruleset)
    assert isinstance(ruleset, Attacks)

    # Baseline: one attack resolution, as the fight makes it (off the map, so the first to act may shoot at once).
    off_map = campaign.model_copy(deep=True)
    off_map.encounter(encounter.id).battle_map_id = None
    ctl = SimController(off_map, encounter.id, ruleset)
    ctl.start(RandomDice(1))
    attacker = ctl.acting()[0]
    side = ctl.combatant(attacker).side
    dice = RandomDice(2)
    request = None
    for target in (c.id for c in ctl.encounter.combatants if c.side != side):
        for weapon in ctl.weapons(attacker):
            try:
                candidate = ctl.attack_request(attacker, weapon.id, target)
                ruleset.resolve_attack(candidate, dice, ctl.options)
            except ValueError:
                continue
            request = request or candidate
    assert request is not None, "nobody to attack at the start"
    samples = []
    for _ in range(7):
        start = time.perf_counter()
        for _ in range(2000):
            ruleset.resolve_attack(request, dice, ctl.options)
        samples.append((time.perf_counter() - start) / 2000)
    attack = statistics.median(samples)

    player = FightPlayer(Setup.of(campaign, encounter.id, ruleset))
    attacks = rounds = 0
    start = time.perf_counter()
    for index in range(fights):
        record = player.play(run_seed(0, index))
        attacks += record.attacks
        rounds += record.rounds
    per_fight = (time.perf_counter() - start) / fights

    cores = os.cpu_count() or 1
    start = time.perf_counter()
    simulate(campaign, encounter.id, ruleset, runs=fights * cores, seed=0)
    wall = time.perf_counter() - start

    print(f"one attack resolution (baseline): {attack * 1e6:9.1f} us")
    print(f"one Raider Ambush fight:          {per_fight * 1e3:9.2f} ms  = {per_fight / attack:7.0f} x baseline "
          f"({attacks / fights:.1f} attacks, {rounds / fights:.1f} rounds a fight)")
    print(f"fights per second per core:       {1 / per_fight:9.1f}    (goal {GOAL_PER_CORE}: a fight in "
          f"{1e3 / GOAL_PER_CORE:.2f} ms = {1 / (GOAL_PER_CORE * attack):.1f} x baseline; its attacks alone take "
          f"{attacks / fights:.0f} x baseline)")
    print(f"runner on {cores} cores:               {fights * cores / wall:9.1f} fights/s "
          f"({fights * cores} fights in {wall:.1f} s, start-up of the worker processes included)")


if __name__ == "__main__":
    main()
