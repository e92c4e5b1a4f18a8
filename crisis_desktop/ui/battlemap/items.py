"""Graphics items of the battle map: the cell layer (one item for every cell), tokens and overlays."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QImage, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from crisis_desktop.domain.battle_map import Cover, Paint
from crisis_desktop.rules.kernel.geometry import Grid
from crisis_desktop.ui.battlemap.token_labels import initials
from crisis_desktop.ui.paint_guard import guarded
from crisis_desktop.ui.plain_text import tooltip
from crisis_desktop.ui.widgets.board_delegate import SIDE_COLOURS, bar_colour

Coord = tuple[int, int]

COVER_COLOURS = {
    Cover.LIGHT: QColor(226, 196, 92),
    Cover.HEAVY: QColor(201, 120, 46),
    Cover.TOTAL: QColor(74, 64, 58),
}
OPEN_GROUND = QColor(236, 234, 224)
DIFFICULT = QColor(120, 150, 90)
GRID_PEN = QColor(0, 0, 0, 60)
HEX_IMAGE_RADIUS = 8.0    # pixels per hex radius in the zoomed-out image of a hex map
LABEL_INK = QColor(30, 30, 30)


def _polygon(points: Iterable[tuple[float, float]]) -> QPolygonF:
    return QPolygonF([QPointF(x, y) for x, y in points])


class CellLayer(QGraphicsItem):
    """Every cell of the map in one item: it paints only the exposed rect.

    Square maps keep one pixel per cell in a QImage, drawn scaled in a single call, so a full frame of a
    200 x 200 map costs one blit plus the grid lines; patterns and zone labels appear only when zoomed in.
    """

    def __init__(self, grid: Grid, size: float, cells: Mapping[Coord, Paint], translucent: bool = False) -> None:
        super().__init__()
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)
        self.setZValue(-5)
        self.grid, self.size, self.cells = grid, size, cells
        self.translucent = translucent
        self._image: QImage | None = None
        self._image_scale = 1.0
        self._shape: QPolygonF | None = None
        w, h = grid.scene_size(size)
        self._rect = QRectF(0, 0, w, h)

    def boundingRect(self) -> QRectF:  # Override QGraphicsItem::boundingRect
        return self._rect

    def colour(self, cell: Paint | None) -> QColor:
        if cell is None:
            colour = QColor(OPEN_GROUND)
        elif cell.cover is not Cover.NONE:
            colour = QColor(COVER_COLOURS[cell.cover])
        elif cell.difficult:
            colour = QColor(DIFFICULT).lighter(150)
        else:
            colour = QColor(OPEN_GROUND)
        if self.translucent:
            colour.setAlpha(150 if cell is not None and (cell.cover is not Cover.NONE or cell.difficult) else 0)
        return colour

    def cells_changed(self, coords: Iterable[Coord]) -> None:
        """Repaint only these cells."""
        rect = QRectF()
        coords = [xy for xy in coords if self.grid.contains(xy)]
        if self._image is not None and self.grid.hex:
            self._paint_hex_cells(coords)
        for xy in coords:
            if self._image is not None and not self.grid.hex:
                self._image.setPixelColor(xy[0], xy[1], self.colour(self.cells.get(xy)))
            rect = rect.united(self.cell_rect(xy))
        self.update(rect)

    def cell_shape(self, xy: Coord) -> QPolygonF:
        """The cell's outline: one shape made once for the layer, moved to the cell (no trigonometry per frame)."""
        if self._shape is None:
            cx, cy = self.grid.centre((0, 0), self.size)
            self._shape = _polygon(self.grid.corners((0, 0), self.size)).translated(-cx, -cy)
        x, y = self.grid.centre(xy, self.size)
        return self._shape.translated(x, y)

    def cell_rect(self, xy: Coord) -> QRectF:
        xs, ys = zip(*self.grid.corners(xy, self.size), strict=True)
        return QRectF(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))

    def _square_image(self) -> QImage:
        if self._image is None:
            import numpy as np

            # One pixel a cell, written as one array: the colour of each paint read once (cells share their
            # paints), so a fully painted 1000 x 1000 map takes a fraction of a second, not a call a cell.
            width, height = self.grid.width, self.grid.height
            by_paint: dict[int, tuple[int, list[int]]] = {}
            for (x, y), cell in self.cells.items():
                if 0 <= x < width and 0 <= y < height:
                    found = by_paint.get(id(cell))
                    if found is None:
                        found = by_paint[id(cell)] = (self.colour(cell).rgba(), [])
                    found[1].append(y * width + x)
            pixels = np.full(width * height, self.colour(None).rgba(), dtype=np.uint32)
            for rgba, where in by_paint.values():
                pixels[where] = rgba
            image = QImage(pixels.data, width, height, width * 4, QImage.Format.Format_ARGB32)
            self._image = image.convertToFormat(QImage.Format.Format_ARGB32_Premultiplied)   # a copy of its own
        return self._image

    def visible_range(self, rect: QRectF) -> tuple[range, range]:
        """Rows and columns that may intersect `rect` (a cell of margin on hexes)."""
        s, g = self.size, self.grid
        if g.hex:
            col_w, row_h = 1.7320508 * s, 1.5 * s
            x0, x1 = int(rect.left() / col_w) - 1, int(rect.right() / col_w) + 1
            y0, y1 = int(rect.top() / row_h) - 1, int(rect.bottom() / row_h) + 1
        else:
            x0, x1 = int(rect.left() // s), int(rect.right() // s)
            y0, y1 = int(rect.top() // s), int(rect.bottom() // s)
        return range(max(0, x0), min(g.width, x1 + 1)), range(max(0, y0), min(g.height, y1 + 1))

    @guarded()
    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,  # Override QGraphicsItem::paint
              widget: QWidget | None = None) -> None:
        exposed = option.exposedRect.intersected(self._rect)
        # QGraphicsView.render() exposes the whole item: clip to what reaches the device as well.
        inverse, invertible = painter.worldTransform().inverted()
        device = painter.device()
        if invertible and device is not None:
            exposed = exposed.intersected(inverse.mapRect(QRectF(0, 0, device.width(), device.height())))
        if exposed.isEmpty():
            return
        lod = option.levelOfDetailFromTransform(painter.worldTransform())
        on_screen = self.size * lod      # a cell's size in device pixels
        columns, rows = self.visible_range(exposed)
        if not columns or not rows:
            return
        if self.grid.hex:
            self._paint_hexes(painter, columns, rows, on_screen, exposed)
        else:
            self._paint_squares(painter, columns, rows, on_screen)
        if on_screen >= 18:
            self._paint_details(painter, columns, rows, on_screen)

    def _paint_squares(self, painter: QPainter, columns: range, rows: range, on_screen: float) -> None:
        s = self.size
        source = QRectF(columns.start, rows.start, len(columns), len(rows))
        target = QRectF(columns.start * s, rows.start * s, len(columns) * s, len(rows) * s)
        painter.drawImage(target, self._square_image(), source)
        if on_screen < 5:
            return      # lines closer than 5 pixels would only grey the map out
        painter.setPen(QPen(GRID_PEN, 0))
        top, bottom, left, right = target.top(), target.bottom(), target.left(), target.right()
        lines = [QLineF(x * s, top, x * s, bottom) for x in range(columns.start, columns.stop + 1)]
        lines += [QLineF(left, y * s, right, y * s) for y in range(rows.start, rows.stop + 1)]
        painter.drawLines(lines)

    def _paint_hexes(self, painter: QPainter, columns: range, rows: range, on_screen: float,
                     exposed: QRectF) -> None:
        if len(columns) * len(rows) > 2500 or on_screen <= HEX_IMAGE_RADIUS:
            # Zoomed out: the map drawn once into an image (hexes of radius HEX_IMAGE_RADIUS pixels) and blitted,
            # so a frame costs one scaled copy, not one polygon per hex. When a hex is no bigger on screen than
            # in the image, the image is as sharp as drawing them, so only the part exposed is copied.
            image, scale = self._hex_image()
            if len(columns) * len(rows) > 2500:
                painter.drawImage(self._rect, image, QRectF(0, 0, image.width(), image.height()))
                return
            if on_screen <= self.size * scale:
                part = exposed.intersected(self._rect)
                painter.drawImage(part, image, QRectF(part.x() * scale, part.y() * scale,
                                                      part.width() * scale, part.height() * scale))
                return
        painter.setPen(QPen(GRID_PEN, 0) if on_screen >= 5 else Qt.PenStyle.NoPen)
        by_colour: dict[int, tuple[QColor, QPainterPath]] = {}
        for y in rows:
            for x in columns:
                colour = self.colour(self.cells.get((x, y)))
                key = colour.rgba()
                if key not in by_colour:
                    by_colour[key] = (colour, QPainterPath())
                by_colour[key][1].addPolygon(self.cell_shape((x, y)))
        for colour, path in by_colour.values():
            painter.setBrush(colour)
            painter.drawPath(path)

    def _hex_image(self) -> tuple[QImage, float]:
        if self._image is None:
            scale = min(HEX_IMAGE_RADIUS / self.size, 4096 / max(self._rect.width(), self._rect.height()))
            image = QImage(max(1, int(self._rect.width() * scale)), max(1, int(self._rect.height() * scale)),
                           QImage.Format.Format_ARGB32_Premultiplied)
            image.fill(Qt.GlobalColor.transparent)
            self._image, self._image_scale = image, scale
            self._paint_hex_cells((x, y) for y in range(self.grid.height) for x in range(self.grid.width))
        return self._image, self._image_scale

    def _paint_hex_cells(self, coords: Iterable[Coord]) -> None:
        """Draw these hexes into the zoomed-out image."""
        assert self._image is not None
        painter = QPainter(self._image)
        painter.scale(self._image_scale, self._image_scale)
        painter.setPen(QPen(GRID_PEN, 0))
        for xy in coords:
            painter.setBrush(self.colour(self.cells.get(xy)))
            painter.drawPolygon(self.cell_shape(xy))
        painter.end()

    def _paint_details(self, painter: QPainter, columns: range, rows: range, on_screen: float) -> None:
        """Hatching for cover bullets go through, dots for difficult ground, zone names."""
        hatch = QBrush(QColor(0, 0, 0, 110), Qt.BrushStyle.BDiagPattern)
        dots = QBrush(QColor(40, 80, 20, 150), Qt.BrushStyle.Dense6Pattern)
        painter.setPen(Qt.PenStyle.NoPen)
        font = QFont(painter.font())
        font.setPixelSize(max(1, int(self.size * 0.22)))
        painter.setFont(font)
        if len(columns) * len(rows) < len(self.cells):
            shown = [(xy, self.cells[xy]) for xy in ((x, y) for y in rows for x in columns) if xy in self.cells]
        else:
            shown = [(xy, c) for xy, c in self.cells.items() if xy[0] in columns and xy[1] in rows]
        for (x, y), cell in shown:
            shape = self.cell_shape((x, y))
            if cell.penetrable and cell.cover is not Cover.NONE:
                painter.setBrush(hatch)
                painter.drawPolygon(shape)
            if cell.difficult:
                painter.setBrush(dots)
                painter.drawPolygon(shape)
            if cell.zone and on_screen >= 30 and self._zone_starts((x, y), cell.zone):
                dark = cell.cover is Cover.TOTAL
                painter.setPen(QColor(250, 250, 250) if dark else QColor(40, 40, 40))
                box = shape.boundingRect().adjusted(self.size * 0.08, self.size * 0.04, self.size * 3, 0)
                painter.drawText(box, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop, cell.zone)
                painter.setPen(Qt.PenStyle.NoPen)

    def _zone_starts(self, xy: Coord, zone: str) -> bool:
        """Name a zone once per patch: on cells whose left and upper neighbours are not in it."""
        left, up = self.cells.get((xy[0] - 1, xy[1])), self.cells.get((xy[0], xy[1] - 1))
        return (left is None or left.zone != zone) and (up is None or up.zone != zone)


@dataclass
class TokenLook:
    """What a token shows: taken from the combatant, its character and the turn."""

    name: str
    side: str
    posture: str | None = None  # the rules' word for how it stands; its first letter is the badge
    current: bool = False
    down: bool = False       # dead, dying or out of the fight
    hidden: bool = False
    health: tuple[int, int] | None = None   # (current, maximum) of the rules' Health bar, for the GM's bar
    health_label: str = ""                  # that bar's label ("Health")
    lower_is_worse: bool = True
    conditions: tuple[str, ...] = ()        # the rules' labels of the character's conditions and marks, for the GM
    state: str = ""          # the rules' word for how it stands ("OK", "Dying", "Knocked out"), for the GM
    details: tuple[str, ...] = ()           # its other bars and the rules' badges ("AP 3/6", "Reload Musket: 4/8")
    word: str = ""           # health as the players read it ("wounded"), as on the player display
    caption: str = ""        # text under the token: the player map writes the word there
    label: str = ""          # the fight's distinct label for it (token_labels); its initials without one

    @property
    def initials(self) -> str:
        return self.label or initials(self.name)

    @property
    def markers(self) -> tuple[str, ...]:
        """One short mark per condition: its first letter; its first two where two conditions share one; the first
        letters of its first two words where those are shared too ("Fractured arm", "Fractured leg": FA, FL)."""
        def mark(label: str) -> str:
            first, two = label[:1].upper(), label[:2].capitalize()
            if sum(other[:1].upper() == first for other in self.conditions) == 1:
                return first
            if sum(other[:2].capitalize() == two for other in self.conditions) == 1:
                return two
            words = [w for w in label.split() if w[:1].isalnum()]
            return "".join(w[0] for w in words[:2]).upper() or two

        return tuple(mark(label) for label in self.conditions)


MARKERS_SHOWN = 3           # condition markers down a token's side; more show as "+n"
HEALTH_TRACK = QColor(25, 25, 28, 220)
CONDITION_MARK = QColor(125, 60, 165)       # purple: unlike either side's discs; white marks read on it (6.9:1)
CAPTION_FILL = QColor(25, 25, 28, 215)      # under white text: reads on any terrain


class TokenItem(QGraphicsItem):
    """One combatant on the map: a disc in its side's colour, initials, a badge with the first letter of its
    posture (K for kneeling, P for prone under crisis). For the GM, the Health bar above the disc and a marker
    per condition down its left side (the tooltip names them); for the players, a caption under it."""

    def __init__(self, combatant_id: str, look: TokenLook, size: float) -> None:
        super().__init__()
        self.combatant_id = combatant_id
        self.look = look
        self.radius = size * 0.4
        self._rect = QRectF()
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable, True)
        self.setZValue(10)
        self.set_look(look)

    def set_look(self, look: TokenLook) -> None:
        self.prepareGeometryChange()
        self.look = look
        r = self.radius * 1.35
        self._rect = QRectF(-r, -r, 2 * r, 2 * r)
        if look.caption:
            self._rect = self._rect.united(self._caption_rect())
        self.setToolTip(tooltip(self._tip()))
        self.update()

    def _tip(self) -> str:
        look = self.look
        state = f" ({look.posture})" if look.posture else ""
        lines = [f"{look.name}{state}, {look.side}"]
        if look.state:
            lines.append(look.state)
        if look.health is not None:
            lines.append(f"{look.health_label or 'Health'} {look.health[0]}/{look.health[1]}")
        lines += look.details
        if look.conditions:
            lines.append(", ".join(look.conditions))
        return "\n".join(lines)

    def _caption_font(self) -> QFont:
        font = QFont()
        font.setPixelSize(max(1, int(self.radius * 0.5)))
        font.setBold(True)
        return font

    def _caption_rect(self) -> QRectF:
        metrics = QFontMetricsF(self._caption_font())
        width = metrics.horizontalAdvance(self.look.caption) + self.radius * 0.5
        height = metrics.height() + self.radius * 0.12
        return QRectF(-width / 2, self.radius * 1.02, width, height)

    def health_fraction(self) -> float | None:
        """How full the Health bar is drawn (0 to 1), None without one."""
        if self.look.health is None:
            return None
        current, maximum = self.look.health
        return 0.0 if maximum <= 0 else max(0.0, min(1.0, current / maximum))

    def boundingRect(self) -> QRectF:  # Override QGraphicsItem::boundingRect
        return self._rect

    def shape(self) -> QPainterPath:  # Override QGraphicsItem::shape: click the disc, not its corners
        path = QPainterPath()
        path.addEllipse(QPointF(0, 0), self.radius, self.radius)
        return path

    @guarded()
    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,  # Override QGraphicsItem::paint
              widget: QWidget | None = None) -> None:
        r = self.radius
        lod = option.levelOfDetailFromTransform(painter.worldTransform())
        look = self.look
        colour = QColor(SIDE_COLOURS.get(look.side, SIDE_COLOURS["neutral"]))
        if look.down:
            colour = colour.darker(180)
        if look.current:
            painter.setPen(QPen(QColor(30, 190, 90), r * 0.35))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(QPointF(0, 0), r * 1.1, r * 1.1)
        outline = QPen(QColor(255, 214, 0) if self.isSelected() else QColor(255, 255, 255), r * (0.25 if
                       self.isSelected() else 0.1))
        if look.hidden:
            outline.setStyle(Qt.PenStyle.DashLine)
        painter.setPen(outline)
        painter.setBrush(colour)
        painter.drawEllipse(QPointF(0, 0), r, r)
        if r * lod < 3:
            return      # a disc of a few pixels: a bar or markers on it would be under a pixel tall
        self._paint_health(painter)
        readable = r * lod >= 7     # below that, letters could not be read
        self._paint_markers(painter, readable)
        if look.caption:
            self._paint_caption(painter)
        if not readable:
            return
        painter.setPen(QColor(255, 255, 255))
        font = QFont(painter.font())
        # As big as the disc takes them: two letters nearly the disc's radius, three ("TaA", "BW2") smaller.
        font.setPixelSize(max(1, int(r * (0.95 if len(look.initials) <= 2 else 0.65))))
        font.setBold(True)
        painter.setFont(font)
        painter.drawText(QRectF(-r, -r, 2 * r, 2 * r), Qt.AlignmentFlag.AlignCenter, look.initials)
        badge = (look.posture or "")[:1].upper()
        if badge:
            b = r * 0.45
            centre = QPointF(r * 0.75, r * 0.75)
            painter.setPen(QPen(QColor(0, 0, 0), r * 0.06))
            painter.setBrush(QColor(255, 240, 160))
            painter.drawEllipse(centre, b, b)
            font.setPixelSize(max(1, int(b * 1.3)))
            painter.setFont(font)
            painter.setPen(QColor(0, 0, 0))
            painter.drawText(QRectF(centre.x() - b, centre.y() - b, 2 * b, 2 * b), Qt.AlignmentFlag.AlignCenter, badge)
        if look.down:
            painter.setPen(QPen(QColor(255, 255, 255), r * 0.15))
            painter.drawLine(QPointF(-r * 0.5, -r * 0.5), QPointF(r * 0.5, r * 0.5))
            painter.drawLine(QPointF(-r * 0.5, r * 0.5), QPointF(r * 0.5, -r * 0.5))

    def _paint_health(self, painter: QPainter) -> None:
        """A bar across the top of the disc, filled to the Health left, coloured as on the board."""
        fraction = self.health_fraction()
        if fraction is None:
            return
        r = self.radius
        track = QRectF(-r * 0.9, -r * 1.32, r * 1.8, r * 0.3)
        painter.setPen(QPen(QColor(255, 255, 255), r * 0.05))
        painter.setBrush(HEALTH_TRACK)
        painter.drawRoundedRect(track, r * 0.08, r * 0.08)
        if fraction > 0:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(bar_colour(fraction, self.look.lower_is_worse))
            inner = track.adjusted(r * 0.05, r * 0.05, -r * 0.05, -r * 0.05)
            inner.setWidth(max(r * 0.06, inner.width() * fraction))
            painter.drawRect(inner)

    def _paint_markers(self, painter: QPainter, letters: bool) -> None:
        """A disc per condition down the token's left side, with the condition's mark; "+n" for the rest."""
        marks = list(self.look.markers)
        if len(marks) > MARKERS_SHOWN:
            marks = [*marks[:MARKERS_SHOWN - 1], f"+{len(marks) - MARKERS_SHOWN + 1}"]
        r = self.radius
        m = r * 0.3
        font = QFont(painter.font())
        font.setBold(True)
        for number, mark in enumerate(marks):
            centre = QPointF(-r * 0.98, -r * 0.55 + number * m * 2.1)
            painter.setPen(QPen(QColor(255, 255, 255), r * 0.05))
            painter.setBrush(CONDITION_MARK)
            painter.drawEllipse(centre, m, m)
            if letters:
                font.setPixelSize(max(1, int(m * (1.2 if len(mark) == 1 else 0.95))))
                painter.setFont(font)
                painter.setPen(QColor(255, 255, 255))
                painter.drawText(QRectF(centre.x() - m, centre.y() - m, 2 * m, 2 * m), Qt.AlignmentFlag.AlignCenter,
                                 mark)

    def _paint_caption(self, painter: QPainter) -> None:
        box = self._caption_rect()
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(CAPTION_FILL)
        painter.drawRoundedRect(box, box.height() / 2, box.height() / 2)
        painter.setFont(self._caption_font())
        painter.setPen(QColor(255, 255, 255))
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, self.look.caption)


