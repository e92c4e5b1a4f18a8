"""Earlier versions and deleted campaigns, kept under <backups>/<file stem>/<UTC timestamp>.json."""

from __future__ import annotations

import contextlib
import hashlib
import os
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

from crisis_desktop.storage.atomic import atomic_copy_file, fsync_folder

KEEP_BACKUPS = 10
_COMPARE_CHUNK = 1024 * 1024

_STAMP = "%Y%m%dT%H%M%S.%fZ"
_DELETED = ".deleted"


@dataclass(frozen=True)
class BackupInfo:
    """One kept version. `deleted`: the campaign file itself, moved here when it was deleted."""

    path: Path
    timestamp: datetime
    size: int
    deleted: bool = False

    @property
    def campaign_stem(self) -> str:
        """The stem of the campaign file this version belongs to (its folder's name)."""
        return self.path.parent.name


class BackupArea:
    """Keeps the previous version of a campaign file before it is replaced, and deleted campaigns.

    Ordinary backups are pruned to the newest `keep`; deleted campaigns are never pruned, since
    they are the only copy left.
    """

    def __init__(self, root: Path, keep: int = KEEP_BACKUPS, home: Path | None = None) -> None:
        self.root = Path(root)
        self.keep = keep
        self.home = Path(home).resolve() if home is not None else None

    def folder_for(self, campaign_path: Path) -> Path:
        """backups/<stem> for a campaign of the campaigns folder; for one opened from elsewhere the
        stem plus a hash of its folder, so two notes.json in two folders never share backups."""
        path = Path(campaign_path)
        folder = path.resolve().parent
        if self.home is None or folder == self.home:
            return self.root / path.stem
        return self.root / f"{path.stem}-{hashlib.sha256(str(folder).encode()).hexdigest()[:8]}"

    def list_for(self, campaign_path: Path) -> list[BackupInfo]:
        """Versions of this campaign (by file stem), newest first; unknown files are ignored."""
        return _list_folder(self.folder_for(campaign_path))

    def list_deleted(self) -> list[BackupInfo]:
        """Deleted campaigns of every stem, newest first."""
        if not self.root.is_dir():
            return []
        found = [info for folder in self.root.iterdir() if folder.is_dir()
                 for info in _list_folder(folder) if info.deleted]
        return sorted(found, key=lambda b: b.timestamp, reverse=True)

    def keep_copy(self, campaign_path: Path, *, prune: bool = True) -> BackupInfo | None:
        """Copy the campaign file (about to be replaced) in as the newest version, then prune (unless told
        not to: a save prunes only once the new version is in place).

        None when the newest version kept is that very file already (a save without changes, a save
        that failed after keeping it): identical backups would push older versions out.
        """
        newest = next((b for b in self.list_for(campaign_path) if not b.deleted), None)
        if newest is not None and _same_bytes(newest.path, campaign_path):
            return None
        target = self._new_name(campaign_path, "")
        atomic_copy_file(campaign_path, target)
        if prune:
            self.prune(campaign_path)
        return BackupInfo(target, _stamp_of(target), target.stat().st_size)

    def keep_deleted(self, campaign_path: Path) -> BackupInfo:
        """Move the campaign file here instead of deleting it."""
        campaign_path = Path(campaign_path)
        target = self._new_name(campaign_path, _DELETED)
        try:
            os.replace(campaign_path, target)
        except OSError:
            # Another file system (a campaign opened from elsewhere): copy durably, then remove.
            if not campaign_path.exists():
                raise
            atomic_copy_file(campaign_path, target)
            campaign_path.unlink()
        fsync_folder(target.parent)
        with contextlib.suppress(OSError):
            fsync_folder(campaign_path.parent)
        return BackupInfo(target, _stamp_of(target), target.stat().st_size, deleted=True)

    def prune(self, campaign_path: Path) -> None:
        ordinary = [b for b in self.list_for(campaign_path) if not b.deleted]
        for old in ordinary[self.keep:]:
            with contextlib.suppress(FileNotFoundError):
                old.path.unlink()

    def _new_name(self, campaign_path: Path, kind: str) -> Path:
        folder = self.folder_for(campaign_path)
        folder.mkdir(parents=True, exist_ok=True)
        when = datetime.now(UTC)
        existing = self.list_for(campaign_path)
        # Names must sort in the order the versions were made, even within one microsecond or if
        # the clock went back: pruning keeps the newest by that order.
        if existing and existing[0].timestamp >= when:
            when = existing[0].timestamp + timedelta(microseconds=1)
        while True:
            target = folder / f"{when.strftime(_STAMP)}{kind}.json"
            if not target.exists():
                return target
            when += timedelta(microseconds=1)


def _same_bytes(a: Path, b: Path) -> bool:
    try:
        if os.stat(a).st_size != os.stat(b).st_size:
            return False
        with open(a, "rb") as fa, open(b, "rb") as fb:
            while True:
                chunk = fa.read(_COMPARE_CHUNK)
                if chunk != fb.read(_COMPARE_CHUNK):
                    return False
                if not chunk:
                    return True
    except OSError:
        return False


def _list_folder(folder: Path) -> list[BackupInfo]:
    if not folder.is_dir():
        return []
    found = [info for entry in folder.iterdir() if (info := _info(entry)) is not None]
    return sorted(found, key=lambda b: b.timestamp, reverse=True)


def _stamp_of(path: Path) -> datetime:
    text = path.name.removesuffix(".json").removesuffix(_DELETED)
    return datetime.strptime(text, _STAMP).replace(tzinfo=UTC)


def _info(entry: Path) -> BackupInfo | None:
    if entry.name.startswith(".") or entry.suffix != ".json":
        return None
    try:
        stamp = _stamp_of(entry)
        size = entry.stat().st_size
    except (ValueError, OSError):
        return None
    return BackupInfo(entry, stamp, size, deleted=entry.name.endswith(f"{_DELETED}.json"))
