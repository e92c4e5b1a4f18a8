"""A stat block form generated from a ruleset's FieldSpecs: one group box per group, one widget per field."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from PySide6.QtCore import QSize, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from crisis_desktop.domain import CharacterKind, StatValue
from crisis_desktop.rules.base import FieldKind, FieldSpec
from crisis_desktop.ui import theme
from crisis_desktop.ui.plain_text import plain_label, tooltip
from crisis_desktop.ui.widgets.strict_inputs import StrictSpinBox, WheelSafeComboBox, WheelSafeDoubleSpinBox

STANDARD_DICE = (4, 6, 8, 10, 12)
_NONE_TEXT = {FieldKind.DIE: "untrained", FieldKind.CHOICE: "—"}
_INT_LIMIT = 9999
LABEL_LINE = 170        # a form label's widest line: its field keeps the rest of a narrow panel


def scroll_into_view(widget: QWidget) -> None:
    """Scroll the nearest scroll area holding `widget` so that the widget is on screen."""
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, QScrollArea):
            parent.ensureWidgetVisible(widget, 20, 40)
            return
        parent = parent.parentWidget()


class FieldLabel(QLabel):
    """A form's label on one line up to LABEL_LINE pixels, wrapped past that and where the panel is narrow (the
    attack panel at 1280x800) rather than pushing the form sideways or squeezing its field."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.setWordWrap(True)

    def sizeHint(self) -> QSize:  # Override QLabel::sizeHint: the text on one line, up to LABEL_LINE
        margins = self.contentsMargins()
        line = self.fontMetrics().horizontalAdvance(self.text()) + margins.left() + margins.right() + 2
        width = min(LABEL_LINE, line)
        return QSize(width, self.heightForWidth(width))


