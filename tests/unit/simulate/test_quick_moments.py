"""Quick moments fights are the full rules' fights, sampled: each attack of a compiled fight has the exact odds the
attack dialog shows, a hit lands as the rules land it, moments are ranked, declared and resolved as the declared flow
runs them, and whole fights come out as the full rules path plays them, within their sampling error."""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Sequence

import pytest

from crisis_desktop.controller.simulate import FightPlayer, Setup, Tactics, run_seed
from crisis_desktop.controller.simulate.engine import player_for
from crisis_desktop.controller.simulate.quick import QuickPlayer
from crisis_desktop.controller.simulate.table_fight import TableFight
from crisis_desktop.domain import Campaign, ConditionState
from crisis_desktop.rules.base import AddCondition, Explained, SetStatus, StateRole
from crisis_desktop.rules.base.quick import Attempt, PlanChoice
from crisis_desktop.rules.kernel.dice import RandomDice
from crisis_desktop.rules.moments import economy, sheet, wounds
from crisis_desktop.rules.moments.quick import MomentsQuickFight
from crisis_desktop.rules.moments.ruleset import MomentsRuleset
from crisis_desktop.rules.registry import get_ruleset
from tests.unit.simulate.equivalence import LIMIT, demo, encounter_id, farthest_apart, same_ends_of_the_order, started


def _demo() -> Campaign:
    return demo("moments.json")


def _player(campaign: Campaign, tactics: dict[str, Tactics] | None = None) -> QuickPlayer:
    player = player_for(Setup.of(campaign, encounter_id(campaign), get_ruleset(campaign.ruleset), tactics))
    assert isinstance(player, QuickPlayer)
    return player


def _fight(player: QuickPlayer) -> MomentsQuickFight:
    assert isinstance(player.fight, MomentsQuickFight)
    return player.fight


def _started(player: FightPlayer):  # type: ignore[no-untyped-def]
    return started(player)


OTHER_OPTIONS = {"range_band_cells": "1/5/25", "difficulty_steps": "multiplicative", "slicing_eye_fix": "off"}


@pytest.mark.parametrize("options", [{}, OTHER_OPTIONS], ids=["defaults", "other options"])
@pytest.mark.parametrize("on_the_map", [True, False], ids=["map", "no map"])
@pytest.mark.parametrize("stance", ["act", "extra_action", "focus_action"])
def test_every_attack_at_the_start_has_the_exact_odds_of_the_attack_dialog(stance: str, on_the_map: bool,
                                                                           options: dict[str, str]) -> None:
    """For each attacker, weapon and foe at the ford (on its map, and without one: everyone close), under a stance
    the attacker may declare and under each rule option's choices: the quick fight's chance to hit, the HP the target
    loses and its chance to die equal the rules' exact attack odds for the attack the board would declare, and the
    quick fight refuses what the rules refuse (a spear thrown beyond near)."""
    campaign = _demo()
    campaign.rule_options = dict(options)
    if not on_the_map:
        campaign.encounters[0].battle_map_id = None
    player = _player(campaign)
    fight, full = _fight(player), player.full
    ctl = _started(full)
    s = fight.new(random.Random(0))
    attacks = full.ruleset.attacks
    assert attacks is not None
    compared = refused = 0
    for i, attacker in enumerate(player.ids):
        ctl.view.combatant(attacker).resources["stance"] = stance
        declared = [c.key for c in fight.rules.declarable(ctl.view.actor(attacker), ctl.view.options)].index(stance)
        for w, weapon in enumerate(fight.weapons[i]):
            for j in player.enemies[i]:
                target = player.ids[j]
                assert fight.map_refused(s, i, w, j) == bool(ctl.preview.map_refusals(attacker, weapon.id, target))
                if fight.map_refused(s, i, w, j):
                    continue
                strike = fight._work_out(i, w, j, fight.cell(s, i), fight.cell(s, j), declared)
                request = ctl.preview.attack_request(attacker, weapon.id, target)
                try:
                    exact = attacks.attack_odds(request, ctl.view.options)
                except ValueError:
                    assert strike is None
                    refused += 1
                    continue
                assert strike is not None
                sampler = strike.sampler
                assert 1.0 - sampler.miss == pytest.approx(exact.hit, abs=1e-12)
                lost = sheet.hp_lost(ctl.view.character_of(target))
                taken: Counter[int] = Counter({0: sampler.miss})
                died, previous = 0.0, sampler.miss
                for value, upto in zip(sampler.values, sampler.cumulative, strict=True):
                    weight, previous = min(upto, 1.0) - previous, min(upto, 1.0)
                    after, dead, major = fight._hit(j, lost, value, strike.damage_type)
                    taken[after - lost] += weight
                    died += weight * (1.0 if dead else fight._death[strike.damage_type] if major else 0.0)
                assert died == pytest.approx(exact.drop_target, abs=1e-9)
                for amount, weight in exact.damage.items():
                    assert taken[amount] == pytest.approx(weight, abs=1e-9), (attacker, weapon.id, target, amount)
                compared += 1
        ctl.view.combatant(attacker).resources["stance"] = economy.DEFAULT
    if on_the_map:
        assert compared >= 12 and refused >= 1
    else:
        assert compared == sum(len(fight.weapons[i]) * len(player.enemies[i]) for i in range(len(player.ids)))


