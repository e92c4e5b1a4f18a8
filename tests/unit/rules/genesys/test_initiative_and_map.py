"""Genesys initiative (Cool when ready, Vigilance when surprised; successes, then advantage, then the side the option
names) into side slots; range bands on the battle map and moving by maneuvers."""

from __future__ import annotations

import pytest

from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.domain import BattleMap
from crisis_desktop.domain.battle_map import Token
from crisis_desktop.domain.encounter import Side
from crisis_desktop.rules.genesys.initiative import initiative_skill
from crisis_desktop.rules.genesys.movement import band_for, band_move_maneuvers
from crisis_desktop.rules.kernel.dice import TypedDice
from crisis_desktop.rules.kernel.flows.slots import SlotFlow
from crisis_desktop.rules.kernel.geometry import Terrain
from tests.fakes.fight import MemoryFight
from tests.unit.rules.genesys.people import RULES, actor, campaign, enforcer, jax, kara, thugs

# Kara: Cool 1, Presence 2; Thugs and Enforcer: Presence 2, no Cool; Jax, surprised: Vigilance 1, Willpower 2.
FACES = ["s", "a",          # Kara: 1 success, 1 advantage
         "s", "a",          # Thugs: the same
         "ss", "blank",     # Jax: 2 successes
         "s", "aa"]         # Enforcer: 1 success, 2 advantage


def actors():
    return [actor(kara()), actor(thugs()), actor(jax()), actor(enforcer())]


def test_initiative_is_cool_when_ready_and_vigilance_when_surprised():
    ready, caught = actor(kara()), actor(jax())
    assert caught.combatant is not None
    caught.combatant.setup["surprised"] = True
    assert (initiative_skill(ready), initiative_skill(caught)) == ("cool", "vigilance")


@pytest.mark.parametrize(("tie", "order"), [("pc_first", ["Jax", "Enforcer", "Kara", "Thugs"]),
                                            ("npc_first", ["Jax", "Enforcer", "Thugs", "Kara"])])
def test_initiative_goes_by_successes_then_advantage_then_the_side_the_option_names(tie, order):
    people = actors()
    people[2].combatant.setup["surprised"] = True
    dice = TypedDice(FACES)
    entries = RULES.roll_initiative(people, dice, {"initiative_final_tie": tie})
    assert dice.remaining == 0                                    # Jax rolled Vigilance: a yellow and a green
    names = {a.combatant.id: a.name for a in people}
    ranked = sorted(entries, key=lambda e: e.rank)
    assert [names[e.combatant_id] for e in ranked] == order
    kara_entry = next(e for e in entries if names[e.combatant_id] == "Kara")
    assert kara_entry.roll.explain() == "Cool: successes = 1"
    assert kara_entry.tie_note == f"tied on 1 successes and 1 advantage: {'PC' if tie == 'pc_first' else 'NPC'} " \
                                  "slots go first"
    enforcer_entry = next(e for e in entries if names[e.combatant_id] == "Enforcer")
    assert enforcer_entry.tie_note == "tied on 1 successes: 2 advantage decides"


def test_each_result_is_a_slot_of_its_side_that_any_unacted_character_of_that_side_fills():
    game = campaign(kara(), thugs(), jax(), enforcer())
    fight = MemoryFight(game)
    for character in game.characters:
        fight.add(character.id)
    fight.encounter.combatant("c-jax").setup["surprised"] = True
    flow = SlotFlow(RULES)
    flow.start(fight, TypedDice(FACES))
    assert [r.position for r in flow.order(fight)[:4]] == ["PC slot 1", "NPC slot 1", "PC slot 2", "NPC slot 2"]
    first = next(o for o in flow.offers(fight) if o.key == "fill_slot")
    assert set(first.actors) == {"c-kara", "c-jax"}               # any PC who has not acted may take the PC slot
    flow.take(fight, "fill_slot", "c-kara")
    assert flow.acting(fight) == ("c-kara",)
    assert fight.encounter.combatant("c-kara").resources["free_maneuvers"] == 1


@pytest.mark.parametrize(("tiles", "reach", "cells", "band"), [
    (1, 1, "6", "engaged"), (2, 2, "6", "short"), (6, 6, "6", "short"), (7, 7, "6", "medium"),
    (12, 12, "6", "medium"), (13, 13, "6", "long"), (19, 19, "6", "extreme"), (60, 60, "6", "extreme"),
    (5, 5, "4", "medium"), (13, 13, "4", "extreme")])
def test_range_bands_on_the_map(tiles, reach, cells, band):
    assert band_for(tiles, reach, {"range_band_cells": cells}) == band


