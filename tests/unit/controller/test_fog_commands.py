"""Fog of war: old files load without it, reveal/hide strokes and the fog switch undo exactly, who it hides."""

from __future__ import annotations

import json

import pytest

from crisis_desktop.controller.fog import hidden_by_fog
from crisis_desktop.controller.fog_commands import RevealCells, SetFog
from crisis_desktop.controller.history import History
from crisis_desktop.controller.map_commands import SetToken, find_map
from crisis_desktop.domain import Campaign, Side
from crisis_desktop.domain.battle_map import BattleMap
from crisis_desktop.resources_access import resource


@pytest.fixture
def campaign() -> Campaign:
    return Campaign.model_validate(json.loads(resource("demo", "campaign.json").read_text(encoding="utf-8")))


def test_a_map_saved_before_fog_existed_loads_with_no_fog():
    old = {"id": "m", "name": "Old", "width": 4, "height": 3, "cells": [], "tokens": []}
    battle_map = BattleMap.model_validate(old)
    assert battle_map.fog is False and battle_map.revealed == []
    again = BattleMap.model_validate_json(battle_map.model_dump_json())
    assert again == battle_map


def test_revealed_cells_round_trip_and_duplicates_are_refused():
    battle_map = BattleMap(name="M", fog=True, revealed=[(0, 0), (1, 2)])
    assert BattleMap.model_validate_json(battle_map.model_dump_json()).revealed == [(0, 0), (1, 2)]
    with pytest.raises(ValueError, match="twice"):
        BattleMap(name="M", revealed=[(0, 0), (0, 0)])
    with pytest.raises(ValueError, match="negative"):
        BattleMap(name="M", revealed=[(-1, 0)])


def test_reveal_then_hide_and_undo_each_step(campaign):
    history = History(campaign)
    battle_map = find_map(campaign, "map-ridge-road")
    history.push(SetFog(campaign, battle_map.id, True))
    assert battle_map.fog
    rect = {(x, y) for x in range(2, 5) for y in range(3, 5)}
    changes = history.push(RevealCells(campaign, battle_map.id, rect))
    assert set(battle_map.revealed) == rect
    assert changes.cells == {(battle_map.id, x, y) for x, y in rect}
    hide = RevealCells(campaign, battle_map.id, {(2, 3), (9, 9)}, reveal=False)
    assert hide.cells == {(2, 3)}, "only cells that were revealed are hidden"
    history.push(hide)
    assert set(battle_map.revealed) == rect - {(2, 3)}
    history.undo()
    assert set(battle_map.revealed) == rect
    history.undo()
    assert battle_map.revealed == []
    history.undo()
    assert battle_map.fog is False


def test_reveal_keeps_only_changes_and_ignores_cells_off_the_map(campaign):
    history = History(campaign)
    history.push(RevealCells(campaign, "map-ridge-road", {(0, 0)}))
    command = RevealCells(campaign, "map-ridge-road", {(0, 0), (1, 0), (500, 0)})
    assert command.cells == {(1, 0)} and command.text == "Reveal 1 cell"
    history.push(command)
    history.undo()
    assert find_map(campaign, "map-ridge-road").revealed == [(0, 0)]
    assert RevealCells(campaign, "map-ridge-road", {(0, 0)}).empty


def test_fog_state_survives_a_save(campaign):
    history = History(campaign)
    history.push(SetFog(campaign, "map-ridge-road", True))
    history.push(RevealCells(campaign, "map-ridge-road", {(3, 4), (1, 1)}))
    loaded = Campaign.model_validate_json(campaign.model_dump_json())
    again = find_map(loaded, "map-ridge-road")
    assert again.fog and again.revealed == [(1, 1), (3, 4)]


# --------------------------------------------------------------------------- who the fog hides from the players
ENEMIES = {"cmb-ambush-raider-rask", "cmb-ambush-raider-jory", "cmb-ambush-raider-boss", "cmb-ambush-corp-sniper"}


def test_the_fog_hides_npcs_in_unrevealed_cells_never_pcs(campaign):
    history = History(campaign)
    assert hidden_by_fog(campaign, "enc-ambush") == frozenset(), "no fog, nobody in it"
    history.push(SetFog(campaign, "map-ridge-road", True))
    assert hidden_by_fog(campaign, "enc-ambush") == ENEMIES
    history.push(RevealCells(campaign, "map-ridge-road", {(14, 6)}))        # where Rask stands
    assert hidden_by_fog(campaign, "enc-ambush") == ENEMIES - {"cmb-ambush-raider-rask"}
    history.push(SetToken("map-ridge-road", "cmb-ambush-raider-rask", (14, 7)))
    assert "cmb-ambush-raider-rask" in hidden_by_fog(campaign, "enc-ambush"), "he stepped back into the fog"
    history.undo()
    history.undo()
    assert hidden_by_fog(campaign, "enc-ambush") == ENEMIES
    history.undo()
    assert hidden_by_fog(campaign, "enc-ambush") == frozenset()


def test_sides_kinds_and_missing_tokens_or_maps(campaign):
    history = History(campaign)
    history.push(SetFog(campaign, "map-ridge-road", True))
    encounter = campaign.encounter("enc-ambush")
    vera = encounter.combatant("cmb-ambush-vera")
    vera.side = Side.ENEMIES
    assert vera.id not in hidden_by_fog(campaign, "enc-ambush"), "a PC is never in the fog, whatever its side"
    rask = encounter.combatant("cmb-ambush-raider-rask")
    rask.side = Side.PARTY
    assert rask.id not in hidden_by_fog(campaign, "enc-ambush"), "an NPC of the party's side is seen"
    history.push(SetToken("map-ridge-road", "cmb-ambush-raider-jory", None))
    assert "cmb-ambush-raider-jory" not in hidden_by_fog(campaign, "enc-ambush"), "no token, nowhere in the fog"
    assert hidden_by_fog(campaign, "enc-ridge") == frozenset(), "an encounter without a map has no fog"
    assert hidden_by_fog(campaign, "no-such-encounter") == frozenset() == hidden_by_fog(campaign, None)
