"""The combat log's view: one wrapped line per row of its model, following inserts, removals and resets, bold where
the model says, the row's tooltip on hover; and on the board, undo takes the lines back out."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint
from PySide6.QtGui import QFont, QHelpEvent, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QToolTip

from crisis_desktop.ui.widgets.log_view import LogView


def lines(view: LogView) -> list[str]:
    return [view.row_text(row) for row in range(view.row_count())]


def item(text: str, tip: str = "", bold: bool = False) -> QStandardItem:
    made = QStandardItem(text)
    made.setToolTip(tip)
    if bold:
        font = QFont()
        font.setBold(True)
        made.setFont(font)
    return made


def test_the_view_follows_the_models_rows(qtbot):
    model = QStandardItemModel()
    view = LogView()
    qtbot.addWidget(view)
    view.setModel(model)
    assert view.row_count() == 0 and view.toPlainText() == ""
    model.appendRow(item("R1  Round 1", bold=True))
    model.appendRow(item("R1  Vera: Move (1 AP)"))
    assert lines(view) == ["R1  Round 1", "R1  Vera: Move (1 AP)"]
    bold = view.document().findBlockByNumber(0).begin().fragment().charFormat().fontWeight()
    plain = view.document().findBlockByNumber(1).begin().fragment().charFormat().fontWeight()
    assert bold == QFont.Weight.Bold and plain != QFont.Weight.Bold
    model.appendRow([item("R1  a"), ])
    model.appendRow([item("R1  b"), ])
    model.removeRows(2, 2)                  # an undo takes the last entries back
    assert lines(view) == ["R1  Round 1", "R1  Vera: Move (1 AP)"]
    model.insertRow(0, item("R0  before"))   # anywhere but the end: shown again from the model
    assert lines(view) == ["R0  before", "R1  Round 1", "R1  Vera: Move (1 AP)"]
    model.removeRows(1, 1)
    assert lines(view) == ["R0  before", "R1  Vera: Move (1 AP)"]
    model.removeRows(0, 2)
    assert view.row_count() == 0 and view.toPlainText() == ""
    model.appendRow(item("R2  again"))
    model.appendRow(item("R2  two lines\nin one entry"))
    model.appendRow(item("R2  after"))
    assert lines(view) == ["R2  again", "R2  two lines\nin one entry", "R2  after"]
    model.removeRows(2, 1)
    assert lines(view) == ["R2  again", "R2  two lines\nin one entry"]
    model.clear()
    assert view.row_count() == 0


def test_a_long_entry_wraps_and_the_view_keeps_to_the_end(qtbot):
    model = QStandardItemModel()
    view = LogView()
    qtbot.addWidget(view)
    view.resize(220, 120)
    view.setModel(model)
    view.show()
    qtbot.waitExposed(view)
    for n in range(60):
        model.appendRow(item(f"R{n}  " + "a long entry that wraps " * 3))
    bar = view.verticalScrollBar()
    assert bar.maximum() > 0 and bar.value() == bar.maximum()
    assert view.document().findBlockByNumber(59).layout().lineCount() > 1
    bar.setValue(0)                       # the GM scrolled back to read: a new entry leaves the view where it is
    model.appendRow(item("R61  later"))
    assert bar.value() == 0


def test_hovering_a_line_shows_its_rows_tooltip(qtbot, monkeypatch):
    model = QStandardItemModel()
    view = LogView()
    qtbot.addWidget(view)
    view.resize(400, 200)
    view.setModel(model)
    model.appendRow(item("R1  Vera shoots", tip="Vera shoots\nHIT 14 vs 9"))
    model.appendRow(item("R1  no tip"))
    view.show()
    qtbot.waitExposed(view)
    shown = []
    monkeypatch.setattr(QToolTip, "showText", lambda _pos, text, *_a: shown.append(text))
    first = view.blockBoundingGeometry(view.document().firstBlock()).translated(view.contentOffset())
    at = QPoint(5, int(first.center().y()))
    assert view.row_at(at.x(), at.y()) == 0
    view.viewportEvent(QHelpEvent(QEvent.Type.ToolTip, at, view.viewport().mapToGlobal(at)))
    assert shown == ["Vera shoots\nHIT 14 vs 9"]
    assert view.row_at(5, view.viewport().height() - 2) is None      # below the last line: no row
