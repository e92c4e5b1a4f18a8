"""The players' map: no hidden tokens, fog of war covers unrevealed cells, the GM's Reveal/Hide tools."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QImage, QPainter

from crisis_desktop.controller.fog_commands import RevealCells, SetFog
from crisis_desktop.ui.battlemap.map_place import MapPlace
from crisis_desktop.ui.battlemap.scene import MapScene
from crisis_desktop.ui.battlemap.tools import Tool
from crisis_desktop.ui.player_display.map_scene import PLAYER_FOG, PlayerMapScene

SNIPER = "cmb-ambush-corp-sniper"
MAP = "map-ridge-road"
PARTY = {"cmb-ambush-vera", "cmb-ambush-dmitri", "cmb-ambush-ines", "cmb-ambush-tomas"}


@pytest.fixture
def scenes(qtbot, document, board):
    """The GM's scene and the players' scene over the same map, both fed the document's change sets."""
    gm, players = MapScene(), PlayerMapScene()
    for scene in (gm, players):
        scene.show_map(document.campaign, MAP, "enc-ambush", board.ruleset)
        document.changed.connect(scene.apply_changes)
    yield gm, players
    for scene in (gm, players):
        document.changed.disconnect(scene.apply_changes)


def pixel(scene: MapScene, xy: tuple[int, int]):
    """The colour the scene paints at a cell's centre (rendered 1:1)."""
    rect = scene.sceneRect()
    image = QImage(int(rect.width()), int(rect.height()), QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.white)
    painter = QPainter(image)
    scene.render(painter, QRectF(0, 0, rect.width(), rect.height()), rect)
    painter.end()
    centre = scene.centre(xy) - rect.topLeft()
    return image.pixelColor(int(centre.x()), int(centre.y()) + int(scene.size * 0.45))


def test_a_hidden_npc_has_no_token_on_the_players_map(document, board, scenes):
    gm, players = scenes
    assert SNIPER in gm.tokens and SNIPER not in players.tokens
    assert set(players.tokens) == set(gm.tokens) - {SNIPER}
    document.push(board.controller.set_hidden(SNIPER, False))
    assert SNIPER in players.tokens
    document.push(board.controller.set_hidden("cmb-ambush-raider-rask", True))
    assert "cmb-ambush-raider-rask" not in players.tokens and "cmb-ambush-raider-rask" in gm.tokens
    assert all(not item.flags() & item.GraphicsItemFlag.ItemIsSelectable for item in players.tokens.values())


def test_fog_hides_terrain_and_enemies_until_revealed(document, scenes):
    gm, players = scenes
    campaign = document.campaign
    painted = set(gm.cells)
    assert painted and set(players.cells) == painted, "no fog: the players see the whole map"
    document.push(SetFog(campaign, MAP, True))
    assert players.cells == {} and set(gm.cells) == painted
    assert set(players.tokens) == PARTY, "the party always sees itself; enemies stay in the fog"
    rx, ry = gm.token_cell("cmb-ambush-raider-rask")
    area = {(x, y) for x in range(rx - 3, rx + 2) for y in range(ry - 2, ry + 3)}
    document.push(RevealCells(campaign, MAP, area))
    assert "cmb-ambush-raider-rask" in players.tokens
    assert set(players.cells) == painted & area
    assert players.fog.covered == {(x, y) for x in range(24) for y in range(16)} - area
    assert SNIPER not in players.tokens
    document.undo_stack.undo()
    assert "cmb-ambush-raider-rask" not in players.tokens and players.cells == {}
    document.undo_stack.undo()
    assert set(players.cells) == painted and players.fog.covered == set()


def test_the_fog_is_opaque_for_players_and_see_through_for_the_gm(document, scenes):
    gm, players = scenes
    document.push(SetFog(document.campaign, MAP, True))
    document.push(RevealCells(document.campaign, MAP, {(0, 0)}))
    covered = pixel(players, (5, 2))
    assert (covered.red(), covered.green(), covered.blue()) == (PLAYER_FOG.red(), PLAYER_FOG.green(),
                                                                 PLAYER_FOG.blue())
    assert pixel(players, (0, 0)) != covered
    assert pixel(gm, (5, 2)) != covered, "the GM's own scene has no opaque fog"


def test_the_gm_reveals_and_hides_a_rectangle_with_the_tools(qtbot, document, board):
    place = MapPlace()
    qtbot.addWidget(place)
    place.set_document(document)
    place.act_fog.trigger()
    battle_map = place.scene.battle_map
    assert battle_map.fog and place.act_fog.isChecked()
    assert len(place.fog.covered) == 24 * 16
    place.set_tool(Tool.REVEAL)
    place.tools.pressed((1, 1), Qt.KeyboardModifier.NoModifier)
    place.tools.dragged((3, 2))
    place.tools.released((3, 2))
    assert set(battle_map.revealed) == {(x, y) for x in range(1, 4) for y in range(1, 3)}
    assert len(place.fog.covered) == 24 * 16 - 6
    place.set_tool(Tool.HIDE)
    place.tools.pressed((1, 1), Qt.KeyboardModifier.NoModifier)
    place.tools.released((1, 1))
    assert (1, 1) not in battle_map.revealed and len(battle_map.revealed) == 5
    assert document.undo_stack.undoText() == "Hide 1 cell"
    document.undo_stack.undo()
    document.undo_stack.undo()
    assert battle_map.revealed == []
    document.undo_stack.undo()
    assert not battle_map.fog and not place.act_fog.isChecked() and place.fog.covered == set()
