"""Simulate… on a fight under way plays on from where it stands (its round, whose turn, what everyone has left),
says so, and leaves the campaign as it was; or, asked, plays it again from its start."""

from __future__ import annotations

from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.controller.history import History
from crisis_desktop.controller.simulate import simulate
from crisis_desktop.controller.simulate.engine import Setup, player_for, run_seed
from crisis_desktop.controller.simulate.report import text_report
from crisis_desktop.rules.kernel.dice import RandomDice
from crisis_desktop.rules.registry import get_ruleset
from tests.unit.simulate.equivalence import demo

AMBUSH = "enc-ambush"


def _in_round(round_: int):  # type: ignore[no-untyped-def]
    """The crisis demo with the Raider Ambush under way in `round_`, nobody hurt yet (only turns passed)."""
    campaign = demo()
    ruleset = get_ruleset(campaign.ruleset)
    history = History(campaign)
    ctl = EncounterController(campaign, AMBUSH, ruleset)
    history.push(ctl.start(RandomDice(3)))
    while campaign.encounter(AMBUSH).round < round_:
        history.push(ctl.step("next_turn"))
    return campaign, ruleset


def test_a_fight_under_way_goes_on_from_its_round_and_says_so() -> None:
    campaign, ruleset = _in_round(8)
    before = campaign.model_dump()
    summary = simulate(campaign, AMBUSH, ruleset, runs=24, seed=2, processes=1, as_it_stands=True)
    assert campaign.model_dump() == before                       # played on a copy
    assert summary.played_from == "from round 8, as it stands"
    assert min(summary.rounds) >= 8                              # no fight ends before the round it stands in
    assert "full rules path" in summary.played_by
    assert "Played from round 8, as it stands, by the full rules path" in "\n".join(text_report(summary))


def test_from_the_start_the_same_fight_is_played_again_from_round_one() -> None:
    campaign, ruleset = _in_round(8)
    summary = simulate(campaign, AMBUSH, ruleset, runs=200, seed=2, processes=1)
    assert summary.played_from == "from the start"
    assert min(summary.rounds) < 8                               # many a fight is over before round 8
    assert "quick fights" in summary.played_by


def test_as_it_stands_starts_nothing_again_and_a_fight_not_under_way_plays_from_its_start() -> None:
    campaign, ruleset = _in_round(3)
    setup = Setup.of(campaign, AMBUSH, ruleset, as_it_stands=True)
    encounter = setup.campaign.encounter(AMBUSH)
    assert setup.as_it_stands and encounter.started and encounter.round == 3 and encounter.log == []
    record = player_for(setup).play(run_seed(0, 0))
    assert record.rounds >= 3
    fresh = demo()
    assert not Setup.of(fresh, AMBUSH, get_ruleset(fresh.ruleset), as_it_stands=True).as_it_stands
