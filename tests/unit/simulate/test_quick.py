"""Quick fights (the simulator's fast path) are the full rules' fights, sampled: each attack of a compiled crisis fight
has the exact odds the attack dialog shows, turn order falls as the rules roll it, the map reads as the board's, and
whole fights come out as the full rules path plays them, within their sampling error."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from crisis_desktop.controller.simulate import FightPlayer, Setup, Tactics, run_seed, simulate
from crisis_desktop.controller.simulate.engine import player_for
from crisis_desktop.controller.simulate.quick import QuickPlayer
from crisis_desktop.domain import Campaign, ConditionState
from crisis_desktop.rules.base import StateRole
from crisis_desktop.rules.base.quick import Attempt
from crisis_desktop.rules.crisis import damage
from crisis_desktop.rules.kernel.dice import RandomDice
from crisis_desktop.rules.registry import get_ruleset
from tests.unit.simulate.duels import duel
from tests.unit.simulate.equivalence import LIMIT, demo, encounter_id, farthest_apart, same_ends_of_the_order, started


def _demo() -> Campaign:
    return demo()


def _encounter(campaign: Campaign, name: str) -> str:
    return encounter_id(campaign, name)


def _quick(campaign: Campaign, name: str, tactics: dict[str, Tactics] | None = None) -> QuickPlayer:
    player = player_for(Setup.of(campaign, _encounter(campaign, name), get_ruleset(campaign.ruleset), tactics))
    assert isinstance(player, QuickPlayer)
    return player


def _started(player: FightPlayer):  # type: ignore[no-untyped-def]
    return started(player)


def test_every_attack_at_the_start_has_the_exact_odds_of_the_attack_dialog() -> None:
    """For each attacker, weapon and foe of Raider Ambush on its map: the quick fight's chance to hit, the damage the
    target takes and its chance to drop equal the rules' exact attack odds for the attack the board would declare."""
    campaign = _demo()
    player = _quick(campaign, "Raider Ambush")
    fight, full = player.fight, player.full
    ctl = _started(full)
    s = fight.new(random.Random(0))
    attacks = full.ruleset.attacks
    assert attacks is not None
    compared = 0
    for i, attacker in enumerate(player.ids):
        for w, weapon in enumerate(fight.weapons[i]):
            for j in player.enemies[i]:
                target = player.ids[j]
                refused = bool(ctl.preview.map_refusals(attacker, weapon.id, target))
                assert fight.map_refused(s, i, w, j) == refused
                blast = ctl.preview.attacks.blast_radius(ctl.view.character_of(attacker).item(weapon.id))
                if refused or blast is not None:
                    continue
                exact = attacks.attack_odds(ctl.preview.attack_request(attacker, weapon.id, target), ctl.view.options)
                strike = fight._strike(i, w, j, fight.cell(s, i), fight.cell(s, j), -1)  # type: ignore[attr-defined]
                assert not strike.blocked
                sampler = strike.sampler
                assert 1.0 - sampler.miss == pytest.approx(exact.hit, abs=1e-12)
                # The raw damage through the target's armour and health, as the board's hit would land it.
                before, _ = damage.vitals_of(ctl.view.actor(target), strike.damage_type)
                taken: Counter[int] = Counter()
                dropped = 0.0
                previous = sampler.miss
                taken[0] += sampler.miss
                for value, upto in zip(sampler.values, sampler.cumulative, strict=True):
                    upto = min(upto, 1.0)                    # the last value takes all that is left
                    weight, previous = upto - previous, upto
                    h = damage.hit(before, value, ignore_dr=strike.ignore_dr)
                    taken[(h.after.wounds - before.wounds) + (h.after.nonlethal - before.nonlethal)] += weight
                    dropped += weight if h.dropped else 0.0
                assert dropped == pytest.approx(exact.drop_target, abs=1e-9)
                for amount, weight in exact.damage.items():
                    assert taken[amount] == pytest.approx(weight, abs=1e-9), (attacker, weapon.id, target, amount)
                compared += 1
    assert compared >= 20


def test_the_map_reads_as_the_boards() -> None:
    campaign = _demo()
    player = _quick(campaign, "Raider Ambush")
    fight, ctl = player.fight, _started(player.full)
    s = fight.new(random.Random(0))
    for i, a in enumerate(player.ids):
        for j, b in enumerate(player.ids):
            if i == j:
                continue
            measure = ctl.preview.measure(b, a)
            assert measure is not None
            there, here = fight.cell(s, j), fight.cell(s, i)
            assert there is not None and here is not None
            assert fight.cover(s, j, i, here) == (measure.reading.cover, measure.reading.line_of_sight)


def test_turn_order_falls_as_the_rules_roll_it() -> None:
    """Who acts first, and who last, as often in quick fights as under the rules' own initiative roll."""
    campaign = _demo()
    player = _quick(campaign, "Raider Ambush")
    ctl = _started(player.full)
    actors = [ctl.view.actor(cid) for cid in player.ids]
    rules, dice, rng = player.full.ruleset, RandomDice(rng=random.Random(3)), random.Random(4)
    same_ends_of_the_order(
        player.ids, lambda: [e.combatant_id for e in sorted(rules.roll_initiative(actors, dice, ctl.view.options),
                                                            key=lambda e: e.rank)],
        lambda: [player.ids[i] for i in player.fight._order(rng)])  # type: ignore[attr-defined]


