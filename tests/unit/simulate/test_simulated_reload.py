"""The simulator's tactics reload: a fighter who can pay for no attack because its weapons are empty takes the rules'
action that readies one (crisis Reload: its AP or an NPC's action, over several turns where it costs more than a
turn's AP, the magazine full again and one spare fewer), the same on the quick path and the full rules path; so the
demo's Raider Ambush no longer ends at the round cap with pistols dry and spare magazines unused."""

from __future__ import annotations

import random
from typing import Any

import pytest

from crisis_desktop.controller.simulate import FightPlayer, Setup, simulate
from crisis_desktop.controller.simulate.engine import player_for
from crisis_desktop.controller.simulate.quick import QuickPlayer
from crisis_desktop.controller.simulate.setup import TIMEOUT, FightRecord
from crisis_desktop.controller.simulate.table_fight import TableFight
from crisis_desktop.domain import Campaign
from crisis_desktop.rules.base.quick import Attempt, QuickFight
from crisis_desktop.rules.crisis.quick import CrisisFightState
from crisis_desktop.rules.registry import get_ruleset
from tests.unit.simulate.equivalence import demo, encounter_id

AMBUSH = "Raider Ambush"
VERA, JORY = "cmb-ambush-vera", "cmb-ambush-raider-jory"


def _players(campaign: Campaign) -> tuple[QuickPlayer, QuickPlayer]:
    """The quick path and the full rules path of Raider Ambush, both played by the one loop of tactics."""
    quick = player_for(Setup.of(campaign, encounter_id(campaign, AMBUSH), get_ruleset(campaign.ruleset)))
    assert isinstance(quick, QuickPlayer)
    return quick, QuickPlayer(quick.full, TableFight(quick.full))


def _to_turn(fight: QuickFight[Any], s: object, i: int) -> None:
    """The fight moved on, nobody acting, until it is combatant i's turn."""
    for _ in range(50):
        if i in fight.acting(s):
            return
        assert fight.advance(s, lambda _i, _choices: 0)
    raise AssertionError("never its turn")


def _at_its_turn(player: QuickPlayer, cid: str, ap: int, seed: int = 3) -> tuple[object, int]:
    """A fight at the combatant's turn with its pistol empty and `ap` AP."""
    fight, i = player.fight, player.ids.index(cid)
    s = fight.new(random.Random(seed))
    _to_turn(fight, s, i)
    pistol = 0
    if isinstance(s, CrisisFightState):
        s.ap[i], s.ammo[i][pistol] = ap, 0
    else:
        ctl = s.ctl  # type: ignore[attr-defined]
        ctl.view.combatant(cid).resources["ap"] = ap
        ctl.view.character_of(cid).item(fight.weapons[i][pistol].id).stats["ammo"] = 0
    return s, i


def _state(player: QuickPlayer, s: object, i: int) -> tuple[int, int, int, int]:
    """The pistol's rounds and spare magazines, AP left and AP paid towards a reload under way."""
    fight = player.fight
    pistol = fight.actor(s, i).character.item(fight.weapons[i][0].id)
    if isinstance(s, CrisisFightState):
        ap, progress = s.ap[i], s.progress[i]
    else:
        resources = s.ctl.view.combatant(player.ids[i]).resources  # type: ignore[attr-defined]
        ap, progress = int(resources["ap"]), int(resources["pending_progress"])
    return int(pistol.stats["ammo"]), int(pistol.stats["mag"]), ap, progress


def test_a_shooter_with_an_empty_pistol_reloads_the_same_on_both_paths() -> None:
    """Vera's pistol (CAP 7, 2 spare magazines, REL 2) empty, 4 AP: on both paths Reload loads it and costs 2 AP;
    with 1 AP the rules allow none and nothing changes."""
    quick, full = _players(demo())
    seen = []
    for player in (quick, full):
        s, i = _at_its_turn(player, VERA, ap=4)
        assert player.fight.may_ready(s, i)
        assert player.fight.ready(s, i)
        seen.append(_state(player, s, i))
        s, i = _at_its_turn(player, VERA, ap=1)
        assert not player.fight.ready(s, i)
        assert _state(player, s, i) == (0, 2, 1, 0)
    assert seen[0] == seen[1] == (7, 1, 2, 0)


