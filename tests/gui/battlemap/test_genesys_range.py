"""The battle map under genesys: the Measure tool reads range bands (engaged to extreme) and the maneuvers to close
them, not crisis's range increments; the fight's measure between tokens says the same."""

from __future__ import annotations

import pytest

from crisis_desktop.rules.kernel.dice import TypedDice
from crisis_desktop.ui.battlemap.map_place import MapPlace
from crisis_desktop.ui.battlemap.tools import Tool
from crisis_desktop.ui.views.encounter_board import EncounterBoard
from tests.gui.battlemap.test_map_place import drag


@pytest.fixture
def place(qtbot, genesys_document) -> MapPlace:
    board = EncounterBoard()
    qtbot.addWidget(board)
    board.set_document(genesys_document)
    board.show_encounter("enc-dock-9")
    widget = MapPlace()
    qtbot.addWidget(widget)
    widget.resize(1200, 800)
    widget.set_document(genesys_document)
    widget.show()
    qtbot.waitExposed(widget)
    widget.view.fit()
    assert widget.map_id() == "map-dock-9"
    return widget


def choose_weapon(place: MapPlace, combatant_id: str, name: str) -> None:
    place.scene.select_token(combatant_id)
    place._fill_weapons()
    index = next(i for i in range(place.weapon_box.count()) if place.weapon_box.itemText(i).startswith(name))
    place.weapon_box.setCurrentIndex(index)


def test_measure_shows_the_range_band_and_the_maneuvers_to_engage(place, qtbot):
    place.set_tool(Tool.MEASURE)
    drag(qtbot, place, [(5, 4), (10, 4), (14, 4)])           # 9 tiles: the second band of 6
    text = place.scene.measure.label.text
    assert text.splitlines() == ["9 tiles (13.5 m)", "medium range (6 tiles a band)",
                                 "closing to engaged: 2 maneuvers"]
    assert "increment" not in text
    assert "medium range" in place.info.text()


def test_measure_with_a_weapon_says_its_difficulty_or_that_it_cannot_reach(place, qtbot):
    choose_weapon(place, "cmb-dock-kara", "Heavy pistol")
    place.set_tool(Tool.MEASURE)
    drag(qtbot, place, [(5, 4), (9, 4)])
    assert place.scene.measure.label.text.splitlines()[-1] == "Heavy pistol: Easy"
    drag(qtbot, place, [(5, 4), (5, 15), (23, 15)])           # 18 tiles: long, beyond a pistol's medium
    lines = place.scene.measure.label.text.splitlines()
    assert lines[1] == "long range (6 tiles a band)" and lines[-1] == "Heavy pistol: out of range (reaches medium)"


def test_the_band_depth_follows_the_campaigns_rule_option(place, genesys_document, qtbot):
    genesys_document.campaign.rule_options["range_band_cells"] = 4
    place.set_tool(Tool.MEASURE)
    drag(qtbot, place, [(5, 4), (14, 4)])
    assert place.scene.measure.label.text.splitlines()[1] == "long range (4 tiles a band)"


def test_the_fights_measure_between_tokens_reads_the_band(place, genesys_document):
    ctl = genesys_document.session.controller("enc-dock-9")
    found = ctl.preview.measure("cmb-dock-kara", "cmb-dock-sable")
    assert found is not None and found.inputs == {"range_band": "long"}
    assert found.readout == ("long range (6 tiles a band)", "closing to engaged: 4 maneuvers")
    engaged = ctl.preview.measure("cmb-dock-jax", "cmb-dock-thugs")
    assert engaged is not None and engaged.readout == ("engaged (adjacent)",)


