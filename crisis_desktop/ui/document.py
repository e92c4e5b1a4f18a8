"""An open campaign: its data, file, undo stack, autosave and lock."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack

from crisis_desktop.controller.changes import ChangeSet
from crisis_desktop.controller.commands import Command, ReplaceContent
from crisis_desktop.domain import Campaign
from crisis_desktop.storage.campaign_store import CampaignStore
from crisis_desktop.ui.undo import UndoAdapter


class CampaignDocument(QObject):
    """Owns one campaign while it is open; every change goes through `push`.

    Signals:
        changed(ChangeSet): after a command was applied, undone or redone.
        dirtyChanged(bool): the undo stack left or reached its clean state.
    """

    changed = Signal(object)
    dirtyChanged = Signal(bool)

    def __init__(self, campaign: Campaign, path: Path, store: CampaignStore,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.campaign = campaign
        self.path = path
        self.store = store
        self.undo_stack = QUndoStack(self)
        self.undo_stack.cleanChanged.connect(self._clean_changed)

    def _clean_changed(self, clean: bool) -> None:
        self.dirtyChanged.emit(not clean)

    @property
    def dirty(self) -> bool:
        return not self.undo_stack.isClean()

    def push(self, command: Command) -> None:
        self.undo_stack.push(UndoAdapter(command, self.campaign, self.changed.emit))

    def save(self, *, overwrite_bad: bool = False) -> None:
        self.store.save(self.campaign, self.path, overwrite_bad=overwrite_bad)
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
        self.undo_stack.clear()
        self.changed.emit(ChangeSet(campaign_fields=frozenset({"*"})))
