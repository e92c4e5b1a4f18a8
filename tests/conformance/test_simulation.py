"""The encounter simulator, for every system with Attacks: a simulated one-attack duel drops its target as often as
the rules' exact odds say, on the path the simulator takes for the system and, where it has quick fights, on the full
path as well; a fight the party cannot lose is won every time."""

from __future__ import annotations

import math

import pytest

from crisis_desktop.controller.simulate import FightPlayer, simulate
from crisis_desktop.controller.simulate.fight import SimController
from crisis_desktop.domain import Campaign
from crisis_desktop.rules.base import Ruleset
from crisis_desktop.rules.kernel.dice import RandomDice
from crisis_desktop.rules.registry import get_ruleset
from tests.unit.simulate.duels import duel

RUNS = 400
# The systems whose melee is fought by everyone in it, fists and all (skirmish: Paraverse's melee), so that an unarmed
# NPC still hurts a PC that comes to blows with it: there the fight the party cannot lose is a ranged one.
FIGHT_BACK_IN_MELEE = {"skirmish"}
attacks = pytest.mark.when(lambda rules: rules.attacks is not None)
quick_fights = pytest.mark.when(lambda rules: rules.attacks is not None and has_quick_fights(rules))


def has_quick_fights(rules: Ruleset) -> bool:
    """Whether the system compiles fights for the simulator's fast path (it overrides `Ruleset.quick_fight`)."""
    return type(rules).quick_fight is not Ruleset.quick_fight


def exact_drop(campaign: Campaign, ruleset_id: str) -> float:
    """The rules' exact chance that the PC's first attack drops the NPC, priced when the PC first may act."""
    ruleset = get_ruleset(ruleset_id)
    assert ruleset.attacks is not None
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
    return ruleset.attacks.attack_odds(request, ctl.view.options).drop_target


def drops_as_the_odds_say(ruleset: Ruleset, quick: bool) -> None:
    campaign = duel(ruleset)
    exact = exact_drop(campaign, ruleset.id)
    summary = simulate(campaign, "enc", ruleset, runs=RUNS, seed=11, processes=1, max_attacks=1, quick=quick)
    assert summary.played_by.startswith("quick" if quick and has_quick_fights(ruleset) else "the full")
    target = next(c for c in summary.combatants if c.combatant_id == "c-npc")
    p = target.downed.value
    standard_error = math.sqrt(exact * (1 - exact) / RUNS)
    assert abs(p - exact) <= 3 * standard_error + 1e-9, (p, exact)


def won_every_time(ruleset: Ruleset, quick: bool) -> None:
    # The NPC has no weapon: it cannot hurt anyone who does not come to blows with it.
    campaign = duel(ruleset, ranged=ruleset.id in FIGHT_BACK_IN_MELEE)
    summary = simulate(campaign, "enc", ruleset, runs=40, seed=5, processes=1, max_rounds=60, quick=quick)
    assert summary.wins["party"].value == 1.0
    assert summary.wins["enemies"].value == 0.0
    pc = next(c for c in summary.combatants if c.pc)
    assert pc.downed.value == 0.0 and pc.killed.value == 0.0


@attacks
def test_one_attack_drops_the_target_as_often_as_the_exact_odds_say(ruleset_id: str) -> None:
    drops_as_the_odds_say(get_ruleset(ruleset_id), quick=True)


@quick_fights
def test_one_attack_drops_the_target_as_often_as_the_exact_odds_say_on_the_full_path(ruleset_id: str) -> None:
    drops_as_the_odds_say(get_ruleset(ruleset_id), quick=False)


@attacks
def test_a_fight_the_party_cannot_lose_is_won_every_time(ruleset_id: str) -> None:
    won_every_time(get_ruleset(ruleset_id), quick=True)


@quick_fights
def test_a_fight_the_party_cannot_lose_is_won_every_time_on_the_full_path(ruleset_id: str) -> None:
    won_every_time(get_ruleset(ruleset_id), quick=False)
