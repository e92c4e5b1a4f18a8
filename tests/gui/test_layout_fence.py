"""A panel in a layout fence fills the fence, and a new layout inside the panel goes no further up the window."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout, QWidget

from crisis_desktop.ui.widgets.layout_fence import LayoutFence


class LayoutRequests(QObject):
    """Counts the layout requests a widget receives."""

    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def eventFilter(self, _watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if event.type() == QEvent.Type.LayoutRequest:
            self.count += 1
        return False


def window_with(panel_maker, fenced: bool, qtbot):
    """A window holding a panel (a label and a column of buttons), fenced or not; the label and the panel."""
    window = QWidget()
    qtbot.addWidget(window)
    label = QLabel("Round 1")
    panel = QWidget()
    column = QVBoxLayout(panel)
    column.addWidget(label)
    panel_maker(column)
    outer = QVBoxLayout(window)
    outer.addWidget(LayoutFence(panel) if fenced else panel)
    window.resize(400, 300)
    window.show()
    qtbot.waitExposed(window)
    return window, label, panel


def test_the_panel_fills_the_fence_and_keeps_its_size_hints(qtbot):
    window, _label, panel = window_with(lambda column: column.addWidget(QPushButton("Move")), True, qtbot)
    fence = panel.parentWidget()
    assert isinstance(fence, LayoutFence)
    assert panel.geometry() == fence.rect() and fence.width() > 300
    window.resize(500, 350)
    qtbot.waitUntil(lambda: fence.width() > 400)
    assert panel.geometry() == fence.rect()
    assert fence.sizeHint() == panel.sizeHint()
    assert fence.minimumSizeHint() == panel.minimumSizeHint().expandedTo(panel.minimumSize())


def test_a_new_text_or_a_new_button_inside_asks_no_new_layout_of_the_window(qtbot, qapp):
    for fenced, expected_none in ((False, False), (True, True)):
        window, label, panel = window_with(lambda column: None, fenced, qtbot)
        for _ in range(3):
            qapp.processEvents()             # what showing the window asked is done
        requests = LayoutRequests()
        window.installEventFilter(requests)
        label.setText("Round 2: a longer label")
        panel.layout().addWidget(QPushButton("Attack"))
        qapp.processEvents()
        qapp.processEvents()
        # The panel itself is laid out again (the button is placed) either way.
        assert panel.layout().count() == 2 and panel.findChild(QPushButton).isVisible()
        assert (requests.count == 0) is expected_none, (fenced, requests.count)
