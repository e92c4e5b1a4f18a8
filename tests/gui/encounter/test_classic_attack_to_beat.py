"""Crisis-classic's attack panel says what to roll under before the roll, as crisis says what to beat."""

from __future__ import annotations

from crisis_desktop.rules.kernel.dice import RandomDice
from crisis_desktop.ui.dialogs.attack_dialog import AttackDialog
from tests.gui.five_boards import open_board


def test_the_gist_and_the_line_say_the_roll_under_target_before_the_roll(qtbot, paths):
    board = open_board(qtbot, paths, "crisis-classic")
    board.document.push(board.controller.start(RandomDice(7)))
    ctl = board.controller
    anna = next(c.id for c in ctl.view.encounter.combatants if ctl.view.name(c.id) == "Anna")
    boris = next(c.id for c in ctl.view.encounter.combatants if ctl.view.name(c.id) == "Boris")
    dialog = AttackDialog(ctl, anna, boris, board)
    qtbot.addWidget(dialog)
    # Anna's pistol: Speed 10, Light Weapons untrained -6: 3d6 at or under 4; Boris then defends with his Speed 10.
    assert dialog.gist.text().startswith("Hit 1.2% · 3d6 ≤ 4 · Costs 2 AP")
    assert dialog.to_beat.text() == ("Roll 3d6 at or under (then Boris defends with 3d6 ≤ 10; a better result "
                                     "parries): Speed = 10, Light Weapons untrained (H) = -6, total = 4")
