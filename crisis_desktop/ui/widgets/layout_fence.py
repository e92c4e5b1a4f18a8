"""A panel's wrapper that keeps its inner layout changes from re-laying out the whole window.

A label's new text or a rebuilt row of buttons asks the widget's layout again, and Qt passes the request up the
parents to the top: in the fight workspace that is a QMainWindow, whose dock layout then repaints the seams
between every panel and everything along them (tool bars, scroll bars, the map), some 7 ms a turn. A panel inside
a fence is laid out within the fence only: the fence has no layout of its own, so the request stops there, and it
gives its panel its whole rectangle. The fence's size hints are the panel's, read whenever the window lays out the
docks for its own reasons (a resize, a dragged separator, a panel shown).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QSize
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QWidget


class LayoutFence(QWidget):
    """Holds one widget, filling it; a layout request from inside goes no further than the fence."""

    def __init__(self, inner: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.inner = inner
        inner.setParent(self)
        inner.show()
        self.setObjectName(f"{inner.objectName() or 'panel'}-fence")
        self.setSizePolicy(inner.sizePolicy())
        self.setFocusProxy(inner)
        inner.installEventFilter(self)

    def sizeHint(self) -> QSize:  # noqa: N802  Override QWidget::sizeHint
        return self.inner.sizeHint()

    def minimumSizeHint(self) -> QSize:  # noqa: N802  Override QWidget::minimumSizeHint
        return self.inner.minimumSizeHint().expandedTo(self.inner.minimumSize())

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802  Override QWidget::resizeEvent
        self.inner.setGeometry(self.rect())
        super().resizeEvent(event)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802  Override QObject::eventFilter
        # The panel may be shown again after being hidden (taken out of the dock and put back): fill the fence.
        if watched is self.inner and event.type() == QEvent.Type.Show and self.inner.geometry() != self.rect():
            self.inner.setGeometry(self.rect())
        return False
