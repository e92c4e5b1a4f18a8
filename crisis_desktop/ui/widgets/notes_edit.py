"""A box for notes that holds at most as many characters as the domain allows: a paste or a drop beyond is
refused before Qt lays the text out (a 50 MB paste would freeze the window for minutes)."""

from __future__ import annotations

from PySide6.QtCore import QMimeData, Signal
from PySide6.QtWidgets import QPlainTextEdit, QWidget


def _domain_notes_max() -> int:
    """The domain's bound on notes, read when first needed: importing the domain brings pydantic and every
    model, which the start-up leaves until after the window is shown (the overview builds a NotesEdit)."""
    from crisis_desktop.domain.common import NOTES_MAX

    return NOTES_MAX


class NotesEdit(QPlainTextEdit):
    """Plain text of at most `limit` characters. Typing past the limit is refused by the domain, with the
    reason, where the edit is applied; pasting or dropping past it is refused here.

    Signals:
        refused(str): a paste or a drop was refused, with the reason.
    """

    refused = Signal(str)

    def __init__(self, limit: int | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._limit = limit

    @property
    def limit(self) -> int:
        """At most this many characters (the domain's NOTES_MAX unless given)."""
        if self._limit is None:
            self._limit = _domain_notes_max()
        return self._limit

    @limit.setter
    def limit(self, value: int) -> None:
        self._limit = value

    def insertFromMimeData(self, source: QMimeData) -> None:  # Override QPlainTextEdit::insertFromMimeData
        added = len(source.text()) if source.hasText() else 0
        cursor = self.textCursor()
        kept = self.document().characterCount() - 1 - (cursor.selectionEnd() - cursor.selectionStart())
        if kept + added > self.limit:
            self.refused.emit(f"Notes hold at most {self.limit:,} characters: the {added:,} pasted would make "
                              f"{kept + added:,}; nothing was pasted")
            return
        super().insertFromMimeData(source)