class Overlay(QGraphicsItem):
    """Cells, lines and one label drawn over the map (a move's path, a measure, a line of sight, a blast).

    The label keeps its size on screen whatever the zoom.
    """

    def __init__(self, polygon_of: Callable[[Coord], QPolygonF], z: float = 20) -> None:
        super().__init__()
        self._polygon_of = polygon_of
        self.setZValue(z)
        self.cells: list[tuple[QPolygonF, QColor, QColor | None]] = []
        self.lines: list[tuple[QLineF, QPen]] = []
        self._rect = QRectF()
        self.label = _Label(self)
        self.setVisible(False)

    def clear(self) -> None:
        self.prepareGeometryChange()
        self.cells, self.lines, self._rect = [], [], QRectF()
        self.label.set_text("", QPointF())
        self.setVisible(False)

    def add_cells(self, cells: Iterable[Coord], fill: QColor, outline: QColor | None = None) -> None:
        self.prepareGeometryChange()
        for xy in cells:
            polygon = self._polygon_of(xy)
            self.cells.append((polygon, fill, outline))
            self._rect = self._rect.united(polygon.boundingRect())
        self.setVisible(True)

    def add_line(self, a: QPointF, b: QPointF, pen: QPen, arrow: bool = False) -> None:
        self.prepareGeometryChange()
        line = QLineF(a, b)
        self.lines.append((line, pen))
        if arrow and line.length() > 0:
            head = pen.widthF() * 4
            for turn in (150, -150):
                side = QLineF.fromPolar(head, line.angle() + turn)
                self.lines.append((QLineF(b, b + side.p2()), pen))
        margin = pen.widthF() * 5
        self._rect = self._rect.united(QRectF(a, b).normalized().adjusted(-margin, -margin, margin, margin))
        self.setVisible(True)

    def set_label(self, text: str, at: QPointF, colour: QColor = LABEL_INK) -> None:
        self.label.set_text(text, at, colour)
        self.setVisible(True)

    def boundingRect(self) -> QRectF:  # Override QGraphicsItem::boundingRect
        return self._rect

    @guarded()
    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,  # Override QGraphicsItem::paint
              widget: QWidget | None = None) -> None:
        for polygon, fill, outline in self.cells:
            painter.setBrush(fill)
            painter.setPen(QPen(outline, 0) if outline is not None else Qt.PenStyle.NoPen)
            painter.drawPolygon(polygon)
        for line, pen in self.lines:
            painter.setPen(pen)
            painter.drawLine(line)


