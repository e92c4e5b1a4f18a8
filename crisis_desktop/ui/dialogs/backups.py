"""Lists the saved versions of a campaign and lets the GM pick one to restore."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QListWidget, QListWidgetItem, QVBoxLayout, QWidget

from crisis_desktop.storage.backups import BackupInfo
from crisis_desktop.storage.campaign_store import CampaignStore


class BackupPicker(QDialog):
    def __init__(self, store: CampaignStore, path: Path, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Restore an earlier version")
        self.resize(460, 360)
        self.list = QListWidget()
        self.backups = store.list_backups(path)
        for backup in self.backups:
            when = backup.timestamp.astimezone().strftime("%Y-%m-%d %H:%M:%S")
            item = QListWidgetItem(f"{when}    {backup.size / 1024:.1f} KiB")
            item.setData(Qt.ItemDataRole.UserRole, backup)
            self.list.addItem(item)
        if self.backups:
            self.list.setCurrentRow(0)
        self.list.itemDoubleClicked.connect(lambda *_: self.accept())
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Restore")
        buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(bool(self.backups))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        intro = QLabel(
            "Each save keeps the previous version (the last 10). Restoring keeps the current file "
            "as a backup too, so it can be undone." if self.backups else "No earlier versions yet."
        )
        intro.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.list)
        layout.addWidget(buttons)

    @classmethod
    def ask(cls, store: CampaignStore, path: Path, parent: QWidget | None = None) -> BackupInfo | None:
        """The backup to restore, or None."""
        dialog = cls(store, path, parent)
        if dialog.exec() != QDialog.DialogCode.Accepted or dialog.list.currentItem() is None:
            return None
        return dialog.list.currentItem().data(Qt.ItemDataRole.UserRole)
