"""The campaign home: each button opens the place it names and starts the step there; the party's state, the
characters the rules refuse, the recent changes and, for a new campaign, the first steps."""

from __future__ import annotations

import json

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel, QPushButton

from crisis_desktop.domain import BattleMap, CharacterKind
from crisis_desktop.storage.demo import seed_demo
from crisis_desktop.ui.battlemap.map_dialogs import NewMapDialog
from crisis_desktop.ui.dialogs.character_dialogs import CharacterAsk


def button(window, name: str) -> QPushButton:
    QApplication.processEvents()    # rows added to a shown layout are shown from the event loop
    found = window.overview.home.findChild(QPushButton, name)
    assert found is not None and found.isVisible(), name
    return found


def buttons(box) -> dict[str, QPushButton]:
    QApplication.processEvents()
    return {b.text(): b for b in box.findChildren(QPushButton) if b.isVisible()}


def texts(box) -> list[str]:
    QApplication.processEvents()
    return [label.text() for label in box.findChildren(QLabel) if label.isVisible()]


def test_start_opens_the_encounter_on_the_fight_place_and_starts_it(qtbot, window):
    assert window.tabs.currentWidget() is window.overview
    start = button(window, "encounter-enc-ambush")
    assert start.text() == "Start"
    qtbot.mouseClick(start, Qt.MouseButton.LeftButton)
    assert window.tabs.currentWidget() is window.workspace.parentWidget()
    assert window.document.session.encounter_id == "enc-ambush"
    assert window.document.campaign.encounter("enc-ambush").started
    # Back home: the fight is listed first, to resume; resuming opens it where it stands.
    window.tabs.setCurrentIndex(0)
    resume = button(window, "encounter-enc-ambush")
    assert resume.text() == "Resume" and window.overview.home.encounters.itemAtPosition(0, 2).widget() is resume
    listed = texts(window.overview.home.encounters_box)
    assert listed[:2] == ["Raider Ambush", "Surprise round · 8 fighters"]
    window.document.session.show_encounter("enc-ridge")
    qtbot.mouseClick(resume, Qt.MouseButton.LeftButton)
    assert window.document.session.encounter_id == "enc-ambush"
    assert window.tabs.currentWidget() is window.workspace.parentWidget()
    assert "Start" in window.overview.home.recent_box.findChild(QLabel).text()


def test_the_party_with_their_state_and_a_sheet_button(qtbot, window):
    home = window.overview.home
    party = texts(home.party_box)
    assert "Vera Kask" in party and "Health 24/24 · unhurt" in party
    sheets = [b for b in home.party_box.findChildren(QPushButton) if b.text() == "Sheet"]
    assert len(sheets) == 4
    qtbot.mouseClick(sheets[0], Qt.MouseButton.LeftButton)
    assert window.tabs.currentWidget() is window.characters.parentWidget()
    vera = next(c for c in window.document.campaign.characters if c.name == "Vera Kask")
    assert window.characters.selected_ids() == [vera.id]
    assert not home.steps_box.isVisible() and not home.problems_box.isVisible(), "a full, clean campaign"


