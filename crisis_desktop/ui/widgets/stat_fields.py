"""A stat block form generated from a ruleset's FieldSpecs: one group box per group, one widget per field."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from crisis_desktop.domain import CharacterKind, StatValue
from crisis_desktop.rules.base import FieldKind, FieldSpec
from crisis_desktop.ui import theme
from crisis_desktop.ui.plain_text import tooltip

STANDARD_DICE = (4, 6, 8, 10, 12)
_NONE_TEXT = {FieldKind.DIE: "untrained", FieldKind.CHOICE: "—"}
_INT_LIMIT = 9999


class StatFieldsForm(QWidget):
    """Edits a stat block without knowing the game: widgets come from FieldSpec kinds.

    DIE: combo of the allowed dice (plus "untrained" when not required); INT: spin box within the
    spec's limits (one below the minimum stands for "none" when not required); NUMBER: decimal spin box;
    CHOICE: combo; TEXT and DICE: line edit; BOOL: check box. The attack dialog's inputs use it too.

    Signals:
        valueEdited(str, object): the user set field `key` to a value (not yet validated or stored).
    """

    valueEdited = Signal(str, object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._layout = QGridLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self.specs: dict[str, FieldSpec] = {}
        self.editors: dict[str, QWidget] = {}
        self._forms: dict[str, tuple[QGroupBox, QFormLayout]] = {}
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
        self._forms = {}
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
            self._forms[group][1].addRow(f"{spec.label}:", editor)
            self.editors[spec.key] = editor
        self._place_groups()

    def _place_groups(self) -> None:
        """Lay the visible group boxes out in reading order, so a hidden group leaves no hole."""
        for box, _form in self._forms.values():
            self._layout.removeWidget(box)
        shown = [box for box, _form in self._forms.values() if not box.isHidden()]
        for position, box in enumerate(shown):
            self._layout.addWidget(box, position // self._columns, position % self._columns)

    def _make_editor(self, spec: FieldSpec) -> QWidget:
        key = spec.key
        if spec.kind in (FieldKind.DIE, FieldKind.CHOICE):
            combo = QComboBox()
            if not spec.required:
                combo.addItem(_NONE_TEXT[spec.kind], None)
            values = spec.choices or (STANDARD_DICE if spec.kind is FieldKind.DIE else ())
            for value in values:
                combo.addItem(f"d{value}" if spec.kind is FieldKind.DIE else str(value), value)
            combo.currentIndexChanged.connect(lambda _i, c=combo: self._emit(key, c.currentData()))
            return combo
        if spec.kind is FieldKind.INT:
            spin = QSpinBox()
            low = spec.minimum if spec.minimum is not None else -_INT_LIMIT
            high = spec.maximum if spec.maximum is not None else _INT_LIMIT
            if not spec.required:
                low -= 1
                spin.setSpecialValueText("—")  # shown at the minimum, which stands for "none"
            spin.setRange(low, high)
            spin.valueChanged.connect(lambda v, s=spin: self._emit(key, self._spin_value(spec, s, v)))
            return spin
        if spec.kind is FieldKind.NUMBER:
            number = QDoubleSpinBox()
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

    @staticmethod
    def _spin_value(spec: FieldSpec, spin: QSpinBox, value: int) -> int | None:
        if not spec.required and value == spin.minimum():
            return None
        return value

    def _emit(self, key: str, value: Any) -> None:
        if not self._loading:
            self.valueEdited.emit(key, value)

    # -- showing values ------------------------------------------------------------------------
    def set_kind(self, kind: CharacterKind) -> None:
        """Show only the fields that apply to a PC or to an NPC; hide groups left empty."""
        for group, (box, form) in self._forms.items():
            visible = 0
            for key, spec in self.specs.items():
                if (spec.group or "Stats") != group:
                    continue
                shown = kind in spec.kinds
                form.setRowVisible(self.editors[key], shown)
                visible += shown
            box.setHidden(visible == 0)
        self._place_groups()

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
        elif isinstance(editor, QSpinBox):
            if isinstance(value, int) and not isinstance(value, bool):
                editor.setValue(value)
            else:
                editor.setValue(editor.minimum())
        elif isinstance(editor, QCheckBox):
            editor.setChecked(bool(value))
        elif isinstance(editor, QLineEdit):
            text = "" if value is None else str(value)
            if editor.text() != text:  # keep the cursor where the user is typing
                editor.setText(text)

    def mark_error(self, key: str | None, reason: str = "") -> None:
        """Outline the field whose value was refused (and clear the mark on every other field)."""
        for other, editor in self.editors.items():
            bad = other == key
            editor.setStyleSheet(f"border: 2px solid {theme.problem_text().name()};" if bad else "")
            spec = self.specs[other]
            editor.setToolTip(tooltip(reason) if bad else spec.help)  # a reason quotes what was typed