def test_the_tactics_reload_then_fire_on_both_paths() -> None:
    """The one loop of tactics on either path: Vera with an empty pistol and 4 AP reloads (2 AP) and fires once
    (2 AP); Jory, an NPC on two actions, reloads with one action and fires with the other."""
    quick, full = _players(demo())
    for cid, ap in ((VERA, 4), (JORY, 0)):
        seen = []
        for player in (quick, full):
            s, i = _at_its_turn(player, cid, ap)
            record = FightRecord("draw", 1)
            player._act(s, i, random.Random(5), record)
            seen.append((record.readies, record.attacks, _state(player, s, i)[:3]))
        assert seen[0] == seen[1] == (1, 1, (6, 1, 0)), (cid, seen)


def test_a_reload_longer_than_a_turn_runs_over_turns_on_both_paths() -> None:
    """A pistol of REL 8 (over the 6 AP a fighter can hold): 6 AP move the reload on to 6 of 8, the next turn's
    4 AP finish it with 2 left; the pistol is loaded only then, the same on both paths."""
    campaign = demo()
    vera = campaign.character(campaign.encounter(encounter_id(campaign, AMBUSH)).combatant(VERA).character_id)
    next(w for w in vera.equipment if w.name == "Pistol").stats["reload_ap"] = 8
    seen = []
    for player in _players(campaign):
        fight = player.fight
        s, i = _at_its_turn(player, VERA, ap=6)
        assert fight.ready(s, i)
        first = _state(player, s, i)
        assert not fight.ready(s, i)           # no AP left to move it on
        fight.advance(s, lambda _i, _choices: 0)
        _to_turn(fight, s, i)
        assert fight.ready(s, i)
        seen.append((first, _state(player, s, i)))
    assert seen[0] == seen[1] == ((0, 2, 0, 6), (7, 1, 2, 0))


@pytest.mark.parametrize("quick", [True, False])
def test_the_raider_ambush_rarely_reaches_the_round_cap(quick: bool) -> None:
    """Before the tactics reloaded, about 5% of Raider Ambush fights ended at the 30-round cap with pistols dry; now
    under 1%, on the quick path (1,000 fights) and the full rules path (60 fights: none)."""
    campaign = demo()
    runs = 1000 if quick else 60
    summary = simulate(campaign, encounter_id(campaign, AMBUSH), get_ruleset(campaign.ruleset), runs=runs, seed=4,
                       processes=1, quick=quick)
    assert summary.played_by.startswith("quick fights") == quick
    assert summary.wins[TIMEOUT].value < (0.01 if quick else 1 / runs)
    # The shooters did reload: Vera, the pistol her only weapon, has used a spare magazine on average.
    vera = next(c for c in summary.combatants if c.name == "Vera Kask")
    spare = next(e for label, e in vera.bars.values() if label == "Pistol spare magazines")
    assert spare.value < 1.9


def test_a_genesys_limited_ammo_weapon_is_reloaded_with_a_maneuver_on_the_full_path() -> None:
    """Genesys quick fights do not play Limited Ammo (the full rules path does): Kara's heavy pistol of Limited Ammo 1
    fired dry is out of ammunition (Attempt.EMPTY, nothing spent); the tactics' readying action is the Reload
    maneuver, which loads it again, and the pistol fires."""
    campaign = demo("genesys.json")
    kara = campaign.character("pc-kara")
    pistol = kara.item("pc-kara-heavy-pistol")
    pistol.stats["qualities"] = "Limited Ammo 1"
    pistol.stats["ammo"] = 0
    ruleset = get_ruleset(campaign.ruleset)
    full = player_for(Setup.of(campaign, encounter_id(campaign), ruleset))
    assert type(full) is FightPlayer
    table = TableFight(full)
    i = table.ids.index("cmb-dock-kara")
    w = next(n for n, weapon in enumerate(table.weapons[i]) if weapon.id == "pc-kara-heavy-pistol")
    s = table.new(random.Random(2))
    _to_turn(table, s, i)
    foe = next(j for j, side in enumerate(table.sides) if side != table.sides[i])
    used = dict(s.ctl.view.combatant("cmb-dock-kara").resources)
    assert table.attack(s, i, w, foe, random.Random(1)) is Attempt.EMPTY
    assert s.ctl.view.combatant("cmb-dock-kara").resources == used
    assert table.ready(s, i)
    assert s.ctl.view.character_of("cmb-dock-kara").item("pc-kara-heavy-pistol").stats["ammo"] == 1
    assert s.ctl.view.combatant("cmb-dock-kara").resources["maneuvers_used"] == 1
    assert table.attack(s, i, w, foe, random.Random(1)) in (Attempt.PAID, Attempt.FREE)
    assert s.ctl.view.character_of("cmb-dock-kara").item("pc-kara-heavy-pistol").stats["ammo"] == 0