class _Label(QGraphicsItem):
    """A boxed line of text that ignores the view's zoom."""

    def __init__(self, parent: QGraphicsItem) -> None:
        super().__init__(parent)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations, True)
        self.text = ""
        self.colour = LABEL_INK
        self._rect = QRectF()

    def set_text(self, text: str, at: QPointF, colour: QColor = LABEL_INK) -> None:
        self.prepareGeometryChange()
        self.text, self.colour = text, colour
        self.setPos(at)
        metrics = QFontMetricsF(_label_font())
        lines = text.splitlines() or [""]
        width = max(metrics.horizontalAdvance(line) for line in lines) + 14
        height = metrics.lineSpacing() * len(lines) + 6
        self._rect = QRectF(12, -height - 4, width, height) if text else QRectF()
        self.update()

    def boundingRect(self) -> QRectF:  # Override QGraphicsItem::boundingRect
        return self._rect

    @guarded()
    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,  # Override QGraphicsItem::paint
              widget: QWidget | None = None) -> None:
        if not self.text:
            return
        painter.setPen(QPen(self.colour, 1))
        painter.setBrush(QColor(255, 255, 255, 230))
        painter.drawRoundedRect(self._rect, 4, 4)
        painter.setFont(_label_font())
        painter.drawText(self._rect.adjusted(7, 3, -7, -3), Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                         self.text)


def _label_font() -> QFont:
    font = QFont()
    font.setPixelSize(12)
    return font