def test_the_map_reads_as_the_boards() -> None:
    player = _player(_demo())
    fight, ctl = _fight(player), _started(player.full)
    s = fight.new(random.Random(0))
    for i, a in enumerate(player.ids):
        for j, b in enumerate(player.ids):
            if i == j:
                continue
            measure = ctl.preview.measure(b, a)
            assert measure is not None
            here = fight.cell(s, i)
            assert here is not None
            assert fight.cover(s, j, i, here) == (measure.reading.cover, measure.reading.line_of_sight)


def test_a_moment_is_ranked_as_the_rules_rank_it() -> None:
    """Who is ranked best, and who worst, as often in quick fights as under the rules' own opposed INT test."""
    player = _player(_demo())
    fight, ctl = _fight(player), _started(player.full)
    actors = [ctl.view.actor(cid) for cid in player.ids]
    rules = player.full.ruleset
    assert isinstance(rules, MomentsRuleset)
    dice, rng = RandomDice(rng=random.Random(3)), random.Random(4)
    same_ends_of_the_order(
        player.ids, lambda: [e.combatant_id for e in sorted(rules.rank_moment(actors, dice, ctl.view.options),
                                                            key=lambda e: e.rank)],
        lambda: [player.ids[i] for i in fight._rank(rng)])


def test_a_moment_runs_as_the_declared_flow_runs_it() -> None:
    """From the same ranking, with Red Ulf dead before the fight and the bowman killed once resolution begins: the
    same combatants declare in the same order (worst ranked first, the dead skipped), each declaration leaves the
    same actions and reactions, the same resolve in the same order (best ranked first, the bowman losing his turn),
    and the next moment begins as the flow's does."""
    campaign = _demo()
    ulf = next(c for c in campaign.characters if c.name == "Red Ulf")
    ulf.status["hp_lost"] = int(sheet.hp_max(ulf).value)
    player = _player(campaign)
    fight, table = _fight(player), TableFight(player.full)
    ctl = _started(player.full)
    # Both rank the encounter's order: the bowman resolves after Vera, Ilse, Corvin and the shield-bearer.
    ctl.view.encounter.flow["ranking"] = list(player.ids)
    t = table.start(ctl, RandomDice(2))
    s = fight.new(random.Random(2))
    s.ranking = list(range(len(player.ids)))
    ulf_i, bowman = player.ids.index("cmb-ford-ulf"), player.ids.index("cmb-ford-bowman")
    assert fight.role(s, ulf_i) is StateRole.OUT and table.role(t, ulf_i) is StateRole.OUT
    bowman_hp = int(sheet.hp_max(ctl.view.character_of("cmb-ford-bowman")).value)

    def planner(asked: list[int]) -> Callable[[int, Sequence[PlanChoice]], int]:
        def plan(i: int, choices: Sequence[PlanChoice]) -> int:
            asked.append(i)
            return i % len(choices)             # a different stance for each combatant
        return plan

    quick_steps: list[tuple[int, tuple[int, ...]]] = []
    table_steps: list[tuple[int, tuple[int, ...]]] = []
    quick_asked: list[int] = []
    table_asked: list[int] = []
    while fight.round(s) == 1:
        assert fight.advance(s, planner(quick_asked))
        quick_steps.append((fight.round(s), tuple(fight.acting(s))))
        assert table.advance(t, planner(table_asked))
        table_steps.append((table.round(t), tuple(table.acting(t))))
        for i, cid in enumerate(player.ids):
            assert (s.actions[i], s.reactions[i]) == (economy.actions_left(ctl.view.actor(cid)),
                                                      economy.reactions_left(ctl.view.actor(cid))), (cid, s.declared)
        if fight.acting(s) and fight.role(s, bowman) is StateRole.FIGHTING:
            s.hp_lost[bowman], s.dead[bowman], s.roles[bowman] = bowman_hp, False, StateRole.OUT
            ctl.view.changed(ctl.commands.overrides.set_status("npc-bowman", "hp_lost", bowman_hp).apply(ctl.campaign))
            table._read(t)
            assert table.role(t, bowman) is StateRole.OUT
    assert quick_asked == table_asked == [i for i in reversed(range(len(player.ids))) if i != ulf_i]
    assert quick_steps == table_steps
    resolvers = [acting[0] for _, acting in quick_steps if acting]
    assert resolvers == [i for i in range(len(player.ids)) if i not in (ulf_i, bowman)]
    assert fight.round(s) == table.round(t) == 2


