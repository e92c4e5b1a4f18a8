"""The encounter simulator plays popcorn fights to the end on the full rules path (popcorn has no quick fights): the
tactics move the fighters on the map, attack, and pick who acts next through the flow's offered steps."""

from __future__ import annotations

from crisis_desktop.controller.simulate.engine import DRAW, FightPlayer, Setup, player_for, run_seed
from crisis_desktop.controller.simulate.runner import simulate
from crisis_desktop.domain.encounter import Side
from tests.example_system.popcorn import PopcornRuleset
from tests.example_system.popcorn.demo import ENCOUNTER, popcorn_campaign


def test_a_setup_and_the_full_path_player_play_each_fight_to_its_end_on_the_map():
    setup = Setup.of(popcorn_campaign(), ENCOUNTER, PopcornRuleset())
    player = player_for(setup)
    assert isinstance(player, FightPlayer) and player.played_by == "the full rules path"
    records = [player.play(run_seed(5, i)) for i in range(12)]
    assert {r.winner for r in records} <= {Side.PARTY.value, Side.ENEMIES.value, DRAW}
    decided = [r for r in records if r.winner != DRAW]
    assert len(decided) >= 10, [(r.winner, r.rounds) for r in records]
    for record in decided:
        # The losers are all down; every fight needed attacks, and moves to close in across the ford.
        losers = {cid for cid, side in player.sides.items() if side != record.winner}
        assert losers <= record.downed and record.attacks > 0 and record.moves > 0
        assert all(record.bars[cid]["hp"] <= 0 for cid in losers)
    # The same run under the same seed is the same fight.
    assert player.play(run_seed(5, 3)) == records[3]


def test_simulate_sums_up_popcorn_fights_in_one_process():
    summary = simulate(popcorn_campaign(), ENCOUNTER, PopcornRuleset(), runs=8, seed=2, processes=1)
    assert summary.ruleset == "Popcorn" and summary.runs == 8
    assert abs(sum(e.value for e in summary.wins.values()) - 1) < 1e-9
    assert summary.mean_rounds.value >= 1
