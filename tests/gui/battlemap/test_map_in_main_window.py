"""The Battle map tab of the main window: the map place is built with the first campaign and shares the fight
with the board through the open campaign's session."""

from __future__ import annotations


def test_the_battle_map_tab_shows_the_demo_map_beside_the_list_of_maps(window):
    place = window.map_place
    assert place is not None
    assert place.picker.currentText() == "Ridge Road"
    window.encounter_board.show_encounter("enc-ambush")
    assert place.encounter_id == "enc-ambush" and len(place.scene.tokens) == 8
    # One controller of the fight, shared through the session: the map and the board act on the same one.
    assert place.controller() is window.encounter_board.controller is window.document.session.fight
    item = window.places[0].topLevelItem(0)
    window.places[0].itemActivated.emit(item, 0)
    assert place.map_id() == "map-ridge-road"
