"""The builder strip under the turn order: the selected combatant's side, NPC group, the rules' setup flags (caught
unaware...), hidden from the players, and the GM override. Each edit is an intent of the board
(ui/views/board_intents.py), given the value the strip holds."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QSignalBlocker
from PySide6.QtWidgets import QCheckBox, QComboBox, QHBoxLayout, QLabel, QLineEdit, QPushButton, QVBoxLayout, QWidget

from crisis_desktop.domain.encounter import Combatant, Side
from crisis_desktop.rules.base import FieldSpec
from crisis_desktop.ui.views.board_intents import BoardIntents


class SelectedStrip(QWidget):
    """Two rows (so the board still fits beside the log on a small screen) that edit the selected combatant through
    the board's `intents`; `show_combatant` shows one, `make_setup_flags` a checkbox per flag of the rules."""

    def __init__(self, intents: BoardIntents, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.side = QComboBox()
        for side in Side:
            self.side.addItem(side.value, side.value)
        self.side.activated.connect(lambda _i: intents.set_side(Side(self.side.currentData())))
        self.group = QLineEdit()
        self.group.setPlaceholderText("NPC group (one initiative roll)")
        self.group.editingFinished.connect(lambda: intents.set_group(self.group.text()))
        # One checkbox per setup flag of the rules (caught unaware), made when the campaign's rules are known.
        self.setup_flags: dict[str, QCheckBox] = {}
        self.hidden = QCheckBox("Hidden from players")
        self.hidden.clicked.connect(lambda _c: intents.set_hidden(self.hidden.isChecked()))
        self.override_button = QPushButton("GM override…")
        self.override_button.clicked.connect(intents.override_selected)
        self._intents = intents
        rows = QVBoxLayout(self)
        rows.setContentsMargins(0, 0, 0, 0)
        builder = QHBoxLayout()
        builder.addWidget(QLabel("Selected:"))
        for widget in (self.side, self.group):
            builder.addWidget(widget)
        builder.addStretch(1)
        self._flags_layout = QHBoxLayout()
        for flag in (self.hidden, self.override_button):
            self._flags_layout.addWidget(flag)
        self._flags_layout.addStretch(1)
        rows.addLayout(builder)
        rows.addLayout(self._flags_layout)

    def make_setup_flags(self, specs: Sequence[FieldSpec]) -> None:
        """A checkbox for each setup flag the rules declare (none for rules without), before Hidden."""
        for box in self.setup_flags.values():
            self._flags_layout.removeWidget(box)
            box.deleteLater()
        self.setup_flags = {}
        for position, spec in enumerate(specs):
            box = QCheckBox(spec.label)
            box.setToolTip(spec.help)
            box.clicked.connect(lambda on, key=spec.key, label=spec.label: self._intents.set_setup(key, on, label))
            self._flags_layout.insertWidget(position, box)
            self.setup_flags[spec.key] = box

    def enable(self, on: bool) -> None:
        """Its edits open (someone is selected) or not."""
        for widget in (self.side, self.group, *self.setup_flags.values(), self.hidden, self.override_button):
            widget.setEnabled(on)

    def show_combatant(self, combatant: Combatant) -> None:
        """What the selected combatant's fields hold (the group as typed while it has the focus)."""
        with QSignalBlocker(self.side), QSignalBlocker(self.hidden):
            self.side.setCurrentIndex(self.side.findData(combatant.side.value))
            self.hidden.setChecked(combatant.hidden)
        for key, box in self.setup_flags.items():
            with QSignalBlocker(box):
                box.setChecked(combatant.setup.get(key) is True)
        if not self.group.hasFocus():
            self.group.setText(combatant.group or "")
