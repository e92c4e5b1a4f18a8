"""A value the rules cannot read (a NaN put into a dict in place, past every validation) never crashes the board, its
delegate, the map or the players' screen: the row says it cannot be shown and why, and the problem is logged.

Before the guard, the board model's data() raised (the rules turned the NaN into an int), PySide6 handed Qt an invalid
value with the Python error still pending, and QStyledItemDelegate::paint crashed the process (a segfault)."""

from __future__ import annotations

import logging

import pytest
from PySide6.QtCore import Qt

from crisis_desktop.controller.changes import ChangeSet
from crisis_desktop.rules.kernel.dice import RandomDice
from crisis_desktop.ui import paint_guard
from crisis_desktop.ui.models.board_model import COL_STATE
from crisis_desktop.ui.paint_guard import guarded
from crisis_desktop.ui.player_display.display import PlayerDisplay

RASK = "cmb-ambush-raider-rask"
PROBLEM = "cannot be shown: ValueError: cannot convert float NaN to integer"


@pytest.fixture(autouse=True)
def _fresh_reports(monkeypatch):
    """Each problem is logged once per process: these tests start from none logged."""
    monkeypatch.setattr(paint_guard, "_reported", set())


def test_a_nan_in_a_resource_paints_as_a_row_that_says_so(qtbot, document, board, caplog):
    board.resize(1280, 700)
    board.show()
    board.show_encounter("enc-ambush")
    display = PlayerDisplay(board.model)
    qtbot.addWidget(display)
    display.show_encounter(document.session)
    display.show()
    ctl = board.controller
    document.push(ctl.start(RandomDice(3)))
    rask = ctl.view.combatant(RASK)
    rask.resources["actions_taken"] = float("nan")      # in place: no validation sees it
    changes = ChangeSet(combatants=frozenset({RASK}))
    with caplog.at_level(logging.ERROR, logger="crisis_desktop.ui.paint_guard"):
        board.model.apply_changes(changes)
        display.apply_changes(changes)
        board.grab()
        display.grab()
    row = board.model.row_of(RASK)
    assert row is not None
    state = board.model.index(row, COL_STATE)
    assert state.data() == "cannot be shown"
    assert PROBLEM in state.data(Qt.ItemDataRole.ToolTipRole)
    assert display.scene.tokens[RASK].look.word == "cannot be shown"
    assert {r.getMessage() for r in caplog.records} == {
        "BoardModel row could not be shown: ValueError: cannot convert float NaN to integer",
        "PlayerMapScene token could not be shown: ValueError: cannot convert float NaN to integer"}
    # Put right, the row reads again.
    rask.resources["actions_taken"] = 0
    board.model.apply_changes(changes)
    assert board.model.index(row, COL_STATE).data() != "cannot be shown"
    board.grab()


def test_a_guarded_method_reports_once_and_returns_its_fallback(caplog):
    calls: list[int] = []

    class Painter:
        @guarded(fallback="?")
        def data(self, value: float) -> str:
            calls.append(1)
            return str(int(value))

    with caplog.at_level(logging.ERROR, logger="crisis_desktop.ui.paint_guard"):
        assert Painter().data(float("inf")) == "?"
        assert Painter().data(float("inf")) == "?"
        assert Painter().data(2.0) == "2"
    assert len(calls) == 3
    assert [r.getMessage() for r in caplog.records] == [
        "Painter.data could not be shown: OverflowError: cannot convert float infinity to integer"]
    assert caplog.records[0].exc_info is not None
