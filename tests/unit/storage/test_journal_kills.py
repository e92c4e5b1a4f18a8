"""Killed (SIGKILL) at random moments of a fight and of its saves, the journal recovers exactly the last change
the fighting process acknowledged (or the one it was writing when killed), never less."""

from __future__ import annotations

import hashlib
import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from crisis_desktop.domain import Campaign
from crisis_desktop.storage.campaign_store import CampaignStore
from crisis_desktop.storage.demo import seed_demo
from crisis_desktop.storage.paths import AppPaths

KILLS = 50
ROOT = Path(__file__).resolve().parents[3]

# Runs in the child: a fight driven through the session (no Qt), with undo, redo and saves mixed in. Before each
# change is journaled it announces the state it leads to ("will n digest"), after it "ack n"; "saving" and
# "saved" frame each save.
CHILD = """
import hashlib, random, sys
from pathlib import Path

from crisis_desktop.controller.history import History
from crisis_desktop.controller.session import CampaignSession
from crisis_desktop.rules.kernel.dice import RandomDice
from crisis_desktop.storage.campaign_store import CampaignStore
from crisis_desktop.storage.paths import AppPaths

data_dir, seed = sys.argv[1], int(sys.argv[2])
paths = AppPaths(Path(data_dir))
store = CampaignStore(paths)
path = paths.campaigns / "demo.json"
campaign = store.load(path)
session = CampaignSession(campaign)
journal = session.journal_to(store.recovery.journal(path), path)
history = History(campaign)
fight = session.controller("enc-ridge")
dice = RandomDice(seed)
rng = random.Random(seed)
n = 0

def digest():
    return hashlib.sha256(campaign.model_dump_json(exclude={"modified"}).encode()).hexdigest()[:16]

def journaled(changes):
    global n
    n += 1
    print(f"will {n} {digest()}", flush=True)
    session.after_change(changes)
    session.record(changes)
    print(f"ack {n}", flush=True)

journaled(history.push(fight.start(dice)))
while True:
    roll = rng.random()
    if roll < 0.15 and history.can_undo:
        journaled(history.undo())
    elif roll < 0.25 and history.can_redo:
        journaled(history.redo())
    elif roll < 0.45:
        print("saving", flush=True)
        journal.mark()
        store.save(campaign, path)
        history.set_clean()
        journal.saved()
        print("saved", flush=True)
    elif not fight.view.encounter.running:  # its start was undone
        journaled(history.push(fight.start(dice)))
    else:
        journaled(history.push(fight.step("next_turn")))
"""


def _digest(campaign: Campaign) -> str:
    return hashlib.sha256(campaign.model_dump_json(exclude={"modified"}).encode()).hexdigest()[:16]


def _recovered(paths: AppPaths, path: Path) -> Campaign:
    """What the next start brings back: the recovery offered, or the saved file when none is."""
    store = CampaignStore(paths)
    offers = store.recovery.list_recoveries()
    assert len(offers) <= 1
    return offers[0].campaign if offers else store.load(path)


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_the_journal_recovers_the_last_acknowledged_change_after_kills_mid_fight_and_mid_save(tmp_path):
    template = AppPaths(tmp_path / "template").ensure()
    seed_demo(template)
    script = tmp_path / "fight.py"
    script.write_text(CHILD)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    before_fight = _digest(CampaignStore(template).load(template.campaigns / "demo.json"))
    timing = random.Random(20261126)
    mid_save = mid_fight = 0

    for kill in range(KILLS):
        paths = AppPaths(tmp_path / f"run{kill}")
        shutil.copytree(template.data_dir, paths.data_dir)
        path = paths.campaigns / "demo.json"
        lines: list[str] = []
        with subprocess.Popen([sys.executable, str(script), str(paths.data_dir), str(kill)], cwd=ROOT, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) as child:
            assert child.stdout is not None and child.stderr is not None
            try:
                first = child.stdout.readline()
                assert first.startswith("will "), child.stderr.read()
                lines.append(first)
                time.sleep(timing.uniform(0.0, 0.25))
            finally:
                child.send_signal(signal.SIGKILL)
                child.wait(10)
            lines += child.stdout.read().splitlines()
        assert child.returncode == -signal.SIGKILL, f"the fight ended by itself on kill {kill}"

        announced = {0: before_fight}
        announced |= {int(n): digest for _w, n, digest in (line.split() for line in lines if line.startswith("will"))}
        acked = max([int(line.split()[1]) for line in lines if line.startswith("ack")], default=0)
        recovered = _digest(_recovered(paths, path))
        allowed = {announced[acked]} | ({announced[acked + 1]} if acked + 1 in announced else set())
        assert recovered in allowed, f"kill {kill}: the recovered state is not the last acknowledged change"
        if lines[-1].strip() == "saving":
            mid_save += 1
        else:
            mid_fight += 1
        shutil.rmtree(paths.data_dir)

    # Both kinds of moment were hit: the test really killed fights and saves.
    assert mid_save > 0 and mid_fight > 0, (mid_save, mid_fight)
