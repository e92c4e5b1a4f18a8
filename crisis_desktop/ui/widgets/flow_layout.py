"""A layout that puts its widgets left to right and wraps onto further lines as the width asks (Qt's flow layout
example): a row of buttons whose number changes (the round flow's steps) stays in sight whole, never folded away."""

from __future__ import annotations

from PySide6.QtCore import QMargins, QPoint, QRect, QSize, Qt
from PySide6.QtWidgets import QLayout, QLayoutItem, QWidget


class FlowLayout(QLayout):
    """Items in lines, each as wide as its size hint; a line wraps where the next item would pass the right edge."""

    def __init__(self, parent: QWidget | None = None, spacing: int = 4) -> None:
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        self.setContentsMargins(QMargins(0, 0, 0, 0))
        self.setSpacing(spacing)

    def addItem(self, item: QLayoutItem) -> None:  # noqa: N802  Override QLayout::addItem
        self._items.append(item)

    def count(self) -> int:  # Override QLayout::count
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:  # noqa: N802  Override QLayout::itemAt
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:  # noqa: N802  Override QLayout::takeAt
        return self._items.pop(index) if 0 <= index < len(self._items) else None

    def expandingDirections(self) -> Qt.Orientation:  # noqa: N802  Override QLayout::expandingDirections
        return Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:  # noqa: N802  Override QLayoutItem::hasHeightForWidth
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802  Override QLayoutItem::heightForWidth
        return self._lay_out(QRect(0, 0, width, 0), place=False)

    def setGeometry(self, rect: QRect) -> None:  # noqa: N802  Override QLayout::setGeometry
        super().setGeometry(rect)
        self._lay_out(rect, place=True)

    def sizeHint(self) -> QSize:  # noqa: N802  Override QLayoutItem::sizeHint
        return self.minimumSize()

    def minimumSize(self) -> QSize:  # noqa: N802  Override QLayoutItem::minimumSize
        size = QSize()
        for item in self._items:
            if not item.isEmpty():
                size = size.expandedTo(item.minimumSize())
        margins = self.contentsMargins()
        return size + QSize(margins.left() + margins.right(), margins.top() + margins.bottom())

    def _lay_out(self, rect: QRect, place: bool) -> int:
        """Put the items in lines within `rect` (when `place`); the height they take."""
        margins = self.contentsMargins()
        area = rect.adjusted(margins.left(), margins.top(), -margins.right(), -margins.bottom())
        x, y, line = area.x(), area.y(), 0
        for item in self._items:
            if item.isEmpty():          # a hidden widget takes no place
                continue
            hint = item.sizeHint()
            if line and x + hint.width() > area.right() + 1:
                x, y, line = area.x(), y + line + self.spacing(), 0
            if place:
                item.setGeometry(QRect(QPoint(x, y), hint))
            x += hint.width() + self.spacing()
            line = max(line, hint.height())
        return y + line - rect.y() + margins.bottom()
