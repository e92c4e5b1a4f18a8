"""The campaign picker: recent and all campaigns, with create, duplicate, rename, delete."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from crisis_desktop.storage.campaign_store import CampaignFileError, CampaignStore
from crisis_desktop.ui import theme
from crisis_desktop.ui.dialogs.ask import Ask
from crisis_desktop.ui.dialogs.new_campaign import NewCampaignDialog, create_campaign
from crisis_desktop.ui.plain_text import plain_label, tooltip

_PATH_ROLE = Qt.ItemDataRole.UserRole


class CampaignPicker(QDialog):
    """Lists the campaigns of the data directory; accept() leaves the chosen file in `chosen`."""

    def __init__(self, store: CampaignStore, recent: list[Path], open_path: Path | None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Campaigns")
        self.resize(720, 420)
        self.store = store
        self.recent = recent
        self.open_path = open_path
        self.chosen: Path | None = None

        self.tree = QTreeWidget()
        self.tree.setHeaderLabels(["Campaign", "Rules", "Last saved", "File"])
        self.tree.setRootIsDecorated(False)
        self.tree.setAlternatingRowColors(True)
        self.tree.header().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.tree.itemDoubleClicked.connect(lambda *_: self._open())
        self.tree.currentItemChanged.connect(lambda *_: self._update_buttons())
        self.problem = plain_label()
        self.problem.setWordWrap(True)
        theme.mark_problem(self.problem)

        buttons = QVBoxLayout()
        self.buttons: dict[str, QPushButton] = {}
        for key, label, slot in (
            ("open", "&Open", self._open),
            ("new", "&New…", self._new),
            ("duplicate", "&Duplicate…", self._duplicate),
            ("rename", "&Rename…", self._rename),
            ("delete", "De&lete…", self._delete),
            ("file", "Open &File…", self._open_file),
        ):
            button = QPushButton(label)
            button.clicked.connect(slot)
            buttons.addWidget(button)
            self.buttons[key] = button
        buttons.addStretch(1)
        self.buttons["open"].setDefault(True)
        QShortcut(QKeySequence(QKeySequence.StandardKey.Delete), self.tree, self._delete)

        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        close.rejected.connect(self.reject)
        body = QHBoxLayout()
        body.addWidget(self.tree, 1)
        body.addLayout(buttons)
        layout = QVBoxLayout(self)
        layout.addLayout(body)
        layout.addWidget(self.problem)
        layout.addWidget(close)
        self.refresh()

    @classmethod
    def ask(cls, store: CampaignStore, recent: list[Path], open_path: Path | None,
            parent: QWidget | None = None) -> Path | None:
        """Show the picker modally; the campaign file to open, or None."""
        dialog = cls(store, recent, open_path, parent)
        return dialog.chosen if dialog.exec() == QDialog.DialogCode.Accepted else None

    # -- listing ------------------------------------------------------------------------------
    def refresh(self, select: Path | None = None) -> None:
        self.tree.clear()
        entries = self.store.list_campaigns()
        rank = {p.resolve(): i for i, p in enumerate(self.recent)}
        entries.sort(key=lambda e: (rank.get(e.path.resolve(), len(rank)), e.name.casefold()))
        for entry in entries:
            recent = entry.path.resolve() in rank
            name = entry.name + ("  ★" if recent else "")
            modified = entry.modified.astimezone().strftime("%Y-%m-%d %H:%M") if entry.modified else ""
            rules = "cannot open" if entry.problem else (entry.ruleset or "")
            item = QTreeWidgetItem([name, rules, modified, entry.path.name])
            item.setData(0, _PATH_ROLE, str(entry.path))
            item.setData(1, _PATH_ROLE, entry.problem or "")
            if entry.problem:
                for column in (0, 1):
                    item.setForeground(column, theme.problem_text())
                    item.setToolTip(column, tooltip(entry.problem))
            if recent:
                item.setToolTip(2, "Recently opened")
            self.tree.addTopLevelItem(item)
            if select is not None and entry.path.resolve() == select.resolve():
                self.tree.setCurrentItem(item)
        first = self.tree.topLevelItem(0)
        if self.tree.currentItem() is None and first is not None:
            self.tree.setCurrentItem(first)
        for column in (1, 2, 3):
            self.tree.resizeColumnToContents(column)
        self._update_buttons()

    def _selected(self) -> Path | None:
        item = self.tree.currentItem()
        return Path(item.data(0, _PATH_ROLE)) if item else None

    def _update_buttons(self) -> None:
        item = self.tree.currentItem()
        path = self._selected()
        problem = item.data(1, _PATH_ROLE) if item else ""
        is_open = path is not None and self.open_path is not None and path.resolve() == self.open_path.resolve()
        self.problem.setText(f"Cannot open this file: {problem}" if problem else "")
        self.buttons["open"].setEnabled(path is not None and not problem)
        self.buttons["duplicate"].setEnabled(path is not None and not problem)
        self.buttons["rename"].setEnabled(path is not None and not problem and not is_open)
        self.buttons["delete"].setEnabled(path is not None and not is_open)
        self.buttons["delete"].setToolTip("Close the campaign before deleting it" if is_open else "")

    # -- actions ------------------------------------------------------------------------------
    def _open(self) -> None:
        path = self._selected()
        if path is None or not self.buttons["open"].isEnabled():
            return
        self.chosen = path
        self.accept()

    def _new(self) -> None:
        answer = NewCampaignDialog.ask(self)
        if answer is None:
            return
        self.chosen = create_campaign(self.store, *answer)
        self.accept()

    def _duplicate(self) -> None:
        path = self._selected()
        if path is None:
            return
        name = Ask.text(self, "Duplicate campaign", "Name of the copy:", f"{self._name_of(path)} (copy)")
        if name is None:
            return
        self._run(lambda: self.refresh(select=self.store.duplicate(path, name)))

    def _rename(self) -> None:
        path = self._selected()
        if path is None:
            return
        name = Ask.text(self, "Rename campaign", "New name:", self._name_of(path))
        if name is None:
            return
        def rename() -> None:
            self.store.rename(path, name)
            self.refresh(select=path)

        self._run(rename)

    def _delete(self) -> None:
        path = self._selected()
        if path is None or not self.buttons["delete"].isEnabled():
            return
        if not Ask.yes_no(self, "Delete campaign",
                          f"Delete “{self._name_of(path)}”?\n\nThe file is moved to the backups folder "
                          f"({self.store.paths.backups}), where it can be recovered."):
            return
        def delete() -> None:
            self.store.delete(path)
            self.refresh()

        self._run(delete)

    def _open_file(self) -> None:
        file, _ = QFileDialog.getOpenFileName(self, "Open campaign file", str(Path.home()),
                                              "Campaigns (*.json)")
        if file:
            self.chosen = Path(file)
            self.accept()

    def _name_of(self, path: Path) -> str:
        item = self.tree.currentItem()
        return item.text(0).removesuffix("  ★") if item else path.stem

    def _run(self, action: Callable[[], object]) -> None:
        try:
            action()
        except (CampaignFileError, OSError, ValueError) as exc:
            Ask.error(self, "Campaigns", str(exc))
