"""The battle map place: painting strokes, tokens moved by the rules, cover, the attack dialog, selection."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from crisis_desktop.controller.map_commands import SetToken, find_map
from crisis_desktop.domain import Character, EquipmentItem, ItemKind
from crisis_desktop.domain.battle_map import Cover
from crisis_desktop.rules.base import (
    Actor,
    AttackRequest,
    AttackTarget,
    CheckResult,
    CoverLevel,
    Explained,
    Outcome,
    ScatteredAttack,
)
from crisis_desktop.rules.kernel.geometry import Terrain, area_template, cover_between, scatter, trace
from crisis_desktop.rules.qstar.cover import firearms_step, read_cover
from crisis_desktop.ui.battlemap.moves import decide_move
from crisis_desktop.ui.battlemap.tools import Tool
from crisis_desktop.ui.dialogs.attack_dialog import AttackDialog


def point(place, cell):
    return place.view.mapFromScene(place.scene.centre(cell))


def drag(qtbot, place, cells, modifier=Qt.KeyboardModifier.NoModifier):
    """Press on the first cell, move over the others, release on the last."""
    viewport = place.view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, modifier, point(place, cells[0]))
    for cell in cells[1:]:
        qtbot.mouseMove(viewport, point(place, cell))
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, modifier, point(place, cells[-1]))


def click(qtbot, place, cell):
    qtbot.mouseClick(place.view.viewport(), Qt.MouseButton.LeftButton, pos=point(place, cell))


def cells_of(place):
    return {(c.x, c.y): c.model_dump() for c in place.scene.battle_map.cells}


def token_cell(document, combatant_id):
    battle_map = find_map(document.campaign, "map-ridge-road")
    return next((t.x, t.y) for t in battle_map.tokens if t.combatant_id == combatant_id)


# -- painting ---------------------------------------------------------------------------------------


def test_a_brush_stroke_is_one_undo_step_and_undo_redo_restore_the_cells(place, document, qtbot):
    before = cells_of(place)
    steps = document.undo_stack.count()
    place.set_tool(Tool.BRUSH)
    place.cover.setCurrentIndex(place.cover.findData(Cover.HEAVY.value))
    drag(qtbot, place, [(0, 0), (1, 0), (4, 0), (4, 1)])      # a jump from 1 to 4: the gap is filled
    assert document.undo_stack.count() == steps + 1
    painted = cells_of(place)
    assert {xy for xy in painted if painted[xy]["cover"] is Cover.HEAVY} >= {(0, 0), (1, 0), (2, 0), (3, 0), (4, 0),
                                                                            (4, 1)}
    assert place.scene.cells[(2, 0)].cover is Cover.HEAVY, "the scene follows the change set"
    document.undo_stack.undo()
    assert cells_of(place) == before and (2, 0) not in place.scene.cells
    document.undo_stack.redo()
    assert cells_of(place) == painted


def test_a_stroke_past_the_maps_kinds_of_paint_is_refused_with_a_message(place, document, qtbot, monkeypatch):
    """The bound is 1,000 kinds; Ridge Road has too few cells to reach it, so it is lowered to the kinds it has."""
    kinds = len(place.scene.battle_map.terrain.legend)
    monkeypatch.setattr("crisis_desktop.controller.map_commands.PAINTS_MAX", kinds)
    monkeypatch.setattr("crisis_desktop.domain.battle_map.PAINTS_MAX", kinds)
    before, steps = cells_of(place), document.undo_stack.count()
    messages: list[str] = []
    place.message.connect(messages.append)
    place.set_tool(Tool.BRUSH)
    place.zone.setText("a new zone")
    drag(qtbot, place, [(0, 0), (1, 0)])
    assert messages == [f"a map holds at most {kinds:,} kinds of paint (cover, material, ground and zone together): "
                        "erase or repaint some first"]
    assert place.info.text() == messages[0]
    assert cells_of(place) == before and document.undo_stack.count() == steps


def test_rectangle_tool_paints_every_cell_with_the_palette(place, document, qtbot):
    place.set_tool(Tool.RECTANGLE)
    place.cover.setCurrentIndex(place.cover.findData(Cover.LIGHT.value))
    place.penetrable.setChecked(True)
    place.zone.setText("hedge")
    before = cells_of(place)
    drag(qtbot, place, [(1, 13), (2, 14), (3, 15)])
    after = cells_of(place)
    rect = {(x, y) for x in range(1, 4) for y in range(13, 16)}
    assert {xy for xy in after if after[xy] != before.get(xy)} == rect
    assert all(after[xy]["cover"] is Cover.LIGHT and after[xy]["penetrable"] and after[xy]["zone"] == "hedge"
               for xy in rect)
    document.undo_stack.undo()
    assert cells_of(place) == before


def test_line_tool_paints_a_wall_that_blocks_sight_along_its_diagonal(place, document, qtbot):
    place.set_tool(Tool.LINE)
    place.cover.setCurrentIndex(place.cover.findData(Cover.TOTAL.value))
    drag(qtbot, place, [(0, 15), (2, 13), (3, 12)])
    line = trace(place.scene.grid, (0, 15), (3, 12))
    walls = {xy for xy, c in cells_of(place).items() if c["cover"] is Cover.TOTAL and xy[0] <= 3 and xy[1] >= 12}
    assert walls == set(line.cells) | {p for p, _ in line.squeezes}
    # No gap at the corners: a line of sight across the diagonal wall is blocked.
    assert not cover_between(place.scene.terrain, (0, 12), (3, 15)).line_of_sight


def test_erase_returns_cells_to_open_ground(place, document, qtbot):
    painted = next(xy for xy, c in cells_of(place).items() if c["cover"] is Cover.TOTAL)
    before = cells_of(place)
    place.set_tool(Tool.ERASE)
    drag(qtbot, place, [painted])
    assert painted not in cells_of(place)
    document.undo_stack.undo()
    assert cells_of(place) == before


# -- tokens and moves -------------------------------------------------------------------------------


def start_fight(board):
    board.act_start.trigger()
    ctl = board.controller
    return ctl, ctl.view.current_id()


def reachable(place, ctl, cid, action):
    """A free cell the combatant reaches with this action."""
    start = place.scene.token_cell(cid)
    occupied = place.scene.occupied(besides=cid)
    for distance in range(1, 30):
        for dx in range(-distance, distance + 1):
            for dy in (-distance, distance):
                goal = (start[0] + dx, start[1] + dy)
                if not place.scene.grid.contains(goal):
                    continue
                decision = decide_move(ctl, place.scene.terrain, cid, start, goal, occupied)
                if decision.allowed and decision.action == action:
                    return goal, decision
    raise AssertionError(f"no cell for {action}")


def test_a_drag_move_spends_ap_and_moves_the_token_in_one_undo_step(place, board, document, qtbot):
    ctl, cid = start_fight(board)
    start = place.scene.token_cell(cid)
    goal, decision = reachable(place, ctl, cid, "move")
    resources = dict(ctl.view.combatant(cid).resources)
    log = len(ctl.view.encounter.log)
    steps = document.undo_stack.count()
    item = place.scene.tokens[cid]
    layer = place.scene.layer
    viewport = place.view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=point(place, start))
    qtbot.mouseMove(viewport, point(place, goal))
    # As the mover pays: "1 AP", or "1 action" for an NPC on two actions.
    cost = ctl.ruleset.economy.cost_text({a.action.key: a for a in ctl.actions(cid)}["move"].price)
    assert place.scene.move.label.text == decision.text and decision.text.startswith(f"Move ({cost}): ")
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=point(place, goal))
    assert token_cell(document, cid) == goal
    assert place.scene.tokens[cid] is item and place.scene.layer is layer, "a move rebuilds nothing"
    assert item.pos() == place.scene.centre(goal)
    assert ctl.view.combatant(cid).resources != resources, "the move's AP (or NPC action) is spent"
    assert len(ctl.view.encounter.log) == log + 1 and "Move" in ctl.view.encounter.log[-1].text
    assert document.undo_stack.count() == steps + 1
    document.undo_stack.undo()
    assert token_cell(document, cid) == start and item.pos() == place.scene.centre(start)
    assert ctl.view.combatant(cid).resources == resources and len(ctl.view.encounter.log) == log


def test_a_move_beyond_run_is_refused_with_the_reason_and_nothing_changes(place, board, document, qtbot):
    ctl, cid = start_fight(board)
    start = place.scene.token_cell(cid)
    far = (0, 0) if start[0] > 12 else (23, 0)
    state = document.campaign.model_dump()
    steps = document.undo_stack.count()
    drag(qtbot, place, [start, far])
    assert "Run reaches" in place.info.text()
    assert document.campaign.model_dump() == state and document.undo_stack.count() == steps


def test_a_move_without_the_ap_is_refused_with_the_rules_reason(place, board, document, qtbot):
    ctl, _ = start_fight(board)
    pc = next(c.id for c in ctl.view.encounter.combatants if c.side.value == "party")
    document.push(ctl.overrides.set_resource(pc, "ap", 0))
    start = place.scene.token_cell(pc)
    goal = next(g for g in ((start[0] + 1, start[1]), (start[0] - 1, start[1]), (start[0], start[1] + 1))
                if g not in place.scene.occupied())
    state = document.campaign.model_dump()
    drag(qtbot, place, [start, goal])
    assert place.info.text().startswith("Not enough AP: Move costs 1")
    assert document.campaign.model_dump() == state


def test_before_the_fight_tokens_are_placed_freely_and_shift_repositions_without_ap(place, board, document, qtbot):
    cid = "cmb-ambush-vera"
    drag(qtbot, place, [(8, 8), (8, 10)])
    assert token_cell(document, cid) == (8, 10)
    assert "no AP" in place.info.text()


def test_prone_and_kneeling_show_on_the_token(place, board, document):
    ctl = board.controller
    document.push(ctl.overrides.add_condition("pc-vera", "prone"))
    assert place.scene.tokens["cmb-ambush-vera"].look.posture == "prone"
    assert "(prone)" in place.scene.tokens["cmb-ambush-vera"].toolTip()
    document.undo_stack.undo()
    assert place.scene.tokens["cmb-ambush-vera"].look.posture is None


def test_arrow_keys_nudge_the_selected_token_undoably(place, document, qtbot):
    click(qtbot, place, (8, 8))
    assert place.scene.selected_token() == "cmb-ambush-vera"
    qtbot.keyClick(place.view, Qt.Key.Key_Down)
    assert token_cell(document, "cmb-ambush-vera") == (8, 9)
    document.undo_stack.undo()
    assert token_cell(document, "cmb-ambush-vera") == (8, 8)


def test_place_tool_and_a_drop_put_a_combatant_on_the_map(place, document, qtbot):
    document.push(SetToken("map-ridge-road", "cmb-ambush-vera", None))
    assert "cmb-ambush-vera" not in place.scene.tokens
    assert "(not on the map)" in place.combatants.item(0).text()
    place.combatants.setCurrentRow(0)
    place.set_tool(Tool.PLACE)
    click(qtbot, place, (2, 2))
    assert token_cell(document, "cmb-ambush-vera") == (2, 2)
    place.view.dropped.emit("cmb-ambush-dmitri", (3, 3))      # what a drop from the list emits
    assert token_cell(document, "cmb-ambush-dmitri") == (3, 3)
    assert place.to_place() == "cmb-ambush-dmitri", "the list follows the token just placed"
    steps = document.undo_stack.count()
    click(qtbot, place, (3, 3))
    assert document.undo_stack.count() == steps, "placing a token where it stands is no step"
    place.combatants.setCurrentRow(0)
    click(qtbot, place, (3, 3))
    assert "taken" in place.info.text() and token_cell(document, "cmb-ambush-vera") == (2, 2)


def test_a_drop_from_the_combatant_list_places_the_token(place, document):
    from PySide6.QtCore import QMimeData, QPointF
    from PySide6.QtGui import QDropEvent

    from crisis_desktop.ui.battlemap.view import COMBATANT_MIME

    mime = QMimeData()
    mime.setData(COMBATANT_MIME, b"cmb-ambush-ines")
    at = QPointF(point(place, (5, 12)))
    event = QDropEvent(at, Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    place.view.dropEvent(event)
    assert token_cell(document, "cmb-ambush-ines") == (5, 12)
    document.undo_stack.undo()
    assert token_cell(document, "cmb-ambush-ines") == (7, 6)


def test_the_board_selection_chooses_the_combatant_to_place(place, board):
    board.select("cmb-ambush-tomas")
    assert place.to_place() == "cmb-ambush-tomas"


def test_a_turn_or_a_condition_restyles_only_the_tokens_concerned(place, board, document):
    ctl, current = start_fight(board)
    assert place.scene.tokens[current].look.current
    looks = {cid: item.look for cid, item in place.scene.tokens.items()}
    document.push(ctl.overrides.add_condition("pc-ines", "kneeling"))
    changed = {cid for cid, item in place.scene.tokens.items() if item.look is not looks[cid]}
    assert changed == {"cmb-ambush-ines"} and place.scene.tokens["cmb-ambush-ines"].look.posture == "kneeling"
    document.push(ctl.step("next_turn"))
    after = ctl.view.current_id()
    assert place.scene.tokens[after].look.current and not place.scene.tokens[current].look.current


# -- selection, cover, attack -----------------------------------------------------------------------


def test_selection_is_shared_with_the_encounter_board(place, board, qtbot):
    click(qtbot, place, (14, 6))
    assert board.selected_id() == "cmb-ambush-raider-rask"
    board.select("cmb-ambush-raider-jory")
    assert place.scene.selected_token() == "cmb-ambush-raider-jory"


@pytest.mark.parametrize(("attacker", "target"), [("cmb-ambush-vera", "cmb-ambush-raider-boss"),
                                                  ("cmb-ambush-raider-jory", "cmb-ambush-tomas"),
                                                  ("cmb-ambush-dmitri", "cmb-ambush-corp-sniper")])
def test_the_sight_overlay_matches_cover_between(place, document, qtbot, attacker, target):
    place.set_tool(Tool.SIGHT)
    a, t = place.scene.token_cell(attacker), place.scene.token_cell(target)
    click(qtbot, place, a)
    click(qtbot, place, t)
    # The demo campaign plays crisis: the overlay reads the map against firearms, in crisis words.
    expected = cover_between(Terrain.of(find_map(document.campaign, "map-ridge-road"), pierce=firearms_step), a, t)
    assert place.tools.cover == expected
    shown = [p.boundingRect() for p, _, _ in place.scene.sight.cells]
    for cell in expected.source:
        assert place.scene.polygon(cell).boundingRect() in shown, "the cell giving the cover is highlighted"
    assert read_cover(expected).reason in place.info.text()


def test_the_demo_has_a_pair_with_cover_and_the_overlay_marks_its_source(place, document):
    terrain = Terrain.of(find_map(document.campaign, "map-ridge-road"))
    tokens = dict(place.scene.tokens)
    pairs = [(a, t) for a in tokens for t in tokens if a != t
             and cover_between(terrain, place.scene.token_cell(a), place.scene.token_cell(t)).terrain
             is not CoverLevel.NONE]
    assert pairs
    result = place.tools.show_cover(*pairs[0])
    assert result.source and place.scene.sight.isVisible()


def test_the_attack_dialog_gets_distance_and_cover_from_the_map(place, board, document, monkeypatch, qtbot):
    ctl, current = start_fight(board)
    target = next(c.id for c in ctl.view.encounter.combatants if c.side != ctl.view.combatant(current).side)
    asked = {}

    def ask(_cls, _parent, controller, attacker_id, target_id=None, blast=None):
        asked.update(controller.preview.measure(attacker_id, target_id).inputs, attacker=attacker_id, target=target_id)
        dialog = AttackDialog(controller, attacker_id, target_id)
        asked["dialog"] = (dialog.field("distance").value(), dialog.field("cover").currentData(),
                           dialog.field("cover_penetrable").isChecked())
        asked["request distance"] = dialog.request().targets[0].inputs["distance"]
        return None

    monkeypatch.setattr(AttackDialog, "ask", classmethod(ask))
    board.select(target)
    assert place.act_attack.isEnabled()
    place.act_attack.trigger()
    a, t = place.scene.token_cell(current), place.scene.token_cell(target)
    expected = read_cover(cover_between(Terrain.of(find_map(document.campaign, "map-ridge-road"), pierce=firearms_step),
                                        a, t))
    assert asked["attacker"] == current and asked["target"] == target
    assert asked["distance"] == place.scene.grid.distance(a, t)
    assert asked["cover"] == expected.terrain and asked["cover_penetrable"] == expected.penetrable
    weapon = ctl.preview.weapons(current)[0]
    assert asked["dialog"] == (asked["distance"], expected.terrain, expected.penetrable)
    # The request carries the measure; the rules read a melee weapon as striking in reach (tested with the rules).
    assert asked["request distance"] == asked["distance"]
    assert weapon is not None


# -- measure, area, scatter -------------------------------------------------------------------------


def test_measure_with_a_grenade_shows_range_and_the_blast_template(place, board, qtbot):
    place.scene.select_token("cmb-ambush-dmitri")
    place._fill_weapons()
    index = next(i for i in range(place.weapon_box.count()) if place.weapon_box.itemText(i).startswith("Grenade"))
    place.weapon_box.setCurrentIndex(index)
    place.set_tool(Tool.MEASURE)
    drag(qtbot, place, [(9, 7), (14, 7), (15, 7)])
    text = place.scene.measure.label.text
    assert text.startswith("6 tiles (9 m)") and "increment 2 of 4 tiles, medium, -1" in text
    assert len(place.scene.area.cells) == len(area_template(place.scene.grid, (15, 7), 2))


def test_a_scattered_area_attack_is_drawn_as_an_arrow_to_the_landing_cell(place):
    thrower = Actor(Character(name="Dmitri"))
    grenade = EquipmentItem(name="Grenade", kind=ItemKind.WEAPON)
    missed = CheckResult(Explained.of(("roll", 2)), Explained.of(("DL", 4)), Outcome.FAILURE, 0, ())
    # The d8 showed 3 (to the left), 2 tiles: what the rules say, not the note's words.
    result = ScatteredAttack(AttackRequest(thrower, grenade, (AttackTarget(thrower),)), thrower, missed, None, False,
                             None, (), "misses", notes=("The Grenade misses and lands 2 tiles to the left",),
                             scatter=(3, 2))

    landing = place.tools.show_landing(result, "cmb-ambush-dmitri", "cmb-ambush-raider-rask")
    expected = scatter(place.scene.grid, (14, 6), (9, 7), 3, 2)
    assert landing == expected.landing and expected.description in place.info.text()


# -- maps, view ------------------------------------------------------------------------------------


def test_new_rename_delete_maps_undoably(place, document, monkeypatch):
    from crisis_desktop.domain.battle_map import BattleMap, GridKind
    from crisis_desktop.ui.battlemap.map_dialogs import NewMapDialog
    from crisis_desktop.ui.dialogs.ask import Ask

    monkeypatch.setattr(NewMapDialog, "ask", classmethod(
        lambda _c, _p: BattleMap(name="Hex field", grid=GridKind.HEX, width=12, height=9)))
    monkeypatch.setattr(Ask, "text", classmethod(lambda _c, _p, title, text, *a, **k: "Hexfeld"))
    monkeypatch.setattr(Ask, "yes_no", classmethod(lambda _c, _p, title, text, *a, **k: True))
    place.act_new.trigger()
    assert place.picker.currentText() == "Hex field" and place.scene.grid.hex
    place.act_rename.trigger()
    assert place.picker.currentText() == "Hexfeld"
    place.act_delete.trigger()
    assert [m.name for m in document.campaign.battle_maps] == ["Ridge Road"]
    document.undo_stack.undo()
    assert place.picker.findText("Hexfeld") >= 0


def test_a_background_image_from_a_data_uri_lies_under_the_grid(place, document, monkeypatch):
    import base64

    from PySide6.QtCore import QBuffer, QByteArray, QIODevice
    from PySide6.QtGui import QColor, QImage

    from crisis_desktop.domain.battle_map import BackgroundImage
    from crisis_desktop.ui.battlemap.map_dialogs import BackgroundDialog

    image = QImage(64, 32, QImage.Format.Format_RGB32)
    image.fill(QColor(10, 120, 10))
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    uri = "data:image/png;base64," + base64.b64encode(bytes(data.data())).decode()
    background = BackgroundImage(path=uri, offset_x=5, offset_y=-3, scale=2)
    monkeypatch.setattr(BackgroundDialog, "ask", classmethod(lambda _c, _p, _current: (background,)))
    place.act_background.trigger()
    item = place.scene.background
    assert item is not None and (item.pos().x(), item.pos().y(), item.scale()) == (5, -3, 2)
    assert place.scene.layer.translucent
    document.undo_stack.undo()
    assert place.scene.background is None and not place.scene.layer.translucent


def test_zoom_and_fit(place):
    fitted = place.view.zoom
    place.act_zoom_in.trigger()
    assert place.view.zoom == pytest.approx(fitted * 1.25)
    place.act_zoom_out.trigger()
    place.act_zoom_out.trigger()
    assert place.view.zoom < fitted
    place.act_fit.trigger()
    assert place.view.zoom == pytest.approx(fitted)


def test_ctrl_wheel_zooms_and_the_middle_button_pans(place, qtbot):
    from PySide6.QtCore import QPoint, QPointF
    from PySide6.QtGui import QWheelEvent

    view = place.view
    fitted = view.zoom
    centre = QPointF(view.viewport().rect().center())
    wheel = QWheelEvent(centre, view.mapToGlobal(centre), QPoint(), QPoint(0, 120), Qt.MouseButton.NoButton,
                        Qt.KeyboardModifier.ControlModifier, Qt.ScrollPhase.NoScrollPhase, False)
    view.wheelEvent(wheel)
    assert view.zoom == pytest.approx(fitted * 1.25)
    for _ in range(4):
        view.zoom_in()
    bar = view.horizontalScrollBar()
    before = bar.value()
    start = view.viewport().rect().center()
    qtbot.mousePress(view.viewport(), Qt.MouseButton.MiddleButton, pos=start)
    qtbot.mouseMove(view.viewport(), start + QPoint(-60, 0))
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.MiddleButton, pos=start + QPoint(-60, 0))
    assert bar.value() == before + 60


def test_range_bands_follow_the_campaigns_rule_option():
    from crisis_desktop.domain import EquipmentItem, GridKind, ItemKind
    from crisis_desktop.rules.kernel.cover import geometry_reading
    from crisis_desktop.rules.kernel.geometry import Grid, Terrain
    from crisis_desktop.rules.registry import get_ruleset

    def range_of(rules, grid, weapon, a, b, options):
        """The range the rules declare (crisis and crisis-classic: by increments) between two cells."""
        return rules.range_increments(options).at(rules.attacks.weapon_range(weapon), grid.distance(a, b),
                                                  grid.metres_per_cell)

    rules = get_ruleset("crisis")
    grid = Grid(GridKind.SQUARE, 40, 10, 1.5)
    pistol = EquipmentItem(name="Pistol", kind=ItemKind.WEAPON, stats={"range": 4})
    # Range 4: 10 tiles is the 3rd increment (medium either way); 6 tiles the 2nd, where they differ.
    default = range_of(rules, grid, pistol, (0, 0), (10, 0), {})
    wide = range_of(rules, grid, pistol, (0, 0), (10, 0), {"range_bands": "wide"})
    assert (default.increment, default.band) == (3, "medium")
    assert (wide.increment, wide.band) == (3, "medium")
    near_default = range_of(rules, grid, pistol, (0, 0), (6, 0), {})
    near_wide = range_of(rules, grid, pistol, (0, 0), (6, 0), {"range_bands": "wide"})
    assert (near_default.band, near_wide.band) == ("medium", "short")
    classic = get_ruleset("crisis-classic")
    reading = geometry_reading(Terrain(grid), (0, 0), (4, 0))
    assert classic.attacks.map_inputs(4, grid.metres((0, 0), (4, 0)), reading)["distance"] == 6.0  # metres for classic
    assert rules.attacks.map_inputs(4, grid.metres((0, 0), (4, 0)), reading)["distance"] == 4.0  # tiles for crisis
    musket = EquipmentItem(name="Musket", kind=ItemKind.WEAPON, stats={"range": 15})  # 15 m = 10 cells
    far = range_of(classic, grid, musket, (0, 0), (25, 0), {})
    assert far.increment == 3 and far.penalty.value == -4  # -2 per increment after the first


def test_crawl_reach_is_a_rule_option():
    from crisis_desktop.domain import Character, CharacterKind, Combatant, ConditionState
    from crisis_desktop.rules.base import Actor
    from crisis_desktop.rules.registry import get_ruleset

    rules = get_ruleset("crisis")
    body_d8 = Character(name="Crawler", kind=CharacterKind.PC, stats={**rules.sheet.new_stats(CharacterKind.PC),
                                                                      "body": 8},
                        conditions=[ConditionState(key="prone")])
    actor = Actor(body_d8, Combatant(character_id=body_d8.id))
    crawling = rules.movement()
    assert crawling.crawl_reach(actor, {}) == 4  # Pace: Body d8 / 2
    assert crawling.crawl_reach(actor, {"crawl_reach": "half_pace"}) == 2
    assert not hasattr(get_ruleset("crisis-classic").movement(), "crawl_reach")  # no crawling there


def test_the_map_exports_as_a_png_with_its_painted_cover(place, monkeypatch, tmp_path):
    from PySide6.QtGui import QImage

    from crisis_desktop.ui.battlemap.map_dialogs import ExportPngAsk

    target = tmp_path / "ridge.png"
    monkeypatch.setattr(ExportPngAsk, "path", classmethod(lambda _cls, _parent, suggested: target))
    place.act_png.trigger()
    image = QImage(str(target))
    rect = place.scene.sceneRect()
    assert not image.isNull() and (image.width(), image.height()) == (int(rect.width() * 2), int(rect.height() * 2))
    colours = {image.pixel(x, y) for x in range(0, image.width(), 7) for y in range(0, image.height(), 7)}
    assert len(colours) > 5  # terrain, grid and tokens drawn, not a blank page


def test_measure_names_the_labelled_areas_of_both_ends(place, qtbot):
    place.set_tool(Tool.RECTANGLE)
    place.cover.setCurrentIndex(place.cover.findData(Cover.NONE.value))
    for name, cells in (("Yard", [(1, 13), (2, 14)]), ("Gate", [(3, 13), (4, 14)]), ("Tower", [(8, 13), (9, 14)])):
        place.zone.setText(name)
        drag(qtbot, place, cells)
    place.set_tool(Tool.MEASURE)
    drag(qtbot, place, [(1, 13), (4, 14)])
    assert place.scene.measure.label.text.splitlines()[1] == "Yard, next to Gate"
    drag(qtbot, place, [(2, 14), (9, 13)])
    assert place.scene.measure.label.text.splitlines()[1] == "Yard, apart from Tower"
    drag(qtbot, place, [(1, 13), (2, 13)])
    assert place.scene.measure.label.text.splitlines()[1] == "both in Yard"
