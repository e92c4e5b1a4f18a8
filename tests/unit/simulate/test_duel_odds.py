"""The simulator leaves the campaign untouched, and a side whose morale breaks flees and loses. (The duels every
system's simulation must win and price as its odds say are the conformance suite's:
tests/conformance/test_simulation.py.)"""

from __future__ import annotations

from crisis_desktop.controller.simulate import FightPlayer, Setup, Tactics, simulate
from crisis_desktop.rules.registry import get_ruleset
from tests.unit.simulate.duels import duel


def test_the_campaign_is_never_touched() -> None:
    ruleset = get_ruleset("crisis")
    campaign = duel(ruleset)
    before = campaign.model_dump()
    simulate(campaign, "enc", ruleset, runs=5, seed=1, processes=1)
    assert campaign.model_dump() == before


def test_a_side_whose_morale_breaks_flees_and_loses() -> None:
    ruleset = get_ruleset("crisis")
    campaign = duel(ruleset)
    setup = Setup.of(campaign, "enc", ruleset, {"enemies": Tactics(flee_at=1.0)})
    record = FightPlayer(setup).play(__import__("random").Random(1))
    assert record.winner == "party"
