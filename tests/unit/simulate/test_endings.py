"""A fight nobody won says how it ended: both sides fell at once, a stalemate (nobody could hurt anybody any more) or
the round cap, each reported apart from the wins and from each other."""

from __future__ import annotations

import pytest

from crisis_desktop.controller.simulate import simulate
from crisis_desktop.controller.simulate.engine import DRAW, STALEMATE, TIMEOUT, UNDECIDED, Setup, player_for, run_seed
from crisis_desktop.controller.simulate.report import text_report
from crisis_desktop.domain import ItemKind
from crisis_desktop.rules.registry import get_ruleset, ruleset_ids
from tests.unit.simulate.duels import duel


@pytest.mark.parametrize("system", ruleset_ids())
@pytest.mark.parametrize("quick", [True, False])
def test_two_unarmed_fighters_end_in_a_stalemate_not_a_timeout(system: str, quick: bool) -> None:
    ruleset = get_ruleset(system)
    campaign = duel(ruleset)
    for character in campaign.characters:
        character.equipment = [i for i in character.equipment if i.kind is not ItemKind.WEAPON]
    player = player_for(Setup.of(campaign, "enc", ruleset, quick=quick))
    records = [player.play(run_seed(0, i)) for i in range(3)]
    assert [r.winner for r in records] == [STALEMATE] * 3
    assert all(r.attacks == 0 and r.rounds < 30 for r in records)   # found out long before the round cap


@pytest.mark.parametrize("system", ruleset_ids())
def test_a_fight_still_going_at_the_round_cap_is_a_timeout(system: str) -> None:
    ruleset = get_ruleset(system)
    player = player_for(Setup.of(duel(ruleset), "enc", ruleset, max_rounds=1))
    records = [player.play(run_seed(0, i)) for i in range(40)]
    assert {r.winner for r in records} <= {"party", TIMEOUT}
    assert any(r.winner == TIMEOUT for r in records)
    for record in records:
        assert (record.winner == TIMEOUT) == ("c-npc" not in record.downed)


def test_the_report_gives_each_ending_apart_and_the_chances_add_up() -> None:
    ruleset = get_ruleset("crisis")
    summary = simulate(duel(ruleset), "enc", ruleset, runs=60, seed=1, processes=1, max_rounds=1)
    assert list(summary.wins)[-3:] == list(UNDECIDED) == [DRAW, STALEMATE, TIMEOUT]
    assert abs(sum(e.value for e in summary.wins.values()) - 1) < 1e-9
    assert 0 < summary.wins[TIMEOUT].value < 1 and summary.wins[STALEMATE].value == 0
    text = "\n".join(text_report(summary))
    assert "Nobody won (95% interval):" in text
    assert f"Round cap reached (still fighting when the round cap came): {summary.wins[TIMEOUT].value * 100:.1f}%" \
        in text
    assert "Stalemate (nobody could hurt anybody any more): 0.0%" in text
