"""A simulated one-attack duel drops its target as often as the rules' exact odds say, for every registered
ruleset; a fight the party cannot lose is won every time."""

from __future__ import annotations

import math

import pytest

from crisis_desktop.controller.simulate import FightPlayer, Setup, Tactics, simulate
from crisis_desktop.controller.simulate.fight import SimController
from crisis_desktop.domain import Campaign
from crisis_desktop.rules.base import Attacks
from crisis_desktop.rules.base.quick import QuickFights
from crisis_desktop.rules.dice import RandomDice
from crisis_desktop.rules.registry import get_ruleset, ruleset_ids
from tests.unit.simulate.duels import duel

RUNS = 400


def exact_drop(campaign: Campaign, ruleset_id: str) -> float:
    """The rules' exact chance that the PC's first attack drops the NPC, priced when the PC first may act."""
    ruleset = get_ruleset(ruleset_id)
    assert isinstance(ruleset, Attacks)
    ctl = SimController(campaign.model_copy(deep=True), "enc", ruleset)
    ctl.commands.start(RandomDice(0))
    for _ in range(20):
        if ctl.view.may_act("c-pc"):
            break
        step = FightPlayer._next_step(ctl)
        assert step is not None
        ctl.commands.step(step[0], step[1], step[2], RandomDice(0))
    weapon = ctl.preview.weapons("c-pc")[0]
    request = ctl.preview.attack_request("c-pc", weapon.id, "c-npc")
    return ruleset.attack_odds(request, ctl.view.options).drop_target


# Every ruleset on the path the simulator takes for it, and each one with quick fights on the full path as well.
PATHS = [(ruleset_id, True) for ruleset_id in ruleset_ids()] + \
    [(ruleset_id, False) for ruleset_id in ruleset_ids() if isinstance(get_ruleset(ruleset_id), QuickFights)]


@pytest.mark.parametrize(("ruleset_id", "quick"), PATHS)
def test_one_attack_drops_the_target_as_often_as_the_exact_odds_say(ruleset_id: str, quick: bool) -> None:
    ruleset = get_ruleset(ruleset_id)
    campaign = duel(ruleset)
    exact = exact_drop(campaign, ruleset_id)
    summary = simulate(campaign, "enc", ruleset, runs=RUNS, seed=11, processes=1, max_attacks=1, quick=quick)
    assert summary.played_by.startswith("quick" if quick and isinstance(ruleset, QuickFights) else "the full")
    target = next(c for c in summary.combatants if c.combatant_id == "c-npc")
    p = target.downed.value
    standard_error = math.sqrt(exact * (1 - exact) / RUNS)
    assert abs(p - exact) <= 3 * standard_error + 1e-9, (p, exact)


@pytest.mark.parametrize(("ruleset_id", "quick"), PATHS)
def test_a_fight_the_party_cannot_lose_is_won_every_time(ruleset_id: str, quick: bool) -> None:
    ruleset = get_ruleset(ruleset_id)
    # The NPC has no weapon: it cannot hurt anyone who does not come to blows with it. In a skirmish (Paraverse's
    # melee) everyone in it fights, fists and all, so there the fight the party cannot lose is a ranged one.
    campaign = duel(ruleset, ranged=ruleset_id == "skirmish")
    summary = simulate(campaign, "enc", ruleset, runs=40, seed=5, processes=1, max_rounds=60, quick=quick)
    assert summary.wins["party"].value == 1.0
    assert summary.wins["enemies"].value == 0.0
    pc = next(c for c in summary.combatants if c.pc)
    assert pc.downed.value == 0.0 and pc.killed.value == 0.0


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
