"""The Campaign place, the campaign's home: name and rules, what to do next (campaign_home), and the GM's notes."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QSignalBlocker, Signal
from PySide6.QtGui import QShowEvent, QTextCursor
from PySide6.QtWidgets import QFormLayout, QFrame, QHBoxLayout, QLabel, QScrollArea, QVBoxLayout, QWidget

from crisis_desktop.ui.plain_text import plain_label
from crisis_desktop.ui.views.campaign_home import CampaignHome
from crisis_desktop.ui.widgets.notes_edit import NotesEdit

if TYPE_CHECKING:
    from PySide6.QtGui import QUndoStack

    from crisis_desktop.controller.changes import ChangeSet
    from crisis_desktop.controller.session import CampaignSession
    from crisis_desktop.domain import Campaign


class CampaignOverview(QWidget):
    """Shows one campaign (or none): its home (`home`, whose signals the window connects) beside the notes.

    Signals:
        notesEdited(str): the GM typed into the notes.
    """

    notesEdited = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.title = plain_label()
        font = self.title.font()
        font.setPointSizeF(font.pointSizeF() * 1.8)
        font.setBold(True)
        self.title.setFont(font)
        self.rules = plain_label()
        self.file = plain_label()
        self.file.setWordWrap(True)
        self.contents = plain_label()
        self.contents.setWordWrap(True)
        self.notes = NotesEdit()
        self.notes.setPlaceholderText("Campaign notes: plot threads, NPC motives, what happened last session…")
        self.notes.textChanged.connect(lambda: self.notesEdited.emit(self.notes.toPlainText()))
        self.home = CampaignHome()
        self.session: CampaignSession | None = None
        self.undo_stack: QUndoStack | None = None
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(self.home)
        form = QFormLayout()
        form.addRow("Rules:", self.rules)
        form.addRow("Contents:", self.contents)
        form.addRow("File:", self.file)
        side = QVBoxLayout()
        side.addLayout(form)
        side.addWidget(QLabel("Notes:"))
        side.addWidget(self.notes, 1)
        body = QHBoxLayout()
        body.addWidget(scroll, 3)
        body.addLayout(side, 2)
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addLayout(body, 1)
        self._pending: tuple[Campaign, ChangeSet] | None = None
        self.show_campaign(None, None)

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802  Override QWidget::showEvent
        if self._pending is not None:
            self.update_campaign(*self._pending)
        super().showEvent(event)

    def show_campaign(self, campaign: Campaign | None, path: Path | None, session: CampaignSession | None = None,
                      undo_stack: QUndoStack | None = None) -> None:
        """Show this campaign; its session (rules, the characters' problems) and undo stack (recent changes) feed
        the home."""
        self.session, self.undo_stack = session, undo_stack
        self.setEnabled(campaign is not None)
        self._pending = None
        self.file.setText(str(path) if path else "")
        if campaign is None:
            self.title.setText("No campaign open")
            self.rules.setText("")
            self.contents.setText("Open a campaign with File › Open Campaign… (Ctrl+O).")
            with QSignalBlocker(self.notes):
                self.notes.setPlainText("")
            self.home.show_campaign(None, None, None)
            return
        from crisis_desktop.controller.changes import ChangeSet

        self.update_campaign(campaign, ChangeSet(campaign_fields=frozenset({"*"})))

    def update_campaign(self, campaign: Campaign, changes: ChangeSet) -> None:
        """Show what changed; out of sight (another place is shown, as in a fight), only remember it until shown:
        counting 10,000 characters after every step of a fight would be time the GM waits for."""
        if not self.isVisible():
            pending = self._pending[1] if self._pending is not None else None
            self._pending = (campaign, changes if pending is None else pending | changes)
            return
        self._pending = None
        self.title.setText(campaign.name)
        from crisis_desktop.rules.base.added_fields import added_fields  # the rules after the window shows

        added = ", ".join(f.label for f in added_fields(campaign.rule_options))
        self.rules.setText(rules_line(campaign) + (f"; added fields: {added}" if added else ""))
        pcs = sum(1 for c in campaign.characters if c.kind == "pc")
        npcs = len(campaign.characters) - pcs
        self.contents.setText(", ".join([
            _count(pcs, "player character"), _count(npcs, "NPC"), _count(len(campaign.encounters), "encounter"),
            _count(len(campaign.battle_maps), "battle map"),
            _count(len(campaign.equipment), "item") + " in the equipment catalogue",
        ]))
        from crisis_desktop.controller.changes import ChangeSet

        if changes == ChangeSet(campaign_fields=frozenset({"notes"})):
            self.home.show_recent(self.undo_stack)      # typing in the notes: the rest of the home is as it was
        else:
            self.home.show_campaign(campaign, self.session, self.undo_stack)
        if ("notes" in changes.campaign_fields or "*" in changes.campaign_fields) \
                and self.notes.toPlainText() != campaign.notes:
            # Undo/redo of a notes edit: show it without emitting another edit.
            with QSignalBlocker(self.notes):
                self.notes.setPlainText(campaign.notes)
                self.notes.moveCursor(QTextCursor.MoveOperation.End)  # go on typing where the text ends


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" + ("" if n == 1 else "s")


def rules_line(campaign: Campaign) -> str:
    """The rules by their name and the options chosen by their labels ("Genesys (rule options: Ranged while
    engaged = upgrade)"); a ruleset this version does not know by its key."""
    from crisis_desktop.rules.base.added_fields import ADDED_FIELDS
    from crisis_desktop.rules.registry import get_ruleset

    try:
        ruleset = get_ruleset(campaign.ruleset)
    except (KeyError, ValueError):
        options = ", ".join(f"{k} = {v}" for k, v in sorted(campaign.rule_options.items()) if k != ADDED_FIELDS) \
            or "defaults"
        return f"{campaign.ruleset} (rule options: {options})"
    labels = {o.key: o.label for o in ruleset.rule_options()}
    options = ", ".join(f"{labels.get(k, k)} = {v}" for k, v in sorted(campaign.rule_options.items())
                        if k != ADDED_FIELDS) or "defaults"
    return f"{ruleset.name} (rule options: {options})"
