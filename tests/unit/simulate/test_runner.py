"""The runner: the same numbers for a seed in one process or several, progress, and a cancel that leaves no worker
process behind."""

from __future__ import annotations

import multiprocessing
import os
import threading
import time

import pytest

from crisis_desktop.controller.simulate import Summary, runner, simulate
from crisis_desktop.rules.registry import get_ruleset
from tests.unit.simulate.duels import duel


def test_the_same_seed_gives_the_same_numbers_in_one_process_or_two() -> None:
    ruleset = get_ruleset("crisis")
    campaign = duel(ruleset)
    one = simulate(campaign, "enc", ruleset, runs=60, seed=7, processes=1)
    again = simulate(campaign, "enc", ruleset, runs=60, seed=7, processes=1)
    two = simulate(campaign, "enc", ruleset, runs=60, seed=7, processes=2)
    assert one.to_dict() == again.to_dict() == two.to_dict()
    other = simulate(campaign, "enc", ruleset, runs=60, seed=8, processes=1)
    assert other.to_dict() != one.to_dict()


def test_progress_counts_every_fight() -> None:
    ruleset = get_ruleset("crisis")
    seen: list[tuple[int, int]] = []
    simulate(duel(ruleset), "enc", ruleset, runs=30, seed=1, processes=1, progress=lambda d, n: seen.append((d, n)))
    assert seen[0] == (0, 30) and seen[-1] == (30, 30)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_the_figures_so_far_come_in_as_the_fights_are_played(monkeypatch) -> None:
    ruleset = get_ruleset("crisis")
    campaign = duel(ruleset)
    monkeypatch.setattr(runner, "PARTIAL_EVERY", 0.0)        # a summary after every chunk
    so_far: list[Summary] = []
    final = simulate(campaign, "enc", ruleset, runs=30, seed=4, processes=1, partial=so_far.append)
    # Chunks of 8 fights: the figures after 8, 16 and 24 of them; the last chunk's are the final figures.
    assert [s.runs for s in so_far] == [8, 16, 24]
    assert all(not s.cancelled and sum(e.value for e in s.wins.values()) == pytest.approx(1.0) for s in so_far)
    assert so_far[0].to_dict() == simulate(campaign, "enc", ruleset, runs=8, seed=4, processes=1).to_dict()
    assert final.to_dict() == simulate(campaign, "enc", ruleset, runs=30, seed=4, processes=1).to_dict()


def test_cancel_stops_soon_and_leaves_no_process_behind() -> None:
    ruleset = get_ruleset("crisis")
    campaign = duel(ruleset)
    cancel = threading.Event()
    workers: set[int] = set()
    started = threading.Event()
    out: dict[str, object] = {}

    def progress(done: int, total: int) -> None:
        workers.update(p.pid for p in multiprocessing.active_children() if p.pid is not None)
        if done:
            started.set()

    def run() -> None:
        out["summary"] = simulate(campaign, "enc", ruleset, runs=1_000_000, seed=3, processes=2, progress=progress,
                                  cancel=cancel)

    thread = threading.Thread(target=run)
    thread.start()
    assert started.wait(60), "no chunk finished"
    cancel.set()
    began = time.monotonic()
    thread.join(30)
    assert not thread.is_alive()
    assert time.monotonic() - began < 10
    summary = out["summary"]
    assert summary.cancelled and 0 < summary.runs < 1_000_000          # type: ignore[attr-defined]
    assert workers, "the work ran in worker processes"
    assert multiprocessing.active_children() == []
    for pid in workers:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            continue
        raise AssertionError(f"worker {pid} is still running")
