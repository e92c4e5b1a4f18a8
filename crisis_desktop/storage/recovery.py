"""Autosaved unsaved changes (recovery files), offered again after a crash."""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import os
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from crisis_desktop.domain.campaign import SCHEMA_VERSION, Campaign
from crisis_desktop.storage.atomic import atomic_write_bytes
from crisis_desktop.storage.campaign_file import (
    MAX_CAMPAIGN_BYTES,
    CampaignFileError,
    parse_campaign_data,
    parse_json_object,
    read_limited,
)
from crisis_desktop.storage.paths import AppPaths

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Recovery:
    """Unsaved changes of the campaign at `original_path`, autosaved at `saved` (UTC)."""

    file: Path
    original_path: Path
    saved: datetime
    campaign: Campaign

    @property
    def campaign_name(self) -> str:
        return self.campaign.name

    @property
    def original_missing(self) -> bool:
        return not self.original_path.exists()


class RecoveryStore:
    """One recovery file per campaign: <recovery>/<campaign file stem>.json, recording the campaign's path.

    Two campaigns with the same file stem in different folders get distinct files (the second one a
    "-<hash>" suffix), so one never overwrites the other's unsaved changes.
    """

    def __init__(self, paths: AppPaths, *, max_bytes: int = MAX_CAMPAIGN_BYTES) -> None:
        self.folder = paths.recovery
        self.max_bytes = max_bytes

    def save(self, campaign: Campaign, original_path: Path) -> Path:
        """Write the campaign's current (unsaved) state atomically; returns the recovery file."""
        original = _absolute(original_path)
        target = self._file_for_save(original)
        payload = {
            "recovery_of": str(original),
            "saved": datetime.now(UTC).isoformat(),
            "campaign": campaign.model_dump(mode="json"),
        }
        self.folder.mkdir(parents=True, exist_ok=True)
        atomic_write_bytes(target, (json.dumps(payload, indent=2, ensure_ascii=False) + "\n").encode())
        return target

    def list_recoveries(self) -> list[Recovery]:
        """Recoveries to offer, newest first.

        One older than its campaign file was overtaken by a save and is deleted. Unreadable ones are
        skipped and left where they are (logged), as they may still be of use to someone; at start-up
        set_aside_damaged() renames them and says so.
        """
        if not self.folder.is_dir():
            return []
        offers = []
        for file in sorted(self.folder.glob("*.json")):
            if file.name.startswith("."):
                continue
            try:
                recovery = self._read(file)
            except CampaignFileError as exc:
                log.warning("Ignoring unreadable recovery file: %s", exc)
                continue
            if _is_stale(recovery):
                self._remove(file)
                continue
            offers.append(recovery)
        return sorted(offers, key=lambda r: r.saved, reverse=True)

    def take(self, original_path: Path) -> Recovery | None:
        """The recovery of this campaign, if any. The file stays until discard() (normally after a
        save), so a second crash before the next autosave loses nothing."""
        for file in self._files_for(_absolute(original_path)):
            with contextlib.suppress(CampaignFileError):
                return self._read(file)
        return None

    def discard(self, original_path: Path) -> None:
        """Forget the unsaved changes of this campaign (saved, or the GM declined them)."""
        for file in self._files_for(_absolute(original_path)):
            self._remove(file)

    # -- helpers ------------------------------------------------------------------------------
    def _candidates(self, original: Path) -> tuple[Path, Path]:
        digest = hashlib.sha256(str(original).encode()).hexdigest()[:8]
        return self.folder / f"{original.stem}.json", self.folder / f"{original.stem}-{digest}.json"

    def _file_for_save(self, original: Path) -> Path:
        plain, hashed = self._candidates(original)
        # A plain file of another campaign, or one that cannot be read (left alone, as promised),
        # sends this campaign's changes to the hashed name.
        if hashed.exists() or (plain.exists() and self._recorded_path(plain) != original):
            return hashed
        return plain

    def _files_for(self, original: Path) -> list[Path]:
        return [f for f in self._candidates(original) if f.exists() and self._recorded_path(f) == original]

    def _recorded_path(self, file: Path) -> Path | None:
        try:
            data = parse_json_object(read_limited(file, self.max_bytes), file)
        except CampaignFileError:
            return None
        recorded = data.get("recovery_of")
        return Path(recorded) if isinstance(recorded, str) else None

    def _read(self, file: Path) -> Recovery:
        data = parse_json_object(read_limited(file, self.max_bytes), file)
        recorded, saved, campaign = data.get("recovery_of"), data.get("saved"), data.get("campaign")
        if not isinstance(recorded, str) or not isinstance(saved, str) or not isinstance(campaign, dict):
            raise CampaignFileError(file, "not a recovery file (recovery_of, saved or campaign missing)")
        try:
            when = datetime.fromisoformat(saved)
        except ValueError:
            raise CampaignFileError(file, f"not a time: {saved!r}", "saved") from None
        if when.tzinfo is None:
            # Every recovery this app writes says UTC; a time without a zone cannot be placed (or sorted).
            raise CampaignFileError(file, f"a time without a time zone: {saved!r}", "saved")
        return Recovery(file, Path(recorded), when, parse_campaign_data(campaign, file))

    def set_aside_damaged(self) -> list[str]:
        """Rename every recovery file that cannot be read (cut short, not JSON, a bad time...) to
        <name>.damaged-<UTC time>, so it is no longer looked at but nothing in it is lost; a message for
        each. One written by a newer Crisis Desktop is left where it is, for that version to offer."""
        if not self.folder.is_dir():
            return []
        messages = []
        for file in sorted(self.folder.glob("*.json")):
            if file.name.startswith("."):
                continue
            try:
                self._read(file)
            except CampaignFileError as exc:
                if self._written_by_newer(file):
                    log.warning("Leaving a recovery file of a newer Crisis Desktop alone: %s", exc)
                    continue
                try:
                    aside = _set_aside(file)
                except OSError as move_exc:
                    messages.append(f"The recovery file {file} could not be read ({exc.problem}) nor renamed "
                                    f"({move_exc.strerror or move_exc}); it was left where it is.")
                    continue
                log.warning("Recovery file set aside as %s: %s", aside.name, exc)
                messages.append(f"The recovery file {file.name} could not be read ({exc.problem}). It was kept "
                                f"as {aside.name} in {self.folder}.")
        return messages

    def _written_by_newer(self, file: Path) -> bool:
        try:
            campaign = parse_json_object(read_limited(file, self.max_bytes), file).get("campaign")
        except CampaignFileError:
            return False
        version = campaign.get("schema_version") if isinstance(campaign, dict) else None
        return isinstance(version, int) and not isinstance(version, bool) and version > SCHEMA_VERSION

    def _remove(self, file: Path) -> None:
        with contextlib.suppress(FileNotFoundError):
            file.unlink()


def _absolute(path: Path) -> Path:
    # resolve(): the same campaign reached through a symlink or a relative path is one campaign.
    return Path(path).resolve()


def _set_aside(file: Path) -> Path:
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    aside = file.with_name(f"{file.name}.damaged-{stamp}")
    n = 1
    while aside.exists():
        n += 1
        aside = file.with_name(f"{file.name}.damaged-{stamp}-{n}")
    os.replace(file, aside)
    return aside


def _is_stale(recovery: Recovery) -> bool:
    """Older than the campaign file: the GM saved after this autosave. A tie counts as newer, so a
    recovery is never thrown away on a coarse file-system clock."""
    try:
        campaign_mtime = os.stat(recovery.original_path).st_mtime_ns
        recovery_mtime = os.stat(recovery.file).st_mtime_ns
    except FileNotFoundError:
        # A missing campaign file leaves the recovery as the only copy: offer it.
        return False
    return recovery_mtime < campaign_mtime
