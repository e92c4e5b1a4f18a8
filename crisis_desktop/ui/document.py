"""An open campaign: its data, file, undo stack, autosave and lock."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack

from crisis_desktop.controller.changes import ChangeSet
from crisis_desktop.controller.commands import Command, ReplaceContent
from crisis_desktop.controller.session import CampaignSession
from crisis_desktop.domain import Campaign
from crisis_desktop.rules.base import Ruleset
from crisis_desktop.rules.registry import get_ruleset
from crisis_desktop.storage.campaign_store import CampaignStore
from crisis_desktop.ui.undo import UndoAdapter


class CampaignDocument(QObject):
    """Owns one campaign while it is open; every change goes through `push`. `session` is what the places of
    the window share (rules, encounter controllers, the encounter on show, the selection). Every change, undo
    and redo is journaled for recovery (storage/journal.py) as it happens.

    Signals:
        changed(ChangeSet): after a command was applied, undone or redone.
        dirtyChanged(bool): the undo stack left or reached its clean state.
        journalFailed(str): a change could not be written to the recovery journal (why).
    """

    changed = Signal(object)
    stepped = Signal(object)    # the ChangeSet of an undo or a redo (after `changed`), not of a new command
    dirtyChanged = Signal(bool)
    journalFailed = Signal(str)

    def __init__(self, campaign: Campaign, path: Path, store: CampaignStore, parent: QObject | None = None,
                 ruleset_for: Callable[[str], Ruleset] = get_ruleset) -> None:
        super().__init__(parent)
        self.campaign = campaign
        self.path = path
        self.store = store
        self.session = CampaignSession(campaign, ruleset_for)
        self.journal = self.session.journal_to(store.recovery.journal(path), path)
        self.undo_stack = QUndoStack(self)
        self.undo_stack.cleanChanged.connect(self._clean_changed)
        # The stack's index moves after the command ran: a journal failure is told then.
        self.undo_stack.indexChanged.connect(self._tell_journal_failure)
        self._journal_failure: str | None = None
        self._journal_broken = False
        self._saving = False

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
        self.undo_stack.push(UndoAdapter(command, self.campaign, self._applied, self.stepped.emit))

    def _applied(self, changes: ChangeSet) -> None:
        self.session.after_change(changes)
        if not self._journal_broken:
            try:
                self.session.record(changes)
            except OSError as exc:
                # The journal no longer leads to this state; the next autosave writes the whole campaign.
                self._journal_broken = True
                self._journal_failure = f"Could not journal the change: {exc}"
        self.changed.emit(changes)

    def _tell_journal_failure(self) -> None:
        failure, self._journal_failure = self._journal_failure, None
        if failure is not None:
            self.journalFailed.emit(failure)

    def save(self, *, overwrite_bad: bool = False, overwrite_read_only: bool = False) -> None:
        """Save to the campaign's file (see CampaignStore.save for what is refused and how)."""
        self.journal.mark()
        self._saving = True  # reaching the clean state here is the save's, not an undo's
        try:
            self.store.save(self.campaign, self.path, overwrite_bad=overwrite_bad,
                            overwrite_read_only=overwrite_read_only)
            self.undo_stack.setClean()
        except BaseException:
            self.journal.save_failed()
            raise
        finally:
            self._saving = False
        self._journal_broken = False
        self.journal.saved()

    def autosave(self) -> bool:
        """Make the unsaved changes durable for recovery: the journal is flushed to disk, or, if a change
        could not be journaled, the whole campaign is written as the journal. True if something was written."""
        if not self.dirty:
            return False
        if self._journal_broken:
            self.write_recovery()
        else:
            self.journal.journal.sync()
        return True

    def write_recovery(self) -> Path:
        """Write the whole campaign as it is as its journal (after an error or a failed save); the journal
        goes on from there. Returns the journal file."""
        written = self.store.recovery.save(self.campaign, self.path)
        self.journal.resume()
        self._journal_broken = False
        return written

    def close_journal(self) -> None:
        """The campaign closes: its journal stays only if it holds unsaved changes."""
        with contextlib.suppress(OSError):
            self.journal.close(keep=self.dirty)

    def adopt_recovery(self, recovered: Campaign) -> None:
        """Bring back autosaved changes as one undoable, unsaved step."""
        self.push(ReplaceContent(self.campaign, recovered, "Recover unsaved changes"))

    def reload_from(self, campaign: Campaign) -> None:
        """Replace the data wholesale (restoring a backup): history no longer applies."""
        self.campaign = campaign
        self.session.replace_campaign(campaign)
        assert self.session.journal is not None
        self.journal = self.session.journal
        self.undo_stack.clear()
        with contextlib.suppress(OSError):
            self.journal.clean()  # the file holds exactly this
        self.changed.emit(ChangeSet(campaign_fields=frozenset({"*"})))
