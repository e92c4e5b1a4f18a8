"""Battle map commands: create/rename/delete, painting strokes, tokens and links, each undone exactly."""

from __future__ import annotations

import json

import pytest

from crisis_desktop.controller.history import History
from crisis_desktop.controller.map_commands import (
    AddBattleMap,
    LinkEncounterMap,
    PaintCells,
    RemoveBattleMap,
    SetMapField,
    SetToken,
    cell_at,
    find_map,
)
from crisis_desktop.domain import Campaign
from crisis_desktop.domain.battle_map import BackgroundImage, BattleMap, Cell, Cover
from crisis_desktop.resources_access import resource


@pytest.fixture
def campaign() -> Campaign:
    return Campaign.model_validate(json.loads(resource("demo", "campaign.json").read_text(encoding="utf-8")))


def dump(campaign: Campaign) -> dict:
    return campaign.model_dump(mode="json")


def cells_of(battle_map: BattleMap) -> dict:
    """The painted cells by position (their order in the list means nothing)."""
    return {(c.x, c.y): c.model_dump(mode="json") for c in battle_map.cells}


def test_add_rename_delete_and_undo(campaign):
    history = History(campaign)
    before = dump(campaign)
    new = BattleMap(name="Warehouse", width=10, height=8)
    changes = history.push(AddBattleMap(new))
    assert changes.battle_maps == {new.id} and find_map(campaign, new.id).name == "Warehouse"
    history.push(SetMapField(campaign, new.id, "name", "Docks"))
    assert find_map(campaign, new.id).name == "Docks"
    history.undo()
    history.undo()
    assert dump(campaign) == before


def test_deleting_a_map_unlinks_its_encounter_and_undo_restores_both(campaign):
    history = History(campaign)
    before = dump(campaign)
    changes = history.push(RemoveBattleMap(campaign, "map-ridge-road"))
    assert campaign.encounter("enc-ambush").battle_map_id is None
    assert changes.encounters == {"enc-ambush"}
    with pytest.raises(KeyError):
        find_map(campaign, "map-ridge-road")
    history.undo()
    assert dump(campaign) == before


def test_a_bad_field_value_is_refused_before_anything_changes(campaign):
    with pytest.raises(ValueError):
        SetMapField(campaign, "map-ridge-road", "metres_per_cell", -1)
    with pytest.raises(ValueError):
        SetMapField(campaign, "map-ridge-road", "width", 3)


def test_background_edits_merge_into_one_step(campaign):
    history = History(campaign)
    for offset in (1.0, 2.0, 3.0):
        history.push(SetMapField(campaign, "map-ridge-road", "background",
                                 BackgroundImage(path="/x.png", offset_x=offset)))
    assert find_map(campaign, "map-ridge-road").background.offset_x == 3.0
    history.undo()
    assert find_map(campaign, "map-ridge-road").background is None


def test_a_stroke_is_one_step_with_old_and_new_cells(campaign):
    history = History(campaign)
    battle_map = find_map(campaign, "map-ridge-road")
    before, cells_before = dump(campaign), cells_of(battle_map)
    painted = next(c for c in battle_map.cells if c.cover is not Cover.NONE)
    stroke = {(0, 0): Cell(x=0, y=0, cover=Cover.HEAVY, penetrable=True),
              (1, 0): Cell(x=1, y=0, difficult=True, zone="mud"),
              (painted.x, painted.y): Cell(x=painted.x, y=painted.y)}    # erase
    command = PaintCells(battle_map, stroke)
    assert command.old[(painted.x, painted.y)] == painted
    changes = history.push(command)
    assert changes.cells == {("map-ridge-road", x, y) for x, y in stroke}
    assert cell_at(battle_map, (0, 0)).cover is Cover.HEAVY and cell_at(battle_map, (0, 0)).penetrable
    assert cell_at(battle_map, (1, 0)).zone == "mud"
    assert all((c.x, c.y) != (painted.x, painted.y) for c in battle_map.cells), "erased cells are not stored"
    after = cells_of(battle_map)
    history.undo()
    assert cells_of(battle_map) == cells_before and dump(campaign) == before
    history.redo()
    assert cells_of(battle_map) == after


def test_undoing_a_stroke_gives_back_the_terrain_as_it_was(campaign):
    history = History(campaign)
    battle_map = find_map(campaign, "map-ridge-road")
    before = dump(campaign)
    first, middle = battle_map.cells[0], battle_map.cells[len(battle_map.cells) // 2]
    history.push(PaintCells(battle_map, {(first.x, first.y): Cell(x=first.x, y=first.y),   # erased
                                         (middle.x, middle.y): Cell(x=middle.x, y=middle.y, zone="ford"),
                                         (0, 15): Cell(x=0, y=15, cover=Cover.LIGHT)}))
    after = dump(campaign)
    assert cell_at(battle_map, (middle.x, middle.y)).zone == "ford" and cell_at(battle_map, (0, 15)).cover == "light"
    assert cell_at(battle_map, (first.x, first.y)).is_open
    history.undo()
    assert dump(campaign) == before    # the file after undo is the file before, cell for cell
    history.redo()
    assert dump(campaign) == after


def test_unchanged_and_outside_cells_are_no_part_of_a_stroke(campaign):
    battle_map = find_map(campaign, "map-ridge-road")
    command = PaintCells(battle_map, {(0, 0): Cell(x=0, y=0), (99, 99): Cell(x=99, y=99, cover=Cover.TOTAL)})
    assert command.empty


def test_tokens_place_move_remove_and_undo(campaign):
    history = History(campaign)
    battle_map = find_map(campaign, "map-ridge-road")
    before = dump(campaign)
    history.push(SetToken("map-ridge-road", "cmb-ambush-vera", (2, 3)))
    vera = next(t for t in battle_map.tokens if t.combatant_id == "cmb-ambush-vera")
    assert (vera.x, vera.y) == (2, 3)
    assert [t.combatant_id for t in battle_map.tokens][0] == "cmb-ambush-vera", "the token keeps its place"
    history.push(SetToken("map-ridge-road", "cmb-ambush-vera", None))
    history.push(SetToken("map-ridge-road", "cmb-ridge-wolf", (0, 0)))
    assert "cmb-ambush-vera" not in {t.combatant_id for t in battle_map.tokens}
    for _ in range(3):
        history.undo()
    assert dump(campaign) == before
    with pytest.raises(ValueError, match="outside"):
        SetToken("map-ridge-road", "cmb-ambush-vera", (24, 0)).apply(campaign)


def test_link_an_encounter_to_a_map(campaign):
    history = History(campaign)
    history.push(LinkEncounterMap(campaign, "enc-ridge", "map-ridge-road"))
    assert campaign.encounter("enc-ridge").battle_map_id == "map-ridge-road"
    history.undo()
    assert campaign.encounter("enc-ridge").battle_map_id is None
