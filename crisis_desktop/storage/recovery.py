"""Unsaved changes kept for recovery (journals, and the whole-campaign files of earlier versions), offered
again after a crash."""

from __future__ import annotations

import contextlib
import logging
import os
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from crisis_desktop.domain.campaign import SCHEMA_VERSION, Campaign
from crisis_desktop.storage.campaign_file import (
    MAX_CAMPAIGN_BYTES,
    CampaignFileError,
    parse_campaign_data,
    parse_json_object,
    read_campaign,
    read_limited,
)
from crisis_desktop.storage.journal import (
    JOURNAL_SUFFIX,
    Journal,
    JournalContents,
    absolute,
    journal_name,
    journals_of,
    new_instance,
    read_journal,
    replay,
    snapshot_line,
)
from crisis_desktop.storage.locks import held_elsewhere
from crisis_desktop.storage.paths import AppPaths
from crisis_desktop.storage.running_marks import journal_running, remove_mark

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Recovery:
    """Unsaved changes of the campaign at `original_path`, last written at `saved` (UTC). `running`: the instance
    writing them still runs (another window's journal, not a crash's: not offered). `base`: the journal's copy of
    the file as it was saved when the changes began (what they were made on), if it has one."""

    file: Path
    original_path: Path
    saved: datetime
    campaign: Campaign
    running: bool = False
    base: Path | None = None

    @property
    def campaign_name(self) -> str:
        return self.campaign.name

    @property
    def original_missing(self) -> bool:
        return not self.original_path.exists()


