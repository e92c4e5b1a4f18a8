"""Typed dice asked one die a field: each field says whose roll it is and which die, in the order the rules read
them, and a die of symbols is picked on its own faces; the next die appears as the rules ask for it."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLineEdit,
    QScrollArea,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from crisis_desktop.rules.kernel.dice import DiceProbe, DieAsk
from crisis_desktop.rules.kernel.glyphs import Glyph
from crisis_desktop.ui import theme
from crisis_desktop.ui.plain_text import plain_label
from crisis_desktop.ui.widgets.dice_entry import dice_tokens, draw_face, face_button

Face = int | str
Probe = Callable[[list[Face]], DiceProbe]


def die_heading(number: int, die: DieAsk, who: str = "") -> str:
    """"3. Kara Voss: initiative (Cool): Ability die (green)", "1. Vera Kask: turn order (Mind d10): d10"; `who`
    rolls it, where the rules' label does not say ("1. Vera Kask: Medicine d10: d10")."""
    label = die.label if not who or die.label.startswith(who) else f"{who}: {die.label}".rstrip(": ")
    if die.kind is not None and label.endswith(die.kind.name):
        label = label[: -len(die.kind.name)].rstrip(": ")
    return f"{number}. {label}: {die.name}" if label else f"{number}. {die.name}"


class DieField(QWidget):
    """One die of the roll: its heading (whose roll, which die) and its face, typed in the field or, for a die of
    symbols, clicked on the die's own faces (a click replaces the face: one die, one face).

    Signals:
        edited(): the face changed.
        picked(): a face was clicked (the form goes on to the next die).
    """

    edited = Signal()
    picked = Signal()

    def __init__(self, number: int, die: DieAsk, glyphs: Mapping[str, Glyph], who: str = "",
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.number = number
        self.who = who
        self.die = die
        self.glyphs = glyphs
        self.heading = plain_label()
        self.heading.setObjectName(f"die-heading-{number}")
        self.heading.setWordWrap(True)
        self.face = QLineEdit()
        self.face.setObjectName(f"die-face-{number}")
        self.face.setMaximumWidth(120)
        self.face.textEdited.connect(lambda _t: self.edited.emit())
        self.buttons: dict[str, QToolButton] = {}
        self._row = QHBoxLayout()
        self._row.setContentsMargins(0, 0, 0, 0)
        self._row.addWidget(self.face)
        self._row.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 2, 0, 2)
        layout.addWidget(self.heading)
        layout.addLayout(self._row)
        self.set_die(die)

    def set_die(self, die: DieAsk) -> None:
        """The die this field is for (the rules may ask for another one here when an earlier face changes)."""
        kind_changed = die.kind != self.die.kind or not self.buttons and die.kind is not None
        self.die = die
        self.heading.setText(die_heading(self.number, die, self.who))
        self.face.setAccessibleName(die_heading(self.number, die, self.who))
        self.face.setPlaceholderText(f"1 to {die.sides}" if die.kind is None
                                     else f"a face: {', '.join(die.kind.face_texts())}")
        if kind_changed or die.kind is None:
            for button in self.buttons.values():
                self._row.removeWidget(button)
                button.deleteLater()
            self.buttons = {}
            if die.kind is not None:
                for text in die.kind.face_texts():
                    button = face_button(die.kind, text, self.glyphs)
                    button.clicked.connect(lambda _c=False, t=text: self.pick(t))
                    self._row.insertWidget(self._row.count() - 1, button)
                    self.buttons[text] = button

    def pick(self, text: str) -> None:
        """The face clicked: it replaces whatever the field held."""
        self.face.setText(text)
        self.edited.emit()
        self.picked.emit()

    def value(self) -> Face | None:
        """The face entered (a number for a number), None when the field is empty; ValueError when the field holds
        more than one face."""
        tokens = dice_tokens(self.face.text())
        if len(tokens) > 1:
            raise ValueError(f"Die {self.number} ({self.die.name}) takes one face; {self.face.text().strip()!r} is "
                             f"{len(tokens)} faces: give each die its own field")
        return tokens[0] if tokens else None

    def complete(self) -> bool:
        """Whether no further digit could follow what is typed (a 4 on a d6, 45 on a d100): the form moves on."""
        value = self.value()
        return isinstance(value, int) and self.die.kind is None and value * 10 > self.die.sides

    def changeEvent(self, event: QEvent) -> None:  # Override QWidget::changeEvent: redraw in the new theme's ink
        super().changeEvent(event)
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange) and self.die.kind:
            for text, button in self.buttons.items():
                draw_face(button, self.die.kind, text, self.glyphs)


