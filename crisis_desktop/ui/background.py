"""Running a function on a thread of its own and hearing its outcome back on the UI thread."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal

# How often the UI thread looks whether the function has ended: the news comes this much late at most.
_POLL_MS = 5


class BackgroundTask(QObject):
    """Runs one function at a time on a Python thread and reports how it ended.

    The thread touches no Qt object: the outcome is picked up by a timer of the UI thread rather than sent by a
    signal from the worker, so nothing crosses threads but the outcome itself (and nothing of Qt is left to a
    thread when the window goes away). `daemon`: the process need not wait for it to end (a cache being filled);
    otherwise it does (a save being written).

    Signals:
        done(object, object): its result and the exception it raised (None when it returned), on the UI thread.
    """

    done = Signal(object, object)

    def __init__(self, parent: QObject | None = None, *, name: str = "background task",
                 daemon: bool = False) -> None:
        super().__init__(parent)
        self._name, self._daemon = name, daemon
        self._finished = threading.Event()
        self._finished.set()
        self._result: list[tuple[Any, BaseException | None]] = []
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
        self._told = False
        finished = self._finished
        outcome: list[tuple[Any, BaseException | None]] = []
        self._result = outcome
        threading.Thread(target=_call, args=(function, outcome, finished), name=self._name,
                         daemon=self._daemon).start()
        self._timer.start()

    def wait(self) -> tuple[Any, BaseException | None] | None:
        """Block until the function has ended, and tell its outcome now; that (result, exception), or None if
        nothing was running."""
        if self._told:
            return None
        self._finished.wait()
        outcome = self._result[0]
        self._tell()
        return outcome

    def _poll(self) -> None:
        if self._finished.is_set():
            self._tell()

    def _tell(self) -> None:
        if self._told:
            return
        self._told = True
        self._timer.stop()
        self.done.emit(*self._result[0])


def _call(function: Callable[[], Any], outcome: list[tuple[Any, BaseException | None]],
          finished: threading.Event) -> None:
    """The thread's work: only plain Python objects, never the task (a QObject) itself."""
    try:
        outcome.append((function(), None))
    except BaseException as exc:  # noqa: BLE001 - reported to the UI thread, which decides
        outcome.append((None, exc))
    finished.set()
