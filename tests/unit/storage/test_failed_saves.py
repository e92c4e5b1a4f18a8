"""A save that fails (full disk, read-only disk or folder, no permission) changes nothing on disk: not the file,
not one of its backups; backups rotate only once the new version is in place."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

import pytest

from crisis_desktop.storage import atomic
from crisis_desktop.storage.campaign_store import CampaignStore, ReadOnlyCampaignFile, UnsavableCampaign

ENOSPC = OSError(errno.ENOSPC, "No space left on device")


def _fail_call(monkeypatch, name: str, number: int, error: OSError) -> None:
    """Make the `number`-th call (from 1) of os.<name>, as the atomic writes make it, raise `error`."""
    real = getattr(os, name)
    calls = []

    def failing(*args, **kwargs):
        calls.append(args)
        if len(calls) == number:
            raise error
        return real(*args, **kwargs)

    monkeypatch.setattr(atomic.os, name, failing)


def _snapshot(store: CampaignStore, path: Path) -> dict[str, bytes]:
    """Every file of the campaign and of its backups folder, by name: what must not change."""
    files = {f"campaign/{path.name}": path.read_bytes()}
    folder = store.backups.folder_for(path)
    files.update({f"backups/{p.name}": p.read_bytes() for p in folder.iterdir()})
    return files


def _temp_files(*folders: Path) -> list[Path]:
    return [p for folder in folders for p in folder.iterdir() if p.name.endswith(atomic.TEMP_SUFFIX)]


@pytest.fixture
def ten_versions(store, app_paths, make_campaign):
    """A campaign saved 11 times: the file and 10 distinct earlier versions."""
    campaign = make_campaign()
    path = app_paths.campaigns / "c.json"
    for n in range(11):
        campaign.notes = f"version {n}"
        store.save(campaign, path)
    campaign.notes = "the work of tonight"
    backups = store.list_backups(path)
    assert len(backups) == 10 and len({b.path.read_bytes() for b in backups}) == 10
    return campaign, path


# (what fails, the os function, which call of it, the error)
FAILURES = [
    ("disk full while writing the new version", "fsync", 1, ENOSPC),
    ("disk full while keeping the backup", "fsync", 2, ENOSPC),
    ("disk full while writing", "write", 1, ENOSPC),
    ("read-only disk at the switch", "replace", 2, OSError(errno.EROFS, "Read-only file system")),
    ("folder not writable", "open", 1, PermissionError(errno.EACCES, "Permission denied")),
]


@pytest.mark.parametrize(("function", "number", "error"), [f[1:] for f in FAILURES], ids=[f[0] for f in FAILURES])
def test_repeated_failed_saves_keep_every_earlier_version(store, app_paths, ten_versions, monkeypatch,
                                                          function, number, error):
    campaign, path = ten_versions
    before = _snapshot(store, path)
    modified = campaign.modified
    if function == "write":
        # The data is written through a file object; fail its write like a full disk does.
        real_stage = atomic._stage

        def full(target, write):
            def failing_write(f):
                raise error
            return real_stage(target, failing_write)

        monkeypatch.setattr(atomic, "_stage", full)
    for attempt in range(12):
        if function != "write":
            _fail_call(monkeypatch, function, number, error)
        with pytest.raises(OSError) as caught:
            store.save(campaign, path)
        assert caught.value.errno == error.errno, f"attempt {attempt}"
    monkeypatch.undo()

    assert _snapshot(store, path) == before
    assert _temp_files(app_paths.campaigns, store.backups.folder_for(path)) == []
    assert campaign.modified == modified and campaign.notes == "the work of tonight"

    # Once the disk takes it again, the save goes through and the versions rotate by one.
    store.save(campaign, path)
    after = store.list_backups(path)
    assert len(after) == 10
    assert after[0].path.read_bytes() == before[f"campaign/{path.name}"]
    kept = {f"backups/{b.path.name}" for b in after[1:]}
    assert kept < set(before) and len(kept) == 9


def test_a_read_only_folder_fails_the_save_and_keeps_everything(store, app_paths, ten_versions, monkeypatch):
    campaign, path = ten_versions
    before = _snapshot(store, path)
    folder = app_paths.campaigns
    os.chmod(folder, 0o555)
    try:
        probe = folder / ".probe"
        try:
            probe.write_bytes(b"")
            probe.unlink()
            writable = True  # root: permission bits do not stop it; fail the way the kernel would
        except PermissionError:
            writable = False
        if writable:
            _fail_call(monkeypatch, "open", 1, PermissionError(errno.EACCES, "Permission denied"))
        with pytest.raises(PermissionError):
            store.save(campaign, path)
    finally:
        monkeypatch.undo()
        os.chmod(folder, 0o755)
    assert _snapshot(store, path) == before
    assert _temp_files(folder) == []


@pytest.mark.skipif(os.name == "nt", reason="POSIX permission bits")
def test_a_read_only_campaign_file_is_not_replaced_unless_told(store, app_paths, make_campaign):
    path = app_paths.campaigns / "c.json"
    store.save(make_campaign("Locked"), path)
    os.chmod(path, 0o444)
    before = path.read_bytes()

    with pytest.raises(ReadOnlyCampaignFile, match=r"^c\.json is marked read-only: it was not changed$"):
        store.save(make_campaign("Changed"), path)
    assert path.read_bytes() == before and store.list_backups(path) == []

    store.save(make_campaign("Changed"), path, overwrite_read_only=True)
    assert store.load(path).name == "Changed"
    assert stat.S_IMODE(path.stat().st_mode) == 0o444  # still read-only, as it was
    [backup] = store.list_backups(path)
    assert backup.path.read_bytes() == before


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symlinks")
def test_saving_a_symlinked_campaign_writes_its_target_and_keeps_the_link(store, app_paths, tmp_path, make_campaign):
    target = tmp_path / "shared" / "real.json"
    store.save(make_campaign("Shared"), target)
    link = app_paths.campaigns / "link.json"
    link.symlink_to(target)
    old = target.read_bytes()

    campaign = store.load(link)
    campaign.notes = "through the link"
    store.save(campaign, link)

    assert link.is_symlink() and os.readlink(link) == str(target)
    assert store.load(target).notes == "through the link"
    assert [b.path.read_bytes() for b in store.list_backups(link)] == [old]
    assert _temp_files(app_paths.campaigns, target.parent) == []


def test_a_campaign_that_would_not_load_again_is_not_written(store, app_paths, make_campaign):
    path = app_paths.campaigns / "c.json"
    campaign = make_campaign()
    store.save(campaign, path)
    before = path.read_bytes()
    # Changed in place, as a command may change a dict: the model's checks never saw it.
    campaign.characters[0].stats["agility"] = float("inf")

    with pytest.raises(UnsavableCampaign) as caught:
        store.save(campaign, path)
    assert str(caught.value) == ("Not saved: characters[0].stats.agility: inf is not a number a campaign can hold "
                                 "(Infinity and NaN are refused) (the file would not open again); nothing was "
                                 "written")
    assert path.read_bytes() == before and store.list_backups(path) == []


def test_a_campaign_beyond_the_size_limit_is_not_written(app_paths, make_campaign):
    path = app_paths.campaigns / "c.json"
    small = CampaignStore(app_paths, max_bytes=20_000)
    small.save(make_campaign(), path)
    before = path.read_bytes()
    with pytest.raises(UnsavableCampaign, match=r"more than the limit of 20,000 bytes"):
        small.save(make_campaign(notes="x" * 30_000), path)
    assert path.read_bytes() == before


def test_a_save_without_changes_keeps_no_second_copy_of_the_same_version(store, app_paths, make_campaign):
    path = app_paths.campaigns / "c.json"
    campaign = make_campaign()
    store.save(campaign, path)
    first = path.read_bytes()
    store.backups.keep_copy(path)
    store.backups.keep_copy(path)
    assert [b.path.read_bytes() for b in store.list_backups(path)] == [first]


# Run in a private mount namespace (unshare -rm) on a 2 MiB tmpfs: a real, almost full disk, not an injected error.
FULL_DISK_CHILD = """
import errno, hashlib, json, sys
from pathlib import Path

