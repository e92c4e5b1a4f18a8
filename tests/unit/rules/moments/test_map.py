"""The map: range bands (close, near, distant, far) from grid distance by `range_band_cells`; moving somewhere near
costs an action, somewhere distant an action and a reaction."""

from __future__ import annotations

import pytest

from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.domain import BattleMap
from crisis_desktop.domain.battle_map import Token
from crisis_desktop.rules.kernel.geometry import Terrain
from crisis_desktop.rules.moments.movement import band_for
from tests.unit.rules.moments.people import RULES, actor, brann, campaign, pc, vera


@pytest.mark.parametrize(("tiles", "reach", "cells", "band"), [
    (1, 1, "1/7/33", "close"), (2, 2, "1/7/33", "near"), (7, 7, "1/7/33", "near"), (8, 8, "1/7/33", "distant"),
    (33, 33, "1/7/33", "distant"), (34, 34, "1/7/33", "far"), (6, 6, "1/5/25", "distant"),
    (26, 26, "1/5/25", "far"), (10, 10, "1/10/50", "near"),
])
def test_range_bands_from_grid_distance(tiles, reach, cells, band):
    assert band_for(tiles, reach, {"range_band_cells": cells}) == band


def yard() -> Terrain:
    return Terrain.of(BattleMap(name="Yard", width=60, height=5))


def test_moving_near_costs_an_action_distant_an_action_and_a_reaction():
    movement = RULES.movement()
    near = movement.plan_move(actor(vera()), yard(), (0, 0), (6, 0), set(), {})
    assert near.allowed and near.action == "move" and near.text == "Move nearby (1 action): 6 tiles"
    distant = movement.plan_move(actor(vera()), yard(), (0, 0), (20, 0), set(), {})
    assert distant.allowed and distant.action == "move_distant" and distant.cost_text == "1 action + 1 reaction"
    beyond = movement.plan_move(actor(vera()), yard(), (0, 0), (40, 0), set(), {})
    assert not beyond.allowed and beyond.text == "Vera cannot go there in one moment: 40 tiles, distant is at most 33"
    no_reaction = movement.plan_move(actor(vera(), reactions_used=1), yard(), (0, 0), (20, 0), set(), {})
    assert not no_reaction.allowed and no_reaction.text == "Vera has no reaction left this moment (Action and " \
                                                           "reaction)"
    assert movement.reach(actor(vera()), yard(), {}) == 33
    assert movement.reach(actor(vera(), reactions_used=1), yard(), {}) == 7
    assert movement.reach(actor(vera(), actions_used=1), yard(), {}) == 0


def test_the_measure_tool_reads_bands_and_weapons():
    bow = next(i for i in RULES.equipment_catalogue() if i.name == "Shortbow")
    sword = next(i for i in RULES.equipment_catalogue() if i.name == "Sword")
    assert RULES.attacks.range_readout(bow, 40, 40, {}) == ["far (40 tiles)",
                                                            "moving to distant: an action and a reaction",
                                                            "Shortbow: one step harder"]
    assert RULES.attacks.range_readout(sword, 5, 5, {}) == ["near (5 tiles)", "moving there: 1 action",
                                                            "Sword reaches close only; the target is near"]
    assert RULES.attacks.range_readout(None, 1, 1, {}) == ["close (1 tile)"]


def test_the_battle_map_gives_the_attack_its_range_band():
    game = campaign(pc("Ash", "Shortbow", skills="Bows 30"), brann())
    ctl = EncounterController(game, "enc", RULES)
    for character in game.characters:
        ctl.add_combatant(character.id).apply(game)
    a, b = (c.id for c in ctl.view.encounter.combatants)
    game.battle_maps.append(BattleMap(id="m", name="Yard", width=60, height=5,
                                      tokens=[Token(combatant_id=a, x=0, y=0), Token(combatant_id=b, x=12, y=0)]))
    game.encounter("enc").battle_map_id = "m"
    bow = ctl.preview.weapons(a)[0].id
    assert ctl.preview.attack_request(a, bow, b).targets[0].inputs["range"] == "distant"
    game.battle_maps[0].tokens[1].x = 1
    assert ctl.preview.attack_request(a, bow, b).targets[0].inputs["range"] == "close"
