"""The fog of war drawn over a battle map: translucent for the GM, opaque on the player display."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from crisis_desktop.domain.battle_map import BattleMap
from crisis_desktop.rules.kernel.geometry import Grid
from crisis_desktop.ui.paint_guard import guarded

Coord = tuple[int, int]

GM_FOG = QColor(30, 30, 60, 90)        # the GM still reads the map through it


def revealed_cells(battle_map: BattleMap | None) -> set[Coord] | None:
    """The cells the players may see; None when the map has no fog (they see all of it)."""
    if battle_map is None or not battle_map.fog:
        return None
    return {(x, y) for x, y in battle_map.revealed}


class FogItem(QGraphicsItem):
    """One item covering every unrevealed cell of the shown map (nothing when its fog is off).

    The covered area is one path, rebuilt only when the map's fog or revealed cells change: rows of
    squares merge into runs, hexes are added one polygon each.
    """

    def __init__(self, colour: QColor = GM_FOG, z: float = 5) -> None:
        super().__init__()
        self.colour = QColor(colour)
        self.setZValue(z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._path = QPainterPath()
        self._key: object = None
        self.covered: set[Coord] = set()

    def sync(self, battle_map: BattleMap | None, grid: Grid, size: float) -> None:
        """Follow the map's fog after a change (cheap when nothing of the fog changed)."""
        shown = revealed_cells(battle_map)
        key = None if shown is None or battle_map is None else (
            battle_map.id, battle_map.grid, battle_map.width, battle_map.height, size, frozenset(shown))
        if key == self._key:
            return
        self._key = key
        self.prepareGeometryChange()
        self._path = QPainterPath()
        self.covered = set()
        if shown is not None:
            self.covered = {(x, y) for y in range(grid.height) for x in range(grid.width) if (x, y) not in shown}
            self._path = self._square_path(grid, size) if not grid.hex else self._hex_path(grid, size)
        self.update()

    def _square_path(self, grid: Grid, size: float) -> QPainterPath:
        path = QPainterPath()
        for y in range(grid.height):
            x = 0
            while x < grid.width:
                if (x, y) not in self.covered:
                    x += 1
                    continue
                start = x
                while x < grid.width and (x, y) in self.covered:
                    x += 1
                path.addRect(QRectF(start * size, y * size, (x - start) * size, size))
        return path

    def _hex_path(self, grid: Grid, size: float) -> QPainterPath:
        path = QPainterPath()
        path.setFillRule(Qt.FillRule.WindingFill)
        for xy in sorted(self.covered):
            path.addPolygon(QPolygonF([QPointF(x, y) for x, y in grid.corners(xy, size)]))
        return path

    def boundingRect(self) -> QRectF:  # Override QGraphicsItem::boundingRect
        return self._path.boundingRect()

    def shape(self) -> QPainterPath:  # Override QGraphicsItem::shape
        return self._path

    @guarded()
    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,  # Override QGraphicsItem::paint
              widget: QWidget | None = None) -> None:
        if self._path.isEmpty():
            return
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(self.colour)
        painter.drawPath(self._path)
