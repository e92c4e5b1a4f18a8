"""Files of the system's own pseudo file systems (/proc, /sys, /dev) and files a symlink leads to there are refused
before they are opened: /proc/kmsg says it is a regular file and reading it waits for ever, /dev/zero never ends.
Every test here finishes promptly even where the code under test would block (a thread with a deadline, or a
subprocess with a time limit and a memory limit)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from crisis_desktop.storage.campaign_file import CampaignFileError
from crisis_desktop.storage.imports import MAX_IMPORT_BYTES, read_import
from crisis_desktop.storage.regular_files import NotARegularFile, read_regular_file
from tests.file_helpers import KMSG, make_fifo, needs_dev_zero, needs_fifo, needs_kmsg, returns_promptly, run_python

needs_proc = pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="this platform has no /proc")


@needs_proc
def test_a_regular_file_under_proc_is_refused_even_through_a_chain_of_symlinks(tmp_path):
    (tmp_path / "status.json").symlink_to(tmp_path / "hop")
    (tmp_path / "hop").symlink_to("/proc/self/status")
    for path in (Path("/proc/self/status"), tmp_path / "status.json"):
        with pytest.raises(NotARegularFile) as caught:
            returns_promptly(lambda p=path: read_regular_file(p, 1_000_000))
        assert caught.value.reason == "this is a file of the system (under /proc), not a regular file"
    with pytest.raises(FileNotFoundError):
        read_regular_file(Path("/proc/no such file"), 10)


@needs_kmsg
def test_a_campaign_linked_to_proc_kmsg_is_refused_by_load_listing_and_info(store, app_paths):
    link = app_paths.campaigns / "kmsg.json"
    link.symlink_to(KMSG)
    with pytest.raises(CampaignFileError) as caught:
        returns_promptly(lambda: store.load(link))
    assert str(caught.value) == ("kmsg.json: this is a file of the system (under /proc), not a campaign file: "
                                 "it was not read")
    [entry] = returns_promptly(store.list_campaigns)
    assert entry.problem == "this is a file of the system (under /proc), not a campaign file: it was not read"

    # `info` in a process of its own: the listing and the summary hung there for good.
    listing = run_python(["-m", "crisis_desktop", "--data-dir", str(app_paths.data_dir), "info"], seconds=60)
    assert listing.returncode == 0, listing.stderr
    assert b"kmsg.json  [cannot open: this is a file of the system (under /proc)" in listing.stdout
    summary = run_python(["-m", "crisis_desktop", "--data-dir", str(app_paths.data_dir), "info", "--campaign",
                          str(link)], seconds=60)
    assert summary.returncode == 2
    # Named by where the link leads (the store resolves what it is given).
    assert summary.stderr == (b"crisis-desktop: kmsg: this is a file of the system (under /proc), not a campaign "
                              b"file: it was not read\n")
    assert link.is_symlink()


@needs_fifo
def test_an_import_from_a_fifo_is_refused_without_blocking(tmp_path):
    fifo = make_fifo(tmp_path / "character.json")
    with pytest.raises(ValueError, match=r"^it was not read: this is a named pipe \(FIFO\), not a regular file$"):
        returns_promptly(lambda: read_import(fifo), fifo)


@needs_dev_zero
def test_an_import_linked_to_dev_zero_is_refused_before_a_byte_is_read(tmp_path):
    link = tmp_path / "character.json"
    link.symlink_to("/dev/zero")
    # Read in a process limited in time and memory: the read that never ends fails there, not here.
    code = ("import sys; from crisis_desktop.storage.imports import read_import\n"
            "try:\n    read_import(sys.argv[1])\nexcept ValueError as exc:\n    print(exc)\n")
    done = run_python(["-c", code, str(link)], seconds=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout == b"it was not read: this is a device, not a regular file\n"


@needs_kmsg
def test_an_import_linked_to_proc_kmsg_is_refused(tmp_path):
    link = tmp_path / "character.json"
    link.symlink_to(KMSG)
    with pytest.raises(ValueError, match=r"^it was not read: this is a file of the system \(under /proc\)"):
        returns_promptly(lambda: read_import(link))


def test_an_import_larger_than_its_limit_is_refused_unread_and_a_character_file_reads(tmp_path):
    big = tmp_path / "big.json"
    with open(big, "wb") as f:
        f.truncate(MAX_IMPORT_BYTES + 1)
    with pytest.raises(ValueError, match=r"^it was not read: too large \(5,000,001 bytes; the limit is 5,000,000"):
        read_import(big)
    (tmp_path / "vera.json").write_bytes(b'{"name": "Vera"}')
    (tmp_path / "link.json").symlink_to(tmp_path / "vera.json")
    assert read_import(tmp_path / "link.json") == b'{"name": "Vera"}'


@needs_proc
def test_settings_and_locks_under_proc_are_not_read(tmp_path):
    from crisis_desktop.storage.settings import AppSettings

    settings = tmp_path / "settings.json"
    settings.symlink_to("/proc/self/status")
    loaded, problem = returns_promptly(lambda: AppSettings.load(settings))
    assert loaded == AppSettings()
    assert problem == (f"The settings file {settings} could not be read (settings.json: this is a file of the "
                       "system (under /proc), not a regular file); default settings are used.")
    assert settings.is_symlink() and os.readlink(settings) == "/proc/self/status"


@needs_fifo
def test_a_copy_from_a_fifo_or_a_file_under_proc_is_refused_and_writes_nothing(tmp_path):
    from crisis_desktop.storage.atomic import atomic_copy_file

    fifo = make_fifo(tmp_path / "backup.json")
    sources = [fifo, *([Path("/proc/self/status")] if Path("/proc/self/status").exists() else [])]
    for source in sources:
        with pytest.raises(NotARegularFile):
            returns_promptly(lambda s=source: atomic_copy_file(s, tmp_path / "copy.json"), fifo)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["backup.json"]
