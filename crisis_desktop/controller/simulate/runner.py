"""Runs many simulated fights in chunks over worker processes, with progress and cancel; the same numbers for a seed
whatever the number of processes (each fight's dice come from the seed and the fight's number alone)."""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, replace
from multiprocessing.pool import Pool
from typing import Any, Protocol

from crisis_desktop.controller.simulate.engine import (
    DEFAULT_MAX_ROUNDS,
    FightPlayer,
    Setup,
    bar_labels,
    player_for,
    run_seed,
)
from crisis_desktop.controller.simulate.quick import QuickPlayer
from crisis_desktop.controller.simulate.stats import Summary, Tally, Who, summarise
from crisis_desktop.controller.simulate.tactics import Tactics
from crisis_desktop.domain import Campaign, CharacterKind
from crisis_desktop.rules.base import Ruleset
from crisis_desktop.rules.kernel.dice import RandomDice

DEFAULT_RUNS = 10_000
Player = FightPlayer | QuickPlayer
# Fights per task, a few seconds' work at most (smooth progress and figures, a quick cancel): on the full rules path a
# fight takes some 50-100 ms, a quick fight about 1 ms.
_CHUNK = 50
_CHUNK_QUICK = 500
PARTIAL_EVERY = 0.5    # seconds between two summaries of the fights played so far


class Cancel(Protocol):
    """What the runner asks to know whether to stop (a threading.Event will do)."""

    def is_set(self) -> bool: ...


Progress = Callable[[int, int], None]     # (fights done, fights asked for)
Partial = Callable[[Summary], None]       # the figures of the fights played so far


@dataclass(frozen=True)
class Job:
    """What a worker process needs to play fights of a setup: plain data, pickled once per task."""

    campaign: dict[str, Any]               # the setup's working copy, as JSON data
    encounter_id: str
    rules: type[Ruleset]                  # the ruleset's class, pickled by reference: any system, bundled or not
    tactics: dict[str, dict[str, Any]]
    max_rounds: int
    max_attacks: int | None
    quick: bool = True
    as_it_stands: bool = False

    def setup(self, ruleset: Ruleset | None = None) -> Setup:
        return Setup(Campaign.model_validate(self.campaign), self.encounter_id,
                     ruleset if ruleset is not None else self.rules(),
                     {side: Tactics.from_dict(t) for side, t in self.tactics.items()}, self.max_rounds,
                     self.max_attacks, self.quick, self.as_it_stands)


# The player a worker process built for the job it was last given (a process plays many chunks of one job).
_PLAYER: tuple[Job, Player] | None = None


def play_chunk(job: Job, seed: int, start: int, count: int) -> Tally:
    """Play fights number `start` to `start + count - 1` of the job under `seed`."""
    global _PLAYER
    if _PLAYER is None or _PLAYER[0] != job:
        _PLAYER = (job, player_for(job.setup()))
    return _play(_PLAYER[1], seed, start, count)


def _play_task(task: tuple[Job, int, int, int]) -> Tally:
    return play_chunk(*task)


def _play(player: Player, seed: int, start: int, count: int, cancel: Cancel | None = None) -> Tally:
    tally = Tally()
    for index in range(start, start + count):
        if cancel is not None and cancel.is_set():
            break
        tally.add(player.play(run_seed(seed, index)))
    return tally


def default_processes() -> int:
    return max(1, os.cpu_count() or 1)


