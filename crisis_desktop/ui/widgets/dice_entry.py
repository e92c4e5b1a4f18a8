"""Where a roll's dice come from: the app's, or the faces the GM rolled at the table, typed or clicked by symbol,
each die shown apart (a chip a die) with the die it is read as."""

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
    QPlainTextDocumentLayout,
    QPlainTextEdit,
    QPushButton,
    QRadioButton,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from crisis_desktop.rules.kernel.dice import (
    DiceProbe,
    DiceSource,
    DieAsk,
    DieKind,
    DieRoll,
    RandomDice,
    TypedDice,
    dice_words,
)
from crisis_desktop.rules.kernel.glyphs import Glyph, drawn, tally_symbols
from crisis_desktop.rules.kernel.tally import Tally
from crisis_desktop.ui import theme
from crisis_desktop.ui.plain_text import plain_label, tooltip
from crisis_desktop.ui.widgets.dice_icons import DiceStrip, die_pixmap
from crisis_desktop.ui.widgets.flow_layout import FlowLayout

FACE_ICON = 24              # pixels of a face button's die


def dice_tokens(text: str) -> list[int | str]:
    """Die faces typed in order, as '4 6 2' or '4,6,2' for numbered dice, or by the faces' own texts ('sa blank t')
    for dice of symbols: numbers come back as numbers, the rest as text for the die asked for to read."""
    tokens: list[int | str] = []
    for part in re.split(r"[\s,;]+", text.strip()):
        if part:
            tokens.append(int(part) if part.isdigit() else part)
    return tokens


def face_button(kind: DieKind, text: str, glyphs: Mapping[str, Glyph]) -> QToolButton:
    """A button for one face of a die of symbols: the die drawn with the face's symbols where the rules say how
    (DieKind.shape, Ruleset.symbol_glyphs), the face's text otherwise; the face's words in its tooltip."""
    face = kind.faces[kind.face_number(text) - 1]
    button = QToolButton()
    button.setText(text)
    button.setObjectName(f"face-{kind.key}-{text}")
    words = face.symbols.describe() if face.symbols else "blank"
    button.setToolTip(f"{kind.name}: {text} ({words})" if text != words else f"{kind.name}: {text}")
    button.setAccessibleName(f"{kind.name}: {words}")
    button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    draw_face(button, kind, text, glyphs)
    return button


def draw_face(button: QToolButton, kind: DieKind, text: str, glyphs: Mapping[str, Glyph]) -> None:
    """The button as its die drawn with the face's symbols, in the palette's ink (again on a theme change); a die
    the rules do not draw keeps its text."""
    if not glyphs or not drawn(kind):
        return
    face = kind.faces[kind.face_number(text) - 1]
    button.setIcon(QIcon(die_pixmap(kind, face, glyphs, FACE_ICON)))
    button.setIconSize(QSize(FACE_ICON, FACE_ICON))
    button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)
    button.setAutoRaise(True)


