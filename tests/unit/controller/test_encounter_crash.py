"""Killed mid-combat (SIGKILL), the fight resumes from the recovery file at the last completed action."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from crisis_desktop.controller.fight import FightView
from crisis_desktop.rules.registry import get_ruleset
from crisis_desktop.storage.campaign_store import CampaignStore
from crisis_desktop.storage.demo import seed_demo
from crisis_desktop.storage.paths import AppPaths

ROOT = Path(__file__).resolve().parents[3]
HERE = Path(__file__).resolve().parent


def child(data_dir: str) -> None:
    """Runs in the child process: a scripted fight, journaled after every event, reported on stdout."""
    from test_encounter import controller, enemies_of

    from crisis_desktop.controller.history import History
    from crisis_desktop.rules.kernel.dice import RandomDice

    paths = AppPaths(Path(data_dir))
    store = CampaignStore(paths)
    path = paths.campaigns / "demo.json"
    campaign = store.load(path)
    history = History(campaign)
    ctl = controller(campaign, "enc-ridge")
    dice = RandomDice(77)

    def push(command) -> None:  # type: ignore[no-untyped-def]
        history.push(command)
        store.recovery.save(campaign, path)   # the journal: atomic, right after the event
        log = ctl.view.encounter.log
        print(f"done {len(log)} {log[-1].id}", flush=True)

    push(ctl.start(dice))
    while True:  # until killed: turns pass, now and then someone runs
        current = ctl.view.current_id() or ""
        if enemies_of(ctl, current) and any(a.action.key == "move" and a.allowed for a in ctl.actions(current)):
            push(ctl.take_action(current, "move"))
        push(ctl.step("next_turn"))
        time.sleep(0.002)


@pytest.mark.slow
def test_sigkill_mid_combat_resumes_at_the_last_action(tmp_path):
    paths = AppPaths(tmp_path / "data").ensure()
    campaign_path = seed_demo(paths)
    assert campaign_path is not None
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), str(HERE)]))
    code = f"import test_encounter_crash as t; t.child({str(paths.data_dir)!r})"
    reports: list[tuple[int, str]] = []
    with subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True) as process:
        try:
            assert process.stdout is not None
            while len(reports) < 25:
                line = process.stdout.readline()
                assert line, f"the child stopped early: {process.stderr.read() if process.stderr else ''}"
                _done, length, last_id = line.split()
                reports.append((int(length), last_id))
        finally:
            process.send_signal(signal.SIGKILL)
            process.wait(timeout=10)
    assert process.returncode == -signal.SIGKILL

    recovery = CampaignStore(paths).recovery.take(campaign_path)
    assert recovery is not None, "no recovery file after the kill"
    encounter = recovery.campaign.encounter("enc-ridge")
    length, last_id = reports[-1]
    # The last reported event is there; at most the one being journaled when the kill came is beyond it.
    ids = [e.id for e in encounter.log]
    assert last_id in ids and ids.index(last_id) == length - 1
    fight = FightView(recovery.campaign, "enc-ridge", get_ruleset(recovery.campaign.ruleset))
    assert encounter.started and not encounter.ended and fight.current_id() is not None
    # The file on disk is still the one before the fight: only the journal has it.
    assert not CampaignStore(paths).load(campaign_path).encounter("enc-ridge").started
