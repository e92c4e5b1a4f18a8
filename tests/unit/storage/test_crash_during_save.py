"""A process killed (SIGKILL) at random moments while saving never leaves a damaged campaign file."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from crisis_desktop.storage.atomic import TEMP_SUFFIX, remove_leftovers
from crisis_desktop.storage.campaign_store import CampaignStore

KILLS = 60
REPO = Path(__file__).resolve().parents[3]

# Saves the two campaigns alternately, as fast as it can, until killed.
CHILD = """
import sys
from pathlib import Path

from crisis_desktop.domain import Campaign
from crisis_desktop.storage.atomic import TEMP_SUFFIX, remove_leftovers
from crisis_desktop.storage.campaign_store import CampaignStore
from crisis_desktop.storage.paths import AppPaths

data_dir, target, *sources = sys.argv[1:]
store = CampaignStore(AppPaths(Path(data_dir)))
versions = [Campaign.model_validate_json(Path(s).read_bytes()) for s in sources]
print("ready", flush=True)
n = 0
while True:
    store.save(versions[n % 2], Path(target))
    n += 1
"""


def comparable(campaign) -> dict:  # type: ignore[no-untyped-def]
    # save() stamps `modified`; everything else must be exactly one of the two versions.
    return campaign.model_dump(exclude={"modified"})


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_file_is_always_old_or_new_after_a_kill(tmp_path, app_paths, store, make_campaign):
    # Different sizes, so a file cut at the old length would be caught too.
    small = make_campaign("Small", characters=40, notes="small")
    large = make_campaign("Large", characters=160, notes="large " * 2000)
    sources = []
    for campaign in (small, large):
        source = tmp_path / f"{campaign.name}.source.json"
        source.write_text(campaign.model_dump_json())
        sources.append(source)
    script = tmp_path / "save_forever.py"
    script.write_text(CHILD)
    target = app_paths.campaigns / "contested.json"
    store.save(small, target)
    allowed = [comparable(small), comparable(large)]
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    timing = random.Random(20240611)
    # The kills fall within a few saves of both versions, however long a save takes on this machine now (a loaded
    # machine saves slower: a fixed window would then kill every child before its second save).
    probe = app_paths.campaigns / "probe.json"
    began = time.perf_counter()
    store.save(small, probe)
    store.save(large, probe)
    window = max(0.06, 3 * (time.perf_counter() - began))
    probe.unlink()
    seen = set()

    for kill in range(KILLS):
        child = subprocess.Popen([sys.executable, str(script), str(app_paths.data_dir), str(target),
                                  *map(str, sources)], stdout=subprocess.PIPE, env=env, cwd=REPO)
        try:
            assert child.stdout is not None and child.stdout.readline() == b"ready\n"
            time.sleep(timing.uniform(0.0, window))
        finally:
            child.send_signal(signal.SIGKILL)
            child.wait()
            child.stdout.close()  # type: ignore[union-attr]
        assert child.returncode == -signal.SIGKILL, f"the saver died by itself on kill {kill}"

        # A fresh store each time: nothing cached from earlier rounds may hide a damaged file.
        loaded = CampaignStore(app_paths).load(target)
        assert comparable(loaded) in allowed, f"kill {kill} left a file that is neither version"
        seen.add(loaded.name)
        visible = sorted(p.name for p in app_paths.campaigns.iterdir() if not p.name.startswith("."))
        assert visible == ["contested.json"]

    # Both versions landed at some point: the children really were saving when killed.
    assert seen == {"Small", "Large"}
    for backup in store.list_backups(target):
        assert comparable(store.load(backup.path)) in allowed

    # The next start removes what the killed saves left (once past the moment a live save has to lock its file).
    leftovers = [p for folder in app_paths.own_folders() for p in folder.glob(f".*{TEMP_SUFFIX}")]
    for leftover in leftovers:
        os.utime(leftover, (time.time() - 60, time.time() - 60))
    assert sorted(remove_leftovers(app_paths.own_folders())) == sorted(leftovers)
    assert [p for folder in app_paths.own_folders() for p in folder.glob(f".*{TEMP_SUFFIX}")] == []
