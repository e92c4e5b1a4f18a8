"""Where a roll's dice come from: the app's, or the faces the GM rolled at the table, typed or clicked by symbol."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping, Sequence

from PySide6.QtCore import QEvent, QSize, Qt
from PySide6.QtGui import QIcon
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

from crisis_desktop.rules.dice import DiceSource, DieKind, DieRoll, RandomDice, TypedDice
from crisis_desktop.rules.glyphs import Glyph, drawn, tally_symbols
from crisis_desktop.rules.tally import Tally
from crisis_desktop.ui import theme
from crisis_desktop.ui.plain_text import plain_label
from crisis_desktop.ui.widgets.dice_icons import DiceStrip, die_pixmap

FACE_ICON = 26              # pixels of a face button's die


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
    types that face, so the GM clicks what the table shows instead of spelling it. Where the rules say how their dice
    and symbols look (DieKind.shape, Ruleset.symbol_glyphs), each button is the die drawn with that face's symbols,
    the face's words in its tooltip; otherwise it reads the face's text."""

    def __init__(self, kinds: Sequence[DieKind] = (), parent: QWidget | None = None,
                 glyphs: Mapping[str, Glyph] | None = None, typed_only: bool = False) -> None:
        super().__init__(parent)
        self.kinds = tuple(kinds)
        self.glyphs: Mapping[str, Glyph] = glyphs or {}
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
        if typed_only:              # asked for typed dice alone: no choice to offer
            self.typed_dice.setChecked(True)
            self.app_dice.hide()
            self.typed_dice.hide()
        if kinds:
            palette = QGridLayout()
            for row, kind in enumerate(kinds):
                name = QLabel(kind.name)
                if kind.colour:
                    name.setToolTip(f"The {kind.colour} die")
                palette.addWidget(name, row, 0)
                for column, text in enumerate(kind.face_texts(), start=1):
                    face = kind.faces[kind.face_number(text) - 1]
                    button = QToolButton()
                    button.setText(text)
                    button.setObjectName(f"face-{kind.key}-{text}")
                    words = face.symbols.describe() if face.symbols else "blank"
                    button.setToolTip(f"{kind.name}: {text} ({words})" if text != words else f"{kind.name}: {text}")
                    button.setAccessibleName(f"{kind.name}: {words}")
                    button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
                    button.clicked.connect(lambda _c=False, t=text: self.type_face(t))
                    palette.addWidget(button, row, column)
                    self.face_buttons[(kind.key, text)] = button
            palette.setColumnStretch(1 + max(len(k.face_texts()) for k in kinds), 1)
            layout.addLayout(palette)
            self._draw_faces()

    def _draw_faces(self) -> None:
        """Each face button as its die drawn with the face's symbols, in the palette's ink (again on a theme
        change); a die the rules do not draw keeps its text."""
        if not self.glyphs:
            return
        for kind in self.kinds:
            if not drawn(kind):
                continue
            for text in kind.face_texts():
                button = self.face_buttons[(kind.key, text)]
                face = kind.faces[kind.face_number(text) - 1]
                button.setIcon(QIcon(die_pixmap(kind, face, self.glyphs, FACE_ICON)))
                button.setIconSize(QSize(FACE_ICON, FACE_ICON))
                button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)
                button.setAutoRaise(True)

    def changeEvent(self, event: QEvent) -> None:  # Override QWidget::changeEvent: redraw in the new theme's ink
        super().changeEvent(event)
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange):
            self._draw_faces()

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
    refusal) and the roll's breakdown; with the Apply and Cancel buttons the dialog puts below it (`buttons`).
    Without `footer`, Roll and the problem line are left for the dialog to lay out beside its buttons."""

    def __init__(self, kinds: Sequence[DieKind], roll: Callable[[], object], dialog: QDialog, name: str,
                 glyphs: Mapping[str, Glyph] | None = None, footer: bool = True) -> None:
        super().__init__("Dice")
        self.kinds = {kind.key: kind for kind in kinds}
        self.glyphs: Mapping[str, Glyph] = glyphs or {}
        # Where the rules draw their dice: the pool before the roll, and the faces rolled with the net symbols.
        self.pool = DiceStrip(self.glyphs)
        self.pool.setObjectName(f"{name}-pool")
        self.pool_label = QLabel("Pool:")
        self.pool_label.hide()
        self.rolled_dice = DiceStrip(self.glyphs)
        self.rolled_dice.setObjectName(f"{name}-rolled")
        self.rolled_label = QLabel("Rolled:")
        self.rolled_label.hide()
        self.dice_entry = TypedDiceEntry(kinds, glyphs=self.glyphs)
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
        pool_row = QHBoxLayout()
        pool_row.addWidget(self.pool_label)
        pool_row.addWidget(self.pool, 1)
        layout.addLayout(pool_row)
        layout.addWidget(self.dice_entry)
        if footer:      # otherwise Roll and the problem line are the dialog's to place (kept in view)
            row = QHBoxLayout()
            row.addWidget(self.roll_button)
            row.addWidget(self.problem, 1)
            layout.addLayout(row)
        rolled_row = QHBoxLayout()
        rolled_row.addWidget(self.rolled_label)
        rolled_row.addWidget(self.rolled_dice, 1)
        layout.addLayout(rolled_row)
        layout.addWidget(self.breakdown)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Apply | QDialogButtonBox.StandardButton.Cancel)
        self.apply_button = self.buttons.button(QDialogButtonBox.StandardButton.Apply)
        self.apply_button.setEnabled(False)
        self.apply_button.clicked.connect(dialog.accept)
        self.buttons.rejected.connect(dialog.reject)

    def show_pool(self, dice: Sequence[DieKind]) -> None:
        """The dice the roll will roll (Checks.check_dice, Attacks.attack_dice), drawn; nothing for dice of
        numbers."""
        counts: dict[str, int] = {}
        for kind in dice:
            counts[kind.name] = counts.get(kind.name, 0) + 1
        words = ", ".join(name if n == 1 else f"{name} ×{n}" for name, n in counts.items())
        self.pool.show_dice([(kind, None) for kind in dice], words=f"Pool: {words}" if words else "")
        self.pool_label.setVisible(not self.pool.isHidden())

    def rolled(self, breakdown: str, dice: Sequence[DieRoll] = (), net: Tally | None = None) -> None:
        """The roll is done: its breakdown shows (with the dice of symbols it rolled, each showing its face, and the
        net symbols), Roll is off, Apply takes the focus."""
        self.problem.setText("")
        faces = [(kind, kind.faces[roll.value - 1]) for roll in dice
                 if (kind := self.kinds.get(roll.kind)) is not None and 1 <= roll.value <= kind.sides]
        symbols = tally_symbols(net, self.glyphs) if net is not None else []
        words = f"Rolled {', '.join(f.text for _k, f in faces)}" if faces else ""
        if net is not None and faces:
            words += f"; net {net.describe()}"
        self.rolled_dice.show_dice(faces, symbols, words)
        self.rolled_label.setVisible(not self.rolled_dice.isHidden())
        self.breakdown.setPlainText(breakdown)
        self.roll_button.setEnabled(False)
        self.apply_button.setEnabled(True)
        self.apply_button.setFocus()
