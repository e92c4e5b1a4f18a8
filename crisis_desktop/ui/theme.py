"""Colours that read on light and dark palettes, derived from the application's QPalette (one place for them)."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QWidget

MIN_CONTRAST = 4.5              # WCAG 2 level AA for ordinary text
CURRENT_TINT = QColor(240, 190, 40)     # amber: the row or token acting now
PROBLEM_HUE = QColor(200, 30, 45)       # red: refusals and errors, shaded for the palette
_CURRENT_MIX = 0.35             # how much amber goes into the base colour under the current row


def palette() -> QPalette:
    return QGuiApplication.palette()


def _linear(channel: int) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4


def luminance(colour: QColor) -> float:
    """WCAG relative luminance: 0 for black, 1 for white."""
    return 0.2126 * _linear(colour.red()) + 0.7152 * _linear(colour.green()) + 0.0722 * _linear(colour.blue())


def contrast(a: QColor, b: QColor) -> float:
    """WCAG contrast ratio of two opaque colours, from 1 (the same) to 21 (black on white)."""
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def mix(a: QColor, b: QColor, t: float) -> QColor:
    """`a` moved a fraction `t` of the way to `b` (opaque)."""
    return QColor(round(a.red() + (b.red() - a.red()) * t), round(a.green() + (b.green() - a.green()) * t),
                  round(a.blue() + (b.blue() - a.blue()) * t))


def readable(colour: QColor, background: QColor, minimum: float = MIN_CONTRAST) -> QColor:
    """`colour`, lightened on a dark background or darkened on a light one just enough to reach `minimum`
    contrast against `background` (the hue stays recognisable)."""
    if contrast(colour, background) >= minimum:
        return QColor(colour.red(), colour.green(), colour.blue())
    towards = QColor(255, 255, 255) if luminance(background) < 0.18 else QColor(0, 0, 0)
    for step in range(1, 21):
        shaded = mix(colour, towards, step / 20)
        if contrast(shaded, background) >= minimum:
            return shaded
    return towards


def ink_on(background: QColor) -> QColor:
    """Black or white, whichever reads better on `background`."""
    black, white = QColor(0, 0, 0), QColor(255, 255, 255)
    return black if contrast(black, background) >= contrast(white, background) else white


def current_row(pal: QPalette | None = None) -> tuple[QColor, QColor]:
    """(background, text) of the row acting now: the base tinted amber, and the palette's text where it reads
    on it (black or white otherwise), so the row stands out in light and dark themes alike."""
    pal = pal or palette()
    background = mix(pal.color(QPalette.ColorRole.Base), CURRENT_TINT, _CURRENT_MIX)
    text = pal.color(QPalette.ColorRole.Text)
    return background, text if contrast(text, background) >= MIN_CONTRAST else ink_on(background)


def muted_text(pal: QPalette | None = None) -> QColor:
    """Greyed text (a combatant out of the fight) that still reads on the base colour."""
    pal = pal or palette()
    base = pal.color(QPalette.ColorRole.Base)
    return readable(mix(pal.color(QPalette.ColorRole.Text), base, 0.5), base)


def problem_text(pal: QPalette | None = None) -> QColor:
    """Red for a refusal or an error, readable on the window colour."""
    pal = pal or palette()
    return readable(PROBLEM_HUE, pal.color(QPalette.ColorRole.Window))


def track(pal: QPalette | None = None) -> QColor:
    """The empty part of a bar: the base colour shaded a little towards the text."""
    pal = pal or palette()
    return mix(pal.color(QPalette.ColorRole.Base), pal.color(QPalette.ColorRole.Text), 0.15)


def fill_under(colour: QColor, text: QColor) -> QColor:
    """A fill in `colour`'s hue that `text` drawn over it reads on (a bar's filled part under its label)."""
    return readable(colour, text)


class _ProblemInk(QObject):
    """Keeps a widget's text in the problem colour of the current palette (a theme switch recolours it)."""

    def __init__(self, widget: QWidget) -> None:
        super().__init__(widget)
        self._busy = False
        self.apply(widget)
        widget.installEventFilter(self)

    def apply(self, widget: QWidget) -> None:
        self._busy = True
        try:
            own = widget.palette()
            own.setColor(QPalette.ColorRole.WindowText, problem_text())
            own.setColor(QPalette.ColorRole.Text, problem_text())
            widget.setPalette(own)
        finally:
            self._busy = False

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # Override QObject::eventFilter
        if not self._busy and isinstance(watched, QWidget) and event.type() in (
                QEvent.Type.ApplicationPaletteChange, QEvent.Type.PaletteChange):
            self.apply(watched)
        return False


def mark_problem(widget: QWidget) -> None:
    """Show a label's text (or a field's) in the palette's problem red, following later palette changes."""
    _ProblemInk(widget)