from crisis_desktop.domain import Campaign, Character
from crisis_desktop.storage.campaign_store import CampaignStore
from crisis_desktop.storage.paths import AppPaths

disk = Path(sys.argv[1])
store = CampaignStore(AppPaths(disk / "data").ensure())
path = store.paths.campaigns / "c.json"
campaign = Campaign(ruleset="crisis", name="Full disk",
                    characters=[Character(name=f"C{i}", notes="x" * 400) for i in range(40)])
for n in range(11):
    campaign.notes = f"version {n}"
    store.save(campaign, path)

def snapshot():
    files = [path, *sorted(store.backups.folder_for(path).iterdir())]
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in files}

before = snapshot()
filler = disk / "filler"
with open(filler, "wb", buffering=0) as f:
    for size in (65536, 4096, 1):  # to the last byte
        try:
            while True:
                f.write(b"\\0" * size)
        except OSError as exc:
            assert exc.errno == errno.ENOSPC
# Almost full: room for one more copy of the file as it is, not for tonight's larger version (so a save that
# kept its backup first, then pruned the oldest, then failed, lost one earlier version each time).
with open(filler, "r+b") as f:
    f.truncate(filler.stat().st_size - path.stat().st_size - 32 * 1024)
campaign.notes = "the work of tonight " * 4_000
errors = []
for _ in range(12):
    try:
        store.save(campaign, path)
        errors.append(None)
    except OSError as exc:
        errors.append(exc.errno)