def test_dragging_a_token_in_the_fight_says_the_band_moves_maneuvers(place, genesys_document, qtbot):
    ctl = genesys_document.session.controller("enc-dock-9")
    genesys_document.push(ctl.start(TypedDice(["blank"] * 40)))
    genesys_document.push(ctl.step("fill_slot", "cmb-dock-mira"))
    place.set_tool(Tool.SELECT)
    drag(qtbot, place, [(4, 8), (4, 12), (14, 12)])           # 10 tiles: two bands, the second maneuver for strain
    assert place.info.text() == "Move two bands (2 maneuvers + 2 strain): 10 of 12 tiles"
    assert place.scene.token_cell("cmb-dock-mira") == (14, 12)
    assert ctl.view.character_of("cmb-dock-mira").status["strain"] == 2
    drag(qtbot, place, [(14, 12), (15, 12)])                  # no maneuver left: refused with the reason
    assert place.info.text() == "At most 2 maneuvers a turn: Dr. Mira Sol has 2 taken, this needs 1"
    assert place.scene.token_cell("cmb-dock-mira") == (14, 12)
    genesys_document.undo_stack.undo()
    assert place.scene.token_cell("cmb-dock-mira") == (4, 8)
    assert ctl.view.character_of("cmb-dock-mira").status["strain"] == 0


def test_line_of_sight_between_tokens_reads_the_band_too(place):
    place.tools.show_cover("cmb-dock-kara", "cmb-dock-brakk")
    lines = place.scene.sight.label.text.splitlines()
    assert lines[:3] == ["Kara Voss → Brakk the enforcer: 10 tiles (15 m)", "medium range (6 tiles a band)",
                         "closing to engaged: 2 maneuvers"]
    assert place.info.text().startswith("Kara Voss → Brakk the enforcer: 10 tiles (15 m), medium range")


def test_measure_and_the_sight_line_show_the_attacks_reading_of_engagement(place, genesys_document, qtbot):
    ctl = genesys_document.session.controller("enc-dock-9")
    choose_weapon(place, "cmb-dock-jax", "Light pistol")
    pistol = next(w.id for w in ctl.preview.weapons("cmb-dock-jax") if w.name == "Light pistol")
    place.set_tool(Tool.MEASURE)
    drag(qtbot, place, [(8, 7), (9, 7)])                      # Jax's cell to the thugs' cell
    reading = ctl.preview.measure("cmb-dock-jax", "cmb-dock-thugs", pistol)
    assert reading is not None
    assert place.scene.measure.label.text == "\n".join(reading.lines)
    assert "ranged attack while engaged: +1 difficulty" in place.scene.measure.label.text
    assert ctl.preview.map_attack_inputs("cmb-dock-jax", pistol, "cmb-dock-thugs") == {"attacker_engaged": True}
    # The sight line from Kara to the thugs reads them engaged with Jax, as her attack does (upgraded).
    place.tools.show_cover("cmb-dock-kara", "cmb-dock-thugs")
    assert "Dock thugs is engaged with Jax Marrow" in place.scene.sight.label.text.splitlines()
    kara_pistol = next(w.id for w in ctl.preview.weapons("cmb-dock-kara") if w.name == "Heavy pistol")
    assert ctl.preview.map_inputs("cmb-dock-kara", kara_pistol, "cmb-dock-thugs")["target_engaged"] is True


def test_dragging_to_engage_from_medium_range_costs_two_maneuvers_as_the_readout_says(place, genesys_document,
                                                                                         qtbot):
    ctl = genesys_document.session.controller("enc-dock-9")
    genesys_document.push(ctl.start(TypedDice(["blank"] * 40)))
    genesys_document.push(ctl.step("fill_slot", "cmb-dock-jax"))
    found = ctl.preview.measure("cmb-dock-jax", "cmb-dock-brakk")
    assert found is not None and found.readout == ("medium range (6 tiles a band)", "closing to engaged: 2 maneuvers",
                                                   "Jax Marrow is engaged with Dock thugs")
    place.set_tool(Tool.SELECT)
    drag(qtbot, place, [(8, 7), (11, 8), (14, 10)])           # 6 tiles to stand next to Brakk
    assert place.info.text() == "Move two bands (2 maneuvers + 2 strain): 6 of 12 tiles, medium range to engaged"
    assert place.scene.token_cell("cmb-dock-jax") == (14, 10)
    assert ctl.view.character_of("cmb-dock-jax").status["strain"] == 2
    assert ctl.preview.measure("cmb-dock-jax", "cmb-dock-brakk").readout == ("engaged (adjacent)",)
