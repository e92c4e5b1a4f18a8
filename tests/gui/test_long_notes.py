"""Notes at the domain's bound stay quick to show and edit; a paste beyond it is refused before Qt lays it out,
with the reason where the GM looks (the sheet's problem line, the status bar)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from crisis_desktop.controller.character_commands import SetCharacterField
from crisis_desktop.domain.common import NOTES_MAX
from crisis_desktop.ui.widgets.notes_edit import NotesEdit


def test_a_paste_beyond_the_bound_is_refused_and_changes_nothing(qtbot):
    edit = NotesEdit(limit=10)
    qtbot.addWidget(edit)
    edit.setPlainText("abcdef")
    edit.selectAll()
    QApplication.clipboard().setText("0123456789")
    with qtbot.assertNotEmitted(edit.refused):
        edit.paste()                      # replaces the six selected: ten in all
    assert edit.toPlainText() == "0123456789"
    QApplication.clipboard().setText("x")
    with qtbot.waitSignal(edit.refused) as refused:
        edit.paste()
    assert refused.args == ["Notes hold at most 10 characters: the 1 pasted would make 11; nothing was pasted"]
    assert edit.toPlainText() == "0123456789"


def test_a_huge_paste_into_a_sheet_is_refused_with_the_reason(window, qtbot):
    document = window.document
    view = window.characters
    window.tabs.setCurrentIndex(1)
    view.select(["pc-vera"])
    before = document.campaign.model_dump(mode="json")
    QApplication.clipboard().setText("word " * 10_000_000)   # 50 MB
    view.sheet.notes.setFocus()
    view.sheet.notes.paste()
    assert view.sheet.problem == (f"Notes hold at most {NOTES_MAX:,} characters: the 50,000,000 pasted would make "
                                  f"{50_000_000 + len(document.campaign.character('pc-vera').notes):,}; "
                                  "nothing was pasted")
    assert document.campaign.model_dump(mode="json") == before and document.undo_stack.count() == 0


def test_notes_at_the_bound_show_and_one_more_character_is_refused(window, qtbot):
    document = window.document
    document.push(SetCharacterField(document.campaign, "pc-vera", "notes", "word " * (NOTES_MAX // 5)))
    window.tabs.setCurrentIndex(1)
    view = window.characters
    view.select(["pc-vera"])
    assert len(view.sheet.notes.toPlainText()) == NOTES_MAX
    view.sheet.notes.moveCursor(view.sheet.notes.textCursor().MoveOperation.End)
    qtbot.keyClicks(view.sheet.notes, "x")
    assert view.sheet.problem == f"Notes: String should have at most {NOTES_MAX} characters"
    assert len(document.campaign.character("pc-vera").notes) == NOTES_MAX
    assert len(view.model.index(0, 0).data(Qt.ItemDataRole.ToolTipRole)) < 700  # the row's tooltip is cut


def test_campaign_notes_beyond_the_bound_are_said_in_the_status_bar(window, qtbot):
    window.tabs.setCurrentIndex(0)
    notes = window.overview.notes
    before = window.document.campaign.notes
    notes.setPlainText("x" * (NOTES_MAX + 1))
    assert window.statusBar().currentMessage() == f"Campaign notes: String should have at most {NOTES_MAX} characters"
    assert window.document.campaign.notes == before
    QApplication.clipboard().setText("y" * (NOTES_MAX + 1))
    notes.clear()
    notes.paste()
    assert window.statusBar().currentMessage().startswith(f"Notes hold at most {NOTES_MAX:,} characters")
