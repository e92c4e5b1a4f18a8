"""Waiting for the simulate dialog's results, and saying where every thread stood when they did not come."""

from __future__ import annotations

import contextlib
import sys
import threading
import traceback
from collections.abc import Iterator

from pytestqt.exceptions import TimeoutError as QtTimeout

from crisis_desktop.ui.dialogs.simulate_dialog import SimulateDialog


@contextlib.contextmanager
def simulation_shown(qtbot, dialog: SimulateDialog, timeout: int = 60_000) -> Iterator[None]:
    """As qtbot.waitSignal(dialog.shown): on a timeout the failure shows the run's progress, whether its thread is
    still alive, whether the dialog's poll timer runs, and every thread's stack."""
    try:
        with qtbot.waitSignal(dialog.shown, timeout=timeout):
            yield
    except QtTimeout:
        work = dialog._work
        names = {t.ident: t.name for t in threading.enumerate()}
        stacks = "\n".join(f"--- thread {names.get(ident, ident)}\n" + "".join(traceback.format_stack(frame))
                           for ident, frame in sys._current_frames().items())
        raise AssertionError(
            f"no results after {timeout} ms: {work.done}/{work.total} fights, finished={work.finished}, "
            f"error={work.error!r}, thread alive={dialog.running}, poll timer active={dialog._timer.isActive()}\n"
            + stacks) from None
