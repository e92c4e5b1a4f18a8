"""A long list of wrapped lines, one per row of a list model, that stays quick however long it grows: the combat log.

A QListView with wrapped rows of different heights lays out every row again whenever one is added (Qt asks each
row's size to place the scroll bar), so a fight's log made each turn slower as it grew. This view keeps the rows as
the blocks of a read-only plain text document instead: a new entry is one appended block, an undone one a removed
block, and only what is on screen is laid out. The model stays the source: the view follows its row signals, shows
each row's DisplayRole (bold where its FontRole is), and each row's ToolTipRole on hover. The GM can select and
copy the text.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QAbstractItemModel, QEvent, QModelIndex, QPersistentModelIndex, QPoint, Qt, SignalInstance
from PySide6.QtGui import QFont, QHelpEvent, QTextBlockFormat, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import QPlainTextEdit, QToolTip, QWidget

AnyIndex = QModelIndex | QPersistentModelIndex


class LogView(QPlainTextEdit):
    """Rows of a list model as lines of wrapped text; follows the model's inserts, removals and resets."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setReadOnly(True)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse
                                     | Qt.TextInteractionFlag.TextSelectableByKeyboard)
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.setUndoRedoEnabled(False)
        self._model: QAbstractItemModel | None = None
        self._rows = 0      # rows shown: the document's blocks (an empty document still has one, shown as none)
        self._plain = QTextCharFormat()
        self._bold = QTextCharFormat()
        self._bold.setFontWeight(QFont.Weight.Bold)
        self._spaced = QTextBlockFormat()
        self._spaced.setBottomMargin(2)

    # -- the model --------------------------------------------------------------------------------------------
    def setModel(self, model: QAbstractItemModel | None) -> None:  # noqa: N802  (Qt's name, as on the item views)
        if self._model is not None:
            for signal, slot in self._connections():
                signal.disconnect(slot)
        self._model = model
        if model is not None:
            for signal, slot in self._connections():
                signal.connect(slot)
        self._rebuild()

    def model(self) -> QAbstractItemModel | None:
        return self._model

    def _connections(self) -> list[tuple[SignalInstance, Callable[..., None]]]:
        model = self._model
        assert model is not None
        return [(model.rowsInserted, self._inserted), (model.rowsRemoved, self._removed),
                (model.modelReset, self._rebuild), (model.dataChanged, self._rebuild),
                (model.layoutChanged, self._rebuild), (model.rowsMoved, self._rebuild)]

    def row_count(self) -> int:
        """The rows the view shows (the model's, once its signals are through)."""
        return self._rows

    def row_text(self, row: int) -> str:
        """The text shown for `row` (its line breaks as "\n")."""
        return self.document().findBlockByNumber(row).text().replace("\u2028", "\n")

    def row_at(self, x: int, y: int) -> int | None:
        """The row under a point of the viewport, or None below the last one."""
        block = self.cursorForPosition(QPoint(x, y)).block()
        number = block.blockNumber()
        if not 0 <= number < self._rows:
            return None
        shape = self.blockBoundingGeometry(block).translated(self.contentOffset())
        return number if shape.top() <= y <= shape.bottom() else None

    # -- following the model ------------------------------------------------------------------------------------
    def _rebuild(self, *_: object) -> None:
        self.clear()
        self._rows = 0
        if self._model is not None:
            self._append(0, self._model.rowCount() - 1)

    def _inserted(self, parent: AnyIndex, first: int, last: int) -> None:
        if parent.isValid():
            return
        if first != self._rows:
            self._rebuild()          # not at the end: the log only grows at its end, but be right whatever comes
            return
        self._append(first, last)

    def _removed(self, parent: AnyIndex, first: int, last: int) -> None:
        if parent.isValid():
            return
        if last != self._rows - 1:
            self._rebuild()
            return
        cursor = QTextCursor(self.document())
        if first == 0:
            self.clear()
        else:
            # From the end of the last kept block to the end of the document: the removed blocks, separators and all.
            kept = self.document().findBlockByNumber(first - 1)
            cursor.setPosition(kept.position() + kept.length() - 1)
            cursor.movePosition(QTextCursor.MoveOperation.End, QTextCursor.MoveMode.KeepAnchor)
            cursor.removeSelectedText()
        self._rows = first

    def _append(self, first: int, last: int) -> None:
        model = self._model
        if model is None or last < first:
            return
        bar = self.verticalScrollBar()
        at_end = bar.value() >= bar.maximum() - 2
        cursor = QTextCursor(self.document())
        cursor.movePosition(QTextCursor.MoveOperation.End)
        cursor.beginEditBlock()
        for row in range(first, last + 1):
            index = model.index(row, 0)
            if self._rows:
                cursor.insertBlock(self._spaced)
            else:
                cursor.setBlockFormat(self._spaced)
            font = index.data(Qt.ItemDataRole.FontRole)
            bold = isinstance(font, QFont) and font.bold()
            # A line break inside an entry stays inside its block (a new block would be taken for the next row).
            text = str(index.data(Qt.ItemDataRole.DisplayRole) or "").replace("\r\n", "\n").replace("\n", "\u2028")
            cursor.insertText(text, self._bold if bold else self._plain)
            self._rows += 1
        cursor.endEditBlock()
        if at_end:
            self.scrollToBottom()

    def scrollToBottom(self) -> None:  # noqa: N802  (as on the item views)
        bar = self.verticalScrollBar()
        bar.setValue(bar.maximum())

    # -- tooltips ------------------------------------------------------------------------------------------------
    def viewportEvent(self, event: QEvent) -> bool:  # noqa: N802  Override QAbstractScrollArea::viewportEvent
        if event.type() == QEvent.Type.ToolTip and self._model is not None:
            assert isinstance(event, QHelpEvent)
            row = self.row_at(event.pos().x(), event.pos().y())
            tip = self._model.index(row, 0).data(Qt.ItemDataRole.ToolTipRole) if row is not None else None
            if tip:
                QToolTip.showText(event.globalPos(), str(tip), self.viewport())
            else:
                QToolTip.hideText()
                event.ignore()
            return True
        return super().viewportEvent(event)

