"""The map shows the fight: a Health bar and condition markers on the GM's tokens, the players' health words, the
last step's overlays cleared when the fight moves on."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter

from crisis_desktop.rules.base import Actor, BarRole
from crisis_desktop.ui.battlemap.items import CONDITION_MARK, TokenItem
from crisis_desktop.ui.battlemap.scene import MapScene
from crisis_desktop.ui.battlemap.tools import Tool
from crisis_desktop.ui.player_display.health import WORDS
from crisis_desktop.ui.player_display.map_scene import PlayerMapScene
from crisis_desktop.ui.player_display.models import HealthWordRole, PlayerBoardProxy
from crisis_desktop.ui.widgets.board_delegate import BAD, GOOD, MIDDLE

VERA, RASK = "cmb-ambush-vera", "cmb-ambush-raider-rask"
SCALE = 6


def health_of(board, combatant_id: str) -> tuple[int, int]:
    """The bar the rules give the HEALTH role, found by its role as the map finds it."""
    ctl = board.controller
    bars = ctl.ruleset.sheet.resources(Actor(ctl.view.character_of(combatant_id), ctl.view.combatant(combatant_id)),
                                       ctl.view.options)
    bar = next(b for b in bars if b.role is BarRole.HEALTH)
    return bar.current, bar.maximum


def render_token(scene: MapScene, combatant_id: str) -> QImage:
    """The token's own rectangle of the scene, SCALE times enlarged, on white."""
    item = scene.tokens[combatant_id]
    rect = item.mapRectToScene(item.boundingRect())
    image = QImage(int(rect.width() * SCALE), int(rect.height() * SCALE), QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.white)
    painter = QPainter(image)
    scene.render(painter, QRectF(image.rect()), rect)
    painter.end()
    return image


def near(a: QColor, b: QColor, tolerance: int = 12) -> bool:
    return max(abs(a.red() - b.red()), abs(a.green() - b.green()), abs(a.blue() - b.blue())) <= tolerance


def count(image: QImage, row: int, test: Callable[[QColor], bool]) -> int:
    return sum(1 for x in range(image.width()) if test(image.pixelColor(x, row)))


