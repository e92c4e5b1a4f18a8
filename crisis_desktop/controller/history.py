"""A plain undo history for headless use (CLI, tests, simulations); the GUI uses QUndoStack."""

from __future__ import annotations

from crisis_desktop.controller.changes import ChangeSet
from crisis_desktop.controller.commands import Command
from crisis_desktop.domain import Campaign


class History:
    """Applies commands to one campaign and undoes/redoes them without limit."""

    def __init__(self, campaign: Campaign) -> None:
        self.campaign = campaign
        self._done: list[Command] = []
        self._undone: list[Command] = []
        self._clean_depth: int | None = 0

    def push(self, command: Command) -> ChangeSet:
        if self._clean_depth is not None and self._clean_depth > len(self._done):
            self._clean_depth = None  # the clean state was on the redo side, now discarded
        changes = command.apply(self.campaign)
        if self._done and self._done[-1].merge(command):
            if self._clean_depth == len(self._done):
                self._clean_depth = None  # the clean step itself changed
        else:
            self._done.append(command)
        self._undone.clear()
        return changes

    def undo(self) -> ChangeSet:
        if not self._done:
            return ChangeSet()
        command = self._done.pop()
        self._undone.append(command)
        return command.revert(self.campaign)

    def redo(self) -> ChangeSet:
        if not self._undone:
            return ChangeSet()
        command = self._undone.pop()
        self._done.append(command)
        return command.apply(self.campaign)

    @property
    def depth(self) -> int:
        """How many steps undo can take back (a command merged into the last one adds none)."""
        return len(self._done)

    @property
    def can_undo(self) -> bool:
        return bool(self._done)

    @property
    def can_redo(self) -> bool:
        return bool(self._undone)

    @property
    def clean(self) -> bool:
        return self._clean_depth == len(self._done)

    def set_clean(self) -> None:
        self._clean_depth = len(self._done)
