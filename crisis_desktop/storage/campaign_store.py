"""Campaign files in the campaigns folder: list, load, save atomically with backups, copy, rename, delete."""

from __future__ import annotations

import contextlib
import os
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from crisis_desktop.domain.campaign import Campaign
from crisis_desktop.domain.character import EquipmentItem
from crisis_desktop.domain.common import new_id, utc_now
from crisis_desktop.storage.atomic import atomic_copy_file, atomic_write_bytes, remove_stale_temp_files, stage_pieces
from crisis_desktop.storage.backups import KEEP_BACKUPS, BackupArea, BackupInfo
from crisis_desktop.storage.campaign_file import (
    MAX_CAMPAIGN_BYTES,
    CampaignFileError,
    campaign_bytes,
    parse_campaign_bytes,
    read_campaign,
    read_limited,
)
from crisis_desktop.storage.campaign_writer import CampaignPieces, UnsavableCampaign
from crisis_desktop.storage.file_versions import ChangedOnDisk, FileVersion, saves_in, version_of_file
from crisis_desktop.storage.paths import AppPaths
from crisis_desktop.storage.recovery import Recovery, RecoveryStore
from crisis_desktop.storage.write_problems import (
    ReadOnlyCampaignFile,
    check_writable_disk,
    is_read_only,
    on_read_only_disk,
    why_not_written,
)

__all__ = ["CampaignEntry", "CampaignFileError", "CampaignStore", "ChangedOnDisk", "FileVersion",
           "ReadOnlyCampaignFile", "UnsavableCampaign", "is_read_only", "on_read_only_disk", "slugify",
           "why_not_written"]

_SLUG_MAX = 60
# Names Windows refuses as file names, whatever the extension.
_RESERVED = {"con", "prn", "aux", "nul", *(f"{dev}{i}" for dev in ("com", "lpt") for i in range(1, 10))}


@dataclass(frozen=True)
class CampaignEntry:
    """One file of the campaigns folder; `problem` says why it cannot be opened (then name is the stem)."""

    path: Path
    name: str
    ruleset: str | None
    modified: datetime | None
    problem: str | None = None


def slugify(name: str) -> str:
    """A file-name-safe form of a campaign name: letters of any script, digits, single hyphens."""
    text = unicodedata.normalize("NFKC", name).casefold()
    text = re.sub(r"[^\w]+|_+", "-", text).strip("-")[:_SLUG_MAX].strip("-")
    if not text:
        return "campaign"
    return f"campaign-{text}" if text in _RESERVED else text


