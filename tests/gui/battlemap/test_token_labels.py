"""Tokens of one fight get distinct labels: initials, longer where initials clash, numbered for alike names."""

from __future__ import annotations

import pytest

from crisis_desktop.controller.character_commands import SetCharacterField
from crisis_desktop.resources_access import resource
from crisis_desktop.storage.campaign_store import CampaignStore
from crisis_desktop.storage.paths import AppPaths
from crisis_desktop.ui.battlemap.scene import MapScene
from crisis_desktop.ui.battlemap.token_labels import distinct_labels
from crisis_desktop.ui.models.board_model import CombatantIdRole
from crisis_desktop.ui.player_display.display import PlayerDisplay
from crisis_desktop.ui.player_display.models import TokenLabelRole
from crisis_desktop.ui.views.encounter_board import EncounterBoard


def test_initials_when_they_differ():
    assert distinct_labels({"a": "Vera Kask", "b": "Rask", "c": "Mother Kell"}) == {"a": "VK", "b": "R", "c": "MK"}


def test_clashing_initials_get_longer_and_alike_names_numbered():
    labels = distinct_labels({"1": "Tamsin Ash", "2": "Tobias Ashford", "3": "Brakk Wolf", "4": "Bell Wick",
                              "5": "Raider", "6": "Raider", "7": "Raider"})
    assert labels == {"1": "TaA", "2": "ToA", "3": "BrW", "4": "BeW", "5": "R1", "6": "R2", "7": "R3"}
    assert len(set(labels.values())) == len(labels)


def test_shared_initials_take_the_last_word_then_more_letters_then_a_number():
    names = ["Brigand with a club", "Brigand with a spear", "Bandit", "Bowman", "Thug", "Thug", "Tobin Ashe",
             "Toll-house archer", "Aldric Vane", "Anna Vane"]
    labels = distinct_labels({str(i): name for i, name in enumerate(names)})
    assert list(labels.values()) == ["BC", "BS", "Ba", "Bo", "T1", "T2", "TA", "TH", "AlV", "AnV"]


def test_a_longer_label_never_takes_one_another_token_has():
    # "Ba" for the Bandit would read as Bob Adams' "BA": both take a letter more.
    assert distinct_labels({"a": "Bob Adams", "b": "Bandit", "c": "Bowman"}) == {"a": "BA", "b": "Ban", "c": "Bow"}


@pytest.mark.parametrize("demo", ["campaign.json", "genesys.json", "moments.json", "skirmish.json"])
def test_labels_are_distinct_in_every_demo_fight(tmp_path, demo):
    paths = AppPaths(tmp_path).ensure()
    path = paths.campaigns / demo
    path.write_bytes(resource("demo", demo).read_bytes())
    campaign = CampaignStore(paths).load(path)
    for encounter in campaign.encounters:
        names = {c.id: campaign.character(c.character_id).name for c in encounter.combatants}
        labels = distinct_labels(names)
        assert len({label.casefold() for label in labels.values()}) == len(names), encounter.name
        assert all(1 <= len(label) <= 4 for label in labels.values())


def test_tokens_take_the_labels_and_follow_a_rename(qtbot, document):
    board = EncounterBoard()
    qtbot.addWidget(board)
    board.set_document(document)
    board.show_encounter("enc-ambush")
    display = PlayerDisplay(board.model)
    qtbot.addWidget(display)
    display.show_encounter(document.session)
    document.changed.connect(display.apply_changes)
    rask, jory = "cmb-ambush-raider-rask", "cmb-ambush-raider-jory"
    tokens = display.scene.tokens
    assert (tokens[rask].look.initials, tokens[jory].look.initials) == ("R", "J")
    jory_character = board.controller.view.character_of(jory)
    document.push(SetCharacterField(document.campaign, jory_character.id, "name", "Rask"))
    # Both tokens restyled, the one not renamed as well.
    assert {tokens[rask].look.initials, tokens[jory].look.initials} == {"R1", "R2"}
    document.undo_stack.undo()
    assert (tokens[rask].look.initials, tokens[jory].look.initials) == ("R", "J")


def test_the_players_labels_tell_nothing_of_a_hidden_fighter(qtbot, document):
    """Three alike names, one hidden from the players: they see R1 and R2 (not R1 and R3), on the map and beside
    the names in the turn order alike; the GM's map numbers all three."""
    board = EncounterBoard()
    qtbot.addWidget(board)
    board.set_document(document)
    board.show_encounter("enc-ambush")
    display = PlayerDisplay(board.model)
    qtbot.addWidget(display)
    display.show_encounter(document.session)
    document.changed.connect(display.apply_changes)
    ctl = board.controller
    raiders = ["cmb-ambush-raider-rask", "cmb-ambush-raider-jory", "cmb-ambush-raider-boss"]
    for cid in raiders:
        document.push(SetCharacterField(document.campaign, ctl.view.character_of(cid).id, "name", "Raider"))
    document.push(ctl.set_hidden(raiders[1], True))
    gm = MapScene()
    gm.show_map(document.campaign, "map-ridge-road", "enc-ambush", document.session.ruleset)
    assert [gm.tokens[cid].look.initials for cid in raiders] == ["R1", "R2", "R3"]
    proxy = display.proxy
    rows = {proxy.index(r, 0).data(CombatantIdRole): proxy.index(r, 0).data(TokenLabelRole)
            for r in range(proxy.rowCount())}
    assert [rows.get(cid) for cid in raiders] == ["R1", None, "R2"]
    tokens = display.scene.tokens
    assert raiders[1] not in tokens
    assert [tokens[cid].look.initials for cid in (raiders[0], raiders[2])] == ["R1", "R2"]
    assert len(set(rows.values())) == len(rows), "no two rows alike"
    # Shown again, it takes its place in the numbering.
    document.undo_stack.undo()
    assert [tokens[cid].look.initials for cid in raiders] == ["R1", "R2", "R3"]
    assert proxy.index(0, 0).data(TokenLabelRole) != ""
def test_the_map_draws_the_distinct_labels(make_window, paths):
    window = make_window(str(paths.campaigns / "skirmish-demo.json"))
    window.tabs.setCurrentWidget(window._board_host)
    window.encounter_board.show_encounter("enc-bridge")
    scene = window.map_place.scene
    shown = {window.encounter_board.controller.view.name(cid): item.look.initials for cid, item in scene.tokens.items()}
    assert shown["Brigand with a club"] != shown["Brigand with a spear"]
    assert shown["Tobin Ashe"] != shown["Toll-house archer"]
    assert (shown["Brigand with a club"], shown["Brigand with a spear"]) == ("BC", "BS")
    assert len(set(shown.values())) == len(shown), shown
