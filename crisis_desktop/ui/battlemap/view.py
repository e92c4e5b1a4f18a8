"""The battle map view: zoom, pan, fit, and mouse and key input turned into cell-level signals for the tools."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRectF, Qt, Signal
from PySide6.QtGui import (
    QDragEnterEvent,
    QDragMoveEvent,
    QDropEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QResizeEvent,
    QWheelEvent,
)
from PySide6.QtWidgets import QGraphicsView, QWidget

from crisis_desktop.ui.battlemap.scene import MapScene

COMBATANT_MIME = "application/x-crisis-combatant"
ZOOM_STEP = 1.25
MIN_ZOOM, MAX_ZOOM = 0.02, 8.0


class MapView(QGraphicsView):
    """Shows a MapScene. Ctrl+wheel zooms, the middle button or Space+drag pans; the left button, arrow keys
    and drops reach the tools as signals carrying map cells (None off the map). A fitted map (`fit`) stays fitted
    as the view is resized (a panel moved, the window maximised) until the GM zooms.

    Signals:
        pressed(object, object): cell and keyboard modifiers of a left-button press.
        dragged(object): the cell under the mouse while the left button is held (on each new cell).
        released(object): the cell where the left button was released.
        nudged(int, int): an arrow key: columns and rows to move the selected token.
        cancelled(): Escape.
        dropped(str, object): a combatant id dropped on a cell.
        zoomed(float): the new scale.
    """

    pressed = Signal(object, object)
    dragged = Signal(object)
    released = Signal(object)
    nudged = Signal(int, int)
    cancelled = Signal()
    dropped = Signal(str, object)
    zoomed = Signal(float)

    def __init__(self, scene: MapScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        self.map_scene = scene
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setMouseTracking(True)
        self.setAcceptDrops(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self._pan_from: QPoint | None = None
        self._space = False
        self._left = False
        self._last_cell: tuple[int, int] | None = None
        self.fitted = False       # the whole map shown: refitted on a resize until the GM zooms

    # -- zoom ---------------------------------------------------------------------------------
    @property
    def zoom(self) -> float:
        return self.transform().m11()

    def zoom_by(self, factor: float) -> None:
        target = min(max(self.zoom * factor, MIN_ZOOM), MAX_ZOOM)
        if target != self.zoom:
            factor = target / self.zoom
            self.scale(factor, factor)
            self.fitted = False
            self.zoomed.emit(self.zoom)

    def zoom_in(self) -> None:
        self.zoom_by(ZOOM_STEP)

    def zoom_out(self) -> None:
        self.zoom_by(1 / ZOOM_STEP)

    def fit(self) -> None:
        """The whole map in the window."""
        rect: QRectF = self.map_scene.sceneRect()
        self.fitted = True
        if rect.width() > 1:
            self.fitInView(rect, Qt.AspectRatioMode.KeepAspectRatio)
            self.zoomed.emit(self.zoom)

    def resizeEvent(self, event: QResizeEvent) -> None:  # Override QGraphicsView::resizeEvent
        super().resizeEvent(event)
        if self.fitted:
            self.fit()

    def wheelEvent(self, event: QWheelEvent) -> None:  # Override QGraphicsView::wheelEvent
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            steps = event.angleDelta().y() / 120
            if steps:
                self.zoom_by(ZOOM_STEP ** steps)
            event.accept()
            return
        super().wheelEvent(event)

    # -- mouse --------------------------------------------------------------------------------
    def _cell(self, event: QMouseEvent | QDropEvent | QDragMoveEvent) -> tuple[int, int] | None:
        return self.map_scene.cell_at(self.mapToScene(event.position().toPoint()))

    def mousePressEvent(self, event: QMouseEvent) -> None:  # Override QGraphicsView::mousePressEvent
        button = event.button()
        if button == Qt.MouseButton.MiddleButton or (button == Qt.MouseButton.LeftButton and self._space):
            self._pan_from = event.position().toPoint()
            self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
            event.accept()
            return
        if button == Qt.MouseButton.LeftButton:
            self.setFocus()
            self._left = True
            self._last_cell = self._cell(event)
            self.pressed.emit(self._last_cell, event.modifiers())
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # Override QGraphicsView::mouseMoveEvent
        if self._pan_from is not None:
            delta = event.position().toPoint() - self._pan_from
            self._pan_from = event.position().toPoint()
            self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() - delta.x())
            self.verticalScrollBar().setValue(self.verticalScrollBar().value() - delta.y())
            event.accept()
            return
        cell = self._cell(event)
        if self._left and cell != self._last_cell:
            self._last_cell = cell
            self.dragged.emit(cell)
        event.accept()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # Override QGraphicsView::mouseReleaseEvent
        if self._pan_from is not None and event.button() in (Qt.MouseButton.MiddleButton, Qt.MouseButton.LeftButton):
            self._pan_from = None
            self.viewport().setCursor(Qt.CursorShape.OpenHandCursor if self._space else Qt.CursorShape.ArrowCursor)
            event.accept()
            return
        if event.button() == Qt.MouseButton.LeftButton and self._left:
            self._left = False
            cell = self._cell(event)
            if cell != self._last_cell:
                self.dragged.emit(cell)
            self._last_cell = cell
            self.released.emit(cell)
            event.accept()
            return
        super().mouseReleaseEvent(event)

    # -- keys ---------------------------------------------------------------------------------
    ARROWS = {Qt.Key.Key_Left: (-1, 0), Qt.Key.Key_Right: (1, 0), Qt.Key.Key_Up: (0, -1), Qt.Key.Key_Down: (0, 1)}

    def keyPressEvent(self, event: QKeyEvent) -> None:  # Override QGraphicsView::keyPressEvent
        key = event.key()
        if key == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space = True
            self.viewport().setCursor(Qt.CursorShape.OpenHandCursor)
            event.accept()
        elif key in self.ARROWS and not event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            self.nudged.emit(*self.ARROWS[Qt.Key(key)])
            event.accept()
        elif key == Qt.Key.Key_Escape:
            self.cancelled.emit()
            event.accept()
        else:
            super().keyPressEvent(event)

    def keyReleaseEvent(self, event: QKeyEvent) -> None:  # Override QGraphicsView::keyReleaseEvent
        if event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space = False
            self.viewport().setCursor(Qt.CursorShape.ArrowCursor)
            event.accept()
            return
        super().keyReleaseEvent(event)

    # -- drops from the combatant list --------------------------------------------------------
    def dragEnterEvent(self, event: QDragEnterEvent) -> None:  # Override QGraphicsView::dragEnterEvent
        if event.mimeData().hasFormat(COMBATANT_MIME):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:  # Override QGraphicsView::dragMoveEvent
        if event.mimeData().hasFormat(COMBATANT_MIME) and self._cell(event) is not None:
            event.acceptProposedAction()
        else:
            event.ignore()

    def dropEvent(self, event: QDropEvent) -> None:  # Override QGraphicsView::dropEvent
        cell = self._cell(event)
        if not event.mimeData().hasFormat(COMBATANT_MIME) or cell is None:
            event.ignore()
            return
        combatant_id = bytes(event.mimeData().data(COMBATANT_MIME).data()).decode()
        event.acceptProposedAction()
        self.dropped.emit(combatant_id, cell)