def test_a_new_campaign_shows_the_first_steps_and_each_opens_its_place(qtbot, window, answers, monkeypatch):
    answers.queued["new_campaign"].append(("Fresh Start", "crisis"))
    answers.queued["save_discard_cancel"].append("discard")
    window.menus.act_new.trigger()
    assert window.document is not None and window.document.campaign.name == "Fresh Start"
    window.tabs.setCurrentIndex(0)
    home = window.overview.home
    assert home.steps_box.isVisible()
    steps = buttons(home.steps_box)
    assert set(steps) == {"Add a player character", "Add an NPC from the bestiary", "Prepare an encounter",
                          "Draw a battle map"}
    campaign = window.document.campaign

    qtbot.mouseClick(steps["Add a player character"], Qt.MouseButton.LeftButton)
    assert window.tabs.currentWidget() is window.characters.parentWidget()
    assert [c.kind for c in campaign.characters] == [CharacterKind.PC]
    assert window.characters.selected_ids() == [campaign.characters[0].id]

    window.tabs.setCurrentIndex(0)
    monkeypatch.setattr(CharacterAsk, "choose", classmethod(lambda _cls, _parent, _title, _label, options: 0))
    qtbot.mouseClick(steps["Add an NPC from the bestiary"], Qt.MouseButton.LeftButton)
    assert window.tabs.currentWidget() is window.characters.parentWidget()
    assert [c.kind for c in campaign.characters] == [CharacterKind.PC, CharacterKind.NPC]

    window.tabs.setCurrentIndex(0)
    answers.queued["text"].append("Bar brawl")
    qtbot.mouseClick(steps["Prepare an encounter"], Qt.MouseButton.LeftButton)
    assert window.tabs.currentWidget() is window.workspace.parentWidget()
    assert [e.name for e in campaign.encounters] == ["Bar brawl"]
    assert window.document.session.encounter_id == campaign.encounters[0].id

    window.tabs.setCurrentIndex(0)
    assert home.steps_box.isVisible() and buttons(home.steps_box)["✓ Prepare an encounter"]
    monkeypatch.setattr(NewMapDialog, "ask", classmethod(lambda _cls, _parent: BattleMap(name="Tavern", width=8,
                                                                                          height=6)))
    qtbot.mouseClick(steps["Draw a battle map"], Qt.MouseButton.LeftButton)
    assert window.tabs.currentWidget() is window.workspace.parentWidget()
    assert [m.name for m in campaign.battle_maps] == ["Tavern"]
    assert window.map_place.scene.map_id == campaign.battle_maps[0].id
    assert window.workspace.docks["map"].isVisible()
    # Every step done: the home no longer shows them; the encounter waits for fighters.
    window.tabs.setCurrentIndex(0)
    assert not home.steps_box.isVisible()
    assert "No fighters yet" in texts(home.encounters_box)
    assert texts(home.recent_box)[0] == window.document.undo_stack.text(window.document.undo_stack.index() - 1)


def test_a_character_the_rules_refuse_is_listed_and_opens(qtbot, make_window, paths, answers):
    path = seed_demo(paths) or paths.campaigns / "demo.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    vera = next(c for c in data["characters"] if c["name"] == "Vera Kask")
    next(i for i in vera["equipment"] if i["name"] == "Pistol")["stats"]["damage"] = "999999999d999999999"
    path.write_text(json.dumps(data), encoding="utf-8")
    window = make_window()
    home = window.overview.home
    assert home.problems_box.isVisible()
    listed = texts(home.problems_box)
    assert listed[0] == "Vera Kask" and "at most 100 dice" in listed[1]
    qtbot.mouseClick(buttons(home.problems_box)["Open"], Qt.MouseButton.LeftButton)
    assert window.tabs.currentWidget() is window.characters.parentWidget()
    assert window.characters.selected_ids() == [vera["id"]]


def test_typing_in_the_notes_rebuilds_only_the_recent_changes(qtbot, window):
    home = window.overview.home
    start = button(window, "encounter-enc-ambush")
    qtbot.keyClicks(window.overview.notes, "Rask owes Vera")
    assert button(window, "encounter-enc-ambush") is start, "the encounters stay as they were"
    assert texts(home.recent_box)[0] == window.document.undo_stack.text(window.document.undo_stack.index() - 1)
    assert texts(home.recent_box)[0] != "Nothing changed since the campaign was opened."


def test_the_genesys_party_shows_wounds_and_strain(qtbot, make_window, paths):
    from crisis_desktop.storage.demo import GENESYS_DEMO_FILE_NAME

    window = make_window(str(paths.campaigns / GENESYS_DEMO_FILE_NAME))
    party = texts(window.overview.home.party_box)
    # Counted up against the thresholds, as Genesys players track them: nothing taken yet.
    assert "Kara Voss" in party and "Wounds 0/12 · Strain 0/12 · unhurt" in party
    # The rules by their name, not their key.
    assert window.overview.rules.text() == "Genesys (rule options: defaults)"
