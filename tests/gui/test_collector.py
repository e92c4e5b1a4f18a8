"""The idle collector: the open campaign kept out of Python's cyclic collector, what each change made swept once
the window is idle, everything swept now and then and when the campaign closes."""

from __future__ import annotations

import gc
import threading
import weakref

import pytest

from crisis_desktop.ui import collector as module
from crisis_desktop.ui.collector import IdleCollector


class Node:
    def __init__(self) -> None:
        self.other: Node | None = None


def cycle() -> weakref.ref[Node]:
    """Garbage only the cyclic collector frees: two nodes holding each other, nothing else holding them."""
    a, b = Node(), Node()
    a.other, b.other = b, a
    return weakref.ref(a)


@pytest.fixture
def collector(qtbot, monkeypatch):
    monkeypatch.setattr(module, "IDLE_MS", 5)
    before = gc.get_threshold()
    made = IdleCollector()
    yield made
    made.release()
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0


def test_kept_out_while_open_and_given_back_on_close(collector):
    before = gc.get_threshold()
    kept = [Node() for _ in range(100)]
    collector.keep()
    assert gc.get_freeze_count() >= len(kept)
    assert gc.get_threshold() == module.THRESHOLDS
    collector.release()
    assert gc.get_freeze_count() == 0 and gc.get_threshold() == before


def test_what_a_change_made_is_swept_once_the_window_is_idle(collector, qtbot):
    collector.keep()
    gc.disable()                       # only the collector's sweep may free it
    try:
        garbage = cycle()
        kept = [Node() for _ in range(50)]
        frozen = gc.get_freeze_count()
        collector.changed()
        assert garbage() is not None   # not before the window has been idle a moment
        qtbot.waitUntil(lambda: garbage() is None, timeout=2000)
        assert gc.get_freeze_count() >= frozen + len(kept), "what is alive was not kept out after the sweep"
    finally:
        gc.enable()


def test_kept_out_garbage_is_freed_by_the_sweep_of_everything(collector, qtbot, monkeypatch):
    monkeypatch.setattr(module, "FULL_IDLE_MS", 300)
    made = IdleCollector()              # with the shorter wait for the sweep of everything
    gc.disable()
    try:
        alive = Node()
        alive.other = Node()
        alive.other.other = alive
        garbage = weakref.ref(alive)
        made.keep()                     # kept out while alive ...
        del alive                       # ... then garbage
        made.changed()
        qtbot.waitUntil(lambda: made._sweeps == 1, timeout=2000)
        assert garbage() is not None    # kept out: the idle sweeps do not walk it
        assert made.full_sweeps == 0
        qtbot.waitUntil(lambda: made.full_sweeps == 1, timeout=3000)
        assert garbage() is None, "the sweep of everything should have freed it"
    finally:
        gc.enable()
        made.release()


def test_nothing_is_swept_or_kept_without_a_campaign(collector, qtbot):
    collector.changed()
    qtbot.wait(30)
    assert collector._sweeps == 0 and gc.get_freeze_count() == 0


class Finalized:
    """A node of a reference cycle that records the thread its finalizer ran in."""

    threads: list[str] = []

    def __init__(self) -> None:
        self.me = self

    def __del__(self) -> None:
        Finalized.threads.append(threading.current_thread().name)


def test_garbage_is_swept_on_the_gui_thread_never_in_a_worker(qtbot):
    before = gc.get_threshold()
    sweeps = module.MainThreadSweeps()
    try:
        assert not gc.isenabled()
        gc.set_threshold(50, 1, 1)
        Finalized.threads = []
        Finalized()                               # garbage only the cyclic collector frees

        def allocate() -> None:                   # a worker piling up objects well past the thresholds
            pile: list[list[int]] = []
            for n in range(20_000):
                pile.append([n])
                if len(pile) > 100:
                    pile.clear()

        worker = threading.Thread(target=allocate, name="worker")
        worker.start()
        worker.join()
        assert Finalized.threads == []            # nothing was swept in the worker
        qtbot.waitUntil(lambda: Finalized.threads != [], timeout=2000)
        assert Finalized.threads == [threading.main_thread().name]
    finally:
        sweeps.stop()
        gc.set_threshold(*before)
    assert gc.isenabled()


def test_automatic_collection_comes_back_when_the_last_sweeper_stops(qtbot):
    first, second = module.MainThreadSweeps(), module.MainThreadSweeps()
    first.stop()
    first.stop()                                  # stopping twice counts once
    assert not gc.isenabled()
    second.stop()
    assert gc.isenabled()
