"""The check dialog: generated from the rules' check inputs, exact odds, typed dice by number or by symbol."""

from __future__ import annotations

import pytest

from crisis_desktop.storage.campaign_store import CampaignStore
from crisis_desktop.ui.dialogs.check_dialog import CheckDialog
from crisis_desktop.ui.document import CampaignDocument
from crisis_desktop.ui.views.encounter_board import EncounterBoard
from tests.fakes.registry import fake_ruleset
from tests.fakes.symbols import EDGE, SNAG
from tests.fakes.tiny import tiny_campaign


def test_a_crisis_check_from_the_board_is_priced_rolled_logged_and_undone(board, qtbot, monkeypatch):
    board.act_start.trigger()
    ctl = board.controller
    vera = next(c.id for c in ctl.view.encounter.combatants if ctl.view.name(c.id) == "Vera Kask")
    seen = {}

    def ask(_cls, parent, controller, combatant_id=None):
        dialog = CheckDialog(controller, combatant_id, parent)
        qtbot.addWidget(dialog)
        dialog.who.setCurrentIndex(dialog.who.findData(vera))
        dialog.skill.setCurrentIndex(dialog.skill.findData("medicine"))
        seen["labels"] = [dialog.skill.itemText(i) for i in range(dialog.skill.count())]
        easy = dialog.odds.text()
        dialog.inputs.editors["difficulty"].setValue(8)
        seen["odds"] = (easy, dialog.odds.text())
        dialog.dice_entry.typed_dice.setChecked(True)
        dialog.dice_entry.faces.setText("")
        dialog.roll()
        seen["asked"] = dialog.problem.text()
        dialog.dice_entry.faces.setText("3")
        dialog.roll()
        seen["breakdown"] = dialog.breakdown.toPlainText()
        return dialog.rolled_event

    monkeypatch.setattr(CheckDialog, "ask", classmethod(ask))
    assert board.actor_panel.check_button.isVisible() and board.actor_panel.check_button.isEnabled()
    before = len(ctl.view.encounter.log)
    board.actor_panel.check_button.click()
    assert "Medicine" in seen["labels"] and "Body" in seen["labels"]
    easy, hard = seen["odds"]
    assert easy.startswith("Success ") and hard.startswith("Success ") and easy != hard
    assert seen["asked"].startswith("Enter another d")
    assert seen["breakdown"].startswith("Medicine: ")
    entry = ctl.view.encounter.log[-1]
    assert len(ctl.view.encounter.log) == before + 1 and entry.kind == "check"
    assert entry.text.startswith("Vera Kask: Medicine check, ") and entry.text.endswith("against 8: failure")
    board.document.undo_stack.undo()
    assert len(ctl.view.encounter.log) == before


@pytest.fixture
def symbols_board(qtbot, paths) -> EncounterBoard:
    campaign = tiny_campaign("fake-symbols")
    store = CampaignStore(paths)
    path = paths.campaigns / "symbols.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    store.save(campaign, path)
    view = EncounterBoard()
    qtbot.addWidget(view)
    view.set_document(CampaignDocument(campaign, path, store, ruleset_for=fake_ruleset))
    view.show_encounter("enc")
    view.intents.add_characters([c.id for c in campaign.characters])
    return view


def test_dice_of_symbols_are_typed_by_clicking_their_faces(symbols_board, qtbot):
    ctl = symbols_board.controller
    ann = ctl.view.encounter.combatants[0].id
    dialog = CheckDialog(ctl, ann, symbols_board)
    qtbot.addWidget(dialog)
    entry = dialog.dice_entry
    assert set(entry.face_buttons) == {(k.key, t) for k in (EDGE, SNAG) for t in k.face_texts()}
    assert "Likeliest: " in dialog.odds.text()
    dialog.inputs.editors["difficulty"].setValue(1)        # two edge dice, one snag die
    for key in (("edge", "s"), ("edge", "sa")):
        entry.face_buttons[key].click()
    assert entry.faces.text() == "s sa " and entry.typed_dice.isChecked()       # each a die of its own
    # Each chip named by the die the check reads it as; the die still wanted is said, with whose roll it is.
    assert entry.chip_texts() == ["1  Edge die (green): s", "2  Edge die (green): sa"]
    assert entry.next_die.text() == "Next: Snag die (purple) for Ann: Snag die"
    dialog.roll()
    assert dialog.rolled_event is None and dialog.problem.text() == "Enter another Snag die for Ann: Snag die."
    entry.face_buttons[("snag", "t")].click()
    dialog.roll()
    assert dialog.rolled_event is not None, dialog.problem.text()
    assert dialog.breakdown.toPlainText() == "Grit: 2 success: success"
    entry.faces.setText("s sa x")
    dialog.rolled_event = None
    dialog.roll()
    assert "has the faces blank, f, t, ft" in dialog.problem.text()


