"""When Python's cyclic collector sweeps: at moments the GM waits for nothing, over what is new since the last.

A full sweep walks every object Python tracks: with a 10,000-character campaign open that is a pause of tens of
milliseconds, and Python starts one by itself whenever enough new objects have piled up, so in the middle of
whatever the GM just did. Objects the app keeps are therefore kept out of the sweeps (`gc.freeze`): once when a
campaign opens, and again a moment after each change, once the window has been idle for IDLE_MS, after sweeping
what was made since (a few milliseconds, while nothing happens). A sweep that Python starts during an action then
walks little more than what that action made.

While a campaign is open, Python also sweeps its youngest objects less often (every YOUNG_THRESHOLD new objects,
not 700) and its oldest almost never by itself: a big action (a 1,000-combatant start makes some 100,000 objects)
then sweeps two or three times rather than a hundred and fifty, each time over little.

What was kept out and later becomes garbage in a reference cycle (a closed dialog's widgets and their slots)
waits for a sweep of everything (tens of milliseconds at 10,000 characters): once the window has been without a
change for FULL_IDLE_MS (the GM reading or talking, not clicking), and when the campaign closes. Everything else is
freed as usual, as soon as nothing refers to it.
"""

from __future__ import annotations

import gc

from PySide6.QtCore import QObject, QTimer

# How long the window must have been without a change before the sweep (ms).
IDLE_MS = 1000
# After this long without a change, everything is swept (what was kept out too), if anything changed since the last.
FULL_IDLE_MS = 20_000
# Python's collection thresholds while a campaign is open (young objects, then how many young and middle sweeps
# before the next older one).
YOUNG_THRESHOLD = 20_000
THRESHOLDS = (YOUNG_THRESHOLD, 10, 100)


# How often the GUI thread sweeps what Python's collector would have swept by itself (ms).
SWEEP_MS = 250
_sweepers = 0          # the MainThreadSweeps alive: automatic collection is off while there is one


class MainThreadSweeps(QObject):
    """Python's cyclic collector, run on the GUI thread only.

    Left to itself, Python sweeps in whichever thread happens to allocate when enough objects have piled up: a
    background save, an export, a simulation. A sweep there frees the GUI's garbage there too, and a widget or a timer
    deleted off the GUI thread breaks Qt ("Timers cannot be stopped from another thread", then a crash). So while one
    of these lives, automatic collection is off and the GUI thread sweeps every SWEEP_MS what would have been due
    (the generation whose count passed its threshold, as Python decides it)."""

    def __init__(self, parent: QObject | None = None) -> None:
        global _sweepers
        super().__init__(parent)
        _sweepers += 1
        gc.disable()
        self._timer = QTimer(self)
        self._timer.setInterval(SWEEP_MS)
        self._timer.timeout.connect(sweep_due)
        self._timer.start()
        counted = [True]

        def release(*_args: object) -> None:
            if counted[0]:
                counted[0] = False
                _one_less()

        self._release = release
        self.destroyed.connect(release)

    def stop(self) -> None:
        """Give collection back to Python (the window closes) when no other sweeper is left."""
        self._timer.stop()
        self._release()


def _one_less() -> None:
    global _sweepers
    _sweepers = max(0, _sweepers - 1)
    if _sweepers == 0:
        gc.enable()


def sweep_due() -> int:
    """Sweep the oldest generation whose count passed its threshold (none when none did); what was freed."""
    counts, thresholds = gc.get_count(), gc.get_threshold()
    for generation in (2, 1, 0):
        if thresholds[generation] and counts[generation] > thresholds[generation]:
            return gc.collect(generation)
    return 0


class IdleCollector(QObject):
    """Call `keep()` when a campaign has opened, `changed()` after each change and `release()` when it closes."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(IDLE_MS)
        self._timer.timeout.connect(self._sweep)
        self._full_timer = QTimer(self)
        self._full_timer.setSingleShot(True)
        self._full_timer.setInterval(FULL_IDLE_MS)
        self._full_timer.timeout.connect(self._sweep_everything)
        self._sweeps = 0
        self.full_sweeps = 0
        self._thresholds = gc.get_threshold()
        self.active = False

    def keep(self) -> None:
        """What is alive now stays out of the sweeps (the campaign just opened)."""
        if not self.active:
            self._thresholds = gc.get_threshold()
        gc.set_threshold(*THRESHOLDS)
        gc.freeze()
        self.active = True

    def changed(self) -> None:
        """A change was made: sweep once the window has been idle a moment."""
        if self.active:
            self._timer.start()
            self._full_timer.start()

    def release(self) -> None:
        """The campaign closed: what was kept out is swept again as Python sees fit."""
        self._timer.stop()
        self._full_timer.stop()
        if self.active:
            gc.set_threshold(*self._thresholds)
        self.active = False
        gc.unfreeze()

    def _sweep(self) -> None:
        if not self.active:
            return
        self._sweeps += 1
        gc.collect()
        gc.freeze()

    def _sweep_everything(self) -> None:
        if not self.active:
            return
        self.full_sweeps += 1
        gc.unfreeze()
        gc.collect()
        gc.freeze()
