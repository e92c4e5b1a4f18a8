"""Genesys quick fights are the full rules' fights, sampled: each attack at the start has the exact odds of the attack
dialog, initiative gives the slots as the rules roll them, the slots fill as the flow fills them, every answer kept for
a state is the rules' answer for it, and the demo fight comes out as the full rules path plays it."""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from crisis_desktop.controller.changes import ChangeSet
from crisis_desktop.controller.simulate import FightPlayer, Setup, Tactics, run_seed
from crisis_desktop.controller.simulate.engine import player_for
from crisis_desktop.controller.simulate.quick import QuickPlayer
from crisis_desktop.domain import Campaign, StatValue
from crisis_desktop.rules.base import Actor, Explained, SetStatus, StateRole
from crisis_desktop.rules.base.quick import Attempt
from crisis_desktop.rules.genesys import actions, attacks, combat, damage, stats
from crisis_desktop.rules.genesys.quick import GenesysFightState, GenesysQuickFight
from crisis_desktop.rules.genesys.quick_states import ENDS, STARTS
from crisis_desktop.rules.genesys.quick_strikes import Odds
from crisis_desktop.rules.kernel.dice import RandomDice
from crisis_desktop.rules.registry import get_ruleset
from tests.unit.simulate.equivalence import LIMIT, demo, encounter_id, farthest_apart, started

DEMO = "genesys.json"
# The target inputs and the attack's own inputs the map fixes.
Fixed = tuple[tuple[tuple[str, StatValue], ...], tuple[tuple[str, StatValue], ...]]


def _quick(campaign: Campaign) -> QuickPlayer:
    player = player_for(Setup.of(campaign, encounter_id(campaign), get_ruleset(campaign.ruleset)))
    assert isinstance(player, QuickPlayer)
    assert isinstance(player.fight, GenesysQuickFight)
    return player


def _odds(fight: GenesysQuickFight, s: GenesysFightState, i: int, w: int, j: int) -> tuple[list[float], Odds]:
    """The attack's check as the quick fight draws it: the chance of each result, and the odds it keeps."""
    sa, sb, here, there = s.sids[i], s.sids[j], s.cells[i], s.cells[j]
    assert here is not None and there is not None
    odds = fight.strikes.roll(i, w, fight.board.fixed_inputs(s, i, w, j), sa, sb)
    assert odds is not None
    cumulative = [min(c, 1.0) for c in odds.sampler.cumulative]
    return [c - p for c, p in zip(cumulative, [0.0, *cumulative[:-1]], strict=True)], odds


def test_every_attack_at_the_start_has_the_exact_odds_of_the_attack_dialog() -> None:
    """For each attacker, weapon and foe of the demo on its map: the map refuses what the board refuses, and the
    quick fight's chance to hit, the damage the target takes and its chance to drop equal the rules' exact odds for
    the attack the board would declare (critical injuries, which the odds do not price, left aside)."""
    campaign = demo(DEMO)
    player = _quick(campaign)
    fight = player.fight
    assert isinstance(fight, GenesysQuickFight)
    ctl = started(player.full)
    s = fight.new(random.Random(0))
    rules = player.full.ruleset
    assert rules.attacks is not None
    compared = 0
    for i, attacker in enumerate(player.ids):
        for w, weapon in enumerate(fight.weapons[i]):
            for j in player.enemies[i]:
                target = player.ids[j]
                refused = bool(ctl.preview.map_refusals(attacker, weapon.id, target))
                assert fight.map_refused(s, i, w, j) == refused
                here, there = s.cells[i], s.cells[j]
                assert here is not None and there is not None
                measure = ctl.preview.measure(attacker, target, weapon.id)
                fixed, own = fight.board.fixed_inputs(s, i, w, j)
                assert measure is not None and (dict(fixed), dict(own)) == (measure.inputs, measure.attack_inputs)
                if refused:
                    continue
                request = ctl.preview.attack_request(attacker, weapon.id, target)
                try:
                    exact = rules.attacks.attack_odds(request, ctl.view.options)
                except ValueError:                          # beyond the weapon's range band: the rules refuse it
                    assert fight.attack(s, i, w, j, random.Random(0)) is Attempt.REFUSED
                    continue
                chances, odds = _odds(fight, s, i, w, j)
                hit = sum(p for p, (successes, _, _) in zip(chances, odds.results, strict=True) if successes >= 1)
                assert hit == pytest.approx(exact.hit, abs=1e-12)
                # The damage each result's hits do through soak (damage.take), and whether it drops the target.
                taken: Counter[int] = Counter()
                dropped = 0.0
                sb = s.sids[j]
                before = ctl.view.actor(target).character
                for p, result in zip(chances, odds.results, strict=True):
                    strike = fight.strikes.strike(i, w, fight.board.fixed_inputs(s, i, w, j), s.sids[i], sb, result)
                    wounds, strain, after = stats.wounds(before), stats.strain(before), sb
                    for hit_spec in fight.strikes.strike_list[strike][0]:
                        once = fight.strikes.take(sb, wounds, strain, hit_spec)
                        wounds, strain = once.wounds, once.strain
                        after = fight.store.after(after, fight.store.effects_id(once.effects))
                    taken[wounds - stats.wounds(before)] += p
                    dropped += p if fight.store.states[after].char.role is not StateRole.FIGHTING else 0.0
                assert dropped == pytest.approx(exact.drop_target, abs=1e-9), (attacker, weapon.id, target)
                for amount, weight in exact.damage.items():
                    assert taken[amount] == pytest.approx(weight, abs=1e-9), (attacker, weapon.id, target, amount)
                compared += 1
    assert compared >= 5


