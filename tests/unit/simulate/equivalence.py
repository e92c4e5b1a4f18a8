"""Quick fights against the full rules path: the same encounter simulated both ways, every reported figure compared
within its sampling error. Shared by each ruleset's quick-fight tests."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path

from crisis_desktop.controller.simulate import FightPlayer, Tactics, simulate
from crisis_desktop.controller.simulate.fight import SimController
from crisis_desktop.controller.simulate.stats import Z95, Estimate, Summary
from crisis_desktop.domain import Campaign
from crisis_desktop.resources_access import resource
from crisis_desktop.rules.kernel.dice import RandomDice
from crisis_desktop.rules.registry import get_ruleset
from crisis_desktop.storage.campaign_file import parse_campaign_bytes

# The default run compares one encounter a ruleset; tests/benchmarks/bench_quick_fights.py compares more, on demand.
FULL_RUNS, QUICK_RUNS = 300, 4000
# A figure further apart than this many standard errors of the difference fails the comparison.
LIMIT = 4.0


def demo(name: str = "campaign.json") -> Campaign:
    """A bundled demo campaign (campaign.json is crisis; genesys.json, skirmish.json, moments.json)."""
    return parse_campaign_bytes(resource("demo", name).read_bytes(), Path(name))


def encounter_id(campaign: Campaign, name: str | None = None) -> str:
    """The encounter of that name, or the first with combatants."""
    return next(e.id for e in campaign.encounters if (e.name == name if name else e.combatants))


def figures(summary: Summary) -> dict[str, tuple[float, float]]:
    """Every figure of a summary (win chances, mean rounds, each combatant's chances to go down and to die, the mean
    of each bar left) with its standard deviation over the fights, read from its 95% interval."""
    estimates: dict[str, Estimate] = {f"wins {side}": e for side, e in summary.wins.items()}
    estimates["rounds"] = summary.mean_rounds
    for c in summary.combatants:
        estimates[f"{c.name} downed"], estimates[f"{c.name} killed"] = c.downed, c.killed
        estimates |= {f"{c.name} {label} left": e for label, e in c.bars.values()}
    root = math.sqrt(summary.runs)
    return {key: (e.value, (e.high - e.low) / (2 * Z95) * root) for key, e in estimates.items()}


def farthest_apart(campaign: Campaign, encounter: str, tactics: dict[str, Tactics] | None = None, *,
                   full_runs: int = FULL_RUNS, quick_runs: int = QUICK_RUNS) -> tuple[float, str, Summary, Summary]:
    """The encounter simulated on the full rules path and in quick fights (other seeds): the figure farthest apart,
    in standard errors of the difference, its name, and both summaries. If both paths play the same fights, each
    figure has one spread over the fights: the larger of the two seen is taken for both (a rare event the smaller run
    never saw, a fighter who almost never stands, would otherwise seem to have none)."""
    ruleset = get_ruleset(campaign.ruleset)
    full = simulate(campaign, encounter, ruleset, runs=full_runs, seed=21, tactics=tactics, processes=2, quick=False)
    quick = simulate(campaign, encounter, ruleset, runs=quick_runs, seed=22, tactics=tactics, processes=1)
    assert full.played_by == "the full rules path"
    assert quick.played_by.startswith("quick fights"), quick.played_by
    a, b = figures(full), figures(quick)
    assert a.keys() == b.keys(), (sorted(a.keys() ^ b.keys()))
    scale = math.sqrt(1 / full.runs + 1 / quick.runs)

    def apart(key: str) -> float:
        gap, spread = abs(a[key][0] - b[key][0]), max(a[key][1], b[key][1]) * scale
        return gap / spread if spread > 0 else (0.0 if gap < 1e-12 else math.inf)

    z, key = max(((apart(k), k) for k in a), default=(0.0, ""))
    return z, key, full, quick


def started(player: FightPlayer) -> SimController:
    """A fight of the player's setup on the full rules path, started (its dice seeded), for reading it as the board
    does."""
    ctl = player.fresh()
    ctl.commands.start(RandomDice(1))
    return ctl


def same_ends_of_the_order(ids: Sequence[str], real: Callable[[], Sequence[str]],
                           quick: Callable[[], Sequence[str]], runs: int = 4000) -> None:
    """Who comes first, and who last, in an order drawn `runs` times by the rules (`real`) and by a quick fight
    (`quick`, combatant ids too) as often, within 4 standard errors of the difference."""
    counted = [Counter[str](), Counter[str](), Counter[str](), Counter[str]()]
    for draw, first, last in ((real, counted[0], counted[1]), (quick, counted[2], counted[3])):
        for _ in range(runs):
            order = draw()
            first[order[0]] += 1
            last[order[-1]] += 1
    for a, b in ((counted[0], counted[2]), (counted[1], counted[3])):
        for cid in ids:
            p = (a[cid] + b[cid]) / (2 * runs)
            error = math.sqrt(2 * p * (1 - p) / runs) or 1e-9
            assert abs(a[cid] - b[cid]) / runs <= 4 * error, (cid, a[cid], b[cid])