@pytest.mark.parametrize(("start", "goal", "maneuvers"), [
    ("engaged", "short", 1), ("short", "medium", 1), ("medium", "long", 2), ("long", "extreme", 2),
    ("engaged", "long", 4), ("engaged", "extreme", 6), ("extreme", "short", 5)])
def test_moving_between_bands_costs_maneuvers_as_the_rules_say(start, goal, maneuvers):
    assert band_move_maneuvers(start, goal) == maneuvers


def yard() -> Terrain:
    return Terrain.of(BattleMap(name="Yard", width=30, height=5))


def test_a_move_of_one_band_s_depth_is_a_maneuver_two_take_both_and_further_is_refused():
    movement = RULES.movement()
    near = movement.plan_move(actor(kara()), yard(), (0, 0), (5, 0), set(), {})
    assert near.allowed and near.action == "move" and near.text == "Move (1 maneuver): 5 of 6 tiles"
    far = movement.plan_move(actor(kara()), yard(), (0, 0), (9, 0), set(), {})
    assert far.allowed and far.action == "move_far" and far.cost_text == "2 maneuvers + 2 strain"
    beyond = movement.plan_move(actor(kara()), yard(), (0, 0), (13, 0), set(), {})
    # 13 tiles is long range from where Kara stood: engaged-short 1, short-medium 1, medium-long 2 maneuvers.
    assert not beyond.allowed and beyond.text == "Kara cannot go there this turn: 13 tiles (long range) need 4 Move " \
                                                 "maneuvers, at most 2 a turn"
    spent = movement.plan_move(actor(kara(), maneuvers_used=2), yard(), (0, 0), (3, 0), set(), {})
    assert not spent.allowed and spent.text.startswith("At most 2 maneuvers a turn")
    assert movement.reach(actor(kara()), yard(), {}) == 12 and movement.reach(actor(thugs()), yard(), {}) == 6


def test_a_move_that_engages_costs_the_bands_from_where_the_mover_stood():
    movement = RULES.movement()
    # Someone 7 tiles off is at medium range; the cell next to it is 6 tiles away, a short move's length, yet
    # engaging from medium range costs medium-short 1 + short-engaged 1 = 2 maneuvers, as the readout says.
    assert RULES.attacks.range_readout(None, 7, 7, RULES.options_with_defaults({})) == [
        "medium range (6 tiles a band)", "closing to engaged: 2 maneuvers"]
    engage = movement.plan_move(actor(kara()), yard(), (0, 0), (6, 0), {(7, 0)}, {})
    assert engage.allowed and engage.action == "move_far" and engage.cost_text == "2 maneuvers + 2 strain"
    assert engage.text == "Move two bands (2 maneuvers + 2 strain): 6 of 12 tiles, medium range to engaged"
    # The same 6 tiles beside no one is a move within short range: 1 maneuver.
    alone = movement.plan_move(actor(kara()), yard(), (0, 0), (6, 0), {(20, 0)}, {})
    assert alone.allowed and alone.action == "move" and alone.text == "Move (1 maneuver): 6 of 6 tiles"
    # Short range to engaged is 1 maneuver; someone already engaged stays so without a price of its own.
    assert movement.plan_move(actor(kara()), yard(), (0, 0), (3, 0), {(4, 0)}, {}).action == "move"
    assert movement.plan_move(actor(kara()), yard(), (0, 0), (1, 1), {(1, 0)}, {}).action == "move"


def test_the_battle_map_gives_the_attack_its_range_band():
    game = campaign(kara(), enforcer(), options={"range_band_cells": "4"})
    ctl = EncounterController(game, "enc", RULES)
    for character in game.characters:
        ctl.add_combatant(character.id).apply(game)
    k, e = (c.id for c in ctl.view.encounter.combatants)
    assert ctl.view.combatant(e).side is Side.ENEMIES
    game.battle_maps.append(BattleMap(id="m", name="Yard", width=30, height=5,
                                      tokens=[Token(combatant_id=k, x=0, y=0), Token(combatant_id=e, x=6, y=0)]))
    game.encounter("enc").battle_map_id = "m"
    pistol = ctl.preview.weapons(k)[0].id
    request = ctl.preview.attack_request(k, pistol, e, range_band="short")
    assert request.targets[0].inputs["range_band"] == "medium"          # 6 tiles, 4 a band
    game.battle_maps[0].tokens[1].x = 1
    assert ctl.preview.attack_request(k, pistol, e).targets[0].inputs["range_band"] == "engaged"
