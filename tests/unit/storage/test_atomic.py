"""The atomic write helper: all or nothing, no debris, permissions kept."""

from __future__ import annotations

import os

import pytest

from crisis_desktop.storage import atomic
from crisis_desktop.storage.atomic import atomic_copy_file, atomic_write_bytes, atomic_write_text


def test_writes_new_and_replaces_existing(tmp_path):
    path = tmp_path / "f.json"
    atomic_write_text(path, "first ✓")
    assert path.read_text(encoding="utf-8") == "first ✓"
    atomic_write_bytes(path, b"second")
    assert path.read_bytes() == b"second"
    assert os.listdir(tmp_path) == ["f.json"]


@pytest.mark.parametrize("failing", ["fsync", "replace"])
def test_a_failure_leaves_the_old_file_and_no_temporary_file(tmp_path, monkeypatch, failing):
    path = tmp_path / "f.json"
    path.write_bytes(b"old")

    def broken(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(atomic.os, failing, broken)
    with pytest.raises(OSError, match="No space left"):
        atomic_write_bytes(path, b"new")
    monkeypatch.undo()
    assert path.read_bytes() == b"old"
    assert os.listdir(tmp_path) == ["f.json"]


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="needs /proc to tell files from folders")
def test_the_file_then_its_folder_are_synced(tmp_path, monkeypatch):
    synced = []
    real_fsync = os.fsync

    def recording_fsync(fd):
        synced.append("folder" if os.path.isdir(f"/proc/self/fd/{fd}") else "file")
        real_fsync(fd)

    monkeypatch.setattr(atomic.os, "fsync", recording_fsync)
    atomic_write_bytes(tmp_path / "f.json", b"data")
    assert synced == ["file", "folder"]


@pytest.mark.skipif(os.name == "nt", reason="POSIX permission bits")
def test_copy_streams_the_file_and_keeps_the_target_mode(tmp_path):
    source = tmp_path / "source.bin"
    source.write_bytes(os.urandom(3 * 1024 * 1024 + 5))
    target = tmp_path / "target.bin"
    target.write_bytes(b"")
    os.chmod(target, 0o640)
    atomic_copy_file(source, target)
    assert target.read_bytes() == source.read_bytes()
    assert target.stat().st_mode & 0o777 == 0o640
