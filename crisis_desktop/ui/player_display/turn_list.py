"""The players' turn order: one large row per visible combatant with health word and condition chips."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRect, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter
from PySide6.QtWidgets import QListView, QStyledItemDelegate, QStyleOptionViewItem, QWidget

from crisis_desktop.ui.models.board_model import AnnouncedRole, Chip, ConditionsRole, CurrentRole
from crisis_desktop.ui.paint_guard import guarded
from crisis_desktop.ui.player_display.health import BADLY_WOUNDED, DOWN, UNHURT, WOUNDED
from crisis_desktop.ui.player_display.models import (
    FoggedRole,
    HealthColouredRole,
    HealthDetailsRole,
    HealthShownRole,
    HealthWordRole,
    SideRole,
    TokenLabelRole,
)

SIDE_COLOURS = {"party": QColor(60, 120, 220), "enemies": QColor(200, 60, 60), "neutral": QColor(140, 140, 140)}
# The health words' colours on dark rows; LIGHT_WORD_COLOURS are darker, to read on light rows (at least 4.5:1).
WORD_COLOURS = {UNHURT: QColor(70, 170, 90), WOUNDED: QColor(220, 160, 40), BADLY_WOUNDED: QColor(225, 90, 50),
                DOWN: QColor(150, 150, 150)}
LIGHT_WORD_COLOURS = {UNHURT: QColor(25, 110, 45), WOUNDED: QColor(140, 85, 0), BADLY_WOUNDED: QColor(170, 50, 15),
                      DOWN: QColor(95, 95, 100)}
CHIP = QColor(90, 110, 170)
NAME_SHRINK = 0.75      # the smallest type a name takes, of the row's, before it is cut short


class TurnDelegate(QStyledItemDelegate):
    """Paints a row: side stripe, name and health as the GM chose for its side, then what was announced of its place
    (a declaration), the health's smaller line (numbers, a strain word) and condition chips; the current actor lit
    up; a combatant in the fog as a muted, slanted "Unknown".

    `ink`, `muted`, `row_fill`, `current_fill` and `word_colours` come from the display's theme.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.point_size = 22
        self.ink = QColor(235, 235, 235)
        self.muted = QColor(154, 154, 164)
        self.row_fill = QColor(40, 40, 46)
        self.current_fill = QColor(120, 100, 30)
        self.word_colours = WORD_COLOURS

    def _fonts(self, points: int | None = None) -> tuple[QFont, QFont]:
        points = points or self.point_size
        big = QFont()
        big.setPointSize(points)
        big.setBold(True)
        small = QFont()
        small.setPointSize(max(8, int(points * 0.6)))
        return big, small

    def row_height(self, points: int | None = None) -> int:
        """The height of one row with its large type at `points` (by default the delegate's)."""
        big, small = self._fonts(points)
        return QFontMetrics(big).height() + QFontMetrics(small).height() + 22

    def sizeHint(self, option: QStyleOptionViewItem,  # Override QStyledItemDelegate::sizeHint
                 index: QModelIndex | QPersistentModelIndex) -> QSize:
        _big, small = self._fonts()
        extra = QFontMetrics(small).height() + 6 if self._third_line(index) else 0
        return QSize(300, self.row_height() + extra)

    @staticmethod
    def _third_line(index: QModelIndex | QPersistentModelIndex) -> bool:
        """Whether the row needs a line of its own for what was announced: it has numbers or chips besides."""
        return bool(index.data(AnnouncedRole)) and bool(index.data(HealthDetailsRole) or index.data(ConditionsRole))

    @guarded()
    def paint(self, painter: QPainter, option: QStyleOptionViewItem,  # Override QStyledItemDelegate::paint
              index: QModelIndex | QPersistentModelIndex) -> None:
        painter.save()
        try:        # the painter is given back as it came, whatever the row holds
            self._paint_row(painter, option, index)
        finally:
            painter.restore()

    def _paint_row(self, painter: QPainter, option: QStyleOptionViewItem,
                   index: QModelIndex | QPersistentModelIndex) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rect = option.rect.adjusted(4, 3, -4, -3)
        current = bool(index.data(CurrentRole))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(self.current_fill if current else self.row_fill)
        painter.drawRoundedRect(rect, 8, 8)
        painter.setBrush(SIDE_COLOURS.get(index.data(SideRole) or "", SIDE_COLOURS["neutral"]))
        painter.drawRoundedRect(QRect(rect.left(), rect.top(), 10, rect.height()), 4, 4)
        big, small = self._fonts()
        line = QFontMetrics(big).height()
        text_rect = rect.adjusted(22, 6, -12, 0)
        label = str(index.data(TokenLabelRole) or "")
        if label:       # the token's label, as on the map: who is who at a glance
            text_rect.setLeft(self._paint_label(painter, text_rect, line, small, label, index.data(SideRole)) + 8)
        fogged = bool(index.data(FoggedRole))
        name = ("▶ " if current else "") + str(index.data() or "")
        word = str(index.data(HealthWordRole) or "")
        colour = self.word_colours.get(word, self.ink) if index.data(HealthColouredRole) else self.ink
        painter.setPen(self.muted if fogged and not current else self.ink)
        top = QRect(text_rect.left(), text_rect.top(), text_rect.width(), line)
        second = QRect(text_rect.left(), top.bottom() + 4, text_rect.width(), QFontMetrics(small).height() + 4)
        below = self._paint_name_and_health(painter, top, second, (big, small), fogged, name,
                                            (str(index.data(HealthShownRole) or ""), colour))
        second.setRight(second.right() - below)
        announced = str(index.data(AnnouncedRole) or "")
        numbers = str(index.data(HealthDetailsRole) or "")
        if announced:
            painter.setFont(small)
            painter.setPen(self.ink)
            shown = QFontMetrics(small).elidedText(announced, Qt.TextElideMode.ElideRight, second.width())
            painter.drawText(second, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, shown)
            if self._third_line(index):
                # What was announced has the line to itself (a declaration with its target is long); the numbers and
                # the chips go below it.
                second = QRect(second.left(), second.bottom() + 2, second.width(), second.height())
            else:
                second.setLeft(second.left() + QFontMetrics(small).horizontalAdvance(shown) + 12)
        if numbers:
            painter.setFont(small)
            painter.setPen(self.ink)
            painter.drawText(second, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, numbers)
            second.setLeft(second.left() + QFontMetrics(small).horizontalAdvance(numbers) + 12)
        self._paint_chips(painter, second, small, index.data(ConditionsRole) or ())

    def _paint_name_and_health(self, painter: QPainter, top: QRect, second: QRect, fonts: tuple[QFont, QFont],
                               fogged: bool, name: str, health: tuple[str, QColor]) -> int:
        """The name on the top line with the health at its right; a name a little too long for that (the actor's, with
        its marker, in a narrow list) takes smaller type, down to NAME_SHRINK of the row's; one still too long keeps
        the line to itself and the health goes to the right of the line below, in that line's type. Returns the
        width the health takes on the line below (0 when it stayed on top)."""
        big, small = fonts
        text, colour = health
        name_font = QFont(big)
        name_font.setItalic(fogged)
        least = max(8, round(big.pointSize() * NAME_SHRINK))

        def whole(font: QFont, room: int) -> bool:     # as eliding measures it (the marker's glyph falls back)
            return QFontMetrics(font).elidedText(name, Qt.TextElideMode.ElideRight, room) == name

        def fitted(room: int) -> QFont:
            font = QFont(name_font)
            while not whole(font, room) and font.pointSize() > least:
                font.setPointSize(font.pointSize() - 1)
            return font

        beside = top.width() - (QFontMetrics(big).horizontalAdvance(text) + 8 if text else 0)
        font = fitted(beside)
        below = bool(text) and not whole(font, beside)
        if below:
            font, beside = fitted(top.width()), top.width()
        painter.setFont(font)
        painter.drawText(QRect(top.left(), top.top(), beside, top.height()),
                         Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                         QFontMetrics(font).elidedText(name, Qt.TextElideMode.ElideRight, beside))
        health_font = QFont(small) if below else big
        health_font.setBold(True)
        painter.setFont(health_font)
        painter.setPen(colour)
        painter.drawText(second if below else top, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, text)
        return QFontMetrics(health_font).horizontalAdvance(text) + 12 if below else 0

    @staticmethod
    def _paint_label(painter: QPainter, rect: QRect, line: int, font: QFont, label: str, side: object) -> int:
        """The token's label in a disc of its side's colour at the row's left; returns the disc's right edge."""
        bold = QFont(font)
        bold.setBold(True)
        metrics = QFontMetrics(bold)
        # One width for every label of two letters, so that the names start in one column.
        size = max(line - 4, metrics.horizontalAdvance("MM") + 10, metrics.horizontalAdvance(label) + 10)
        disc = QRect(rect.left(), rect.top() + 2, size, line - 4)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(SIDE_COLOURS.get(str(side or ""), SIDE_COLOURS["neutral"]))
        painter.drawRoundedRect(disc, disc.height() / 2, disc.height() / 2)
        painter.setFont(bold)
        painter.setPen(QColor(255, 255, 255))
        painter.drawText(disc, Qt.AlignmentFlag.AlignCenter, label)
        return disc.right()

    def _paint_chips(self, painter: QPainter, rect: QRect, font: QFont, chips: tuple[Chip, ...]) -> None:
        painter.setFont(font)
        metrics = QFontMetrics(font)
        x = rect.left()
        for chip in chips:
            label = f"{chip.label} {chip.rounds}" if chip.rounds else chip.label
            width = metrics.horizontalAdvance(label) + 16
            if x + width > rect.right():
                break
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(CHIP)
            painter.drawRoundedRect(QRect(x, rect.top(), width, rect.height()), rect.height() / 2, rect.height() / 2)
            painter.setPen(QColor(255, 255, 255))
            painter.drawText(QRect(x, rect.top(), width, rect.height()), Qt.AlignmentFlag.AlignCenter, label)
            x += width + 6


class TurnList(QListView):
    """The turn order for the players: not selectable, not editable, no tooltips."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.delegate = TurnDelegate(self)
        self.setItemDelegate(self.delegate)
        self.setSelectionMode(QListView.SelectionMode.NoSelection)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setEditTriggers(QListView.EditTrigger.NoEditTriggers)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        # A row grows a line while what was announced of it needs one (TurnDelegate.sizeHint).
        self.setUniformItemSizes(False)
