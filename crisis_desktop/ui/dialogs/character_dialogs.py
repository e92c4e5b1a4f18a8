"""Questions the Characters view asks (files, counts, picks, a quick NPC), replaceable by tests."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QInputDialog,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from crisis_desktop.ui.plain_text import input_dialog

JSON_FILTER = "Character files (*.json);;All files (*)"
IMAGE_FILTER = "Pictures (*.png *.jpg *.jpeg *.bmp *.gif *.webp);;All files (*)"


class QuickNpcDialog(QDialog):
    """A name and a level (the rules' own: crisis's Difficulty Level) for a new NPC, and its kind where the rules
    build several (`kinds`: (value, label) pairs; Genesys: minion group, rival, nemesis)."""

    def __init__(self, minimum: int, maximum: int, default: int, parent: QWidget | None = None,
                 label: str = "Difficulty Level", tip: str = "", kinds: Sequence[tuple[str, str]] = (),
                 kind_label: str = "Kind", kind_default: str = "", kind_tip: str = "") -> None:
        super().__init__(parent)
        self.setWindowTitle("Quick NPC")
        self.name = QLineEdit("Raider")
        self.name.selectAll()
        self.difficulty = QSpinBox()
        self.difficulty.setRange(minimum, maximum)
        self.difficulty.setValue(default)
        self.difficulty.setToolTip(tip or f"{label}: the rules build the NPC's skills and weapons from it")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form = QFormLayout(self)
        form.addRow("&Name:", self.name)
        form.addRow(f"&{label}:", self.difficulty)
        self.kind = QComboBox()
        for value, text in kinds:
            self.kind.addItem(text, value)
        self.kind.setCurrentIndex(max(0, self.kind.findData(kind_default)))
        self.kind.setToolTip(kind_tip)
        if kinds:
            form.addRow(f"&{kind_label}:", self.kind)
        form.addRow(buttons)


class CharacterAsk:
    """Every question of the Characters view; tests replace these classmethods with monkeypatch."""

    @classmethod
    def open_file(cls, parent: QWidget | None, title: str, name_filter: str) -> Path | None:
        path, _ = QFileDialog.getOpenFileName(parent, title, "", name_filter)
        return Path(path) if path else None

    @classmethod
    def save_file(cls, parent: QWidget | None, title: str, suggested: str, name_filter: str) -> Path | None:
        path, _ = QFileDialog.getSaveFileName(parent, title, suggested, name_filter)
        return Path(path) if path else None

    @classmethod
    def count(cls, parent: QWidget | None, title: str, label: str, value: int, minimum: int,
              maximum: int) -> int | None:
        dialog = input_dialog(parent, title, label)
        dialog.setInputMode(QInputDialog.InputMode.IntInput)
        dialog.setIntRange(minimum, maximum)
        dialog.setIntValue(value)
        return dialog.intValue() if dialog.exec() == QDialog.DialogCode.Accepted else None

    @classmethod
    def choose(cls, parent: QWidget | None, title: str, label: str, options: list[str]) -> int | None:
        """The index of the option picked, None if cancelled."""
        if not options:
            return None
        dialog = input_dialog(parent, title, label)
        dialog.setComboBoxItems(options)
        dialog.setComboBoxEditable(False)
        ok = dialog.exec() == QDialog.DialogCode.Accepted
        text = dialog.textValue()
        return options.index(text) if ok and text in options else None

    @classmethod
    def quick_npc(cls, parent: QWidget | None, minimum: int, maximum: int, default: int,
                  label: str = "Difficulty Level", tip: str = "", kinds: Sequence[tuple[str, str]] = (),
                  kind_label: str = "Kind", kind_default: str = "",
                  kind_tip: str = "") -> tuple[str, int] | tuple[str, int, str] | None:
        """The name and level; with `kinds`, the kind picked as well."""
        dialog = QuickNpcDialog(minimum, maximum, default, parent, label, tip, kinds, kind_label, kind_default,
                                kind_tip)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        if kinds:
            return dialog.name.text().strip(), dialog.difficulty.value(), str(dialog.kind.currentData())
        return dialog.name.text().strip(), dialog.difficulty.value()
