"""The Quick NPC dialog names the rules' own level. (That Quick NPC asks for it and adds an NPC ready to fight, in
every system that has one: tests/conformance/gui/test_sheet_editor.py.)"""

from __future__ import annotations

from crisis_desktop.ui.dialogs.character_dialogs import QuickNpcDialog


def test_the_dialog_names_the_rules_level(qtbot):
    dialog = QuickNpcDialog(1, 5, 2, label="Power level", tip="1: a minion group of 3")
    qtbot.addWidget(dialog)
    assert dialog.layout().labelForField(dialog.difficulty).text() == "&Power level:"
    assert dialog.difficulty.toolTip() == "1: a minion group of 3"
    assert (dialog.difficulty.minimum(), dialog.difficulty.maximum(), dialog.difficulty.value()) == (1, 5, 2)
