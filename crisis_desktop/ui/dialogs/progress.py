"""Long work on the UI thread with a progress dialog and Cancel: the window repaints between steps."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QProgressDialog, QWidget

T = TypeVar("T")


class Cancelled(Exception):
    """The user pressed Cancel: the work stopped where it was."""


def with_progress(parent: QWidget | None, title: str, total: int,
                  work: Callable[[Callable[[int, str], None]], T]) -> T:
    """Run `work(step)`, where `step(done, what)` moves the bar to `done` of `total`, shows `what`, lets the window
    repaint and raises Cancelled once the user has pressed Cancel. The dialog shows only when the work takes more
    than half a second."""
    dialog = QProgressDialog(title, "Cancel", 0, total, parent)
    dialog.setObjectName("progress")
    dialog.setWindowTitle(title)
    dialog.setWindowModality(Qt.WindowModality.WindowModal)
    dialog.setMinimumDuration(500)
    dialog.setAutoClose(False)
    dialog.setAutoReset(False)

    def step(done: int, what: str) -> None:
        dialog.setLabelText(what)
        dialog.setValue(done)
        QApplication.processEvents()
        if dialog.wasCanceled():
            raise Cancelled()

    try:
        return work(step)
    finally:
        dialog.close()
        dialog.deleteLater()
