"""An open campaign: its data, file, undo stack, journal and saving (in the background or at once)."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack

from crisis_desktop.controller.changes import ChangeSet
from crisis_desktop.controller.commands import Command, ReplaceContent
from crisis_desktop.controller.session import CampaignSession
from crisis_desktop.domain import Campaign
from crisis_desktop.domain.common import utc_now
from crisis_desktop.rules.base import Ruleset
from crisis_desktop.rules.registry import get_ruleset
from crisis_desktop.storage.campaign_store import CampaignStore
from crisis_desktop.storage.campaign_writer import CampaignPieces
from crisis_desktop.storage.file_versions import FileVersion
from crisis_desktop.ui.background import BackgroundTask
from crisis_desktop.ui.undo import UndoAdapter


@dataclass
class _Save:
    """One save: the file's pieces as the campaign stood when it began, and what to put back if it fails."""

    pieces: CampaignPieces
    flags: dict[str, bool]
    expected: FileVersion | None
    previous_modified: datetime
    modified: datetime
    changes_seen: int
    background: bool


class CampaignDocument(QObject):
    """Owns one campaign while it is open; every change goes through `push`. `session` is what the places of
    the window share (rules, encounter controllers, the encounter on show, the selection). Every change, undo
    and redo is journaled for recovery (storage/journal.py) as it happens.

    Saving takes the file's bytes from each item's cached JSON (only what changed since is serialized, on the
    UI thread, so they are the campaign as it stood) and writes them on another thread; a save asked for
    during one runs after it. The cache is filled in the background when the campaign opens.

    Signals:
        changed(ChangeSet): after a command was applied, undone or redone.
        dirtyChanged(bool): the undo stack left or reached its clean state.
        journalFailed(str): a change could not be written to the recovery journal (why).
        saveFinished(object): a save in the background ended: None, or the exception that stopped it.
    """

    changed = Signal(object)
    stepped = Signal(object)    # the ChangeSet of an undo or a redo (after `changed`), not of a new command
    dirtyChanged = Signal(bool)
    journalFailed = Signal(str)
    saveFinished = Signal(object)

    def __init__(self, campaign: Campaign, path: Path, store: CampaignStore, parent: QObject | None = None,
                 ruleset_for: Callable[[str], Ruleset] = get_ruleset, version: FileVersion | None = None) -> None:
        super().__init__(parent)
        self.campaign = campaign
        self.path = path
        self.store = store
        # The version of the file this window loaded or last saved: a save replaces only that one (else
        # ChangedOnDisk, and the GM is asked). Read here when the opener did not say (a file that is not there: none).
        self.version = version if version is not None else store.version_of(path)
        self.session = CampaignSession(campaign, ruleset_for)
        self.journal = self.session.journal_to(store.recovery.journal(path), path)
        self.journal.journal.remove_files = _remove_in_background
        self.undo_stack = QUndoStack(self)
        self.undo_stack.cleanChanged.connect(self._clean_changed)
        # The stack's index moves after the command ran: a journal failure is told then.
        self.undo_stack.indexChanged.connect(self._tell_journal_failure)
        self._journal_failure: str | None = None
        self._saving = False
        self._changes_seen = 0
        self._save: _Save | None = None
        self._save_queued: dict[str, bool] | None = None
        self._saver = BackgroundTask(self, name="save campaign")
        self._saver.done.connect(self._saved_in_background)
        self._syncer = BackgroundTask(self, name="sync journal")
        self._closed = False
        self._warmer = BackgroundTask(self, name="fill save cache", daemon=True)
        self._warmer.done.connect(self._warmed)
        fragments, stop = self.journal.fragments, threading.Event()
        self._stop_warming = stop  # the thread sees this, never the document itself
        self._warmer.run(lambda: fragments.warm(stop.is_set))

    def _clean_changed(self, clean: bool) -> None:
        if clean and not self._saving:
            try:
                self.journal.clean()  # undone back to the saved state: nothing is unsaved
            except OSError as exc:
                self._journal_failure = f"Could not update the recovery journal: {exc}"
        self.dirtyChanged.emit(not clean)

    @property
    def dirty(self) -> bool:
        return not self.undo_stack.isClean()

    def push(self, command: Command) -> None:
        # Applied here, not by the stack's first redo: a command the rules refuse as it is done (one of a Steps)
        # raises to the caller with nothing changed and nothing on the stack.
        changes = command.apply(self.campaign)
        self.undo_stack.push(UndoAdapter(command, self.campaign, self._applied, self._stepped, done=changes))

    def _stepped(self, changes: ChangeSet) -> None:
        self.stepped.emit(changes)

    def _applied(self, changes: ChangeSet) -> None:
        self._changes_seen += 1
        self.session.after_change(changes)
        was_broken = self.journal.broken
        try:
            self.session.record(changes)
        except OSError as exc:
            if not was_broken:
                # The journal no longer leads to this state; the next autosave writes the whole campaign.
                self._journal_failure = f"Could not journal the change: {exc}"
        self.changed.emit(changes)

    def _tell_journal_failure(self) -> None:
        failure, self._journal_failure = self._journal_failure, None
        if failure is not None:
            self.journalFailed.emit(failure)

    # -- saving -------------------------------------------------------------------------------------------
    @property
    def saving(self) -> bool:
        """A save runs in the background (or waits for the cache to be filled)."""
        return self._save is not None or self._save_queued is not None

    def save_in_background(self, **flags: bool) -> None:
        """Start saving (flags as CampaignStore.save takes them) without waiting; saveFinished tells how it
        ended. During a save, or while the cache is being filled, the save is queued (never lost) and starts
        after it. UnsavableCampaign (nothing written) if the campaign would not load again."""
        if self._save is not None or self._warmer.running:
            self._save_queued = flags
            return
        self._start(flags)

    def _start(self, flags: dict[str, bool]) -> None:
        save = self._begin(flags, background=True)
        store, path = self.store, self.path

        def write() -> tuple[_Save, BaseException | FileVersion]:
            try:
                return save, store.write_pieces(save.pieces, path, expected=save.expected, **save.flags)
            except BaseException as exc:  # noqa: BLE001 - told on the UI thread
                return save, exc

        self._saver.run(write)

    def save(self, *, overwrite_bad: bool = False, overwrite_read_only: bool = False,
             overwrite_changed: bool = False) -> None:
        """Save at once, on this thread, after a save running in the background (see CampaignStore.save for
        what is refused and how; overwrite_changed: replace the file even if it is not the version this window
        loaded or last saved, else ChangedOnDisk)."""
        self.wait_for_save()
        save = self._begin({"overwrite_bad": overwrite_bad, "overwrite_read_only": overwrite_read_only,
                            "overwrite_changed": overwrite_changed}, background=False)
        try:
            written = self.store.write_pieces(save.pieces, self.path, expected=save.expected, **save.flags)
        except BaseException as exc:
            self._end(save, exc)
            raise
        self._end(save, written)

    def wait_for_save(self) -> None:
        """Let saving in the background end, a save queued behind it included (without waiting for the cache
        to be filled); what each tells comes through saveFinished."""
        queued, self._save_queued = self._save_queued, None
        self._saver.wait()  # tells its outcome through _saved_in_background
        if queued is not None:
            try:
                self._start(queued)
            except ValueError as exc:  # UnsavableCampaign
                self.saveFinished.emit(exc)
                return
            self._saver.wait()

    def _begin(self, flags: dict[str, bool], *, background: bool) -> _Save:
        campaign = self.campaign
        previous = campaign.modified
        # Not through the model's validation: that would check every id of the campaign again (milliseconds at
        # 10,000 characters) for a time made here.
        object.__setattr__(campaign, "modified", utc_now())
        try:
            pieces = self.journal.fragments.pieces()
        except BaseException:
            object.__setattr__(campaign, "modified", previous)
            raise
        self.journal.mark()
        flags = dict(flags)
        expected = None if flags.pop("overwrite_changed", False) else self.version
        self._save = _Save(pieces, flags, expected, previous, campaign.modified, self._changes_seen, background)
        return self._save

    def _saved_in_background(self, outcome: tuple[_Save, BaseException | FileVersion] | None,
                             _error: object) -> None:
        if outcome is None:
            return
        save, result = outcome
        if save is not self._save:
            return  # told already (a save at once waited for it)
        self._end(save, result)
        if save.background:
            self.saveFinished.emit(result if isinstance(result, BaseException) else None)
        queued, self._save_queued = self._save_queued, None
        if queued is not None and not self._closed:
            try:
                self.save_in_background(**queued)
            except ValueError as exc:  # UnsavableCampaign
                self.saveFinished.emit(exc)

    def _end(self, save: _Save, result: BaseException | FileVersion) -> None:
        self._save = None
        if isinstance(result, BaseException):
            self.journal.save_failed()
            if self.campaign.modified == save.modified:
                object.__setattr__(self.campaign, "modified", save.previous_modified)
            return
        self.version = result
        try:
            self.journal.saved()
        except OSError as exc:
            self.journalFailed.emit(f"Could not restart the recovery journal after saving: {exc}")
        self._saving = True  # reaching the clean state here is the save's, not an undo's
        try:
            if self._changes_seen == save.changes_seen:
                self.undo_stack.setClean()
            else:
                # Changed while it was written: the file holds no state the stack can return to.
                self.undo_stack.resetClean()
        finally:
            self._saving = False

    def _warmed(self, _result: Any, _error: object) -> None:
        queued, self._save_queued = self._save_queued, None
        if queued is not None and self._save is None and not self._closed:
            try:
                self.save_in_background(**queued)
            except ValueError as exc:  # UnsavableCampaign
                self.saveFinished.emit(exc)

    # -- recovery -----------------------------------------------------------------------------------------
    def autosave(self) -> bool:
        """Make the unsaved changes durable for recovery: the journal is flushed to disk (in the background),
        or, if a change could not be journaled, the whole campaign is written as the journal. True if something
        was written."""
        if not self.dirty:
            return False
        if self.journal.broken:
            self.write_recovery()
        elif not self._syncer.running:
            self._syncer.run(self.journal.journal.sync)
        return True

    def write_recovery(self) -> Path:
        """Write the whole campaign as it is as its journal (after an error or a failed save); the journal
        goes on from there. Returns the journal file."""
        written = self.store.recovery.save(self.campaign, self.path)
        self.journal.resume()
        return written

    def close_journal(self) -> None:
        """The campaign closes: a save in progress ends first; the journal stays only if it holds unsaved
        changes."""
        self.wait_for_save()
        self._closed = True
        self._stop_warming.set()
        self._warmer.wait()
        self._syncer.wait()
        with contextlib.suppress(OSError):
            self.journal.close(keep=self.dirty)

    def adopt_recovery(self, recovered: Campaign) -> None:
        """Bring back autosaved changes as one undoable, unsaved step."""
        self.push(ReplaceContent(self.campaign, recovered, "Recover unsaved changes"))

    def reload_from(self, campaign: Campaign, version: FileVersion | None = None) -> None:
        """Replace the data wholesale (restoring a backup, reloading the file another window saved) by what the
        file holds now, of `version`: history no longer applies."""
        self.wait_for_save()
        self.version = version
        self.campaign = campaign
        self.session.replace_campaign(campaign)
        assert self.session.journal is not None
        self.journal = self.session.journal
        self.undo_stack.clear()
        with contextlib.suppress(OSError):
            self.journal.clean()  # the file holds exactly this
        self.changed.emit(ChangeSet(campaign_fields=frozenset({"*"})))


def _remove_in_background(files: list[Path]) -> None:
    """Remove files no longer needed off the UI thread (a large file's blocks take milliseconds to free)."""

    def remove() -> None:
        for file in files:
            with contextlib.suppress(OSError):
                file.unlink()

    threading.Thread(target=remove, name="remove saved copies", daemon=True).start()