class RecoveryStore:
    """The recovery folder: one journal per open campaign and instance (storage/journal.py), named after the
    campaign's path and the instance, so finding a campaign's journals never reads one. This store is one
    instance (a window): its journals are its own, and it never removes the journal of another instance that
    still runs.

    Files `<stem>.json` holding a whole campaign, written by earlier versions, are still offered and read.
    """

    def __init__(self, paths: AppPaths, *, max_bytes: int = MAX_CAMPAIGN_BYTES, instance: str | None = None) -> None:
        self.folder = paths.recovery
        self.max_bytes = max_bytes
        self.instance = instance or new_instance()
        self._journals: dict[Path, Journal] = {}

    def journal(self, original_path: Path) -> Journal:
        """This instance's journal of the campaign at `original_path` (the same object every time)."""
        original = absolute(original_path)
        journal = self._journals.get(original)
        if journal is None:
            journal = self._journals[original] = Journal(self.folder, original, max_bytes=self.max_bytes,
                                                         instance=self.instance)
        return journal

    def save(self, campaign: Campaign, original_path: Path) -> Path:
        """Write the campaign's whole current (unsaved) state as its journal, made durable at once (after
        an error, a failed save); returns the journal."""
        journal = self.journal(original_path)
        live = journal.started
        journal.restart(None, [snapshot_line(journal.next_seq(), campaign)])
        if not live:
            journal.close()  # no open campaign goes on writing it: a recovery to offer from now on
        return journal.path

    def list_recoveries(self) -> list[Recovery]:
        """Recoveries to offer, newest first.

        A journal without changes, or one leading to what its campaign file holds now (a save overtook it),
        is deleted; so is a whole-campaign file older than its campaign file. Unreadable ones are skipped and
        left where they are (logged), as they may still be of use to someone; at start-up
        set_aside_damaged() renames them and says so.
        """
        if not self.folder.is_dir():
            return []
        offers = []
        for file in self._recovery_files():
            try:
                recovery = self._read(file)
            except CampaignFileError as exc:
                log.warning("Ignoring unreadable recovery file: %s", exc)
                continue
            if recovery is None:
                continue
            offers.append(recovery)
        return sorted(offers, key=lambda r: r.saved, reverse=True)

    def take(self, original_path: Path) -> Recovery | None:
        """The recovery of this campaign, if any: this instance's own first, then another's (`running` says
        whether that instance still runs). The files stay until discard() (normally after a save), so a second
        crash before then loses nothing."""
        original = absolute(original_path)
        for file in self._files_for(original):
            with contextlib.suppress(CampaignFileError):
                recovery = self._read(file, drop_stale=False)
                if recovery is not None and recovery.original_path == original:
                    return recovery
        return None

    def discard(self, original_path: Path) -> None:
        """Forget this instance's unsaved changes of this campaign (saved, or the GM declined them); the journals
        of other instances stay. Never raises for the disk (a read-only disk must not keep a window from closing):
        what could not be removed is logged, and offered again at a start."""
        original = absolute(original_path)
        try:
            self.journal(original).discard()
            for file in self._legacy_candidates(original):
                if file.exists() and self._legacy_recorded_path(file) == original:
                    self._remove(file)
        except OSError as exc:
            log.warning("Could not remove the recovery journal of %s: %s", original, exc)

    def discard_recovery(self, recovery: Recovery) -> None:
        """Forget the unsaved changes of one recovery (declined, or taken into a window that journals them
        itself): its file, its journal's copy of the saved file and its mark. Logged, not raised, if the disk
        refuses."""
        if recovery.running:
            return
        try:
            if recovery.file.suffix == JOURNAL_SUFFIX:
                with contextlib.suppress(CampaignFileError):
                    contents = read_journal(recovery.file, self.max_bytes)
                    if contents.base is not None:
                        self._remove(contents.base)
                self._remove(recovery.file)
                remove_mark(recovery.file)
            else:
                self._remove(recovery.file)
        except OSError as exc:
            log.warning("Could not remove the recovery file %s: %s", recovery.file, exc)

    def set_aside_damaged(self) -> list[str]:
        """Rename every recovery file that cannot be read (not JSON, a damaged line, a bad time...) to
        <name>.damaged-<UTC time>, so it is no longer looked at but nothing in it is lost; a message for
        each. One written by a newer Crisis Desktop is left where it is, for that version to offer."""
        if not self.folder.is_dir():
            return []
        messages = []
        for file in self._recovery_files():
            try:
                self._read(file, drop_stale=False)
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

    # -- helpers ------------------------------------------------------------------------------
    def _recovery_files(self) -> list[Path]:
        return sorted(f for pattern in ("*.json", f"*{JOURNAL_SUFFIX}") for f in self.folder.glob(pattern)
                      if not f.name.startswith("."))

    def _files_for(self, original: Path) -> list[Path]:
        own = self.journal(original).path
        others = [file for file in journals_of(self.folder, original) if file != own] if self.folder.is_dir() else []
        return [own, *others, *self._legacy_candidates(original)]

    def _running(self, file: Path, original: Path) -> bool:
        """Whether the instance that wrote this recovery file still runs. This store's own journals are not
        another's (listed as they are); one of another instance says so by its mark; a file of an earlier
        version by the campaign's lock."""
        own = self._journals.get(original)
        if own is not None and file == own.path:
            return False
        if file.suffix == JOURNAL_SUFFIX and file.name != journal_name(original):
            return journal_running(file)
        return held_elsewhere(original) is not None

    def _read(self, file: Path, *, drop_stale: bool = True) -> Recovery | None:
        """The recovery in `file`; None (the file deleted with drop_stale) when it holds nothing unsaved.

        CampaignFileError for every way it can be unreadable, also those nobody foresaw: a start must always
        start, so a recovery file that raises anything else is logged (with the traceback) and counts as damaged.
        """
        try:
            return self._read_file(file, drop_stale=drop_stale)
        except CampaignFileError:
            raise
        except RecursionError:
            raise CampaignFileError(file, "nested too deeply to be a recovery file") from None
        except Exception as exc:  # noqa: BLE001 - see the docstring
            log.exception("Unexpected failure reading the recovery file %s", file)
            raise CampaignFileError(file, f"it could not be read ({type(exc).__name__}: {exc})") from None

    def _read_file(self, file: Path, *, drop_stale: bool) -> Recovery | None:
        if not file.exists():
            return None
        if file.suffix == JOURNAL_SUFFIX:
            contents = read_journal(file, self.max_bytes)
            campaign = replay(contents, self.max_bytes) if contents.lines else None
            running = self._running(file, contents.original)
            if campaign is None or self._overtaken(contents, campaign):
                if drop_stale and not running:
                    self._drop_journal(contents)
                return None
            saved = datetime.fromtimestamp(os.stat(file).st_mtime, UTC)
            return Recovery(file, contents.original, saved, campaign, running, contents.base)
        recovery = self._read_legacy(file)
        if _is_stale(recovery):
            if drop_stale:
                self._remove(file)
            return None
        return recovery

    def _drop_journal(self, contents: JournalContents) -> None:
        if contents.file.name == journal_name(contents.original) and held_elsewhere(contents.original):
            return  # an earlier version's journal of a campaign open in a running Crisis Desktop: it goes on
        own = self._journals.get(contents.original)
        if own is not None and own.path == contents.file:
            own.discard()
            return
        self._remove(contents.file)
        if contents.base is not None:
            self._remove(contents.base)
        remove_mark(contents.file)

    def _overtaken(self, contents: JournalContents, campaign: Campaign) -> bool:
        """Whether the campaign file holds what the journal leads to (saved after it, the app killed before
        the journal started again): nothing is unsaved. A snapshot journal older than the file is overtaken
        too."""
        original = contents.original
        try:
            now = os.stat(original)
            if contents.base is None:
                # A tie counts as newer, so a recovery is never thrown away on a coarse file-system clock.
                return os.stat(contents.file).st_mtime_ns < now.st_mtime_ns
            base = os.stat(contents.base)
        except FileNotFoundError:
            return False
        if (base.st_dev, base.st_ino) == (now.st_dev, now.st_ino):
            return False  # the file the changes apply to is still the campaign file
        try:
            saved = read_campaign(original, self.max_bytes)
        except CampaignFileError:
            return False
        return _comparable(saved) == _comparable(campaign)

    def _legacy_candidates(self, original: Path) -> tuple[Path, Path]:
        digest = journal_name(original).removesuffix(JOURNAL_SUFFIX).rsplit("-", 1)[1]
        return self.folder / f"{original.stem}.json", self.folder / f"{original.stem}-{digest}.json"

    def _legacy_recorded_path(self, file: Path) -> Path | None:
        try:
            data = parse_json_object(read_limited(file, self.max_bytes), file)
        except CampaignFileError:
            return None
        recorded = data.get("recovery_of")
        return Path(recorded) if isinstance(recorded, str) else None

    def _read_legacy(self, file: Path) -> Recovery:
        data = parse_json_object(read_limited(file, self.max_bytes), file)
        recorded, saved, campaign = data.get("recovery_of"), data.get("saved"), data.get("campaign")
        if not isinstance(recorded, str) or not isinstance(saved, str) or not isinstance(campaign, dict):
            raise CampaignFileError(file, "not a recovery file (recovery_of, saved or campaign missing)")
        try:
            when = datetime.fromisoformat(saved)
        except ValueError:
            raise CampaignFileError(file, f"not a time: {saved!r}", "saved") from None
        if when.tzinfo is None:
            # Every recovery file says UTC; a time without a zone cannot be placed (or sorted).
            raise CampaignFileError(file, f"a time without a time zone: {saved!r}", "saved")
        try:
            # Sorting and showing need it in UTC and local time: 0001-01-01T00:00:00+14:00 is before year 1 there.
            when = when.astimezone(UTC)
            when.astimezone()
        except (OverflowError, ValueError, OSError):
            raise CampaignFileError(file, f"a time out of range: {saved!r}", "saved") from None
        return Recovery(file, Path(recorded), when, parse_campaign_data(campaign, file),
                        held_elsewhere(Path(recorded)) is not None)

    def _written_by_newer(self, file: Path) -> bool:
        if file.suffix == JOURNAL_SUFFIX:
            return False  # a journal of another format says so, and is set aside with it
        try:
            campaign = parse_json_object(read_limited(file, self.max_bytes), file).get("campaign")
        except CampaignFileError:
            return False
        version = campaign.get("schema_version") if isinstance(campaign, dict) else None
        return isinstance(version, int) and not isinstance(version, bool) and version > SCHEMA_VERSION

    def _remove(self, file: Path) -> None:
        with contextlib.suppress(FileNotFoundError):
            file.unlink()


def _comparable(campaign: Campaign) -> dict[str, object]:
    # A save stamps `modified`; everything else must be the same.
    return campaign.model_dump(exclude={"modified"})


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
