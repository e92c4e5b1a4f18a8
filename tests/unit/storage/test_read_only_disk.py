"""A campaign on a read-only disk: said as the disk (not as a file marked read-only), each cause of a failed
write in its own words, nothing of closing needs the disk, and a copy goes to a writable place."""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from crisis_desktop.controller.commands import SetCampaignField
from crisis_desktop.controller.session import CampaignSession
from crisis_desktop.storage.campaign_store import CampaignStore, ReadOnlyCampaignFile, why_not_written
from tests.read_only_disk import ReadOnlyDisk


@pytest.mark.parametrize(("code", "words"), [
    (errno.EROFS, "/f is on a read-only disk: nothing on it can be changed (Read-only file system)"),
    (errno.EACCES, "there is no permission to write in /f (Permission denied)"),
    (errno.EPERM, "there is no permission to write in /f (Operation not permitted)"),
    (errno.ENOSPC, "the disk holding /f is full (No space left on device)"),
    (errno.EDQUOT, "the disk holding /f is full (Disk quota exceeded)"),
    (errno.EIO, "the disk holding /f could not be written (an input/output error: the disk may be failing or was "
                "removed) (Input/output error)"),
    (errno.ENOENT, "the folder /f does not exist (any more) (No such file or directory)"),
    (errno.EFBIG, "the file is too large for the disk holding /f (File too large)"),
    (errno.ENAMETOOLONG, "the file name is too long for the disk holding /f (File name too long)"),
])
def test_each_cause_of_a_failed_write_is_said_in_its_own_words(code, words):
    assert why_not_written(OSError(code, os.strerror(code)), Path("/f")) == words


def test_a_file_on_a_read_only_disk_is_said_as_the_disk_not_as_a_file_marked_read_only(app_paths, make_campaign,
                                                                                       monkeypatch, sha256):
    path = app_paths.campaigns / "c.json"
    store = CampaignStore(app_paths)
    store.save(make_campaign(), path)
    campaign = store.load(path)
    before = sha256(path)
    disk = ReadOnlyDisk(monkeypatch, app_paths.campaigns)
    monkeypatch.setattr(os, "access", lambda *_a, **_k: False)  # what access(2) says on a read-only disk
    campaign.notes = "tonight"
    with pytest.raises(OSError) as raised:
        store.save(campaign, path)
    assert raised.value.errno == errno.EROFS and not isinstance(raised.value, ReadOnlyCampaignFile)
    assert why_not_written(raised.value, path.parent).startswith(f"{path.parent} is on a read-only disk")
    assert not disk.refused  # found before trying to write anything
    assert sha256(path) == before
    assert not store.quick_to_replace(path)


def test_forgetting_unsaved_changes_on_a_read_only_disk_does_not_raise(app_paths, make_campaign):
    path = app_paths.campaigns / "c.json"
    store = CampaignStore(app_paths)
    store.save(make_campaign(), path)
    campaign = store.load(path)
    session = CampaignSession(campaign)
    session.journal_to(store.recovery.journal(path), path)
    session.record(SetCampaignField(campaign, "notes", "journaled").apply(campaign))
    journal = store.recovery.journal(path)
    with pytest.MonkeyPatch.context() as patch:
        disk = ReadOnlyDisk(patch, app_paths.data_dir)
        store.recovery.discard(path)  # the GM discards: nothing to write, nothing raised
    assert ("unlink", str(journal.path)) in disk.refused
    assert not journal.running_mark.held  # this instance no longer claims the journal: offered at the next start
    [offer] = CampaignStore(app_paths).recovery.list_recoveries()
    assert offer.campaign.notes == "journaled" and not offer.running


def test_save_as_from_a_read_only_disk_to_a_writable_place_completes(app_paths, make_campaign, monkeypatch, tmp_path,
                                                                     sha256):
    path = app_paths.campaigns / "c.json"
    store = CampaignStore(app_paths)
    store.save(make_campaign(), path)
    campaign = store.load(path)
    before = sha256(path)
    ReadOnlyDisk(monkeypatch, app_paths.campaigns)
    campaign.notes = "tonight"
    target = tmp_path / "usb" / "copy.json"
    assert store.save_as(campaign, "Copy", target) == target
    assert store.load(target).notes == "tonight" and sha256(path) == before


