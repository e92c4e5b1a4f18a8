"""The real encounter board plays a short fight of every system with Attacks through its tool bar (the same driver
as the fakes' board test, tests/gui/board_drive.py): the duel started, fought with the board's attack button and
step buttons (each following the flow) until the NPC is down, ended, its log shown whole; every step undone to the
start and redone to the end."""

from __future__ import annotations

import pytest

from crisis_desktop.domain.encounter import Side
from crisis_desktop.rules.kernel.dice import RandomDice
from crisis_desktop.rules.registry import get_ruleset
from tests.fakes.drive import standing
from tests.gui.board_drive import fight_through_the_board, open_board
from tests.unit.simulate.duels import duel


@pytest.mark.when(lambda rules: rules.attacks is not None)
def test_a_short_fight_through_the_board(ruleset_id, qtbot, paths, monkeypatch):
    board = open_board(qtbot, paths, duel(get_ruleset(ruleset_id)), "enc")
    document = board.document
    start_state = document.campaign.model_dump()
    board.act_start.trigger()
    ctl = board.controller
    assert ctl.view.encounter.started and board.round_label.text() == ctl.view.round_label() != "Not started"
    seen = fight_through_the_board(board, monkeypatch, RandomDice(4))
    assert standing(ctl) == {Side.PARTY} and seen.attacked
    board.act_end.trigger()
    assert ctl.view.encounter.ended and board.round_label.text() == "Ended"
    assert board.log_model.rowCount() == len(ctl.view.encounter.log)
    end_state = document.campaign.model_dump()
    board.table.setCurrentIndex(board.model.index(-1, -1))
    document.undo_stack.setIndex(0)
    assert document.campaign.model_dump() == start_state
    document.undo_stack.setIndex(document.undo_stack.count())
    assert document.campaign.model_dump() == end_state