@pytest.mark.parametrize(("raw", "damage_type"), [(9, "slicing"), (8, "crushing"), (14, "piercing"), (2, "slicing")])
def test_a_hit_lands_as_the_rules_land_it(raw: int, damage_type: str) -> None:
    """Vera (12 HP, 2 armour points) hit for `raw`: the HP she loses, and how often she dies of it (a major wound's
    d12 row and death test, or 0 HP), as wounds.take_damage rolls them."""
    player = _player(_demo())
    fight, ctl = _fight(player), _started(player.full)
    vera = player.ids.index("cmb-ford-vera")
    character = ctl.view.character_of("cmb-ford-vera")
    runs = 3000
    dice = RandomDice(rng=random.Random(7))
    real_lost, real_dead = set(), 0
    for _ in range(runs):
        result = wounds.take_damage(character, Explained.of(("damage", raw)), damage_type, dice.roll(100), dice,
                                    ctl.view.options)
        real_lost |= {e.value for e in result.effects if isinstance(e, SetStatus) and e.key == "hp_lost"}
        real_dead += any(isinstance(e, AddCondition) and e.key == "dead" for e in result.effects)
    rng = random.Random(8)
    quick_lost, quick_dead = set(), 0
    for _ in range(runs):
        s = fight.new(rng)
        fight._land(s, vera, raw, damage_type, rng)
        quick_lost.add(s.hp_lost[vera])
        quick_dead += fight.role(s, vera) is StateRole.OUT
    assert quick_lost == (real_lost or {0})
    p = (real_dead + quick_dead) / (2 * runs)
    assert abs(real_dead - quick_dead) / runs <= 4 * (math.sqrt(2 * p * (1 - p) / runs) or 1e-9)
    # Losing all 12 HP kills outright; losing less than half of them is no major wound, and never kills.
    assert (real_dead == runs) == (raw - 2 >= 12) and (real_dead == 0) == (2 * (raw - 2) < 12)


def test_an_attack_costs_the_action_and_the_rules_refuse_a_spear_thrown_too_far() -> None:
    player = _player(_demo())
    fight = _fight(player)
    s = fight.new(random.Random(0))
    vera, corvin = player.ids.index("cmb-ford-vera"), player.ids.index("cmb-ford-corvin")
    spearman = player.ids.index("cmb-ford-shieldbearer")
    s.declared[vera] = s.declared[spearman] = 0             # both declared an action and a reaction
    assert fight.may_attack(s, vera)
    assert fight.attack(s, vera, 0, spearman, random.Random(1)) is Attempt.PAID
    assert not fight.may_attack(s, vera) and not fight.may_move(s, vera) and fight.reach(s, vera) == 0
    assert fight.attack(s, vera, 0, spearman, random.Random(1)) is Attempt.UNPAID
    # Corvin stands beyond near of the shield-bearer: a balanced spear is thrown to near at most.
    assert not fight.map_refused(s, spearman, 0, corvin)
    assert fight.attack(s, spearman, 0, corvin, random.Random(1)) is Attempt.REFUSED
    assert s.actions[spearman] == 1 and fight.reach(s, spearman) == 33


def test_a_fight_the_quick_fights_do_not_play_goes_the_full_rules_path() -> None:
    campaign = _demo()
    vera = next(c for c in campaign.characters if c.name == "Vera Stone")
    vera.conditions = [ConditionState(key="encumbered")]
    ruleset = get_ruleset("moments")
    player = player_for(Setup.of(campaign, encounter_id(campaign), ruleset))
    assert type(player) is FightPlayer
    assert player.played_by == ("the full rules path (quick fights do not play this one: Vera Stone starts the fight "
                                "encumbered)")
    odd = _demo()
    odd.rule_options = {"range_band_cells": "2/9/40"}
    player = player_for(Setup.of(odd, encounter_id(odd), ruleset))
    assert type(player) is FightPlayer and "Range bands in map cells is '2/9/40'" in player.played_by
    twice = _demo()
    encounter = twice.encounters[0]
    encounter.combatants[1].character_id = encounter.combatants[0].character_id
    player = player_for(Setup.of(twice, encounter.id, ruleset))
    assert type(player) is FightPlayer and "more than one combatant" in player.played_by
    assert type(player_for(Setup.of(_demo(), encounter_id(_demo()), ruleset))) is QuickPlayer
    assert type(player_for(Setup.of(_demo(), encounter_id(_demo()), ruleset, quick=False))) is FightPlayer


def test_quick_fights_are_deterministic_under_a_seed() -> None:
    first, second = _player(_demo()), _player(_demo())
    records = [first.play(run_seed(9, index)) for index in range(30)]
    assert records == [second.play(run_seed(9, index)) for index in range(30)]
    assert len({(r.winner, r.rounds, frozenset(r.killed)) for r in records}) > 1


# -- whole fights, quick against the full rules path --------------------------------------------------------------



@pytest.mark.slow
@pytest.mark.parametrize("tactics", [None], ids=["nearest"])
def test_whole_fights_come_out_as_the_full_rules_path_plays_them(tactics: dict[str, Tactics] | None) -> None:
    """Each figure the simulator reports for the ford at Dunmere (win chances, moments, each combatant's chance to
    go down and to die, the HP left) agrees between quick fights and the full rules path within 4 standard errors."""
    campaign = _demo()
    z, key, full, quick = farthest_apart(campaign, encounter_id(campaign), tactics)
    assert z <= LIMIT, (key, z)