class DiceForm(QDialog):
    """The faces of the dice rolled at the table, one die a field, each field naming whose roll and which die. The
    fields follow the rules: `probe` makes the roll with the faces entered so far and says which die each is, which
    comes next, and why faces are refused (an unknown face, a number the die has not, one face too many); OK waits
    until the faces are exactly what the roll reads. `who` rolls, where the rules' labels of the dice do not say."""

    def __init__(self, title: str, prompt: str, probe: Probe, values: Sequence[Face] = (),
                 glyphs: Mapping[str, Glyph] | None = None, parent: QWidget | None = None, who: str = "") -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.who = who
        self.probe = probe
        self.glyphs: Mapping[str, Glyph] = glyphs or {}
        self.fields: list[DieField] = []
        self.prompt = plain_label(prompt)
        self.prompt.setObjectName("dice-prompt")
        self.prompt.setWordWrap(True)
        self.rows = QVBoxLayout()
        self.rows.addStretch(1)
        body = QWidget()
        body.setLayout(self.rows)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(body)
        scroll.setMinimumHeight(220)
        self.scroll_area = scroll
        self.problem = plain_label()
        self.problem.setObjectName("dice-problem")
        self.problem.setWordWrap(True)
        theme.mark_problem(self.problem)
        self.status = plain_label()
        self.status.setObjectName("dice-status")
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok.setAutoDefault(False)
        self.ok.setDefault(False)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.prompt)
        layout.addWidget(scroll, 1)
        layout.addWidget(self.status)
        layout.addWidget(self.problem)
        layout.addWidget(self.buttons)
        self.resize(560, 480)
        found = probe(list(values))
        for die in found.asked:
            self._add(die)
        for field, value in zip(self.fields, values, strict=False):
            field.face.setText(str(value))
        self.update_fields()
        self._focus_first_empty()

    # -- fields ------------------------------------------------------------------------------------
    def _add(self, die: DieAsk) -> DieField:
        field = DieField(len(self.fields) + 1, die, self.glyphs, self.who)
        field.edited.connect(lambda f=field: self._edited(f))
        field.picked.connect(lambda f=field: self._next_from(f))
        self.rows.insertWidget(len(self.fields), field)
        self.fields.append(field)
        return field

    def _drop_last(self) -> None:
        field = self.fields.pop()
        self.rows.removeWidget(field)
        field.deleteLater()

    def _edited(self, field: DieField) -> None:
        self.update_fields()
        try:
            done = field.complete()
        except ValueError:
            done = False
        if done:
            self._next_from(field)

    def _next_from(self, field: DieField) -> None:
        """Go on to the die after `field` (the first empty one), or to OK when the faces are complete."""
        if self.ok.isEnabled():
            self.ok.setFocus()
            return
        later = [f for f in self.fields[field.number:] if not f.face.text().strip()]
        if later:
            later[0].face.setFocus()
            self.scroll_area.ensureWidgetVisible(later[0])

    def _focus_first_empty(self) -> None:
        empty = next((f for f in self.fields if not f.face.text().strip()), None)
        (empty.face if empty is not None else self.ok).setFocus()

    def values(self) -> list[Face]:
        """The faces entered, in order, up to the first empty field (ValueError: a field holds several)."""
        faces: list[Face] = []
        for field in self.fields:
            value = field.value()
            if value is None:
                break
            faces.append(value)
        return faces

    def update_fields(self) -> None:
        """Make the roll with the faces entered: name the die of each field, add the field of the die asked next,
        drop empty fields the roll no longer reads, and say what is wrong or missing."""
        self.ok.setEnabled(False)
        try:
            faces = self.values()
        except ValueError as exc:
            self.problem.setText(str(exc))
            return
        gap = next((f for f in self.fields[len(faces):] if f.face.text().strip()), None)
        found = self.probe(faces)
        for field, die in zip(self.fields, found.asked, strict=False):
            if die != field.die:
                field.set_die(die)
        wanted = len(found.asked) + (1 if found.missing is not None else 0)
        if found.missing is not None:
            if len(self.fields) > len(found.asked):
                self.fields[len(found.asked)].set_die(found.missing)
            else:
                self._add(found.missing)
        while len(self.fields) > max(wanted, len(faces)) and not self.fields[-1].face.text().strip():
            self._drop_last()
        if gap is not None:
            empty = self.fields[len(faces)]
            self.problem.setText(f"Die {empty.number} ({empty.die.name}) has no face yet")
            return
        self.problem.setText(found.problem or "")
        if found.missing is not None:
            wanted_next = die_heading(len(faces) + 1, found.missing, self.who)
            self.status.setText(f"{len(faces)} dice entered; next: {wanted_next}")
        elif found.problem is None:
            self.status.setText(f"All {len(faces)} dice entered")
        self.ok.setEnabled(found.complete)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # Override QDialog::keyPressEvent: Enter goes on
        """Enter takes the faces when they are complete, and otherwise goes on to the next die (never Cancel)."""
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            if self.ok.isEnabled():
                self.accept()
                return
            field = next((f for f in self.fields if f.face.hasFocus()), None)
            if field is not None:
                self._next_from(field)
            return
        super().keyPressEvent(event)