class TypedDiceEntry(QWidget):
    """"Roll by the app" or "Enter the dice rolled at the table" with the faces in the order the rules read them.
    For systems with dice of symbols (Ruleset.dice_kinds) a palette holds one button per face of each die, which
    types that face as a die of its own, so the GM clicks what the table shows instead of spelling it. Where the rules
    say how their dice and symbols look (DieKind.shape, Ruleset.symbol_glyphs), each button is the die drawn with that
    face's symbols, the face's words in its tooltip; otherwise it reads the face's text.

    Under the faces each die typed shows as a chip of its own, numbered, with the die it is read as: "sa" is one die,
    "s a" two, and the GM sees which. The dialog tells which die each is by the roll itself (`set_probe`: whose roll,
    which die, and the die wanted next) or by its pool (`expect`)."""

    def __init__(self, kinds: Sequence[DieKind] = (), parent: QWidget | None = None,
                 glyphs: Mapping[str, Glyph] | None = None) -> None:
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
        self.expected: tuple[DieAsk, ...] = ()
        self.who = ""
        self.probe: Callable[[list[int | str]], DiceProbe] | None = None
        self.chips: list[QLabel] = []
        self.next_die = plain_label()
        self.next_die.setObjectName("typed-next")
        self.next_die.setWordWrap(True)
        self.next_die.hide()
        self.chip_row = FlowLayout()        # as many lines as the chips need in a narrow panel, none cut off
        self.faces.textChanged.connect(lambda _t: self._show_chips())
        self.typed_dice.toggled.connect(lambda _on: self._show_chips())
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.app_dice)
        typed = QHBoxLayout()
        typed.addWidget(self.typed_dice)
        typed.addWidget(self.faces, 1)
        layout.addLayout(typed)
        layout.addLayout(self.chip_row)
        layout.addWidget(self.next_die)
        if kinds:
            palette = QGridLayout()
            palette.setHorizontalSpacing(0)     # seven faces of a die fit beside its name in a narrow panel
            for row, kind in enumerate(kinds):
                name = QLabel(kind.name)
                name.setWordWrap(True)          # "Proficiency / die" on two lines where the panel is narrow
                name.setContentsMargins(0, 0, 4, 0)
                if kind.colour:
                    name.setToolTip(f"The {kind.colour} die")
                palette.addWidget(name, row, 0)
                for column, text in enumerate(kind.face_texts(), start=1):
                    button = face_button(kind, text, self.glyphs)
                    button.clicked.connect(lambda _c=False, t=text: self.type_face(t))
                    palette.addWidget(button, row, column)
                    self.face_buttons[(kind.key, text)] = button
            palette.setColumnStretch(1 + max(len(k.face_texts()) for k in kinds), 1)
            layout.addLayout(palette)

    def _draw_faces(self) -> None:
        for (key, text), button in self.face_buttons.items():
            draw_face(button, next(k for k in self.kinds if k.key == key), text, self.glyphs)

    def changeEvent(self, event: QEvent) -> None:  # Override QWidget::changeEvent: redraw in the new theme's ink
        super().changeEvent(event)
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange):
            self._draw_faces()

    def type_face(self, text: str) -> None:
        """Add one face at the end of what is typed, as a die of its own, as clicking its button does: what is typed
        next starts another die."""
        current = self.faces.text().rstrip()
        self.faces.setText(f"{current} {text} ".lstrip())
        self.typed_dice.setChecked(True)

    def expect(self, dice: Sequence[DieAsk], who: str = "") -> None:
        """The dice the roll reads first, in order (its pool), for each chip to name the die it is read as; `who`
        rolls them (for the tooltip)."""
        self.expected = tuple(dice)
        self.who = who
        words = dice_words(self.expected)
        self.faces.setToolTip(tooltip(f"{who + ' rolls ' if who else ''}{words}, in this order: one face a die"
                                      if words else ""))
        self._show_chips()

    def set_probe(self, probe: Callable[[list[int | str]], DiceProbe] | None) -> None:
        """The roll as it stands, made with the faces typed (rules.dice.probe): each chip is named by the die the roll
        reads it as, and the die wanted next is said; None: by the pool alone."""
        self.probe = probe
        self._show_chips()

    def _next_words(self, die: DieAsk) -> str:
        """"Next: d6 for Vera Kask: Body d6": the die wanted next, whose roll it is and what it is for."""
        what = die.label if not self.who or die.label.startswith(self.who) else f"{self.who}: {die.label}".rstrip(": ")
        return f"Next: {die.name}" + (f" for {what}" if what else "")

    def chip_texts(self) -> list[str]:
        return [chip.text() for chip in self.chips]

    def _show_chips(self) -> None:
        """A chip for each die typed, in order: "1 Proficiency die: tr"; a face the expected die has not is marked
        with the die's faces (the roll refuses it with the same words)."""
        for chip in self.chips:
            self.chip_row.removeWidget(chip)
            chip.hide()
            chip.deleteLater()
        self.chips = []
        tokens = dice_tokens(self.faces.text())
        found = self.probe(tokens) if self.probe is not None and self.typed_dice.isChecked() else None
        named = tuple(found.asked) if found is not None else self.expected
        self.next_die.setText(self._next_words(found.missing) if found is not None and found.missing else "")
        self.next_die.setVisible(bool(self.next_die.text()))
        for number, token in enumerate(tokens, start=1):
            die = named[number - 1] if number <= len(named) else None
            text, problem = f"{number}  {token}", ""
            if die is None and found is not None and found.extra:
                problem = "Not read by this roll"
            if die is not None:
                text = f"{number}  {die.name}: {token}"
                if die.kind is not None:
                    try:
                        die.kind.face_number(str(token))
                    except ValueError as exc:
                        problem = str(exc)
                elif not isinstance(token, int) or not 1 <= token <= die.sides:
                    problem = f"A {die.name} shows 1 to {die.sides}"
            chip = plain_label(text)
            chip.setObjectName("typed-chip")
            chip.setFrameShape(QLabel.Shape.StyledPanel)
            chip.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Fixed)
            chip.setToolTip(tooltip(problem or (f"Die {number}: {die.label or die.name}" if die else f"Die {number}")))
            if problem:
                theme.mark_problem(chip)
            self.chip_row.addWidget(chip)
            self.chips.append(chip)

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
        self.pool_label = plain_label("Pool:")   # it names who rolls
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

    def show_pool(self, dice: Sequence[DieKind], who: str = "") -> None:
        """The dice the roll will roll (Checks.check_dice, Attacks.attack_dice), drawn, and `who` rolls them; nothing
        for dice of numbers. The typed dice's chips name the die each face is read as."""
        counts: dict[str, int] = {}
        for kind in dice:
            counts[kind.name] = counts.get(kind.name, 0) + 1
        words = ", ".join(name if n == 1 else f"{name} ×{n}" for name, n in counts.items())
        self.pool.show_dice([(kind, None) for kind in dice], words=f"Pool: {words}" if words else "")
        self.pool_label.setText(f"{who} rolls:" if who else "Pool:")
        self.pool_label.setVisible(not self.pool.isHidden())
        self.dice_entry.expect([DieAsk(kind.sides, f"{who}: {kind.name}" if who else kind.name, kind)
                                for kind in dice], who)

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
        self.fit_breakdown()
        self.roll_button.setEnabled(False)
        self.apply_button.setEnabled(True)
        self.apply_button.setFocus()

    def fit_breakdown(self) -> None:
        """The breakdown as tall as its lines wrapped at its width (at least six) and a line or two to spare (its width
        settles only once the panel lays it out): the panel scrolls to it, the breakdown itself never needs to."""
        edit = self.breakdown
        document, layout = edit.document(), edit.document().documentLayout()
        lines = 0
        for number in range(document.blockCount()):
            block = document.findBlockByNumber(number)
            if isinstance(layout, QPlainTextDocumentLayout):
                layout.ensureBlockLayout(block)
            lines += max(1, block.lineCount())
        margins = 2 * edit.document().documentMargin() + 2 * edit.frameWidth()
        edit.setMinimumHeight(int(max(6, lines + 2) * edit.fontMetrics().lineSpacing() + margins))
        if edit.height() < edit.minimumHeight():      # at once, not on the layout's next pass
            edit.resize(edit.width(), edit.minimumHeight())
