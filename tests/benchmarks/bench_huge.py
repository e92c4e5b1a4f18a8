"""Benchmark and check: a 50,000-character campaign saves, reopens, and recovers after SIGKILL; each step timed
against json.loads of the same file.

A child process opens the saved campaign, journals a fight's turns and character edits, acknowledging each
(as in tests/unit/storage/test_journal_kills.py), and is killed; the recovery must be the last acknowledged change
or the one being written.

Run: python tests/benchmarks/bench_huge.py [characters]
"""

from __future__ import annotations

import hashlib
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tools")]

from make_big_campaign import make_campaign  # noqa: E402

from crisis_desktop.domain import Campaign  # noqa: E402
from crisis_desktop.domain.encounter import Combatant, Encounter  # noqa: E402
from crisis_desktop.storage.campaign_file import MAX_CAMPAIGN_BYTES  # noqa: E402
from crisis_desktop.storage.campaign_store import CampaignStore  # noqa: E402
from crisis_desktop.storage.paths import AppPaths  # noqa: E402

CHILD = """
import hashlib, sys
from pathlib import Path

from crisis_desktop.controller.character_commands import SetCharacterField
from crisis_desktop.controller.history import History
from crisis_desktop.controller.session import CampaignSession
from crisis_desktop.rules.kernel.dice import RandomDice
from crisis_desktop.storage.campaign_store import CampaignStore
from crisis_desktop.storage.paths import AppPaths

paths = AppPaths(Path(sys.argv[1]))
store = CampaignStore(paths)
path = paths.campaigns / "huge.json"
campaign = store.load(path)
session = CampaignSession(campaign)
session.journal_to(store.recovery.journal(path), path)
history = History(campaign)
fight = session.controller("big")
n = 0

def journaled(changes):
    global n
    n += 1
    print(f"will {n} {hashlib.sha256(campaign.model_dump_json(exclude={'modified'}).encode()).hexdigest()[:16]}",
          flush=True)
    session.record(changes)
    print(f"ack {n}", flush=True)

journaled(history.push(fight.start(RandomDice(1))))
while True:
    journaled(history.push(fight.step("next_turn")))
    character = campaign.characters[(n * 7919) % len(campaign.characters)]
    journaled(history.push(SetCharacterField(campaign, character.id, "notes", f"edit {n}")))
"""


def timed(fn):  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    result = fn()
    return result, time.perf_counter() - start


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 50_000
    with tempfile.TemporaryDirectory() as folder:
        paths = AppPaths(Path(folder)).ensure()
        store = CampaignStore(paths)
        path = paths.campaigns / "huge.json"
        campaign = Campaign.model_validate(make_campaign(n, seed=1))
        campaign.encounters.append(Encounter(id="big", name="Big fight", combatants=[
            Combatant(character_id=c.id) for c in campaign.characters[:200]]))
        _, save = timed(lambda: store.save(campaign, path))
        raw = path.read_bytes()
        _, loads = timed(lambda: json.loads(raw))
        reopened, load = timed(lambda: CampaignStore(paths).load(path))
        assert len(reopened.characters) == n
        print(f"{n} characters: {len(raw) / 1e6:.0f} MB (the limit: {MAX_CAMPAIGN_BYTES / 2**20:.0f} MiB); "
              f"json.loads {loads:.2f} s")
        print(f"save {save:.2f} s ({save / loads:.2f}x), reopen {load:.2f} s ({load / loads:.2f}x)")

        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        lines: list[str] = []
        with subprocess.Popen([sys.executable, "-c", CHILD, str(paths.data_dir)], cwd=ROOT, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) as child:
            assert child.stdout is not None and child.stderr is not None
            try:
                while sum(line.startswith("ack") for line in lines) < 40:
                    line = child.stdout.readline()
                    assert line, child.stderr.read()
                    lines.append(line)
            finally:
                child.send_signal(signal.SIGKILL)
                child.wait()
            lines += child.stdout.read().splitlines()
        assert child.returncode == -signal.SIGKILL
        announced = {int(k): d for _w, k, d in (line.split() for line in lines if line.startswith("will"))}
        acked = max(int(line.split()[1]) for line in lines if line.startswith("ack"))
        offers, recover = timed(lambda: CampaignStore(paths).recovery.list_recoveries())
        [offer] = offers
        digest = hashlib.sha256(offer.campaign.model_dump_json(exclude={"modified"}).encode()).hexdigest()[:16]
        assert digest in {announced[acked], announced.get(acked + 1)}, "not the last acknowledged change"
        journal = offer.file.stat().st_size
        print(f"killed after {acked} acknowledged changes (journal {journal / 1e3:.0f} kB): recovered exactly in "
              f"{recover:.2f} s ({recover / loads:.2f}x json.loads)")


if __name__ == "__main__":
    main()
