"""The simulator's plots, drawn with QPainter: who wins, a histogram of the rounds, a bar per PC for downed/killed."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFontMetrics, QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from crisis_desktop.controller.simulate import UNDECIDED, Summary
from crisis_desktop.controller.simulate.report import side_label
from crisis_desktop.controller.simulate.stats import Estimate
from crisis_desktop.ui import theme

PARTY = QColor(60, 130, 200)
ENEMIES = QColor(200, 70, 60)
NEUTRAL = QColor(150, 150, 150)
DOWNED = QColor(230, 150, 40)
KILLED = QColor(190, 40, 50)
BAR = QColor(90, 140, 190)


def side_colour(side: str) -> QColor:
    return {"party": PARTY, "enemies": ENEMIES}.get(side, NEUTRAL)


def _pct(value: float) -> str:
    return f"{value * 100:.0f}%" if value * 100 >= 9.95 or value == 0 else f"{value * 100:.1f}%"


class _Plot(QWidget):
    """A plot of one summary (or none yet), in the palette's colours."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.summary: Summary | None = None
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def set_summary(self, summary: Summary | None) -> None:
        self.summary = summary
        self.updateGeometry()
        self.update()

    def _ink(self) -> QColor:
        return self.palette().color(QPalette.ColorRole.WindowText)

    def _faint(self) -> QColor:
        pal = self.palette()
        return theme.mix(pal.color(QPalette.ColorRole.Window), pal.color(QPalette.ColorRole.WindowText), 0.35)

    def _whisker(self, painter: QPainter, e: Estimate, left: float, width: float, y: float, h: float) -> None:
        """The 95% interval as a line with end ticks across a bar."""
        painter.setPen(QPen(self._ink(), 1))
        x0, x1 = left + e.low * width, left + e.high * width
        mid = y + h / 2
        painter.drawLine(int(x0), int(mid), int(x1), int(mid))
        painter.drawLine(int(x0), int(mid - h / 4), int(x0), int(mid + h / 4))
        painter.drawLine(int(x1), int(mid - h / 4), int(x1), int(mid + h / 4))


class WinsBar(_Plot):
    """One bar split by each side's chance to win (and a draw's), labelled."""

    def sizeHint(self) -> QSize:
        return QSize(360, 4 * QFontMetrics(self.font()).height() + 10)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        fm = QFontMetrics(self.font())
        line = fm.height()
        width = self.width() - 2
        painter.setPen(self._ink())
        painter.drawText(0, fm.ascent(), "Who wins")
        if self.summary is None:
            return
        y, h = line + 2, line + 4
        x = 1.0
        parts = [(side, e) for side, e in self.summary.wins.items() if e.value > 0]
        for side, e in parts:
            w = e.value * width
            rect = QRectF(x, y, w, h)
            colour = side_colour(side) if side not in UNDECIDED else NEUTRAL
            painter.fillRect(rect, colour)
            text = f"{side_label(side)} {_pct(e.value)}"
            if fm.horizontalAdvance(text) + 6 <= w:
                painter.setPen(theme.ink_on(colour))
                painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)
            x += w
        painter.setPen(self._faint())
        painter.drawRect(QRectF(1, y, width - 1, h))
        # Every chance in words under the bar, with its interval: a thin slice has no room for its label.
        painter.setPen(self._ink())
        words = "   ".join(f"{side_label(side)} {_pct(e.value)} ({_pct(e.low)}–{_pct(e.high)})"
                           for side, e in self.summary.wins.items() if side not in UNDECIDED or e.value > 0)
        painter.drawText(QRectF(0, y + h + 2, width, line), Qt.AlignmentFlag.AlignLeft,
                         fm.elidedText(words, Qt.TextElideMode.ElideRight, width))


