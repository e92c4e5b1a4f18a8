"""Where a roll's dice come from: the app's, or the faces the GM rolled at the table, typed or clicked by symbol."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QRadioButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from crisis_desktop.rules.dice import DiceSource, DieKind, RandomDice, TypedDice
from crisis_desktop.ui import theme
from crisis_desktop.ui.plain_text import plain_label


def dice_tokens(text: str) -> list[int | str]:
    """Die faces typed in order, as '4 6 2' or '4,6,2' for numbered dice, or by the faces' own texts ('sa blank t')
    for dice of symbols: numbers come back as numbers, the rest as text for the die asked for to read."""
    tokens: list[int | str] = []
    for part in re.split(r"[\s,;]+", text.strip()):
        if part:
            tokens.append(int(part) if part.isdigit() else part)
    return tokens


class TypedDiceEntry(QWidget):
    """"Roll by the app" or "Enter the dice rolled at the table" with the faces in the order the rules read them.
    For systems with dice of symbols (Ruleset.dice_kinds) a palette holds one button per face of each die, which
    types that face, so the GM clicks what the table shows instead of spelling it."""

    def __init__(self, kinds: Sequence[DieKind] = (), parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.app_dice = QRadioButton("Roll by the app")
        self.app_dice.setChecked(True)
        self.typed_dice = QRadioButton("Enter the dice rolled at the table:")
        self.faces = QLineEdit()
        self.faces.setObjectName("typed-faces")
        example = " ".join(kinds[0].face_texts()[1:3]) if kinds else "4 6 2"
        self.faces.setPlaceholderText(f"faces in the order asked, e.g. {example}")
        self.faces.textEdited.connect(lambda _t: self.typed_dice.setChecked(True))
        self.face_buttons: dict[tuple[str, str], QToolButton] = {}
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.app_dice)
        typed = QHBoxLayout()
        typed.addWidget(self.typed_dice)
        typed.addWidget(self.faces, 1)
        layout.addLayout(typed)
        if kinds:
            palette = QGridLayout()
            for row, kind in enumerate(kinds):
                name = QLabel(kind.name)
                if kind.colour:
                    name.setToolTip(f"The {kind.colour} die")
                palette.addWidget(name, row, 0)
                for column, text in enumerate(kind.face_texts(), start=1):
                    button = QToolButton()
                    button.setText(text)
                    button.setObjectName(f"face-{kind.key}-{text}")
                    button.setToolTip(f"{kind.name}: {text}")
                    button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
                    button.clicked.connect(lambda _c=False, t=text: self.type_face(t))
                    palette.addWidget(button, row, column)
                    self.face_buttons[(kind.key, text)] = button
            palette.setColumnStretch(1 + max(len(k.face_texts()) for k in kinds), 1)
            layout.addLayout(palette)

    def type_face(self, text: str) -> None:
        """Add one face at the end of what is typed, as clicking its button does."""
        current = self.faces.text().rstrip()
        self.faces.setText(f"{current} {text}".strip())
        self.typed_dice.setChecked(True)

    def dice(self, rng: random.Random) -> DiceSource:
        if self.typed_dice.isChecked():
            return TypedDice(dice_tokens(self.faces.text()))
        return RandomDice(rng=rng)


class RollBox(QGroupBox):
    """The "Dice" part of a dialog that rolls: where the dice come from, Roll, a problem line (more dice wanted, a
    refusal) and the roll's breakdown; with the Apply and Cancel buttons the dialog puts below it (`buttons`)."""

    def __init__(self, kinds: Sequence[DieKind], roll: Callable[[], object], dialog: QDialog, name: str) -> None:
        super().__init__("Dice")
        self.dice_entry = TypedDiceEntry(kinds)
        self.roll_button = QPushButton("&Roll")
        self.roll_button.clicked.connect(lambda _checked=False: roll())
        self.problem = plain_label()
        self.problem.setObjectName(f"{name}-problem")
        theme.mark_problem(self.problem)
        self.problem.setWordWrap(True)
        self.breakdown = QPlainTextEdit()
        self.breakdown.setReadOnly(True)
        self.breakdown.setPlaceholderText("The roll and its breakdown appear here.")
        self.breakdown.setMaximumHeight(80)
        layout = QVBoxLayout(self)
        layout.addWidget(self.dice_entry)
        row = QHBoxLayout()
        row.addWidget(self.roll_button)
        row.addWidget(self.problem, 1)
        layout.addLayout(row)
        layout.addWidget(self.breakdown)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Apply | QDialogButtonBox.StandardButton.Cancel)
        self.apply_button = self.buttons.button(QDialogButtonBox.StandardButton.Apply)
        self.apply_button.setEnabled(False)
        self.apply_button.clicked.connect(dialog.accept)
        self.buttons.rejected.connect(dialog.reject)

    def rolled(self, breakdown: str) -> None:
        """The roll is done: its breakdown shows, Roll is off, Apply takes the focus."""
        self.problem.setText("")
        self.breakdown.setPlainText(breakdown)
        self.roll_button.setEnabled(False)
        self.apply_button.setEnabled(True)
        self.apply_button.setFocus()
