"""Long work on a thread of its own, with a progress dialog and Cancel: the window keeps repainting meanwhile."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, TypeVar, cast

from PySide6.QtCore import QEventLoop, Qt, QTimer
from PySide6.QtWidgets import QProgressDialog, QWidget

from crisis_desktop.ui.background import BackgroundTask

T = TypeVar("T")

# How often the dialog shows where the work is (it reports every step; the dialog shows the latest).
_SHOW_MS = 40


class Cancelled(Exception):
    """The user pressed Cancel: the work stopped where it was."""


def with_progress(parent: QWidget | None, title: str, total: int,
                  work: Callable[[Callable[[int, str], None]], T], *, preparing: str = "") -> T:
    """Run `work(step)` on a thread of its own and return what it returns (or raise what it raised), where
    `step(done, what)` tells that `done` of `total` are done and what is being done, and raises Cancelled once
    the user has pressed Cancel. Meanwhile a window-modal progress dialog shows the latest step (`preparing`
    before the first one) and the UI thread only repaints and answers the user: the work never stalls it.

    The work must not touch widgets, and the window cannot be used meanwhile (the dialog is modal), so what the
    work reads stays as it was. The dialog shows only when the work takes more than half a second."""
    dialog = QProgressDialog(preparing or title, "Cancel", 0, total, parent)
    dialog.setObjectName("progress")
    dialog.setWindowTitle(title)
    dialog.setWindowModality(Qt.WindowModality.WindowModal)
    dialog.setMinimumDuration(500)
    dialog.setAutoClose(False)
    dialog.setAutoReset(False)
    cancelled = threading.Event()
    dialog.canceled.connect(cancelled.set)
    latest: list[tuple[int, str]] = []              # the worker's last step (a list: replaced whole, never edited)
    shown: list[tuple[int, str] | None] = [None]

    def step(done: int, what: str) -> None:         # on the worker's thread
        latest[:] = [(done, what)]
        if cancelled.is_set():
            raise Cancelled()

    def show() -> None:                              # on the UI thread
        if dialog.wasCanceled():                     # Cancel pressed, Escape, or closed
            cancelled.set()
        if cancelled.is_set():
            return
        now = latest[0] if latest else (0, preparing)
        if now != shown[0]:
            shown[0] = now
            if now[1]:
                dialog.setLabelText(now[1])
            dialog.setValue(now[0])

    outcome: list[tuple[Any, BaseException | None]] = []
    loop = QEventLoop()
    task = BackgroundTask(dialog, name=title)

    def finished(result: object, error: object) -> None:
        outcome.append((result, cast(BaseException | None, error)))
        loop.quit()

    task.done.connect(finished)
    timer = QTimer(dialog)
    timer.setInterval(_SHOW_MS)
    timer.timeout.connect(show)
    try:
        task.run(lambda: work(step))
        timer.start()
        show()
        if not outcome:
            loop.exec()
        timer.stop()
        show()
    finally:
        if not outcome:                              # the loop was left some other way: let the work stop
            cancelled.set()
            task.wait()
        dialog.close()
        dialog.deleteLater()
    result, error = outcome[0]
    if error is not None:
        raise error
    return cast(T, result)