def test_initiative_gives_the_slots_as_the_rules_roll_them() -> None:
    """Each slot goes to the party as often in quick fights as under the rules' own initiative roll."""
    campaign = demo(DEMO)
    player = _quick(campaign)
    ctl = started(player.full)
    actors = [ctl.view.actor(cid) for cid in player.ids]
    rules, runs = player.full.ruleset, 4000
    real: Counter[int] = Counter()
    dice = RandomDice(rng=random.Random(3))
    for _ in range(runs):
        entries = sorted(rules.roll_initiative(actors, dice, ctl.view.options), key=lambda e: e.rank)
        real.update(n for n, e in enumerate(entries) if ctl.view.combatant(e.combatant_id).side.value == "party")
    quick: Counter[int] = Counter()
    rng = random.Random(4)
    for _ in range(runs):
        quick.update(n for n, side in enumerate(player.fight.new(rng).slots) if side == "party")
    for n in range(len(player.ids)):
        p = (real[n] + quick[n]) / (2 * runs)
        error = math.sqrt(2 * p * (1 - p) / runs) or 1e-9
        assert abs(real[n] - quick[n]) / runs <= 4 * error, (n, real[n], quick[n])
    assert 0 < real[0] < runs


def test_the_slots_fill_as_the_flow_fills_them() -> None:
    """With the same initiative, the quick fight and the board's flow give each slot to the same combatant, round
    after round, and skip a side's slot once nobody of that side can take it."""
    campaign = demo(DEMO)
    player = _quick(campaign)
    fight = player.fight
    assert isinstance(fight, GenesysQuickFight)
    ctl = started(player.full)
    s = fight.new(random.Random(0))
    s.slots = [slot["side"] for slot in ctl.view.encounter.flow["slots"]]
    s.index, s.round, s.acted = -1, 1, [False] * len(s.acted)
    fight._next_slot(s)
    jax, kara = player.ids.index("cmb-dock-jax"), player.ids.index("cmb-dock-kara")
    for step in range(40):
        if step == 15:
            # Jax and Kara are knocked out: the party's slots go to Mira alone, once a round.
            for i in (jax, kara):
                character = ctl.view.character_of(player.ids[i])
                character.status["wounds"] = 30
                ctl.view.changed(ChangeSet(characters=frozenset({character.id})))
                knocked_out = fight.store.effects_id([SetStatus(character.id, "wounds", 30)])
                fight.store.set(s, i, fight.store.after(s.sids[i], knocked_out))
            assert s.roles[jax] is StateRole.DOWN
        acting = [player.ids[i] for i in fight.acting(s)]
        assert (fight.round(s), acting) == (ctl.view.encounter.round, list(ctl.view.acting()))
        next_step = FightPlayer._next_step(ctl)
        assert next_step is not None
        ctl.commands.step(next_step[0], next_step[1], next_step[2], RandomDice(0))
        assert fight.advance(s, lambda _i, _choices: 0)
    assert fight.round(s) >= 5