class RoundsHistogram(_Plot):
    """How many rounds the fights lasted: a bar per number of rounds, as a share of the fights."""

    def sizeHint(self) -> QSize:
        return QSize(360, 9 * QFontMetrics(self.font()).height())

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        fm = QFontMetrics(self.font())
        line = fm.height()
        painter.setPen(self._ink())
        title = "Rounds"
        if self.summary is not None and self.summary.runs:
            m = self.summary.mean_rounds
            title += f" (mean {m.value:.1f}, 95% {m.low:.1f} to {m.high:.1f})"
        painter.drawText(0, fm.ascent(), title)
        if self.summary is None or not self.summary.rounds:
            return
        counts = self.summary.rounds
        last = max(counts)
        first = min(1, min(counts))
        total = max(1, self.summary.runs)
        peak = max(counts.values()) / total
        left = fm.horizontalAdvance("100%") + 6
        top, bottom = line + 4, self.height() - line - 4
        plot_w = max(10, self.width() - left - 4)
        plot_h = max(10, bottom - top)
        n = last - first + 1
        slot = plot_w / n
        painter.setPen(self._faint())
        painter.drawLine(left, bottom, left + int(plot_w), bottom)
        painter.drawLine(left, top, left, bottom)
        painter.setPen(self._ink())
        painter.drawText(QRectF(0, top - line / 2, left - 4, line), Qt.AlignmentFlag.AlignRight, _pct(peak))
        painter.drawText(QRectF(0, bottom - line / 2, left - 4, line), Qt.AlignmentFlag.AlignRight, "0%")
        step = max(1, round(n / max(1, plot_w / (fm.horizontalAdvance("00") + 8))))
        for r in range(first, last + 1):
            x = left + (r - first) * slot
            share = counts.get(r, 0) / total
            h = share / peak * plot_h if peak else 0
            painter.fillRect(QRectF(x + slot * 0.1, bottom - h, slot * 0.8, h), BAR)
            if (r - first) % step == 0 or r == last:
                painter.setPen(self._ink())
                painter.drawText(QRectF(x, bottom + 2, slot, line), Qt.AlignmentFlag.AlignHCenter, str(r))


class ChanceBars(_Plot):
    """A pair of bars per PC: the chance to be downed and to be killed, with their 95% intervals."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.rows: Sequence[tuple[str, Estimate, Estimate]] = ()

    def set_summary(self, summary: Summary | None) -> None:
        pcs = [c for c in summary.combatants if c.pc] if summary is not None else []
        self.rows = [(c.name, c.downed, c.killed) for c in pcs]
        super().set_summary(summary)

    def sizeHint(self) -> QSize:
        line = QFontMetrics(self.font()).height()
        return QSize(360, (2 + 2 * max(1, len(self.rows))) * (line + 2) + 8)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        fm = QFontMetrics(self.font())
        line = fm.height()
        painter.setPen(self._ink())
        painter.drawText(0, fm.ascent(), "Each PC: chance to be downed, to be killed")
        legend_y = line + 2
        x = 0
        for colour, text in ((DOWNED, "downed"), (KILLED, "killed")):
            painter.fillRect(QRectF(x, legend_y + 3, line - 6, line - 6), colour)
            painter.setPen(self._ink())
            painter.drawText(int(x + line), legend_y + fm.ascent(), text)
            x += line + fm.horizontalAdvance(text) + 16
        if not self.rows:
            return
        name_w = min(self.width() // 3, max(fm.horizontalAdvance(name) for name, _, _ in self.rows) + 8)
        value_w = fm.horizontalAdvance("100%") + 8
        left = name_w
        width = max(10, self.width() - left - value_w)
        y = 2 * (line + 2) + 2
        for name, downed, killed in self.rows:
            painter.setPen(self._ink())
            painter.drawText(QRectF(0, y, name_w - 6, 2 * (line + 2)),
                             Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                             fm.elidedText(name, Qt.TextElideMode.ElideRight, name_w - 6))
            for e, colour in ((downed, DOWNED), (killed, KILLED)):
                painter.fillRect(QRectF(left, y + 1, width, line), theme.mix(
                    self.palette().color(QPalette.ColorRole.Window), self._ink(), 0.08))
                painter.fillRect(QRectF(left, y + 1, e.value * width, line), colour)
                self._whisker(painter, e, left, width, y + 1, line)
                painter.setPen(self._ink())
                painter.drawText(QRectF(left + width + 4, y, value_w, line + 2), Qt.AlignmentFlag.AlignVCenter,
                                 _pct(e.value))
                y += line + 2
