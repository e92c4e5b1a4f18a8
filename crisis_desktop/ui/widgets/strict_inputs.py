"""Input boxes that never change what the user did not pick nor what was typed.

The wheel only turns a box that has the focus: over an unfocused box it scrolls the page the box is on instead.
A StrictSpinBox shows exactly what was typed: "25" stays 25 and "-5" stays -5, to be refused with the reason by
whoever validates it, where a plain QSpinBox clamps "25" to 2 and drops the minus sign.
"""

from __future__ import annotations

import re

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QValidator, QWheelEvent
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QDoubleSpinBox,
    QSpinBox,
    QWidget,
)

# What a whole-number box can hold at all: beyond any field of the rules, far within an int.
INT_LIMIT = 999_999
NONE_TEXT = "—"
_NUMBER = re.compile(r"[+-]?\d{1,6}")


def _wheel_only_when_focused(widget: QWidget, event: QWheelEvent) -> bool:
    """True when the widget may take the wheel; else the page it is on (its nearest scroll area) scrolls."""
    if widget.hasFocus():
        return True
    page = widget.parentWidget()
    while page is not None and not isinstance(page, QAbstractScrollArea):
        page = page.parentWidget()
    if page is None:
        event.ignore()  # no page to scroll: let the parents have it
    else:
        # Handed on rather than ignored: Qt does not pass an ignored wheel event on when it was sent by the program.
        QApplication.sendEvent(page.viewport(), event)
        event.accept()
    return False


class WheelSafeComboBox(QComboBox):
    """A combo box the wheel turns only once it has the focus (a click or Tab gives it; the wheel does not)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)

    def wheelEvent(self, event: QWheelEvent) -> None:  # Override QWidget::wheelEvent
        if _wheel_only_when_focused(self, event):
            super().wheelEvent(event)


class WheelSafeDoubleSpinBox(QDoubleSpinBox):
    """A decimal spin box the wheel turns only once it has the focus."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)

    def wheelEvent(self, event: QWheelEvent) -> None:  # Override QWidget::wheelEvent
        if _wheel_only_when_focused(self, event):
            super().wheelEvent(event)


class StrictSpinBox(QSpinBox):
    """A whole-number box that keeps what was typed, for a field within [low, high] (None: no bound).

    Any whole number of up to six digits may be typed, in range or not: the value is reported when the typing is
    done (Enter, Tab, leaving the box), never digit by digit, and the validator of the field says why a number
    out of range is refused. Text that is no number is not taken; `refused` says why. The arrows and, once
    focused, the wheel step within [low, high]. With `optional`, an empty box (shown as "—") means no value:
    `value_or_none()` is None then.

    Signals:
        refused(str): typed or pasted text that is no whole number, with the reason.
    """

    refused = Signal(str)

    def __init__(self, label: str, low: int | None = None, high: int | None = None, optional: bool = False,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.label = label
        self.low = low
        self.high = high
        self.optional = optional
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setKeyboardTracking(False)
        self.setCorrectionMode(QAbstractSpinBox.CorrectionMode.CorrectToPreviousValue)
        self._none = -INT_LIMIT - 1
        self.setRange(self._none if optional else -INT_LIMIT, INT_LIMIT)
        if optional:
            self.setSpecialValueText(NONE_TEXT)

    # -- what the box holds --------------------------------------------------------------------
    def value_or_none(self) -> int | None:
        value = self.value()
        return None if self.optional and value == self._none else value

    def set_value_or_none(self, value: int | None) -> None:
        if value is None:
            self.setValue(self._none if self.optional else (self.low if self.low is not None else 0))
        else:
            self.setValue(max(-INT_LIMIT, min(INT_LIMIT, value)))

    # -- typing --------------------------------------------------------------------------------
    def validate(self, text: str, pos: int) -> tuple[QValidator.State, str, int]:  # Override QSpinBox::validate
        stripped = text.strip()
        if not stripped or stripped == NONE_TEXT:
            state = QValidator.State.Acceptable if self.optional else QValidator.State.Intermediate
        elif stripped in ("-", "+"):
            state = QValidator.State.Intermediate
        elif _NUMBER.fullmatch(stripped):
            state = QValidator.State.Acceptable
        else:
            state = QValidator.State.Invalid
            if re.fullmatch(r"[+-]?\d+", stripped):
                self.refused.emit(f"{self.label}: {stripped} has too many digits")
            else:
                self.refused.emit(f"{self.label} must be a whole number, not {stripped!r}")
        return state, text, pos

    def valueFromText(self, text: str) -> int:  # Override QSpinBox::valueFromText
        stripped = text.strip()
        if not stripped or stripped == NONE_TEXT:
            return self._none if self.optional else self.value()
        try:
            return int(stripped)
        except ValueError:
            return self.value()

    def textFromValue(self, value: int) -> str:  # Override QSpinBox::textFromValue
        return "" if self.optional and value == self._none else str(value)

    # -- the arrows and the wheel step within the field's bounds -------------------------------
    def stepBy(self, steps: int) -> None:  # Override QAbstractSpinBox::stepBy
        current = self.value_or_none()
        if current is None:
            target = self.low if self.low is not None else 0
        elif self.optional and steps < 0 and current == self.low:
            self.setValue(self._none)  # one below the least value: none (an untrained skill)
            return
        else:
            target = current + steps
        if self.low is not None:
            target = max(self.low, target)
        if self.high is not None:
            target = min(self.high, target)
        if current is None or target != current:
            self.setValue(target)
            self.selectAll()

    def stepEnabled(self) -> QAbstractSpinBox.StepEnabledFlag:  # Override QAbstractSpinBox::stepEnabled
        current = self.value_or_none()
        flags = QAbstractSpinBox.StepEnabledFlag.StepNone
        if current is None or self.high is None or current < self.high:
            flags |= QAbstractSpinBox.StepEnabledFlag.StepUpEnabled
        if current is not None and (self.low is None or current > self.low or self.optional):
            flags |= QAbstractSpinBox.StepEnabledFlag.StepDownEnabled
        return flags

    def wheelEvent(self, event: QWheelEvent) -> None:  # Override QWidget::wheelEvent
        if _wheel_only_when_focused(self, event):
            super().wheelEvent(event)