def drawn_fraction(image: QImage) -> float:
    """How much of the bar is filled in a render: along the row with the most fill, fill over fill and track."""
    def filled(colour: QColor) -> bool:
        return any(near(colour, fill) for fill in (GOOD, MIDDLE, BAD))

    def empty(colour: QColor) -> bool:
        return max(colour.red(), colour.green(), colour.blue()) < 70      # the dark track

    rows = range(image.height() // 3)      # the bar lies over the top of the disc
    row = max(rows, key=lambda y: count(image, y, filled) + count(image, y, empty) * 0.5)
    full, blank = count(image, row, filled), count(image, row, empty)
    return full / (full + blank) if full + blank else 0.0


def marker_pixels(image: QImage) -> int:
    return sum(1 for y in range(0, image.height(), 2) for x in range(0, image.width(), 2)
               if near(image.pixelColor(x, y), CONDITION_MARK))


def test_the_token_health_bar_follows_the_rules_health_bar(place, board, document):
    ctl = board.controller
    scene = place.scene
    current, maximum = health_of(board, VERA)
    assert scene.tokens[VERA].look.health == (current, maximum) == (maximum, maximum)
    assert drawn_fraction(render_token(scene, VERA)) == pytest.approx(1.0, abs=0.04)
    document.push(ctl.overrides.set_status("pc-vera", "wounds", maximum // 2))
    hurt = health_of(board, VERA)
    assert hurt[0] < current, "the wounds lower the rules' Health bar"
    item = scene.tokens[VERA]
    assert item.look.health == hurt and item.health_fraction() == pytest.approx(hurt[0] / hurt[1])
    assert drawn_fraction(render_token(scene, VERA)) == pytest.approx(hurt[0] / hurt[1], abs=0.05)
    assert f"Health {hurt[0]}/{hurt[1]}" in item.toolTip()
    document.undo_stack.undo()
    assert scene.tokens[VERA].look.health == (maximum, maximum)
    assert drawn_fraction(render_token(scene, VERA)) == pytest.approx(1.0, abs=0.04)


def test_a_condition_marker_comes_with_the_condition_and_goes_with_its_undo(place, board, document):
    scene = place.scene
    labels = {c.key: c.label for c in board.controller.ruleset.sheet.conditions()}
    assert scene.tokens[RASK].look.conditions == () and marker_pixels(render_token(scene, RASK)) == 0
    document.push(board.controller.overrides.add_condition("npc-raider-rask", "stunned", 2))
    look = scene.tokens[RASK].look
    assert look.conditions == (labels["stunned"],) and look.markers == (labels["stunned"][0],)
    assert marker_pixels(render_token(scene, RASK)) > 20
    assert labels["stunned"] in scene.tokens[RASK].toolTip()
    document.undo_stack.undo()
    assert scene.tokens[RASK].look.conditions == () and marker_pixels(render_token(scene, RASK)) == 0


def test_markers_tell_apart_conditions_of_one_letter_and_leave_the_posture_to_its_badge(place, board, document):
    ctl = board.controller
    labels = {c.key: c.label for c in ctl.ruleset.sheet.conditions()}
    for key in ("stunned", "slowed", "kneeling"):
        document.push(ctl.overrides.add_condition("pc-vera", key))
    look = place.scene.tokens[VERA].look
    assert look.posture == "kneeling" and labels["kneeling"] not in look.conditions
    assert look.conditions == (labels["stunned"], labels["slowed"]) and look.markers == ("St", "Sl")


def test_the_players_map_shows_health_as_the_player_display_words_it(board, document, qtbot):
    ctl = board.controller
    document.push(ctl.overrides.set_status("npc-raider-rask", "wounds", health_of(board, RASK)[1] - 2))
    players = PlayerMapScene()
    players.show_map(document.campaign, "map-ridge-road", "enc-ambush", ctl.ruleset)
    proxy = PlayerBoardProxy()
    proxy.setSourceModel(board.model)
    words = {proxy.index(row, 0).data(Qt.ItemDataRole.UserRole + 1): proxy.index(row, 0).data(HealthWordRole)
             for row in range(proxy.rowCount())}
    assert words[RASK] == "badly wounded" and words[VERA] == "unhurt"
    for combatant_id, item in players.tokens.items():
        assert isinstance(item, TokenItem)
        assert item.look.caption == words[combatant_id] and item.look.caption in WORDS
        assert item.look.health is None and item.look.conditions == (), "no numbers or GM marks for the players"
        assert item.toolTip() == ""


def test_measure_sight_and_blast_overlays_clear_when_the_turn_moves_on(place, board, document, qtbot):
    ctl = board.controller
    board.act_start.trigger()
    scene = place.scene
    place.set_tool(Tool.MEASURE)
    place.tools.measure((8, 8), (14, 6))
    place.tools.show_area((14, 6), 2)
    place.set_tool(Tool.SIGHT)
    place.tools.pressed(scene.token_cell(VERA), Qt.KeyboardModifier.NoModifier)   # a sight pair half made
    place.tools.show_cover(VERA, RASK)
    assert place.tools.attacker == VERA
    overlays = (scene.measure, scene.sight, scene.area)
    assert all(o.isVisible() and o.cells for o in overlays)
    # Within the turn they stay: a condition changes nobody's step.
    document.push(ctl.overrides.add_condition("pc-tomas", "kneeling"))
    assert all(o.isVisible() and o.cells for o in overlays)
    before = ctl.view.current_id()
    board.act_next.trigger()
    assert ctl.view.current_id() != before
    assert not any(o.isVisible() or o.cells or o.label.text for o in overlays)
    assert place.tools.attacker is None and place.tools.cover is None
    # Undo steps back to the last turn: that is a change of step as well, nothing is left to show.
    place.tools.measure((1, 1), (3, 1))
    document.undo_stack.undo()
    assert ctl.view.current_id() == before and not scene.measure.isVisible()
