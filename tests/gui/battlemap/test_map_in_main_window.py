"""The Battle map tab of the main window: the map place is built with the first campaign and shares the board."""

from __future__ import annotations


def test_the_battle_map_tab_shows_the_demo_map_beside_the_list_of_maps(window):
    place = window.map_place
    assert place is not None and place.board is window.encounter_board
    assert place.picker.currentText() == "Ridge Road"
    window.encounter_board.show_encounter("enc-ambush")
    assert place.encounter_id == "enc-ambush" and len(place.scene.tokens) == 8
    item = window.places[0].topLevelItem(0)
    window.places[0].itemActivated.emit(item, 0)
    assert place.map_id() == "map-ridge-road"
