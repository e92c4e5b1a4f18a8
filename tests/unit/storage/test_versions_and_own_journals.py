"""Two windows (two stores, two processes) on one campaign: a save never replaces a version it did not see, and
each window's recovery journal is its own, offered at a start only when its instance no longer runs."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from crisis_desktop.controller.commands import SetCampaignField
from crisis_desktop.controller.session import CampaignSession
from crisis_desktop.storage.campaign_store import CampaignStore, ChangedOnDisk
from crisis_desktop.storage.file_versions import FileVersion
from crisis_desktop.storage.running_marks import journal_running, mark_path_for
from tests.file_helpers import REPO


def _journaling(store: CampaignStore, path):
    campaign, version = store.load_version(path)
    session = CampaignSession(campaign)
    session.journal_to(store.recovery.journal(path), path)
    return campaign, session, version


def _change(session: CampaignSession, campaign, notes: str) -> None:
    session.record(SetCampaignField(campaign, "notes", notes).apply(campaign))


def test_a_save_over_a_version_another_window_saved_is_refused_and_writes_nothing(app_paths, make_campaign, sha256):
    path = app_paths.campaigns / "c.json"
    CampaignStore(app_paths).save(make_campaign("Shared"), path)
    first, second = CampaignStore(app_paths), CampaignStore(app_paths)
    mine, my_version = first.load_version(path)
    theirs, their_version = second.load_version(path)
    assert my_version == their_version

    theirs.notes = "saved by the second window"
    their_saved = second.save(theirs, path, expected=their_version)
    assert their_saved.same_as(path) is True and my_version.same_as(path) is False
    on_disk = sha256(path)
    backups = [b.path.name for b in first.list_backups(path)]

    mine.notes = "saved by the first window"
    with pytest.raises(ChangedOnDisk, match=r"c\.json was changed by another window or program since this window "
                                            r"opened or last saved it$"):
        first.save(mine, path, expected=my_version)
    assert sha256(path) == on_disk and [b.path.name for b in first.list_backups(path)] == backups
    assert sorted(p.name for p in path.parent.iterdir()) == ["c.json"]  # no temporary file left

    # Overwrite (the GM said so): written, and the second window's version is kept as a backup.
    written = first.save(mine, path)
    assert first.load(path).notes == "saved by the first window"
    assert any(first.load(b.path).notes == "saved by the second window" for b in first.list_backups(path))
    assert written.same_as(path) is True
    with pytest.raises(ChangedOnDisk):
        second.save(theirs, path, expected=their_saved)


def test_the_same_bytes_rewritten_or_touched_are_the_same_version(app_paths, make_campaign):
    path = app_paths.campaigns / "c.json"
    store = CampaignStore(app_paths)
    store.save(make_campaign(), path)
    campaign, version = store.load_version(path)
    os.utime(path, ns=(1, 1))
    data = path.read_bytes()
    path.unlink()
    path.write_bytes(data)  # a new inode, a new time, the same bytes (a copy put back, a sync tool)
    assert version.identity != FileVersion.of(os.stat(path), []).identity
    assert version.same_as(path) is True
    store.save(campaign, path, expected=version)
    path.unlink()
    assert version.same_as(path) is None  # no file: nothing another window wrote is lost by saving


def test_a_save_slipping_in_between_the_check_and_the_switch_is_caught(app_paths, make_campaign, monkeypatch):
    path = app_paths.campaigns / "c.json"
    CampaignStore(app_paths).save(make_campaign(), path)
    first, second = CampaignStore(app_paths), CampaignStore(app_paths)
    mine, version = first.load_version(path)
    theirs = second.load(path)
    real_check = first.check_replaceable

    def check_then_another_saves(*args, **kwargs):
        exists = real_check(*args, **kwargs)
        theirs.notes = "in between"
        second.save(theirs, path)
        return exists

    monkeypatch.setattr(first, "check_replaceable", check_then_another_saves)
    mine.notes = "mine"
    with pytest.raises(ChangedOnDisk):
        first.save(mine, path, expected=version)
    assert second.load(path).notes == "in between"
    assert [p.name for p in path.parent.iterdir()] == ["c.json"]


def test_each_window_journals_to_its_own_file_and_a_save_leaves_the_others(app_paths, make_campaign):
    path = app_paths.campaigns / "c.json"
    CampaignStore(app_paths).save(make_campaign("Shared"), path)
    first, second = CampaignStore(app_paths), CampaignStore(app_paths)
    mine, my_session, my_version = _journaling(first, path)
    theirs, their_session, _ = _journaling(second, path)
    _change(my_session, mine, "first window's change")
    _change(their_session, theirs, "second window's change")
    my_journal, their_journal = first.recovery.journal(path).path, second.recovery.journal(path).path
    assert my_journal != their_journal and my_journal.exists() and their_journal.exists()

    first.save(mine, path, expected=my_version)
    my_session.journal.saved()  # nothing changed since: the first window's journal goes
    assert not my_journal.exists() and not mark_path_for(my_journal).exists()
    assert their_journal.exists() and journal_running(their_journal)

    # A third window starting now sees the second's journal as running: not a crash's, nothing to offer.
    [listed] = CampaignStore(app_paths).recovery.list_recoveries()
    assert listed.file == their_journal and listed.running and listed.campaign.notes == "second window's change"
    CampaignStore(app_paths).recovery.discard(path)  # a third window's discard is of its own journal only
    assert their_journal.exists()


KILLED_WINDOW = """
import os, sys
from pathlib import Path
from crisis_desktop.controller.commands import SetCampaignField
from crisis_desktop.controller.session import CampaignSession
from crisis_desktop.storage.campaign_store import CampaignStore
from crisis_desktop.storage.paths import AppPaths

