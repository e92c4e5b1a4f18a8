"""Dice and symbols painted from the rules' glyph data (rules/kernel/glyphs.py) with QPainter, cached, in the theme's
ink; and a strip that shows a pool of dice, rolled faces and the net symbols in a row."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QGuiApplication, QPainter, QPainterPath, QPalette, QPen, QPixmap
from PySide6.QtWidgets import QLabel, QWidget

from crisis_desktop.rules.kernel.dice import DieKind, Face
from crisis_desktop.rules.kernel.glyphs import Glyph, Layer, border_width, die_layers, drawn, symbol_layers
from crisis_desktop.ui import theme

_CACHE: dict[tuple[object, ...], QPixmap] = {}
_CACHE_LIMIT = 1024          # a few hundred pictures at most in practice: a campaign's dice in two sizes and themes


def page_ink(pal: QPalette | None = None) -> QColor:
    """The colour symbols without a die and dice borders are drawn in: the palette's text (light on dark)."""
    return (pal or theme.palette()).color(QPalette.ColorRole.WindowText)


def _ratio() -> float:
    app = QGuiApplication.instance()
    return app.devicePixelRatio() if isinstance(app, QGuiApplication) else 1.0


def _path(outlines: Sequence[Sequence[tuple[float, float]]], scale: float, origin: QPointF) -> QPainterPath:
    path = QPainterPath()
    path.setFillRule(Qt.FillRule.OddEvenFill)
    for outline in outlines:
        first, *rest = outline
        path.moveTo(origin.x() + first[0] * scale, origin.y() + first[1] * scale)
        for x, y in rest:
            path.lineTo(origin.x() + x * scale, origin.y() + y * scale)
        path.closeSubpath()
    return path


def paint_layers(painter: QPainter, layers: Sequence[Layer], origin: QPointF, scale: float, ink: QColor) -> None:
    """Paint layers of the unit box scaled by `scale` from `origin`: fills in their colours ("" in `ink`), borders
    in `ink`."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    for layer in layers:
        pen = QPen(ink, border_width(scale)) if layer.border else Qt.PenStyle.NoPen
        painter.setPen(pen)
        painter.setBrush(QColor(layer.fill) if layer.fill else ink)
        painter.drawPath(_path(layer.outlines, scale, origin))
    painter.restore()


def _glyph_key(glyphs: Mapping[str, Glyph]) -> tuple[object, ...]:
    return tuple(glyphs.items())


def _remember(key: tuple[object, ...], pixmap: QPixmap) -> QPixmap:
    if len(_CACHE) >= _CACHE_LIMIT:
        _CACHE.clear()
    _CACHE[key] = pixmap
    return pixmap


def _blank(width: float, height: float) -> tuple[QPixmap, float]:
    ratio = _ratio()
    pixmap = QPixmap(max(1, round(width * ratio)), max(1, round(height * ratio)))
    pixmap.setDevicePixelRatio(ratio)
    pixmap.fill(Qt.GlobalColor.transparent)
    return pixmap, ratio


def die_pixmap(kind: DieKind, face: Face | None, glyphs: Mapping[str, Glyph], size: int,
               ink: QColor | None = None) -> QPixmap:
    """A die `size` pixels square with the symbols of `face` (blank for None); border in `ink` (the palette's
    text by default). An empty pixmap for a die the rules do not say how to draw."""
    ink = ink or page_ink()
    key = ("die", kind, face.text if face is not None else None, _glyph_key(glyphs), size, ink.rgba(), _ratio())
    if key in _CACHE:
        return _CACHE[key]
    pixmap, _ratio_used = _blank(size, size)
    layers = die_layers(kind, face, glyphs)
    if layers:
        painter = QPainter(pixmap)
        paint_layers(painter, layers, QPointF(0.5, 0.5), size - 1.0, ink)
        painter.end()
    return _remember(key, pixmap)


def symbols_pixmap(symbols: Sequence[str], glyphs: Mapping[str, Glyph], size: int,
                   ink: QColor | None = None) -> QPixmap:
    """Symbols in a row, each `size` pixels square with a little space between, in `ink`."""
    ink = ink or page_ink()
    known = [s for s in symbols if s in glyphs]
    key = ("symbols", tuple(known), _glyph_key(glyphs), size, ink.rgba(), _ratio())
    if key in _CACHE:
        return _CACHE[key]
    step = size * 1.15
    pixmap, _ratio_used = _blank(max(1.0, step * len(known)), size)
    painter = QPainter(pixmap)
    for i, symbol in enumerate(known):
        paint_layers(painter, symbol_layers([symbol], glyphs), QPointF(i * step, 0), size, ink)
    painter.end()
    return _remember(key, pixmap)


class DiceStrip(QLabel):
    """A row of dice (blank, as a pool before the roll, or showing their faces), then, after an equals sign, the
    net symbols of a roll. Hidden while it has nothing drawn to show; repainted when the palette changes."""

    def __init__(self, glyphs: Mapping[str, Glyph], size: int = 26, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.glyphs = glyphs
        self.die_size = size
        self.dice: list[tuple[DieKind, Face | None]] = []
        self.symbols: list[str] = []
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        self.hide()

    def show_dice(self, dice: Sequence[tuple[DieKind, Face | None]], symbols: Sequence[str] = (),
                  words: str = "") -> None:
        """Show these dice and net symbols (`words` say the same for the tooltip and screen readers)."""
        self.dice = [(kind, face) for kind, face in dice if drawn(kind)]
        self.symbols = [s for s in symbols if s in self.glyphs]
        self.setToolTip(words)
        self.setAccessibleName(words)
        self._render()

    def _render(self) -> None:
        if not self.dice and not self.symbols:
            self.clear()
            self.hide()
            return
        size, ink = self.die_size, page_ink(self.palette())
        gap = max(2, size // 8)
        symbol = round(size * 0.7)
        equals = size if self.dice and self.symbols else 0
        width = len(self.dice) * (size + gap) + equals + len(self.symbols) * round(symbol * 1.15) + 2
        pixmap, _ratio_used = _blank(width, size)
        painter = QPainter(pixmap)
        x = 0
        for kind, face in self.dice:
            painter.drawPixmap(x, 0, die_pixmap(kind, face, self.glyphs, size, ink))
            x += size + gap
        if equals:
            painter.setPen(ink)
            painter.drawText(QRectF(x, 0, equals, size), Qt.AlignmentFlag.AlignCenter, "=")
            x += equals
        if self.symbols:
            painter.drawPixmap(x, (size - symbol) // 2, symbols_pixmap(self.symbols, self.glyphs, symbol, ink))
        painter.end()
        self.setPixmap(pixmap)
        self.setMinimumSize(QSize(0, size))
        self.show()

    def changeEvent(self, event: QEvent) -> None:  # Override QWidget::changeEvent: the theme's ink changed
        super().changeEvent(event)
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange) and \
                (self.dice or self.symbols):
            self._render()