def test_a_fight_opens_as_the_rules_open_it() -> None:
    """Raider Ambush opens with a surprise round in which only those not surprised act (as the board's flow runs
    it); then everyone acts once a round, each turn's start bringing 4 AP."""
    campaign = _demo()
    player = _quick(campaign, "Raider Ambush")
    fight = player.fight
    ctl = _started(player.full)
    surprised = {cid for cid in player.ids if ctl.view.combatant(cid).setup.get("surprised")}
    assert surprised and ctl.view.encounter.round == 0
    s = fight.new(random.Random(5))
    assert fight.round(s) == 0
    rounds: dict[int, list[str]] = {}
    while fight.round(s) <= 1:
        (i,) = fight.acting(s)
        assert s.ap[i] == 4 * (fight.round(s) + 1) - 4 * (player.ids[i] in surprised) \
            or fight.round(s) == 1                           # type: ignore[attr-defined]
        rounds.setdefault(fight.round(s), []).append(player.ids[i])
        s.ap[i] = 0                                          # type: ignore[attr-defined]
        assert fight.advance(s, lambda _i, _choices: 0)
    assert sorted(rounds[0]) == sorted(set(player.ids) - surprised)
    assert sorted(rounds[1]) == sorted(player.ids)
    assert all(fight.role(s, i) is StateRole.FIGHTING for i in range(len(player.ids)))


def test_a_thrower_loses_the_grenade_and_a_shooter_its_rounds() -> None:
    campaign = _demo()
    player = _quick(campaign, "Raider Ambush")
    fight = player.fight
    dmitri = player.ids.index("cmb-ambush-dmitri")
    grenade = next(w for w, weapon in enumerate(fight.weapons[dmitri]) if "grenade" in weapon.id.lower()
                   or weapon.id.endswith("grenade"))
    rifle = next(w for w in range(len(fight.weapons[dmitri])) if w != grenade)
    for seed in range(20):
        s = fight.new(random.Random(seed))
        s.ap[dmitri] = 6                                     # type: ignore[attr-defined]
        foe = next(j for j in player.enemies[dmitri] if not fight.map_refused(s, dmitri, grenade, j))
        made = fight.attack(s, dmitri, grenade, foe, random.Random(seed))
        if made is Attempt.PAID:
            break
    assert made is Attempt.PAID
    assert not fight.has_weapon(s, dmitri, grenade) and fight.has_weapon(s, dmitri, rifle)
    assert s.ap[dmitri] == 4                                 # type: ignore[attr-defined]
    rounds = s.ammo[dmitri][rifle]                           # type: ignore[attr-defined]
    target = next(j for j in player.enemies[dmitri] if not fight.map_refused(s, dmitri, rifle, j)
                  and fight.role(s, j) is StateRole.FIGHTING)
    for shot in (1, 2):
        if fight.role(s, target) is StateRole.FIGHTING:
            assert fight.attack(s, dmitri, rifle, target, random.Random(shot)) is Attempt.PAID
            assert s.ammo[dmitri][rifle] == rounds - shot    # type: ignore[attr-defined]
    s.ap[dmitri] = 1                                         # type: ignore[attr-defined]
    assert fight.attack(s, dmitri, rifle, target, random.Random(3)) is Attempt.UNPAID   # an attack costs 2 AP
    actor = fight.actor(s, dmitri)
    assert all(item.id != fight.weapons[dmitri][grenade].id for item in actor.character.equipment)


def test_a_fight_the_quick_fights_do_not_play_goes_the_full_rules_path() -> None:
    ruleset = get_ruleset("crisis")
    campaign = duel(ruleset)
    npc = campaign.character(campaign.encounter("enc").combatant("c-npc").character_id)
    npc.conditions = [ConditionState(key="prone")]
    player = player_for(Setup.of(campaign, "enc", ruleset))
    assert type(player) is FightPlayer
    assert player.played_by == "the full rules path (quick fights do not play this one: Target starts the fight prone)"
    assert type(player_for(Setup.of(duel(ruleset), "enc", ruleset))) is QuickPlayer
    assert type(player_for(Setup.of(duel(ruleset), "enc", ruleset, quick=False))) is FightPlayer


def test_quick_fights_are_deterministic_under_a_seed() -> None:
    campaign = _demo()
    first, second = _quick(campaign, "Raider Ambush"), _quick(campaign, "Raider Ambush")
    for index in range(30):
        assert first.play(run_seed(9, index)) == second.play(run_seed(9, index))


# -- whole fights, quick against the full rules path --------------------------------------------------------------



@pytest.mark.slow
@pytest.mark.parametrize(("name", "tactics"), [("Raider Ambush", None)])
def test_whole_fights_come_out_as_the_full_rules_path_plays_them(name: str, tactics: dict[str, Tactics] | None
                                                                  ) -> None:
    """Each figure the simulator reports (win chances, rounds, each combatant's chance to go down and to die, what is
    left of each bar) agrees between quick fights and the full rules path within 4 standard errors."""
    campaign = _demo()
    z, key, full, quick = farthest_apart(campaign, _encounter(campaign, name), tactics)
    assert z <= LIMIT, (key, z)


def test_the_quick_path_reports_the_same_figures_as_the_full_one() -> None:
    """A summary of quick fights names the same combatants and bars, with the same labels, as the full path's."""
    campaign = _demo()
    ruleset = get_ruleset(campaign.ruleset)
    encounter = _encounter(campaign, "Raider Ambush")
    full = simulate(campaign, encounter, ruleset, runs=3, seed=1, processes=1, quick=False)
    quick = simulate(campaign, encounter, ruleset, runs=3, seed=1, processes=1)
    assert [(c.name, sorted(c.bars.values())) for c in full.combatants] != []
    assert [(c.name, sorted(label for label, _ in c.bars.values())) for c in full.combatants] == \
        [(c.name, sorted(label for label, _ in c.bars.values())) for c in quick.combatants]