store = CampaignStore(AppPaths(Path(sys.argv[1])))
path = Path(sys.argv[2])
campaign = store.load(path)
session = CampaignSession(campaign)
session.journal_to(store.recovery.journal(path), path)
session.record(SetCampaignField(campaign, "notes", "typed before the kill").apply(campaign))
print(store.recovery.journal(path).path, flush=True)
sys.stdin.read()  # until killed
"""


def test_a_killed_instance_journal_is_offered_and_a_running_one_is_not(app_paths, make_campaign, tmp_path):
    path = app_paths.campaigns / "c.json"
    CampaignStore(app_paths).save(make_campaign("Shared"), path)
    running = CampaignStore(app_paths)
    campaign, session, _ = _journaling(running, path)
    _change(session, campaign, "still open here")

    script = tmp_path / "window.py"
    script.write_text(KILLED_WINDOW)
    child = subprocess.Popen([sys.executable, str(script), str(app_paths.data_dir), str(path)], cwd=REPO,
                             env={**os.environ, "PYTHONPATH": str(REPO)}, stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True)
    try:
        killed_journal = child.stdout.readline().strip()
        assert killed_journal, "the child did not journal its change"
        assert journal_running(Path(killed_journal))  # alive: its mark is held
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=30)
        child.stdin.close()
        child.stdout.close()

    starting = CampaignStore(app_paths)
    offers = {str(r.file): r for r in starting.recovery.list_recoveries()}
    killed = offers[killed_journal]
    assert not killed.running and killed.campaign.notes == "typed before the kill"
    mine = offers[str(running.recovery.journal(path).path)]
    assert mine.running and mine.campaign.notes == "still open here"
    # Declined at the start: that journal, its copy of the file and its mark go; the running one stays.
    starting.recovery.discard_recovery(killed)
    assert not os.path.exists(killed_journal) and not mark_path_for(Path(killed_journal)).exists()
    assert [r.file for r in CampaignStore(app_paths).recovery.list_recoveries()] == [mine.file]
    assert not list(app_paths.recovery.glob(f"{os.path.basename(killed_journal)}.base-*"))


def test_where_files_cannot_be_locked_the_marks_process_decides(app_paths, monkeypatch):
    import socket
    from datetime import UTC, datetime

    from crisis_desktop.storage import running_marks
    from crisis_desktop.storage.locks import LockOwner

    monkeypatch.setattr(running_marks, "fcntl", None)  # as on Windows
    journal = app_paths.recovery / "c-00000000-11111111.journal"
    mark = running_marks.RunningMark(journal)
    mark.take()
    assert mark.held and journal_running(journal)  # this very process
    mark.release()
    assert not mark_path_for(journal).exists() and not journal_running(journal)

    done = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    dead = LockOwner(pid=int(done.stdout), hostname=socket.gethostname(), started=datetime.now(UTC))
    mark_path_for(journal).write_bytes(dead.to_json())
    assert not journal_running(journal)  # its process ended: a crash's journal


@pytest.mark.skipif(os.name == "nt", reason="folders cannot be locked on Windows: the check stands alone there")
def test_a_folder_lock_held_by_another_program_never_hangs_a_save(app_paths, make_campaign, monkeypatch):
    import fcntl

    from crisis_desktop.storage import file_versions

    monkeypatch.setattr(file_versions, "SAVE_LOCK_WAIT_SECONDS", 0.2)
    path = app_paths.campaigns / "c.json"
    store = CampaignStore(app_paths)
    store.save(make_campaign(), path)
    campaign, version = store.load_version(path)
    holder = os.open(app_paths.campaigns, os.O_RDONLY)
    try:
        fcntl.flock(holder, fcntl.LOCK_EX)  # held for no reason of ours, and never let go
        campaign.notes = "saved all the same"
        store.save(campaign, path, expected=version)
    finally:
        os.close(holder)
    assert store.load(path).notes == "saved all the same"
