"""Adapts controller commands to Qt's undo framework."""

from __future__ import annotations

import weakref
from collections.abc import Callable

from PySide6.QtGui import QUndoCommand

from crisis_desktop.controller.changes import ChangeSet
from crisis_desktop.controller.commands import Command
from crisis_desktop.domain import Campaign

# QUndoCommand.id() must be an int; merge keys are arbitrary tuples, so each distinct key gets one.
_MERGE_IDS: dict[tuple[object, ...], int] = {}


class UndoAdapter(QUndoCommand):
    """Pushes one controller Command onto a QUndoStack; redo applies it, undo reverts it. Given `done` (what the
    command changed when its owner applied it before pushing), the stack's first redo only tells that.

    `notify` hears every change; `stepped`, if given, also hears those of an undo or of a redo after one (not the
    first run, when the command is pushed), so a view can show what the step changed. Both are bound methods of
    the stack's owner, held weakly: the owner holds the stack, which holds its commands, so a strong hold would
    make a reference cycle, and Python's collector, tearing it, could free the owner and its stack (which deletes
    its commands) while freeing one of those very commands, which crashed the interpreter.
    """

    def __init__(self, command: Command, campaign: Campaign, notify: Callable[[ChangeSet], None],
                 stepped: Callable[[ChangeSet], None] | None = None, done: ChangeSet | None = None) -> None:
        super().__init__(command.text)
        self.command = command
        self._campaign = campaign
        self._notify = weakref.WeakMethod(notify)
        self._stepped = weakref.WeakMethod(stepped) if stepped is not None else None
        self._pushed = False
        self._done = done  # what the command changed when its owner applied it before pushing it

    def _tell(self, changes: ChangeSet, stepped: bool) -> None:
        notify = self._notify()
        if notify is not None:
            notify(changes)
        heard = self._stepped() if stepped and self._stepped is not None else None
        if heard is not None:
            heard(changes)

    def redo(self) -> None:  # Override QUndoCommand::redo (also called by QUndoStack.push)
        changes = self._done if self._done is not None else self.command.apply(self._campaign)
        self._done = None
        self._tell(changes, self._pushed)
        self._pushed = True

    def undo(self) -> None:  # Override QUndoCommand::undo
        self._tell(self.command.revert(self._campaign), True)

    def id(self) -> int:  # Override QUndoCommand::id: -1 means "never merge"
        key = self.command.merge_key
        if key is None:
            return -1
        return _MERGE_IDS.setdefault(key, len(_MERGE_IDS) + 1)

    def mergeWith(self, other: QUndoCommand) -> bool:  # Override QUndoCommand::mergeWith
        if not isinstance(other, UndoAdapter) or other.command.merge_key != self.command.merge_key:
            return False
        if not self.command.merge(other.command):
            return False
        self.setText(self.command.text)
        return True