@contextmanager
def _recorded(fight: GenesysQuickFight) -> Iterator[list[tuple[int, int, int, int, Fixed]]]:
    """Every attack the fight is asked for, with both states and the map's inputs it was asked at."""
    seen: list[tuple[int, int, int, int, Fixed]] = []
    attack = fight.attack

    def recording(s: GenesysFightState, i: int, w: int, j: int, rng: random.Random):  # type: ignore[no-untyped-def]
        here, there = s.cells[i], s.cells[j]
        fixed = fight.board.fixed_inputs(s, i, w, j) if here is not None and there is not None else ((), ())
        seen.append((i, w, s.sids[i], s.sids[j], fixed))
        return attack(s, i, w, j, rng)

    fight.attack = recording  # type: ignore[method-assign]
    try:
        yield seen
    finally:
        del fight.attack


def test_every_answer_kept_for_a_state_is_the_rules_answer_for_it() -> None:
    """After 150 fights, each answer the quick fight keeps under the part of a state it reads (the check's pool and
    what its results buy, a turn's start and end, the price of an attack and of a move, what a hit leaves) is the
    rules' own answer worked out on that very state."""
    campaign = demo(DEMO)
    player = _quick(campaign)
    fight = player.fight
    assert isinstance(fight, GenesysQuickFight)
    rules, options = fight.rules, fight.options
    with _recorded(fight) as seen:
        for index in range(150):
            player.play(run_seed(5, index))
    assert len(seen) > 1000
    for i, w, sa, sb, fixed in seen[::7]:
        if not fight.strikes.may_attack(sa):
            assert actions.action_price(fight.store.actor(sa), options).reason is not None
            continue
        request = fight.strikes.request(i, w, fixed, fight.store.actor(sa), fight.store.actor(sb))
        odds = fight.strikes.rolls[(fight.strikes.attacking(sa), w, fight.strikes.attacked(sb), fixed)]
        try:
            pool = combat.attack_pool(request, options)
        except ValueError:
            assert odds is None
            continue
        assert fight.strikes.odds(pool) is odds
        for result in odds.results:
            key = (w, fight.strikes.build(sa), fight.strikes.build(sb), result)
            if key in fight.strikes.spent:
                assert fight.strikes.spend(i, w, fixed, sa, sb, result) == fight.strikes.spent[key]
    for sid, state in enumerate(fight.store.states):
        actor = fight.store.actor(sid)
        assert state.char.role is rules.sheet.state(actor.character, options).role
        for kind, reads, effects in (("start", STARTS, rules.start_turn(actor, options).effects),
                                     ("end", ENDS, rules.end_turn(actor, options).effects)):
            kept = state.char.effects.get(fight.store.answer(sid, kind, reads)[1])
            if kept is not None:
                assert fight.store.effect_lists[kept] == tuple(effects)
        if state.may_attack is not None:
            assert state.may_attack == (actions.action_price(actor, options).reason is None)
        if state.may_move is not None:
            assert state.may_move == fight.movement.may_move(actor, options)
        if state.paid >= 0:
            effects = attacks.paid_and_used_up(fight.strikes.request(state.char.i, 0, ((), ()), actor, actor), options)
            assert state.paid == fight.store.after(sid, fight.store.effects_id(effects))
    checked = 0
    for key, kept in fight.strikes.takes.items():
        build, wounds, strain, hit = key
        sid = next(sid for sid, state in enumerate(fight.store.states) if state.char.build == build)
        target = fight.store.actor(sid)
        terms, pierce, soak, to_strain = hit[:4]
        taken = damage.take(target, Explained.of(*terms), damage.soak_against(target.character, pierce) if soak else
                            None, options, to_strain=to_strain, wounds_now=wounds, strain_now=strain)
        assert (taken.wounds, taken.strain, taken.knocked_out, taken.result.effects) == \
            (kept.wounds, kept.strain, kept.knocked_out, kept.effects)
        checked += 1
    assert checked > 20


