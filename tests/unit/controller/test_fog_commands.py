"""Fog of war: old files load without it, reveal/hide strokes and the fog switch undo exactly."""

from __future__ import annotations

import json

import pytest

from crisis_desktop.controller.fog_commands import RevealCells, SetFog
from crisis_desktop.controller.history import History
from crisis_desktop.controller.map_commands import find_map
from crisis_desktop.domain import Campaign
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
