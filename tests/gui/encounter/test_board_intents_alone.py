"""The board's intents are an object with explicit collaborators: over a plain widget (the dialogs' parent), the
document, the controller and the selection they are given, each intent pushes one undoable command, without a
board."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from crisis_desktop.domain.encounter import Side
from crisis_desktop.ui.views.board_intents import BoardIntents


def test_the_intents_work_without_a_board(qtbot, document, answers):
    view = QWidget()
    qtbot.addWidget(view)
    ctl = document.session.controller("enc-ridge")
    assert ctl is not None
    selected = "cmb-ridge-vera"
    shown: list[str] = []
    intents = BoardIntents(view, document=lambda: document, controller=lambda: ctl, selected=lambda: selected,
                           show_encounter=shown.append, select_current=lambda: None, dice_typed=lambda: False,
                           attack_panel=lambda: None)
    steps = document.undo_stack.count()
    log = len(ctl.view.encounter.log)
    intents.set_hidden(True)
    intents.set_hidden(True)                   # already hidden: nothing pushed
    intents.set_side(Side.PARTY)               # the side it has: nothing pushed
    intents.set_group("  raiders ")
    intents.set_side(Side.ENEMIES)
    vera = ctl.view.combatant(selected)
    assert vera.hidden and vera.group == "raiders" and vera.side is Side.ENEMIES
    assert [document.undo_stack.text(i) for i in range(steps, document.undo_stack.count())] == [
        "Vera Kask is hidden from the players", "Vera Kask joins group raiders", "Vera Kask is on the enemies side"]
    assert not intents.add_note("   ")         # a blank note is not written
    assert intents.add_note("  The wolves circle  ")
    assert ctl.view.encounter.log[-1].text == "The wolves circle" and len(ctl.view.encounter.log) == log + 1
    for _ in range(4):
        document.undo_stack.undo()
    vera = ctl.view.combatant(selected)
    assert not vera.hidden and vera.group is None and vera.side is Side.PARTY and len(ctl.view.encounter.log) == log
    assert document.undo_stack.count() == steps + 4 and shown == []
    answers.queued["text"].append("Ambush at the ford")
    intents.new_encounter()                    # made, then shown through the callable given
    assert [document.campaign.encounter(e).name for e in shown] == ["Ambush at the ford"]