same = snapshot() == before
temps = [p.name for p in disk.rglob("*.tmp")]
filler.unlink()
store.save(campaign, path)
backups = store.list_backups(path)
newest = hashlib.sha256(backups[0].path.read_bytes()).hexdigest()
print(json.dumps({"errors": errors, "same": same, "temps": temps, "distinct_before": len(set(before.values())),
                  "backups_after": len(backups), "newest_is_the_old_file": newest == before["c.json"]}))
"""


@pytest.mark.skipif(not Path("/usr/bin/unshare").exists() and not Path("/bin/unshare").exists(),
                    reason="needs unshare(1) for a private tmpfs")
def test_a_real_almost_full_disk_keeps_every_earlier_version(tmp_path):
    import json
    import subprocess
    import sys

    script = tmp_path / "full_disk.py"
    script.write_text(FULL_DISK_CHILD)
    disk = tmp_path / "disk"
    disk.mkdir()
    repo = Path(__file__).resolve().parents[3]
    shell = f'mount -t tmpfs -o size=2m tmpfs "$1" || exit 77; exec "{sys.executable}" "$2" "$1"'
    done = subprocess.run(["unshare", "-rm", "sh", "-c", shell, "sh", str(disk), str(script)], capture_output=True,
                          text=True, env={**os.environ, "PYTHONPATH": str(repo)}, cwd=repo, timeout=120)
    if done.returncode == 77 or done.stderr.startswith("unshare:"):
        pytest.skip(f"no private tmpfs here (user namespaces or mounting not allowed): {done.stderr.strip()[:200]}")
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["errors"] == [errno.ENOSPC] * 12
    assert result["same"] and result["temps"] == []
    assert result["distinct_before"] == 11  # the file and 10 distinct backups
    assert result["backups_after"] == 10 and result["newest_is_the_old_file"]


def test_the_recovery_journal_keeps_to_the_same_size_limit_before_writing(app_paths, make_campaign):
    from crisis_desktop.controller.commands import SetCampaignField
    from crisis_desktop.controller.session import CampaignSession
    from crisis_desktop.storage.journal import JournalFull

    path = app_paths.campaigns / "c.json"
    small = CampaignStore(app_paths, max_bytes=20_000)
    small.save(make_campaign(), path)
    campaign = small.load(path)
    session = CampaignSession(campaign)
    session.journal_to(small.recovery.journal(path), path)
    command = SetCampaignField(campaign, "notes", "y" * 30_000)
    with pytest.raises(JournalFull, match=r"limit of 20,000 bytes; save the campaign"):
        session.record(command.apply(campaign))
    with pytest.raises(JournalFull, match=r"more than the limit of 20,000 bytes"):
        small.recovery.save(campaign, path)
    # What was journaled before is still whole, and reads back within the limit.
    assert small.recovery.list_recoveries() == []
