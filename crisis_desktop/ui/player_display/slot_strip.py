"""The round's side slots for the players: one chip per slot in its side's colour, the slot acting now lit up and
the side that acts in words ("PC slot 2 — players act"); empty under rules whose places are not a side's."""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from crisis_desktop.rules.kernel.flows import OrderRow

# Who acts when a side's slot comes up, as the players read it.
SIDE_ACTS = {"party": "players act", "enemies": "enemies act", "neutral": "neutral side acts"}


@dataclass(frozen=True)
class Slot:
    label: str          # "PC slot 2"
    side: str           # "party", "enemies", "neutral"
    state: str          # "done", "now" or "later"


def slots_of(rows: Sequence[OrderRow], unseen: Collection[str] = (),
             sides: Mapping[str, str] | None = None) -> list[Slot]:
    """The rows that are a side's places (OrderRow.side), in order: done before the current one, later after.

    Nothing of a combatant the players do not see (`unseen`: hidden by the GM or by the fog; `sides`: each
    combatant's side) is told or hinted: a slot it used is left out, and a side shows no more open slots than it has
    seen combatants still to act (the flow's rows without a side), so a slot only an unseen combatant can fill never
    shows, nor does its side's turn. The slots shown take their side's labels in order ("NPC slot 1", "NPC slot 2"),
    so no numbering gap gives one away either."""
    sides = sides or {}
    sided = [row for row in rows if row.side]
    now = next((i for i, row in enumerate(sided) if row.current), None)
    waiting = Counter(sides.get(row.combatant_id, "") for row in rows
                      if not row.side and row.combatant_id is not None and row.combatant_id not in unseen)
    labels: dict[str, list[str]] = {}
    for row in sided:
        labels.setdefault(row.side, []).append(row.position)
    shown: dict[str, int] = Counter()
    out = []
    for i, row in enumerate(sided):
        if now is None:
            state = "done" if row.status in ("done", "skipped") else "later"
        else:
            state = "done" if i < now else "now" if i == now else "later"
        used = row.combatant_id is not None and state != "later"
        if used and row.combatant_id in unseen:
            continue                                    # a slot an unseen combatant used
        if not used and state != "done" and unseen:
            if waiting[row.side] <= 0:
                continue                                # only an unseen combatant is left to fill it
            waiting[row.side] -= 1
        out.append(Slot(labels[row.side][shown[row.side]], row.side, state))
        shown[row.side] += 1
    return out


def acting_text(slots: Sequence[Slot]) -> str:
    """"PC slot 2 — players act" for the slot acting now; empty when none is."""
    now = next((s for s in slots if s.state == "now"), None)
    if now is None:
        return ""
    return f"{now.label} — {SIDE_ACTS.get(now.side, now.side + ' side acts')}"


class SlotStrip(QWidget):
    """Paints the slots as chips in a row, the acting side in words before them; hidden with no slots.
    `ink`, `muted`, `side_colours` and `point_size` come from the display's theme."""

    def __init__(self, side_colours: dict[str, QColor], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("player-slots")
        self.slots: list[Slot] = []
        self.text = ""
        self.side_colours = side_colours
        self.ink = QColor(235, 235, 235)
        self.muted = QColor(154, 154, 164)
        self.point_size = 18
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.hide()

    def set_rows(self, rows: Sequence[OrderRow], unseen: Collection[str] = (),
                 sides: Mapping[str, str] | None = None) -> None:
        """The slots of these rows, leaving out what only `unseen` combatants tell (see `slots_of`)."""
        self.slots = slots_of(rows, unseen, sides)
        self.text = acting_text(self.slots)
        self.setAccessibleName(self.text or ", ".join(s.label for s in self.slots))
        self.setVisible(bool(self.slots))
        self.updateGeometry()
        self.update()

    def _fonts(self, size: int | None = None) -> tuple[QFont, QFont]:
        size = size or self.point_size
        big = QFont()
        big.setPointSize(size + 4)
        big.setBold(True)
        small = QFont()
        small.setPointSize(size)
        return big, small

    def _width(self, size: int) -> int:
        big, small = self._fonts(size)
        text = QFontMetrics(big).horizontalAdvance(self.text) + 24 if self.text else 0
        metrics = QFontMetrics(small)
        return text + sum(metrics.horizontalAdvance(s.label) + 32 for s in self.slots)

    def _fitting_size(self) -> int:
        """The largest type, down to 9 points, in which every slot fits the width (a big fight has many slots)."""
        size = self.point_size
        while size > 9 and self._width(size) > self.width():
            size -= 1
        return size

    def sizeHint(self) -> QSize:  # Override QWidget::sizeHint
        big, small = self._fonts()
        return QSize(600, max(QFontMetrics(big).height(), QFontMetrics(small).height() + 14) + 8)

    def paintEvent(self, event: QPaintEvent) -> None:  # Override QWidget::paintEvent
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        big, small = self._fonts(self._fitting_size())
        height = self.height()
        x = 0.0
        if self.text:
            painter.setFont(big)
            painter.setPen(self.ink)
            width = QFontMetrics(big).horizontalAdvance(self.text) + 24
            painter.drawText(QRectF(0, 0, width, height), Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                             self.text)
            x = width
        painter.setFont(small)
        metrics = QFontMetrics(small)
        chip_height = metrics.height() + 10
        top = (height - chip_height) / 2
        for slot in self.slots:
            width = metrics.horizontalAdvance(slot.label) + 24
            if x + width > self.width():
                break
            colour = QColor(self.side_colours.get(slot.side, self.muted))
            rect = QRectF(x, top, width, chip_height)
            if slot.state == "now":
                painter.setBrush(colour)
                painter.setPen(QPen(self.ink, 3))
            elif slot.state == "done":
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.setPen(QPen(self.muted, 1.5, Qt.PenStyle.DashLine))
            else:
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.setPen(QPen(colour, 2.5))
            painter.drawRoundedRect(rect.adjusted(1.5, 1.5, -1.5, -1.5), chip_height / 2, chip_height / 2)
            painter.setPen(QColor(255, 255, 255) if slot.state == "now" else
                           self.muted if slot.state == "done" else self.ink)
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, slot.label)
            x += width + 8
        painter.end()
