"""Paints the encounter board's resource bars and condition chips."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRect, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPalette
from PySide6.QtWidgets import QApplication, QStyle, QStyledItemDelegate, QStyleOptionViewItem, QWidget

from crisis_desktop.rules.base import ResourceSpec
from crisis_desktop.ui import theme
from crisis_desktop.ui.models.board_model import (
    COL_BARS,
    COL_CONDITIONS,
    COL_INIT,
    COL_SIDE,
    Chip,
    ConditionsRole,
    ResourcesRole,
)
from crisis_desktop.ui.paint_guard import guarded

BAR_WIDTH = 112
MIN_BAR_WIDTH = 40      # a bar in a narrow turn order: its numbers only ("25/25"), the tooltip says the rest
BAR_GAP = 6
SIDE_STRIP = 4          # the side's colour down the Init cell's left edge, as on the map's tokens
GOOD = QColor(76, 160, 90)
BAD = QColor(200, 70, 60)
MIDDLE = QColor(220, 160, 50)
# The sides' colours, on the map's tokens and down the turn order's Init cells alike.
SIDE_COLOURS = {"party": QColor(40, 100, 200), "enemies": QColor(190, 45, 45), "neutral": QColor(120, 120, 120)}
CHIP = QColor(90, 110, 170)     # white text on it reads (contrast 5:1) in light and dark themes alike


def short_label(bar: ResourceSpec) -> str:
    """What a narrow bar says: the rules' short label ("Armour" for "Light Armour durability"); the tooltip has
    the full one."""
    return bar.short or bar.label


def bar_colour(fraction: float, lower_is_worse: bool) -> QColor:
    health = fraction if lower_is_worse else 1.0 - fraction
    if health > 0.6:
        return GOOD
    return MIDDLE if health > 0.3 else BAD


class BoardDelegate(QStyledItemDelegate):
    """Bars (label, current/maximum, filled to scale) in the Resources column; chips in Conditions.

    A bar's label is in the palette's text colour; its track and fill are shaded so that text reads on them in a
    light or a dark theme.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)

    @guarded()
    def paint(self, painter: QPainter, option: QStyleOptionViewItem,  # Override QStyledItemDelegate::paint
              index: QModelIndex | QPersistentModelIndex) -> None:
        if index.column() == COL_INIT:
            super().paint(painter, option, index)
            self._paint_side(painter, option.rect, str(index.model().index(index.row(), COL_SIDE).data() or ""))
            return
        if index.column() not in (COL_BARS, COL_CONDITIONS):
            super().paint(painter, option, index)
            return
        # The background (selection, the current actor's highlight) as usual, without the text.
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        opt.text = ""
        style = opt.widget.style() if opt.widget else QApplication.style()
        style.drawControl(QStyle.ControlElement.CE_ItemViewItem, opt, painter, opt.widget)
        painter.save()
        try:        # the painter is given back as it came, whatever the row holds
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            rect = option.rect.adjusted(4, 4, -4, -4)
            if index.column() == COL_BARS:
                self._paint_bars(painter, rect, index.data(ResourcesRole) or (), option.palette)
            else:
                self._paint_chips(painter, rect, index.data(ConditionsRole) or ())
        finally:
            painter.restore()

    @staticmethod
    def _paint_side(painter: QPainter, rect: QRect, side: str) -> None:
        painter.fillRect(QRect(rect.left(), rect.top() + 1, SIDE_STRIP, rect.height() - 2),
                         SIDE_COLOURS.get(side, SIDE_COLOURS["neutral"]))

    def _paint_bars(self, painter: QPainter, rect: QRect, bars: tuple[ResourceSpec, ...], palette: QPalette) -> None:
        x = rect.left()
        metrics = painter.fontMetrics()
        ink = palette.color(QPalette.ColorRole.Text)
        # The bars share the cell: as wide as BAR_WIDTH where there is room, narrower (to MIN_BAR_WIDTH) where not.
        width = max(MIN_BAR_WIDTH, min(BAR_WIDTH, (rect.width() - BAR_GAP * (len(bars) - 1)) // max(1, len(bars))))
        for bar in bars:
            if x + width > rect.right() + 1:
                break
            box = QRect(x, rect.top(), width, rect.height())
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(theme.track(palette))
            painter.drawRoundedRect(box, 3, 3)
            fraction = 0.0 if bar.maximum <= 0 else max(0.0, min(1.0, bar.current / bar.maximum))
            if fraction > 0:
                painter.setBrush(theme.fill_under(bar_colour(fraction, bar.lower_is_worse), ink))
                painter.drawRoundedRect(QRect(box.left(), box.top(), max(3, int(box.width() * fraction)),
                                              box.height()), 3, 3)
            painter.setPen(ink)
            # Narrowed bars all read alike: their numbers only (the tooltip names them).
            label = metrics.elidedText(f"{short_label(bar)} {bar.current}/{bar.maximum}" if width >= BAR_WIDTH
                                       else f"{bar.current}/{bar.maximum}", Qt.TextElideMode.ElideRight, width - 6)
            painter.drawText(box.adjusted(3, 0, -3, 0), Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft,
                             label)
            x += width + BAR_GAP

    def _paint_chips(self, painter: QPainter, rect: QRect, chips: tuple[Chip, ...]) -> None:
        x = rect.left()
        metrics = painter.fontMetrics()
        for chip in chips:
            text = chip.label + (f" {chip.rounds}" if chip.rounds else "")
            width = metrics.horizontalAdvance(text) + 14
            room = rect.right() + 1 - x
            if width > room:
                # A chip wider than the room left is cut short ("Fractured arm (cri…"), not left out: the tooltip
                # has every chip in full.
                if room < 40:
                    break
                text, width = metrics.elidedText(text, Qt.TextElideMode.ElideRight, room - 14), room
            box = QRect(x, rect.top(), width, rect.height())
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(CHIP)
            painter.drawRoundedRect(box, box.height() / 2, box.height() / 2)
            painter.setPen(QColor(255, 255, 255))
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
            x += width + 4

    def sizeHint(self, option: QStyleOptionViewItem,  # Override QStyledItemDelegate::sizeHint
                 index: QModelIndex | QPersistentModelIndex) -> QSize:
        hint = super().sizeHint(option, index)
        if index.column() == COL_BARS:
            count = len(index.data(ResourcesRole) or ())
            return QSize(max(hint.width(), count * (BAR_WIDTH + BAR_GAP) + 8), max(hint.height(), 26))
        return QSize(hint.width(), max(hint.height(), 26))
