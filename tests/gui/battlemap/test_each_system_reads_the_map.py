"""Each demo's battle map read by its own rules in the map place: Measure between two tokens with a weapon shows the
attack view's reading of them (the one the attack gets), the sight line the same lines, and only crisis counts range
increments (a system without them shows no increment, penalty or maximum)."""

from __future__ import annotations

import pytest

from crisis_desktop.resources_access import resource
from crisis_desktop.storage.campaign_store import CampaignStore
from crisis_desktop.ui.battlemap.map_place import MapPlace
from crisis_desktop.ui.battlemap.tools import Tool
from crisis_desktop.ui.document import CampaignDocument
from crisis_desktop.ui.views.encounter_board import EncounterBoard
from tests.gui.battlemap.test_map_place import drag

CASES = {
    "crisis": ("campaign.json", "enc-ambush", "cmb-ambush-vera", "cmb-ambush-raider-rask", "Pistol"),
    "genesys": ("genesys.json", "enc-dock-9", "cmb-dock-kara", "cmb-dock-thugs", "Heavy pistol"),
    "skirmish": ("skirmish.json", "enc-bridge", "cmb-bridge-mira", "cmb-bridge-brigand-1", "Longbow"),
    "moments": ("moments.json", "enc-ford", "cmb-ford-corvin", "cmb-ford-bowman", "Longbow"),
}


@pytest.mark.parametrize("system", list(CASES))
def test_measure_and_sight_show_the_attacks_reading_and_only_crisis_counts_increments(system, qtbot, paths):
    demo, encounter_id, attacker, target, weapon_name = CASES[system]
    store = CampaignStore(paths)
    path = paths.campaigns / f"{system}-demo.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(resource("demo", demo).read_bytes())
    document = CampaignDocument(store.load(path), path, store)
    assert document.campaign.ruleset == system
    board = EncounterBoard()
    qtbot.addWidget(board)
    board.set_document(document)
    board.show_encounter(encounter_id)
    place = MapPlace()
    qtbot.addWidget(place)
    place.resize(1200, 800)
    place.set_document(document)
    place.show()
    qtbot.waitExposed(place)
    place.view.fit()
    assert place.encounter_id == encounter_id
    ctl = document.session.controller(encounter_id)
    weapon = next(w for w in ctl.preview.weapons(attacker) if w.name == weapon_name)
    place.scene.select_token(attacker)
    place._fill_weapons()
    place.weapon_box.setCurrentIndex(next(i for i in range(place.weapon_box.count())
                                          if place.weapon_box.itemText(i).startswith(weapon_name)))
    place.set_tool(Tool.MEASURE)
    a, t = place.scene.token_cell(attacker), place.scene.token_cell(target)
    drag(qtbot, place, [a, t])
    reading = ctl.preview.measure(attacker, target, weapon.id)
    assert reading is not None
    text = place.scene.measure.label.text
    assert text == "\n".join(reading.lines)
    assert any(line.startswith(f"{weapon_name}: ") for line in reading.lines)
    assert ("increment" in text) is (system == "crisis")
    assert "maximum" not in text and "-2" not in text
    # The sight line between the same tokens reads the same lines (no weapon chosen for it).
    place.tools.show_cover(attacker, target)
    bare = ctl.preview.measure(attacker, target)
    assert bare is not None
    sight = place.scene.sight.label.text.splitlines()
    assert sight[0].endswith(bare.lines[0]) and sight[1:len(bare.lines)] == list(bare.lines[1:])