class StatFieldsForm(QWidget):
    """Edits a stat block without knowing the game: widgets come from FieldSpec kinds.

    DIE: combo of the allowed dice (plus "untrained" when not required); INT: a StrictSpinBox that keeps what
    was typed (empty stands for "none" when not required); NUMBER: decimal spin box; CHOICE: combo (showing the
    spec's choice labels); TEXT and DICE: line edit; BOOL: check box. The wheel turns a box only once it has the
    focus. A number the spec refuses is not reported as an edit: the box keeps the typed text and the reason
    shows under it, scrolled into view. The attack and check dialogs' inputs use it too.

    Signals:
        valueEdited(str, object): the user set field `key` to a value its spec allows (not yet stored).
        editRefused(str, str): the user typed a value for field `key` that its spec refuses, with the reason.
    """

    valueEdited = Signal(str, object)
    editRefused = Signal(str, str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._layout = QGridLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self.specs: dict[str, FieldSpec] = {}
        self.editors: dict[str, QWidget] = {}
        self.reasons: dict[str, QLabel] = {}
        self._rows: dict[str, QWidget] = {}
        self._forms: dict[str, tuple[QGroupBox, QFormLayout]] = {}
        self._empty_groups: set[str] = set()   # groups set_kind left without a field to show
        self._columns = 2
        self._loading = False

    # -- building ------------------------------------------------------------------------------
    def build(self, specs: Sequence[FieldSpec], columns: int = 2) -> None:
        """Replace the form with one for these specs (groups in order of first appearance)."""
        while self._layout.count():
            item = self._layout.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.hide()  # deleteLater waits for the event loop: no stray box meanwhile
                widget.deleteLater()
        self.specs = {s.key: s for s in specs}
        self.editors = {}
        self.reasons = {}
        self._rows = {}
        self._forms = {}
        self._empty_groups = set()
        self._columns = columns
        for spec in specs:
            group = spec.group or "Stats"
            if group not in self._forms:
                box = QGroupBox(group, self)  # a child: shown with the form unless set_kind hides it
                form = QFormLayout(box)
                self._forms[group] = (box, form)
            editor = self._make_editor(spec)
            editor.setObjectName(f"stat-{spec.key}")
            if spec.help:
                editor.setToolTip(spec.help)
            # The editor with the reason a value was refused under it (hidden while there is none).
            row = QWidget()
            row_layout = QVBoxLayout(row)
            row_layout.setContentsMargins(0, 0, 0, 0)
            row_layout.setSpacing(1)
            row_layout.addWidget(editor)
            reason = plain_label()  # a reason quotes what was typed
            reason.setObjectName(f"reason-{spec.key}")
            reason.setWordWrap(True)
            theme.mark_problem(reason)
            reason.hide()
            row_layout.addWidget(reason)
            self._forms[group][1].addRow(FieldLabel(f"{spec.label}:"), row)
            self.editors[spec.key] = editor
            self.reasons[spec.key] = reason
            self._rows[spec.key] = row
        self._place_groups()

    def _place_groups(self) -> None:
        """Lay the group boxes with a field to show out in reading order, so an empty group leaves no hole. Each box
        is shown or hidden here by what it holds, not by whether Qt shows it yet: a box built while the form is on
        screen starts hidden until shown, and must not be taken for an empty one (the form rebuilt for another
        weapon or target would lose its groups)."""
        for box, _form in self._forms.values():
            self._layout.removeWidget(box)
        shown = [box for group, (box, _form) in self._forms.items() if group not in self._empty_groups]
        for position, box in enumerate(shown):
            self._layout.addWidget(box, position // self._columns, position % self._columns)
        for group, (box, _form) in self._forms.items():
            box.setHidden(group in self._empty_groups)

    def _make_editor(self, spec: FieldSpec) -> QWidget:
        key = spec.key
        if spec.kind in (FieldKind.DIE, FieldKind.CHOICE):
            combo = WheelSafeComboBox()
            # As narrow as a short choice: a long one is elided in the box, in full in its list.
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            combo.setMinimumContentsLength(8)
            if not spec.required:
                combo.addItem(_NONE_TEXT[spec.kind], None)
            values = spec.choices or (STANDARD_DICE if spec.kind is FieldKind.DIE else ())
            for value in values:
                combo.addItem(f"d{value}" if spec.kind is FieldKind.DIE else spec.choice_label(value), value)
            combo.currentIndexChanged.connect(lambda _i, c=combo: self._emit(key, c.currentData()))
            return combo
        if spec.kind is FieldKind.INT:
            spin = StrictSpinBox(spec.label, spec.minimum, spec.maximum, optional=not spec.required)
            spin.valueChanged.connect(lambda _v, s=spin: self._emit(key, s.value_or_none()))
            spin.refused.connect(lambda reason: self._refuse(key, reason))
            return spin
        if spec.kind is FieldKind.NUMBER:
            number = WheelSafeDoubleSpinBox()
            number.setDecimals(1)
            number.setRange(spec.minimum if spec.minimum is not None else -_INT_LIMIT,
                            spec.maximum if spec.maximum is not None else _INT_LIMIT)
            number.valueChanged.connect(lambda v: self._emit(key, v))
            return number
        if spec.kind is FieldKind.BOOL:
            check = QCheckBox()
            check.toggled.connect(lambda on: self._emit(key, on))
            return check
        line = QLineEdit()
        if spec.kind is FieldKind.DICE:
            line.setPlaceholderText("e.g. 2d6, Body, Body - 2")
        line.textEdited.connect(lambda text: self._emit(key, text))
        return line

    def _emit(self, key: str, value: Any) -> None:
        if self._loading:
            return
        spec = self.specs[key]
        reason = spec.validate(value) if spec.kind is FieldKind.INT else None
        if reason:
            self._refuse(key, reason)
            return
        if not self.reasons[key].isHidden():
            self.mark_error(None)
        self.valueEdited.emit(key, value)

    def _refuse(self, key: str, reason: str) -> None:
        if not self._loading:
            self.mark_error(key, reason)
            self.editRefused.emit(key, reason)

    # -- showing values ------------------------------------------------------------------------
    def set_kind(self, kind: CharacterKind, hidden: Collection[str] = ()) -> None:
        """Show only the fields that apply to a PC or to an NPC, less the keys in `hidden` (fields the rules say
        do not apply to this character); hide groups left empty."""
        for group, (_box, form) in self._forms.items():
            visible = 0
            for key, spec in self.specs.items():
                if (spec.group or "Stats") != group:
                    continue
                shown = kind in spec.kinds and key not in hidden
                form.setRowVisible(self._rows[key], shown)
                self.editors[key].setHidden(not shown)  # the editor says it is not shown, as the row is not
                visible += shown
            if visible:
                self._empty_groups.discard(group)
            else:
                self._empty_groups.add(group)
        self._place_groups()

    def set_marks(self, marks: Mapping[str, tuple[str, str]]) -> None:
        """Put the rules' marks beside field labels ("Melee ●:"), each label's tooltip saying what its mark means;
        labels of other fields go back to plain."""
        for key, spec in self.specs.items():
            _box, form = self._forms[spec.group or "Stats"]
            label = form.labelForField(self._rows[key])
            if not isinstance(label, QLabel):
                continue
            mark, meaning = marks.get(key, ("", ""))
            text = f"{spec.label} {mark}:" if mark else f"{spec.label}:"
            if label.text() != text:
                label.setText(text)
                label.adjustSize()      # at once, not when the layout next runs
            label.setToolTip(tooltip(meaning) if meaning else "")

    def show_values(self, stats: Mapping[str, StatValue]) -> None:
        """Put the stored values into the widgets without reporting them as edits."""
        self._loading = True
        try:
            for key, spec in self.specs.items():
                self._show(spec, self.editors[key], stats.get(key, None if not spec.required else spec.default))
        finally:
            self._loading = False

    def _show(self, spec: FieldSpec, editor: QWidget, value: StatValue) -> None:
        if isinstance(editor, QComboBox):
            index = editor.findData(value)
            if index < 0:
                # A value the rules do not allow (a hand-edited file): show it, marked, rather than hide it.
                label = f"d{value}" if spec.kind is FieldKind.DIE else str(value)
                editor.addItem(f"{label} (not allowed)", value)
                index = editor.count() - 1
            editor.setCurrentIndex(index)
        elif isinstance(editor, QDoubleSpinBox):
            editor.setValue(float(value) if isinstance(value, int | float) and not isinstance(value, bool) else 0.0)
        elif isinstance(editor, StrictSpinBox):
            editor.set_value_or_none(value if isinstance(value, int) and not isinstance(value, bool) else None)
        elif isinstance(editor, QSpinBox):
            editor.setValue(value if isinstance(value, int) and not isinstance(value, bool) else editor.minimum())
        elif isinstance(editor, QCheckBox):
            editor.setChecked(bool(value))
        elif isinstance(editor, QLineEdit):
            text = "" if value is None else str(value)
            # Keep the cursor where the user is typing, and what is typed while it reads as the stored value (a list
            # stored without the separator just typed after its last entry).
            if editor.text() != text and spec.normalised(editor.text()) != value:
                editor.setText(text)

    def mark_error(self, key: str | None, reason: str = "") -> None:
        """Outline the field whose value was refused, show the reason under it and scroll both into view (and
        clear the mark on every other field)."""
        for other, editor in self.editors.items():
            bad = other == key
            editor.setStyleSheet(f"border: 2px solid {theme.problem_text().name()};" if bad else "")
            spec = self.specs[other]
            editor.setToolTip(tooltip(reason) if bad else spec.help)  # a reason quotes what was typed
            label = self.reasons[other]
            label.setText(reason if bad else "")
            label.setVisible(bad and bool(reason))
        if key in self._rows and reason:
            self._rows[key].adjustSize()
            scroll_into_view(self._rows[key])

    def reason(self, key: str) -> str:
        """The reason shown under field `key` ('' when none)."""
        label = self.reasons.get(key)
        return label.text() if label is not None and not label.isHidden() else ""