def test_a_contest_from_check_rolls_both_sides_and_logs_who_wins(qtbot, paths, monkeypatch):
    """Crisis-classic: Anna's untrained Stealth (roll under 5) against the Thug's Speed (under 10), from Check…."""
    from crisis_desktop.domain import Campaign, Character, CharacterKind
    from crisis_desktop.domain.encounter import Combatant, Encounter, Side
    from crisis_desktop.rules.registry import get_ruleset

    rules = get_ruleset("crisis-classic")
    people = [Character(id=f"ch-{name.lower()}", name=name, kind=kind, stats=dict(rules.sheet.new_stats(kind)))
              for name, kind in (("Anna", CharacterKind.PC), ("Thug", CharacterKind.NPC))]
    campaign = Campaign(name="Classic", ruleset="crisis-classic", characters=people, encounters=[
        Encounter(id="enc", name="Alley", combatants=[
            Combatant(id=f"c-{p.name.lower()}", character_id=p.id,
                      side=Side.PARTY if p.kind is CharacterKind.PC else Side.ENEMIES) for p in people])])
    store = CampaignStore(paths)
    path = paths.campaigns / "classic.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    store.save(campaign, path)
    document = CampaignDocument(campaign, path, store)
    board = EncounterBoard()
    qtbot.addWidget(board)
    board.resize(1400, 800)
    board.set_document(document)
    board.show_encounter("enc")
    board.show()
    board.act_start.trigger()
    ctl = board.controller
    seen: dict[str, object] = {}

    def ask(_cls, parent, controller, combatant_id=None):
        dialog = CheckDialog(controller, combatant_id, parent)
        qtbot.addWidget(dialog)
        dialog.who.setCurrentIndex(dialog.who.findData("c-anna"))
        dialog.skill.setCurrentIndex(dialog.skill.findData("stealth"))
        seen["against"] = [dialog.against.itemText(i) for i in range(dialog.against.count())]
        seen["hidden"] = dialog.their_inputs.isHidden()
        dialog.against.setCurrentIndex(dialog.against.findData("c-thug"))
        dialog.their_skill.setCurrentIndex(dialog.their_skill.findData("speed"))
        seen["shown"] = not dialog.their_inputs.isHidden() and "difficulty" in dialog.their_inputs.editors
        seen["odds"] = dialog.odds.text()
        dialog.dice_entry.typed_dice.setChecked(True)
        dialog.dice_entry.faces.setText("2 3 4")
        dialog.roll()
        seen["asked"] = dialog.problem.text()
        dialog.dice_entry.faces.setText("2 3 4 5 5 5")
        dialog.show()
        dialog.roll()
        seen["breakdown"] = dialog.breakdown.toPlainText()
        dialog.grab().save("/tmp/recover-contest.png")
        return dialog.rolled_event

    monkeypatch.setattr(CheckDialog, "ask", classmethod(ask))
    board.select("c-anna")
    before = len(ctl.view.encounter.log)
    board.actor_panel.check_button.click()
    assert seen["against"] == ["Nobody: a check against a difficulty", "Thug"]
    assert seen["hidden"] and seen["shown"]
    assert seen["odds"] == "Contest: Anna wins 9.9%, Thug wins 85.4%, nobody 4.7%"
    assert str(seen["asked"]).startswith("Enter another d6")
    breakdown = str(seen["breakdown"]).splitlines()
    assert breakdown[0].startswith("Anna: Stealth: ") and breakdown[1].startswith("Thug: Speed: ")
    assert breakdown[-1] == "Anna wins: both failed; missed by 4 rather than 5"
    entry = ctl.view.encounter.log[-1]
    assert len(ctl.view.encounter.log) == before + 1
    assert entry.text == "Anna: Stealth against Thug's Speed, Anna wins"
    board.document.undo_stack.undo()
    assert len(ctl.view.encounter.log) == before
