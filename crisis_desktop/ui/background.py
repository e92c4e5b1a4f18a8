"""Running a function on Qt's thread pool and hearing its outcome back on the UI thread."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QThreadPool, QTimer, Signal

# How often the UI thread looks whether the function has ended: the news comes this much late at most.
_POLL_MS = 5


class BackgroundTask(QObject):
    """Runs one function at a time off the UI thread (QThreadPool) and reports how it ended.

    The outcome is picked up by a timer of the UI thread rather than by a signal from the worker, so nothing
    crosses threads but the outcome itself (and no news is lost where queued signals are not delivered).

    Signals:
        done(object, object): its result and the exception it raised (None when it returned), on the UI thread.
    """

    done = Signal(object, object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._finished = threading.Event()
        self._finished.set()
        self._outcome: tuple[Any, BaseException | None] | None = None
        self._told = True
        self._timer = QTimer(self)
        self._timer.setInterval(_POLL_MS)
        self._timer.timeout.connect(self._poll)

    @property
    def running(self) -> bool:
        """The function runs, or has ended without its outcome told yet."""
        return not self._told

    def run(self, function: Callable[[], Any]) -> None:
        if self.running:
            raise RuntimeError("a task is running already")
        self._finished.clear()
        self._outcome, self._told = None, False
        QThreadPool.globalInstance().start(lambda: self._call(function))
        self._timer.start()

    def wait(self) -> tuple[Any, BaseException | None] | None:
        """Block until the function has ended, and tell its outcome now; that (result, exception), or None if
        nothing was running."""
        if self._told:
            return None
        self._finished.wait()
        outcome = self._outcome
        self._tell()
        return outcome

    def _call(self, function: Callable[[], Any]) -> None:
        try:
            outcome: tuple[Any, BaseException | None] = (function(), None)
        except BaseException as exc:  # noqa: BLE001 - reported to the UI thread, which decides
            outcome = (None, exc)
        self._outcome = outcome
        self._finished.set()

    def _poll(self) -> None:
        if self._finished.is_set():
            self._tell()

    def _tell(self) -> None:
        if self._told:
            return
        self._told = True
        self._timer.stop()
        assert self._outcome is not None
        self.done.emit(*self._outcome)
