"""The fields the GM adds to a campaign's sheets (a Genesys custom skill), edited in the rule options dialog: the list,
and a row to add one (name, what it is based on, its group) with the reason when it cannot be added."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from PySide6.QtWidgets import (
    QComboBox,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from crisis_desktop.domain import StatValue
from crisis_desktop.rules.base import Ruleset
from crisis_desktop.rules.base.added_fields import AddedField, added_fields, field_key


class AddedFieldsEditor(QGroupBox):
    """The campaign's added fields; `options` gives the options chosen so far in the dialog (the skill list the names
    must not clash with)."""

    def __init__(self, ruleset: Ruleset, current: Mapping[str, StatValue],
                 options: Callable[[], dict[str, StatValue]], parent: QWidget | None = None) -> None:
        super().__init__("Skills of your own (added to every sheet of this campaign)", parent)
        self.ruleset = ruleset
        self._options = options
        self.fields: list[AddedField] = list(added_fields(current))
        self.bases = dict(ruleset.sheet.added_field_bases())
        layout = QVBoxLayout(self)
        self.list = QListWidget()
        self.list.setMaximumHeight(110)
        layout.addWidget(self.list)
        row = QHBoxLayout()
        self.name = QLineEdit()
        self.name.setPlaceholderText("Name (Slicing)")
        self.base = QComboBox()
        for key, label in self.bases.items():
            self.base.addItem(label, key)
        self.group = QComboBox()
        self.group.addItems(list(ruleset.sheet.added_field_groups()))
        self.add_button = QPushButton("Add")
        self.remove_button = QPushButton("Remove")
        row.addWidget(self.name, 2)
        for widget in (self.base, self.group, self.add_button, self.remove_button):
            row.addWidget(widget)
        layout.addLayout(row)
        self.problem = QLabel("")
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet("color: #b00020")
        layout.addWidget(self.problem)
        self.add_button.clicked.connect(self.add_from_row)
        self.remove_button.clicked.connect(self.remove_selected)
        self.name.returnPressed.connect(self.add_from_row)
        self._refill()

    def _refill(self) -> None:
        self.list.clear()
        for f in self.fields:
            item = QListWidgetItem(f"{f.label} — {self.bases.get(f.based_on, f.based_on)}, {f.group}")
            self.list.addItem(item)
        self.remove_button.setEnabled(bool(self.fields))

    def add_from_row(self) -> bool:
        """Add the field the row describes; False, with the reason shown, when it cannot be added."""
        label = " ".join(self.name.text().split())
        based_on, group = str(self.base.currentData()), self.group.currentText()
        problems = self.ruleset.sheet.added_field_problems(label, based_on, group, self._options())
        self.problem.setText("; ".join(problems))
        if problems:
            return False
        self.fields.append(AddedField(field_key(label), label, based_on, group))
        self.name.clear()
        self._refill()
        return True

    def remove_selected(self) -> None:
        row = self.list.currentRow()
        if 0 <= row < len(self.fields):
            del self.fields[row]
            self._refill()