class CampaignStore:
    """Reads and writes campaign files; never changes a file it cannot read unless told to."""

    def __init__(self, paths: AppPaths, *, max_bytes: int = MAX_CAMPAIGN_BYTES,
                 keep_backups: int = KEEP_BACKUPS) -> None:
        self.paths = paths
        self.max_bytes = max_bytes
        self.backups = BackupArea(paths.backups, keep_backups, home=paths.campaigns)
        self.recovery = RecoveryStore(paths, max_bytes=max_bytes)
        # Files this store read or wrote successfully, by (size, mtime, inode): saving over one of
        # them needs no second full read to prove it is a good campaign.
        self._known_good: dict[Path, tuple[int, int, int]] = {}

    # -- reading ------------------------------------------------------------------------------
    def find(self, name_or_path: str) -> Path:
        """A campaign named on the command line or by the GM: an existing .json path, else the name (or file
        name, with spaces for its dashes) of a campaign in the campaigns folder. LookupError naming the folder
        otherwise."""
        candidate = Path(name_or_path).expanduser()
        if candidate.suffix == ".json" and candidate.exists():
            return candidate.resolve()
        wanted = name_or_path.casefold()
        for entry in self.list_campaigns():
            # "Genesys demo" finds genesys-demo.json: a file name's dashes and underscores read as spaces.
            stem = entry.path.stem.casefold()
            if wanted in (entry.name.casefold(), stem, stem.replace("-", " ").replace("_", " ")):
                return entry.path
        raise LookupError(f"No campaign named {name_or_path!r} in {self.paths.campaigns}")

    def list_campaigns(self) -> list[CampaignEntry]:
        """Every campaign file in the campaigns folder, by name; a bad file is listed with its problem."""
        folder = self.paths.campaigns
        if not folder.is_dir():
            return []
        remove_stale_temp_files(folder)
        entries = []
        for path in sorted(folder.glob("*.json")):
            if path.name.startswith("."):
                continue
            try:
                campaign = self.load(path)
            except CampaignFileError as exc:
                entries.append(CampaignEntry(path, path.stem, None, None, exc.problem))
                continue
            entries.append(CampaignEntry(path, campaign.name, campaign.ruleset, campaign.modified))
        return sorted(entries, key=lambda e: (e.name.casefold(), e.path.name))

    def load_version(self, path: Path) -> tuple[Campaign, FileVersion]:
        """load(), and the version of the file it read (what a window's saves expect to replace)."""
        path = Path(path)
        try:
            before: os.stat_result | None = os.stat(path)
        except OSError:
            before = None
        data = read_limited(path, self.max_bytes)
        campaign = parse_campaign_bytes(data, path)
        version = version_of_file(path, data, before)
        if version.identity is not None:
            self._remember_good(path)
        return campaign, version

    def version_of(self, path: Path) -> FileVersion | None:
        """The version of the file at `path` now (read in full to hash it); None if it cannot be read."""
        try:
            before = os.stat(path)
            return version_of_file(path, read_limited(path, self.max_bytes), before)
        except (OSError, CampaignFileError):
            return None

    def load(self, path: Path) -> Campaign:
        """The campaign in `path`, upgraded to the current format; raises CampaignFileError."""
        path = Path(path)
        before = _identity(path)
        campaign = read_campaign(path, self.max_bytes)
        if before is not None and before == _identity(path):
            self._known_good[path.resolve()] = before
        return campaign

    # -- writing ------------------------------------------------------------------------------
    def save(self, campaign: Campaign, path: Path, *, overwrite_bad: bool = False,
             overwrite_read_only: bool = False, expected: FileVersion | None = None) -> FileVersion:
        """Write `campaign` to `path` atomically and set its `modified` time.

        The new version is written and checked in full before anything else changes; only then is the
        version it replaces kept as a backup, the file replaced, and the oldest backups pruned. A save that
        fails (a full or read-only disk) leaves the file and every backup as they were.

        A file that cannot be loaded is replaced only with overwrite_bad=True (the CampaignFileError
        explains the problem otherwise); a copy of it is kept as a backup even then. A file marked
        read-only is replaced only with overwrite_read_only=True (ReadOnlyCampaignFile otherwise) and stays
        read-only. A symlink stays a symlink: its target is written.

        With `expected` (the version this campaign was loaded from or last saved as), a file that is no longer
        that version is not replaced (ChangedOnDisk: another window or program wrote it). Returns the version
        written.
        """
        path = Path(path)
        exists = self.check_replaceable(path, overwrite_bad=overwrite_bad, overwrite_read_only=overwrite_read_only,
                                        expected=expected)
        previous_modified = campaign.modified
        campaign.modified = utc_now()
        try:
            return self._replace(path, [self._checked_bytes(campaign)], exists, expected)
        except BaseException:
            campaign.modified = previous_modified
            raise

    def check_replaceable(self, path: Path, *, overwrite_bad: bool = False, overwrite_read_only: bool = False,
                          expected: FileVersion | None = None) -> bool:
        """What save() checks before writing: the file at `path` is the version `expected` (ChangedOnDisk) when
        given, loads (CampaignFileError) unless overwrite_bad, is not on a read-only disk (OSError EROFS) and is
        not marked read-only (ReadOnlyCampaignFile) unless overwrite_read_only. Whether it exists. Quick for a
        file this store read or wrote last; any other is read in full."""
        path = Path(path)
        if not os.path.islink(path):
            path.parent.mkdir(parents=True, exist_ok=True)
        exists = path.exists()
        if exists and expected is not None and expected.same_as(path, self.max_bytes) is False:
            raise ChangedOnDisk(path)
        if exists and not overwrite_bad and not self._is_known_good(path):
            self.load(path)
        check_writable_disk(path)
        if exists and not overwrite_read_only and is_read_only(path):
            raise ReadOnlyCampaignFile(path)
        return exists

    def quick_to_replace(self, path: Path, expected: FileVersion | None = None) -> bool:
        """Whether save() would replace the file at `path` without reading it or asking: there is none, or it is
        one this store read or wrote last, still the version `expected` (when given) by its identity, and it is
        not read-only."""
        path = Path(path)
        if not path.exists():
            return True
        if expected is not None and (expected.identity is None or _version_identity(path) != expected.identity):
            return False
        return self._is_known_good(path) and not is_read_only(path) and not on_read_only_disk(path)

    def write_pieces(self, pieces: CampaignPieces, path: Path, *, overwrite_bad: bool = False,
                     overwrite_read_only: bool = False, expected: FileVersion | None = None) -> FileVersion:
        """save() of a campaign already turned into checked pieces (FragmentCache.pieces): the same checks,
        backups and atomic replacement. Touches no campaign object, so it may run on another thread. Returns the
        version written."""
        path = Path(path)
        if pieces.size > self.max_bytes:
            raise UnsavableCampaign(f"the campaign would take {pieces.size:,} bytes, more than the limit of "
                                    f"{self.max_bytes:,} bytes a campaign file may have")
        exists = self.check_replaceable(path, overwrite_bad=overwrite_bad, overwrite_read_only=overwrite_read_only,
                                        expected=expected)
        return self._replace(path, pieces.pieces, exists, expected)

    def create(self, name: str, ruleset: str,
               equipment: Sequence[EquipmentItem] = ()) -> tuple[Campaign, Path]:
        """A new campaign (no characters yet; `equipment` seeds its catalogue) saved under a fresh file
        name derived from `name`."""
        campaign = Campaign(name=name, ruleset=ruleset, equipment=list(equipment))
        return campaign, self._write_new(campaign)

    def save_as(self, campaign: Campaign, new_name: str, path: Path | None = None) -> Path:
        """Save a copy named `new_name` (with its own id) to a new file of the campaigns folder, or to `path`
        (in any folder; a file there is replaced as save() replaces one); `campaign` is left as it is."""
        copy = campaign.model_copy(deep=True)
        copy.name = new_name
        copy.id = new_id()
        copy.created = utc_now()
        if path is None:
            return self._write_new(copy)
        self.save(copy, Path(path))
        return Path(path)

    def duplicate(self, path: Path, new_name: str) -> Path:
        """Copy the campaign file at `path` under a new name; returns the new file."""
        return self.save_as(self.load(path), new_name)

    def rename(self, path: Path, new_name: str) -> None:
        """Change the campaign's name inside the file; the file keeps its name (others may point at it)."""
        campaign = self.load(path)
        campaign.name = new_name
        self.save(campaign, path)

    def delete(self, path: Path) -> BackupInfo:
        """Move the file into the backups area (see list_deleted/undelete); its recovery file goes too."""
        path = Path(path)
        info = self.backups.keep_deleted(path)
        self._known_good.pop(path.resolve(), None)
        self.recovery.discard(path)
        return info

    def recreate(self, recovery: Recovery) -> Path:
        """Write the campaign of a recovery whose file is gone; returns where it went, and drops the recovery.

        Never outside the campaigns folder, whatever path the recovery file names (it may have been
        written by hand): at that path only if it is a campaign file of the campaigns folder, else under
        a fresh name there.
        """
        original = recovery.original_path
        at_home = (original.parent == self.paths.campaigns.resolve() and original.suffix == ".json"
                   and not os.path.lexists(original))
        if at_home:
            self.save(recovery.campaign, original)
            target = original
        else:
            target = self._write_new(recovery.campaign.model_copy(deep=True))
        self.recovery.discard_recovery(recovery)
        return target

    # -- backups ------------------------------------------------------------------------------
    def list_backups(self, path: Path) -> list[BackupInfo]:
        """Earlier versions of the campaign at `path`, newest first."""
        return self.backups.list_for(path)

    def restore_backup(self, path: Path, backup: BackupInfo | Path) -> None:
        """Put an earlier version back in place; the current file is kept as a backup first.

        The backup is checked before anything changes, so a damaged one cannot replace a good file.
        """
        path = Path(path)
        source = backup.path if isinstance(backup, BackupInfo) else Path(backup)
        # Read it first: keeping the current file as a backup may prune the very version chosen.
        data = read_limited(source, self.max_bytes)
        parse_campaign_bytes(data, source)
        path.parent.mkdir(parents=True, exist_ok=True)
        self._replace(path, [data], path.exists())

    def list_deleted(self) -> list[BackupInfo]:
        """Campaign files moved away by delete(), newest first."""
        return self.backups.list_deleted()

    def undelete(self, backup: BackupInfo) -> Path:
        """Bring a deleted campaign back into the campaigns folder (under a free name); returns it."""
        read_campaign(backup.path, self.max_bytes)
        target = self._claim(backup.campaign_stem)
        try:
            atomic_copy_file(backup.path, target)
        except BaseException:
            target.unlink(missing_ok=True)
            raise
        backup.path.unlink()
        return target

    # -- helpers ------------------------------------------------------------------------------
    def unique_path(self, name: str) -> Path:
        """The first free file name for `name` in the campaigns folder (slug.json, slug-2.json, ...)."""
        slug = slugify(name)
        for n in range(1, 10_000):
            candidate = self.paths.campaigns / (f"{slug}.json" if n == 1 else f"{slug}-{n}.json")
            if not candidate.exists():
                return candidate
        raise OSError(f"no free file name for {name!r} in {self.paths.campaigns}")

    def _claim(self, stem_source: str) -> Path:
        """Reserve a free file name by creating it exclusively, so two saves never pick the same one."""
        self.paths.campaigns.mkdir(parents=True, exist_ok=True)
        while True:
            candidate = self.unique_path(stem_source)
            try:
                os.close(os.open(candidate, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666))
            except FileExistsError:
                continue
            return candidate

    def _replace(self, path: Path, data: Sequence[bytes], exists: bool,
                 expected: FileVersion | None = None) -> FileVersion:
        """Put `data` (its pieces one after another) in place of the file: written in full first, then the
        current version kept as a backup, then the switch, and only then the pruning of old backups; on failure
        nothing changed. With `expected`, the file is checked to be that version once more just before the
        switch, with the folder locked against other saves (ChangedOnDisk). Returns the version written."""
        with stage_pieces(path, data, through_symlink=True) as staged:
            written = FileVersion.of(staged.stat(), data)
            with saves_in(staged.path.parent):
                if expected is not None and exists and expected.same_as(path, self.max_bytes) is False:
                    raise ChangedOnDisk(path)
                kept = self.backups.keep_copy(path, prune=False) if exists else None
                try:
                    staged.commit()
                finally:
                    if kept is not None and not staged.committed:
                        with contextlib.suppress(OSError):
                            kept.path.unlink()  # the version it kept is still the file itself
        self.backups.prune(path)
        self._remember_good(path)
        return written

    def _checked_bytes(self, campaign: Campaign) -> bytes:
        """The file content, once it is known to load again: within the size limit, and read back by the
        same validation a load does (a value changed in place, bypassing the model's checks, would
        otherwise be written in a form the next load refuses). Raises UnsavableCampaign."""
        data = campaign_bytes(campaign)
        if len(data) > self.max_bytes:
            raise UnsavableCampaign(f"the campaign would take {len(data):,} bytes, more than the limit of "
                                    f"{self.max_bytes:,} bytes a campaign file may have")
        try:
            parse_campaign_bytes(data, Path("campaign.json"))
        except CampaignFileError as exc:
            raise UnsavableCampaign(f"{exc.problem} (the file would not open again)") from None
        return data

    def _write_new(self, campaign: Campaign) -> Path:
        target = self._claim(campaign.name)
        campaign.modified = utc_now()
        try:
            # The placeholder is ours and empty: no backup of it, and no "bad file" refusal.
            atomic_write_bytes(target, self._checked_bytes(campaign))
        except BaseException:
            with contextlib.suppress(OSError):
                target.unlink()
            raise
        self._remember_good(target)
        return target

    def _is_known_good(self, path: Path) -> bool:
        return self._known_good.get(path.resolve()) == _identity(path)

    def _remember_good(self, path: Path) -> None:
        identity = _identity(path)
        if identity is not None:
            self._known_good[path.resolve()] = identity


def _version_identity(path: Path) -> tuple[int, int, int, int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns


def _identity(path: Path) -> tuple[int, int, int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_size, st.st_mtime_ns, st.st_ino
