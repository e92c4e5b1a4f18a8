"""Temporary files left by killed saves are removed at the next start: only the app's own, in its own folders."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from crisis_desktop.app import main
from crisis_desktop.storage.atomic import remove_leftovers, stage_bytes, temp_name_for

REPO = Path(__file__).resolve().parents[3]

# Stages a new version of the file named on the command line, says so, and waits to be killed.
STAGING_CHILD = """
import sys, time
from pathlib import Path
from crisis_desktop.storage.atomic import stage_bytes

staged = stage_bytes(Path(sys.argv[1]), b"half done")
print(staged.temp, flush=True)
time.sleep(60)
"""


def _aged(path: Path, seconds: float = 60) -> Path:
    when = time.time() - seconds
    os.utime(path, (when, when), follow_symlinks=False)
    return path


def _killed_save(tmp_path: Path, target: Path) -> Path:
    """The temporary file of a save killed (SIGKILL) before it was put in place."""
    script = tmp_path / "stage.py"
    script.write_text(STAGING_CHILD)
    child = subprocess.Popen([sys.executable, str(script), str(target)], stdout=subprocess.PIPE, text=True,
                             env={**os.environ, "PYTHONPATH": str(REPO)}, cwd=REPO)
    try:
        assert child.stdout is not None
        temp = Path(child.stdout.readline().strip())
    finally:
        child.send_signal(signal.SIGKILL if hasattr(signal, "SIGKILL") else signal.SIGTERM)
        child.wait()
        child.stdout.close()  # type: ignore[union-attr]
    assert temp.exists()
    return _aged(temp)


def test_the_leftovers_of_killed_saves_go_at_the_next_start(paths, tmp_path, capsys):
    campaign = paths.campaigns / "c.json"
    campaign.write_text("{}")
    backup_folder = paths.backups / "c"
    backup_folder.mkdir()
    leftovers = [
        _killed_save(tmp_path, campaign),
        _killed_save(tmp_path, backup_folder / "20240101T000000.000000Z.json"),
        _killed_save(tmp_path, paths.recovery / "c.json"),
        _killed_save(tmp_path, paths.settings_file),
    ]

    assert main(["--data-dir", str(paths.data_dir), "info"]) == 0

    assert [p for p in leftovers if p.exists()] == []
    assert campaign.read_text() == "{}"


def test_only_its_own_unlocked_temporary_files_in_its_own_folders_are_removed(paths, tmp_path):
    campaign = paths.campaigns / "c.json"
    stray = temp_name_for(campaign)
    stray.write_bytes(b"left over")
    _aged(stray)
    kept = [
        paths.campaigns / ".notes.tmp",                       # the GM's own, not our pattern
        paths.campaigns / ".c.json.ABCDEF12.tmp",             # upper-case: not a name we make
        tmp_path / temp_name_for(tmp_path / "x.json").name,   # outside the data folder
    ]
    for path in kept:
        path.write_bytes(b"mine")
        _aged(path)
    folder_like = paths.campaigns / ".d.json.0123abcd.tmp"
    folder_like.mkdir()
    link = paths.campaigns / ".e.json.0123abcd.tmp"
    link.symlink_to(paths.campaigns / ".notes.tmp")
    with stage_bytes(paths.campaigns / "busy.json", b"being saved right now") as busy:
        _aged(busy.temp)

        removed = remove_leftovers(paths.own_folders())

        assert removed == [stray]
        assert busy.temp.exists()  # locked by the save in progress
    assert all(p.exists() for p in kept) and folder_like.is_dir() and link.is_symlink()


def test_a_fresh_one_gets_a_moment_of_grace(paths):
    fresh = temp_name_for(paths.campaigns / "c.json")
    fresh.write_bytes(b"just created, not locked yet")
    assert remove_leftovers(paths.own_folders()) == []
    _aged(fresh)
    assert remove_leftovers(paths.own_folders()) == [fresh]


@pytest.mark.skipif(os.name == "nt", reason="POSIX permission bits")
def test_a_data_folder_that_cannot_be_created_is_said_and_the_command_goes_on(tmp_path, capsys, monkeypatch):
    data = tmp_path / "readonly-disk" / "data"
    real_mkdir = Path.mkdir

    def read_only_disk(self, *args, **kwargs):
        if self == data or data in self.parents:
            raise OSError(30, "Read-only file system")
        return real_mkdir(self, *args, **kwargs)

    monkeypatch.setattr(Path, "mkdir", read_only_disk)
    assert main(["--data-dir", str(data), "info"]) == 0
    out, err = capsys.readouterr()
    assert (f"crisis-desktop: The data folder {data} cannot be used: {data / 'campaigns'} could not be created "
            "(Read-only file system). Campaigns already there can be opened, but nothing can be saved in it. "
            "Choose another data folder with --data-dir or $CRISIS_DESKTOP_DATA_DIR.") in err
    assert out == f"Campaigns in {data / 'campaigns'}:\n"
