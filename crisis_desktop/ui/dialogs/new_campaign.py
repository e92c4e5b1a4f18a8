"""Asks for the name and rules system of a new campaign."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLineEdit, QWidget

from crisis_desktop.rules.registry import DEFAULT_RULESET_ID, get_ruleset, ruleset_ids
from crisis_desktop.storage.campaign_store import CampaignStore


def create_campaign(store: CampaignStore, name: str, ruleset_id: str) -> Path:
    """Save a new campaign whose equipment catalogue holds the system's own weapons and armour."""
    _campaign, path = store.create(name, ruleset_id, get_ruleset(ruleset_id).equipment_catalogue())
    return path


class NewCampaignDialog(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New campaign")
        self.name = QLineEdit()
        self.name.setPlaceholderText("e.g. Ashes of the Ridge")
        self.ruleset = QComboBox()
        for ruleset_id in ruleset_ids():
            self.ruleset.addItem(f"{get_ruleset(ruleset_id).name} ({ruleset_id})", ruleset_id)
        self.ruleset.setCurrentIndex(self.ruleset.findData(DEFAULT_RULESET_ID))
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.name.textChanged.connect(self._validate)
        form = QFormLayout(self)
        form.addRow("&Name:", self.name)
        form.addRow("&Rules:", self.ruleset)
        form.addRow(self.buttons)
        self._validate()

    def _validate(self) -> None:
        ok = bool(self.name.text().strip())
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(ok)

    @classmethod
    def ask(cls, parent: QWidget | None = None) -> tuple[str, str] | None:
        """(name, ruleset id), or None if cancelled."""
        dialog = cls(parent)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.name.text().strip(), dialog.ruleset.currentData()
