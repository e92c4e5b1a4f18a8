"""The board offers a checkbox for each setup flag the campaign's rules declare, and none where they declare none:
Surprised for genesys (Vigilance for initiative), nothing for skirmish, whose rules have no surprise."""

from __future__ import annotations

from crisis_desktop.ui.views.encounter_board import EncounterBoard


def open_board(qtbot, document, encounter_id: str) -> EncounterBoard:
    view = EncounterBoard()
    qtbot.addWidget(view)
    view.set_document(document)
    view.show_encounter(encounter_id)
    view.show()
    return view


def test_genesys_marks_someone_caught_unaware_and_undoes_it(qtbot, genesys_document):
    board = open_board(qtbot, genesys_document, "enc-dock-9")
    flags = board.selected_strip.setup_flags
    assert list(flags) == ["surprised"] and flags["surprised"].text() == "Surprised"
    cid = board.model.combatant_id(0)
    board.select(cid)
    assert board.selected_strip.setup_flags["surprised"].isEnabled()
    board.selected_strip.setup_flags["surprised"].click()
    assert board.controller.view.combatant(cid).setup == {"surprised": True}
    assert "surprised" in board.model.index(0, 1).data()
    genesys_document.undo_stack.undo()
    assert board.controller.view.combatant(cid).setup == {}
    assert not board.selected_strip.setup_flags["surprised"].isChecked()


def test_skirmish_has_no_surprise_to_mark(qtbot, skirmish_document):
    board = open_board(qtbot, skirmish_document, "enc-bridge")
    board.select(board.model.combatant_id(0))
    assert board.selected_strip.setup_flags == {}
    assert not any(box.text() == "Surprised" for box in board.findChildren(type(board.selected_strip.hidden)))
