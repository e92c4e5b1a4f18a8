"""The map scene draws what the domain says: cell colours on squares and hexes, zoomed in and out, after edits."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter

from crisis_desktop.controller.history import History
from crisis_desktop.controller.map_commands import AddBattleMap, PaintCells
from crisis_desktop.domain import Campaign
from crisis_desktop.domain.battle_map import BattleMap, Cell, Cover, GridKind
from crisis_desktop.ui.battlemap.items import COVER_COLOURS, OPEN_GROUND
from crisis_desktop.ui.battlemap.scene import MapScene


def render(scene: MapScene, target: QRectF, size: tuple[int, int]) -> QImage:
    image = QImage(*size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.white)
    painter = QPainter(image)
    scene.render(painter, QRectF(0, 0, *size), target)
    painter.end()
    return image


def colour_at(scene: MapScene, image: QImage, target: QRectF, cell: tuple[int, int]) -> QColor:
    centre = scene.centre(cell)
    x = (centre.x() - target.x()) * image.width() / target.width()
    y = (centre.y() - target.y()) * image.height() / target.height()
    return image.pixelColor(int(x), int(y))


def close(a: QColor, b: QColor) -> bool:
    return max(abs(a.red() - b.red()), abs(a.green() - b.green()), abs(a.blue() - b.blue())) <= 8


@pytest.mark.parametrize("kind", [GridKind.SQUARE, GridKind.HEX])
@pytest.mark.parametrize("cells_across", [8, 120])       # zoomed in; zoomed out (the hex image path)
def test_painted_cells_show_in_their_colour_after_a_stroke_and_its_undo(qtbot, kind, cells_across):
    campaign = Campaign(ruleset="crisis", name="Test")
    history = History(campaign)
    history.push(AddBattleMap(BattleMap(id="m", name="M", grid=kind, width=120, height=90)))
    scene = MapScene()
    scene.show_map(campaign, "m")
    battle_map = campaign.battle_maps[0]
    cell = (3, 3)
    width = scene.grid.scene_size(scene.size)[0] * cells_across / 120
    target = QRectF(0, 0, width, width * 0.75)
    assert close(colour_at(scene, render(scene, target, (480, 360)), target, cell), OPEN_GROUND)
    scene.apply_changes(history.push(PaintCells(battle_map, {cell: Cell(x=3, y=3, cover=Cover.HEAVY)})))
    assert close(colour_at(scene, render(scene, target, (480, 360)), target, cell), COVER_COLOURS[Cover.HEAVY])
    scene.apply_changes(history.undo())
    assert close(colour_at(scene, render(scene, target, (480, 360)), target, cell), OPEN_GROUND)


@pytest.mark.parametrize("kind", [GridKind.SQUARE, GridKind.HEX])
def test_cells_are_hit_at_their_centres(qtbot, kind):
    campaign = Campaign(ruleset="crisis", name="Test",
                        battle_maps=[BattleMap(id="m", name="M", grid=kind, width=9, height=7)])
    scene = MapScene()
    scene.show_map(campaign, "m")
    for cell in [(0, 0), (8, 6), (4, 3), (3, 4)]:
        assert scene.cell_at(scene.centre(cell)) == cell
    assert scene.cell_at(scene.centre((9, 0))) is None


@pytest.mark.parametrize("translucent", [False, True])
def test_the_square_layer_holds_each_cells_colour_as_drawn_one_by_one(qapp, translucent):
    """The layer's image is written as one array (a colour a paint, not a call a cell): pixel for pixel what
    painting each cell's colour gives, over a background image (translucent) and without."""
    from crisis_desktop.domain.battle_map import Paint
    from crisis_desktop.rules.kernel.geometry import Grid
    from crisis_desktop.ui.battlemap.items import CellLayer

    cells = {(x, y): Paint(cover=list(Cover)[(x + y) % 4], difficult=(x * y) % 3 == 0, zone="z" if x == 2 else "")
             for x in range(7) for y in range(5)}
    cells = {xy: paint for xy, paint in cells.items() if not paint.is_open}
    layer = CellLayer(Grid(GridKind.SQUARE, 7, 5), 48.0, cells, translucent)
    one_by_one = QImage(7, 5, QImage.Format.Format_ARGB32_Premultiplied)
    one_by_one.fill(layer.colour(None))
    for (x, y), paint in cells.items():
        one_by_one.setPixelColor(x, y, layer.colour(paint))
    image = layer._square_image()
    assert image == one_by_one and image.format() is QImage.Format.Format_ARGB32_Premultiplied
    assert image.pixelColor(1, 0).rgb() == COVER_COLOURS[Cover.LIGHT].rgb() and len(cells) == 34