def simulate(campaign: Campaign, encounter_id: str, ruleset: Ruleset, *, runs: int = DEFAULT_RUNS, seed: int = 0,
             tactics: Mapping[str, Tactics] | None = None, processes: int | None = None,
             progress: Progress | None = None, cancel: Cancel | None = None, max_rounds: int = DEFAULT_MAX_ROUNDS,
             max_attacks: int | None = None, partial: Partial | None = None, quick: bool = True,
             as_it_stands: bool = False) -> Summary:
    """Play the encounter `runs` times from its saved start (with `as_it_stands`, a fight under way from where it
    stands) on a working copy (the campaign is never changed) and
    sum up. `processes`: worker processes (all cores by default; 1 plays in this process). `partial` is handed the
    figures of the fights played so far as they come in, at most every PARTIAL_EVERY seconds (in whatever order the
    workers finish: only the final figures are the seed's). ValueError with the reason when the encounter cannot be
    simulated. `quick` False plays every fight through the full rules path even where the ruleset has quick fights
    (the reference the quick fights are tested against)."""
    if runs < 1:
        raise ValueError(f"Simulate at least one fight, not {runs}")
    setup = Setup.of(campaign, encounter_id, ruleset, tactics, max_rounds, max_attacks, quick, as_it_stands)
    player = player_for(setup)
    report = _Report(player, setup, seed)
    processes = default_processes() if processes is None else max(1, processes)
    job = Job(setup.campaign.model_dump(mode="json"), encounter_id, type(ruleset),
              {side: t.to_dict() for side, t in setup.tactics.items()}, max_rounds, max_attacks, quick,
              setup.as_it_stands)
    most = _CHUNK_QUICK if isinstance(player, QuickPlayer) else _CHUNK
    chunk = max(1, min(most, -(-runs // (processes * 4))))
    starts = list(range(0, runs, chunk))
    tally = Tally()
    cancelled = False
    last = time.monotonic()

    def merged(part: Tally) -> None:
        nonlocal last
        tally.merge(part)
        if progress is not None:
            progress(tally.runs, runs)
        if partial is not None and tally.runs < runs and time.monotonic() - last >= PARTIAL_EVERY:
            partial(report.of(tally))
            last = time.monotonic()

    if progress is not None:
        progress(0, runs)
    if processes == 1 or len(starts) == 1:
        for start in starts:
            merged(_play(player, seed, start, min(chunk, runs - start), cancel))
            if cancel is not None and cancel.is_set():
                cancelled = True
                break
    else:
        cancelled = _in_processes(job, seed, runs, chunk, starts, min(processes, len(starts)), merged, cancel)
    return report.of(tally, cancelled)


def _in_processes(job: Job, seed: int, runs: int, chunk: int, starts: list[int], processes: int,
                  merged: Callable[[Tally], None], cancel: Cancel | None) -> bool:
    """Play the chunks in worker processes, handing each one's tally to `merged` as it comes in; True when
    cancelled."""
    # spawn, not fork: the GUI's process has threads (Qt's), which a fork would copy half-way.
    context = multiprocessing.get_context("spawn")
    with _interrupts_ignored_by_new_processes():
        pool: Pool = context.Pool(processes, initializer=_ignore_interrupts)
    try:
        results = pool.imap_unordered(_play_task, [(job, seed, s, min(chunk, runs - s)) for s in starts])
        for _ in starts:
            while True:
                if cancel is not None and cancel.is_set():
                    return True
                try:
                    part = results.next(timeout=0.05)
                    break
                except multiprocessing.TimeoutError:
                    continue
            merged(part)
        pool.close()
        return False
    finally:
        # Cancelled, failed or done: no worker is left behind.
        pool.terminate()
        pool.join()


def _ignore_interrupts() -> None:
    """In a worker: Ctrl+C at a terminal reaches every process of its group; the parent stops the pool, so a worker
    ignores it rather than printing a traceback of its own."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@contextlib.contextmanager
def _interrupts_ignored_by_new_processes() -> Iterator[None]:
    """Ctrl+C ignored while the workers are started: they inherit it, so a Ctrl+C while one is still starting (before
    its initializer runs) prints no traceback either. Only on the main thread, where signal handlers are set."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        if previous is not None:  # None: a handler not set from Python, which cannot be put back
            signal.signal(signal.SIGINT, previous)


class _Report:
    """The figures of a tally of the setup's fights: who is who, and the labels of their bars, worked out once."""

    def __init__(self, player: Player, setup: Setup, seed: int) -> None:
        self._played_by, self._played_from = player.played_by, setup.played_from
        if isinstance(player, QuickPlayer):
            player = player.full
        ctl = player.fresh()
        ctl.begin(RandomDice(0))
        labels = bar_labels(player.ruleset, ctl.campaign, setup.encounter_id, player.options)
        encounter = ctl.view.encounter
        self._who: list[tuple[Who, dict[str, str]]] = []
        for combatant in encounter.combatants:
            character = ctl.campaign.character(combatant.character_id)
            self._who.append((Who(combatant.id, character.name, combatant.side.value,
                                  character.kind is CharacterKind.PC, {}), dict(labels.get(combatant.id, {}))))
        self._sides = list(dict.fromkeys(c.side.value for c in encounter.combatants))
        self._encounter, self._ruleset, self._seed = encounter.name, player.ruleset.name, seed
        self._tactics = {side: setup.tactics_of(side).describe() for side in self._sides}

    def of(self, tally: Tally, cancelled: bool = False) -> Summary:
        who = []
        for person, labels in self._who:
            bars = dict(labels)
            for key in tally.bar_sum.get(person.combatant_id, {}):
                bars.setdefault(key, key)
            who.append(replace(person, bars=bars))
        return summarise(tally, who, self._sides, encounter=self._encounter, ruleset=self._ruleset, seed=self._seed,
                         tactics=self._tactics, cancelled=cancelled, played_by=self._played_by,
                         played_from=self._played_from)
