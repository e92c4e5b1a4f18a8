"""Campaign locks: a second instance is warned, stale locks are taken over, trouble is reported."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from datetime import UTC, datetime

import pytest

from crisis_desktop.storage.locks import UNREADABLE_GRACE_SECONDS, CampaignLock, lock_path_for, pid_running


@pytest.fixture
def campaign(app_paths):
    path = app_paths.campaigns / "c.json"
    path.write_text("{}")
    return path


def _write_lock(campaign, pid, hostname=None):
    lock_path_for(campaign).write_text(json.dumps({
        "pid": pid, "hostname": hostname or socket.gethostname(),
        "started": datetime(2024, 5, 1, 20, 0, tzinfo=UTC).isoformat(), "user": "gm", "token": "theirs"}))


def _dead_pid():
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def test_acquire_writes_pid_host_and_start_time_and_release_removes_it(campaign):
    lock = CampaignLock(campaign)
    status = lock.acquire()
    assert status.acquired and not status.held_by_other and status.problem is None
    marker = json.loads(lock_path_for(campaign).read_text())
    assert marker["pid"] == os.getpid() and marker["hostname"] == socket.gethostname()
    assert datetime.fromisoformat(marker["started"]).tzinfo is not None
    assert lock_path_for(campaign).parent == campaign.parent
    lock.release()
    assert not lock_path_for(campaign).exists()


def test_a_second_instance_is_told_who_holds_it(campaign):
    first = CampaignLock(campaign)
    first.acquire()
    second = CampaignLock(campaign)

    status = second.acquire()

    assert not status.acquired and status.held_by_other
    assert status.owner is not None and status.owner.pid == os.getpid()
    assert "already open" in status.describe() and socket.gethostname() in status.describe()
    second.release()  # not ours: must stay
    assert lock_path_for(campaign).exists()
    first.release()
    assert second.acquire().acquired


def test_a_live_process_elsewhere_on_this_machine_holds_it(campaign):
    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        _write_lock(campaign, sleeper.pid)
        status = CampaignLock(campaign).acquire()
        assert status.held_by_other and status.owner is not None and status.owner.pid == sleeper.pid
        assert f"process {sleeper.pid}" in status.describe()
    finally:
        sleeper.kill()
        sleeper.wait()
    # Once that process is gone, its lock is stale.
    assert CampaignLock(campaign).acquire().took_over_stale


def test_a_stale_lock_is_taken_over(campaign):
    _write_lock(campaign, _dead_pid())
    lock = CampaignLock(campaign)

    status = lock.acquire()

    assert status.acquired and status.took_over_stale
    assert json.loads(lock_path_for(campaign).read_text())["token"] == lock.me.token
    lock.release()
    assert not lock_path_for(campaign).exists()


def test_a_lock_from_another_machine_is_respected(campaign):
    _write_lock(campaign, _dead_pid(), hostname="other-laptop")
    status = CampaignLock(campaign).acquire()
    assert status.held_by_other and "other-laptop" in status.describe()


def test_an_unreadable_lock_is_respected_briefly_then_taken_over(campaign):
    marker = lock_path_for(campaign)
    marker.write_text("")  # another instance between creating and writing it
    assert CampaignLock(campaign).acquire().held_by_other
    old = time.time() - UNREADABLE_GRACE_SECONDS - 5
    os.utime(marker, (old, old))
    assert CampaignLock(campaign).acquire().took_over_stale


def test_release_leaves_a_lock_another_instance_took_over(campaign):
    lock = CampaignLock(campaign)
    lock.acquire()
    _write_lock(campaign, os.getpid())
    lock.release()
    assert json.loads(lock_path_for(campaign).read_text())["token"] == "theirs"


def test_context_manager_releases(campaign):
    with CampaignLock(campaign) as status:
        assert status.acquired and lock_path_for(campaign).exists()
    assert not lock_path_for(campaign).exists()


def test_file_system_refusal_is_reported_not_raised(campaign, monkeypatch):
    # What a read-only folder or file system does; simulated, since root (CI) ignores permissions.
    real_open = os.open

    def read_only(path, *args, **kwargs):
        if str(path).endswith(".lock"):
            raise OSError(30, "Read-only file system")
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(os, "open", read_only)
    lock = CampaignLock(campaign)
    status = lock.acquire()
    monkeypatch.undo()
    assert not status.acquired and not status.held_by_other
    assert status.problem is not None and "Read-only file system" in status.problem
    assert status.describe() == status.problem
    lock.release()  # nothing held: a no-op, no exception


def test_a_missing_folder_is_reported_not_raised(app_paths):
    status = CampaignLock(app_paths.campaigns / "no" / "such" / "c.json").acquire()
    assert status.problem is not None and not status.acquired


def test_pid_running():
    assert pid_running(os.getpid())
    assert not pid_running(_dead_pid())
    assert not pid_running(0)
