"""An open campaign: its data, file, undo stack, autosave and lock."""

from __future__ import annotations

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
    the window share (rules, encounter controllers, the encounter on show, the selection). A change to an
    encounter is journaled to the recovery file as soon as the undo stack has taken it.

    Signals:
        changed(ChangeSet): after a command was applied, undone or redone.
        dirtyChanged(bool): the undo stack left or reached its clean state.
        journalFailed(str): a change to a fight could not be written to the recovery file (why).
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
        self.undo_stack = QUndoStack(self)
        self.undo_stack.cleanChanged.connect(self._clean_changed)
        # The stack's index (and so its clean state) moves after the command ran: journal then.
        self.undo_stack.indexChanged.connect(self._journal_if_pending)
        self._journal_pending = False

    def _clean_changed(self, clean: bool) -> None:
        self.dirtyChanged.emit(not clean)

    @property
    def dirty(self) -> bool:
        return not self.undo_stack.isClean()

    def push(self, command: Command) -> None:
        self.undo_stack.push(UndoAdapter(command, self.campaign, self._applied, self.stepped.emit))

    def _applied(self, changes: ChangeSet) -> None:
        if self.session.after_change(changes):
            self._journal_pending = True
        self.changed.emit(changes)

    def _journal_if_pending(self) -> None:
        """Write the fight to the recovery file now, so a crash loses nothing (not the 30 s autosave)."""
        if not self._journal_pending:
            return
        self._journal_pending = False
        try:
            if not self.autosave():
                # Back at the saved state (undone to it): an older recovery must not be offered.
                self.store.recovery.discard(self.path)
        except OSError as exc:
            self.journalFailed.emit(f"Could not journal the fight: {exc}")

    def save(self, *, overwrite_bad: bool = False, overwrite_read_only: bool = False) -> None:
        """Save to the campaign's file (see CampaignStore.save for what is refused and how)."""
        self.store.save(self.campaign, self.path, overwrite_bad=overwrite_bad,
                        overwrite_read_only=overwrite_read_only)
        self.undo_stack.setClean()
        self.store.recovery.discard(self.path)

    def autosave(self) -> bool:
        """Write unsaved changes to the recovery file; True if something was written."""
        if not self.dirty:
            return False
        self.store.recovery.save(self.campaign, self.path)
        return True

    def adopt_recovery(self, recovered: Campaign) -> None:
        """Bring back autosaved changes as one undoable, unsaved step."""
        self.push(ReplaceContent(self.campaign, recovered, "Recover unsaved changes"))

    def reload_from(self, campaign: Campaign) -> None:
        """Replace the data wholesale (restoring a backup): history no longer applies."""
        self.campaign = campaign
        self.session.replace_campaign(campaign)
        self.undo_stack.clear()
        self.changed.emit(ChangeSet(campaign_fields=frozenset({"*"})))