# Run in a private mount namespace (unshare -rm): a real tmpfs, remounted read-only (as a write-protected stick is
# mounted): a campaign on it opened from another data folder, and a data folder on it.
READ_ONLY_CHILD = """
import errno, json, os, subprocess, sys
from pathlib import Path

from crisis_desktop.controller.commands import SetCampaignField
from crisis_desktop.controller.session import CampaignSession
from crisis_desktop.domain import Campaign
from crisis_desktop.storage.campaign_store import CampaignStore, ReadOnlyCampaignFile, why_not_written
from crisis_desktop.storage.paths import AppPaths

disk, elsewhere = Path(sys.argv[1]), Path(sys.argv[2])
path = disk / "c.json"
CampaignStore(AppPaths(elsewhere / "data").ensure()).save(Campaign(ruleset="crisis", name="On a stick"), path)
on_disk = CampaignStore(AppPaths(disk / "data").ensure())
on_disk.save(Campaign(ruleset="crisis", name="Data on the stick"), on_disk.paths.campaigns / "d.json")
subprocess.run(["mount", "-o", "remount,ro", str(disk)], check=True)
result = {}

store = CampaignStore(AppPaths(elsewhere / "data").ensure())
campaign, version = store.load_version(path)
session = CampaignSession(campaign)
session.journal_to(store.recovery.journal(path), path)
session.record(SetCampaignField(campaign, "notes", "tonight").apply(campaign))
try:
    store.save(campaign, path, expected=version)
    result["save"] = "saved"
except ReadOnlyCampaignFile as exc:
    result["save"] = "marked read-only: " + str(exc)
except OSError as exc:
    result["save"] = why_not_written(exc, path.parent)
result["copy"] = str(store.save_as(campaign, "Copy", elsewhere / "copy.json"))
result["copy_notes"] = store.load(elsewhere / "copy.json").notes
result["file_notes"] = store.load(path).notes

d_path = on_disk.paths.campaigns / "d.json"
d_campaign = on_disk.load(d_path)
d_session = CampaignSession(d_campaign)
d_session.journal_to(on_disk.recovery.journal(d_path), d_path)
try:
    d_session.record(SetCampaignField(d_campaign, "notes", "cannot be journaled").apply(d_campaign))
    result["journal"] = "written"
except OSError as exc:
    result["journal"] = errno.errorcode[exc.errno]
on_disk.recovery.discard(d_path)  # the GM discards: nothing raised
result["discarded"] = True
print(json.dumps(result))
"""


@pytest.mark.skipif(not Path("/usr/bin/unshare").exists() and not Path("/bin/unshare").exists(),
                    reason="needs unshare(1) for a private tmpfs; the injected read-only disk above runs everywhere")
def test_a_real_read_only_mount_is_said_as_the_disk_and_a_copy_goes_elsewhere(tmp_path):
    script = tmp_path / "read_only.py"
    script.write_text(READ_ONLY_CHILD)
    disk, elsewhere = tmp_path / "disk", tmp_path / "elsewhere"
    disk.mkdir()
    elsewhere.mkdir()
    repo = Path(__file__).resolve().parents[3]
    shell = f'mount -t tmpfs -o size=4m tmpfs "$1" || exit 77; exec "{sys.executable}" "$3" "$1" "$2"'
    done = subprocess.run(["unshare", "-rm", "sh", "-c", shell, "sh", str(disk), str(elsewhere), str(script)],
                          capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(repo)}, cwd=repo,
                          timeout=120)
    if done.returncode == 77 or done.stderr.startswith("unshare:"):
        pytest.skip(f"no private tmpfs here (user namespaces or mounting not allowed): {done.stderr.strip()[:200]}")
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["save"] == f"{disk} is on a read-only disk: nothing on it can be changed (Read-only file system)"
    assert result["copy"] == str(elsewhere / "copy.json") and result["copy_notes"] == "tonight"
    assert result["file_notes"] == ""
    assert result["journal"] == "EROFS" and result["discarded"]