def test_a_fight_the_quick_fights_do_not_play_goes_the_full_rules_path() -> None:
    """A weapon that counts its shots is not played in quick fights: the fight goes the full rules path, which
    says why."""
    campaign = demo(DEMO)
    kara = campaign.character("pc-kara")
    kara.item("pc-kara-heavy-pistol").stats["qualities"] = "Limited Ammo 1"
    ruleset = get_ruleset(campaign.ruleset)
    player = player_for(Setup.of(campaign, encounter_id(campaign), ruleset))
    assert type(player) is FightPlayer
    assert player.played_by == ("the full rules path (quick fights do not play this one: Kara Voss's Heavy pistol "
                                "counts its shots (Limited Ammo))")
    assert type(player_for(Setup.of(demo(DEMO), encounter_id(campaign), ruleset))) is QuickPlayer
    assert type(player_for(Setup.of(demo(DEMO), encounter_id(campaign), ruleset, quick=False))) is FightPlayer


def test_quick_fights_are_deterministic_under_a_seed() -> None:
    campaign = demo(DEMO)
    first, second = _quick(campaign), _quick(campaign)
    for index in range(40):
        # The second player has seen other fights first: what it keeps changes nothing of what comes out, nor does
        # forgetting the states it has seen.
        second.play(run_seed(8, index))
    assert isinstance(second.fight, GenesysQuickFight)
    second.fight.store.forget()
    records = [first.play(run_seed(9, index)) for index in range(40)]
    assert records == [second.play(run_seed(9, index)) for index in range(40)]
    assert len({(r.winner, r.rounds, r.attacks) for r in records}) > 5




@pytest.mark.slow
@pytest.mark.parametrize("tactics", [None])
def test_the_demo_fight_comes_out_as_the_full_rules_path_plays_it(tactics: dict[str, Tactics] | None) -> None:
    """Each figure the simulator reports for Trouble at Dock 9 (win chances, rounds, each combatant's chance to go
    down and to die, what is left of each bar) agrees between quick fights and the full rules path within 4
    standard errors."""
    campaign = demo(DEMO)
    z, key, _full, _quick_summary = farthest_apart(campaign, encounter_id(campaign), tactics)
    assert z <= LIMIT, (key, z)


def test_an_actor_reads_as_the_board_reads_it() -> None:
    """The combatant rebuilt from a quick fight's state is the board's: the same bars at the start."""
    campaign = demo(DEMO)
    player = _quick(campaign)
    ctl = started(player.full)
    s = player.fight.new(random.Random(2))
    rules = player.full.ruleset
    for i, cid in enumerate(player.ids):
        quick_actor: Actor = player.fight.actor(s, i)
        board = [(b.key, b.current) for b in rules.sheet.resources(ctl.view.actor(cid), ctl.view.options)]
        assert [(b.key, b.current) for b in rules.sheet.resources(quick_actor, ctl.view.options)] == board


def test_a_fighter_defeated_before_its_action_does_not_attack():
    """A fighter defeated in its own turn before its action attacks no more, as the table refuses it (the price's
    reason): fight 10 of seed 3 on the demo's dock with these tactics once raised "Brakk the enforcer is defeated"
    from inside the compiled fight, ending the whole simulation."""
    from crisis_desktop.controller.simulate import Target
    from tests.unit.simulate.equivalence import demo

    campaign = demo("genesys.json")
    encounter = next(e.id for e in campaign.encounters if "Dock 9" in e.name)
    tactics = {"party": Tactics(Target.WEAKEST, cover=True),
               "enemies": Tactics(Target.DANGEROUS, cover=True, flee_at=0.5)}
    player = player_for(Setup.of(campaign, encounter, get_ruleset("genesys"), tactics))
    assert isinstance(player, QuickPlayer)
    record = player.play(run_seed(3, 10))
    assert record.winner in {"party", "enemies", "draw"} and record.attacks > 0
