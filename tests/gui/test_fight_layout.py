"""The fight workspace's default layout at the usual screen sizes: the map the largest panel and fitted, every
fighter of a ten-fighter fight in sight on the turn order, Roll and Apply in sight without scrolling; its keys."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget

from crisis_desktop.ui.main_window import MainWindow

AMBUSH = "enc-ambush"


def ten_fighters(window: MainWindow) -> None:
    """The demo's Raider Ambush (eight fighters) with two more of the campaign's characters, then started."""
    board = window.encounter_board
    board.show_encounter(AMBUSH)
    ctl = board.controller
    fighting = {c.character_id for c in ctl.view.encounter.combatants}
    extra = [c.id for c in window.document.campaign.characters if c.id not in fighting]
    for character_id in extra[:2]:
        window.document.push(ctl.add_combatant(character_id))
    if len(ctl.view.encounter.combatants) < 10:       # the demo has fewer spare characters: a second of one
        for character_id in list(fighting)[: 10 - len(ctl.view.encounter.combatants)]:
            window.document.push(ctl.add_combatant(character_id))
    assert len(ctl.view.encounter.combatants) == 10
    board.act_start.trigger()


def on_screen(widget: QWidget, within: QWidget) -> QRect:
    """The widget's rectangle in `within`'s coordinates."""
    return QRect(widget.mapTo(within, QPoint(0, 0)), widget.size())


@pytest.fixture(params=[(1280, 800), (1920, 1080)], ids=["1280x800", "1920x1080"])
def fight(request, make_window, qtbot) -> MainWindow:
    window = make_window()
    window.resize(*request.param)
    window.tabs.setCurrentWidget(window._board_host)
    ten_fighters(window)
    qtbot.waitUntil(lambda: window.workspace.docks["map"].width() > 300, timeout=2000)
    QApplication.processEvents()
    return window


def test_the_map_is_the_largest_panel_and_fitted(fight):
    docks = fight.workspace.docks
    areas = {key: d.width() * d.height() for key, d in docks.items()
             if d.isVisible() and not d.visibleRegion().isEmpty()}
    assert max(areas, key=lambda k: areas[k]) == "map", areas
    assert areas["map"] >= 1.3 * max(a for k, a in areas.items() if k != "map"), areas
    view = fight.map_place.view
    shown = view.mapFromScene(view.map_scene.sceneRect()).boundingRect()
    port = view.viewport().rect()
    assert port.adjusted(-2, -2, 2, 2).contains(shown), (shown, port)        # the whole map in sight
    assert shown.width() >= port.width() - 8 or shown.height() >= port.height() - 8, (shown, port)   # and filling it
    # A cell of the demo's map is big enough to read a token's initials on: at least 20 pixels.
    assert view.zoom * fight.map_place.scene.size >= 20, view.zoom


def test_every_fighter_of_ten_has_a_line_in_sight(fight):
    table = fight.encounter_board.table
    model = table.model()
    assert model.rowCount() == 10
    assert table.verticalScrollBar().maximum() == 0
    last = model.rowCount() - 1
    assert table.rowViewportPosition(last) + table.rowHeight(last) <= table.viewport().height()
    assert table.horizontalScrollBar().maximum() == 0             # no sideways scroll either
    shown = [c for c in range(model.columnCount()) if not table.isColumnHidden(c)]
    assert all(table.columnWidth(c) > 0 for c in shown)
    assert table.columnViewportPosition(shown[-1]) + table.columnWidth(shown[-1]) <= table.viewport().width()


def test_roll_and_apply_are_in_sight_without_scrolling(fight):
    ws, board = fight.workspace, fight.encounter_board
    ctl = board.controller
    ctl = board.controller
    names = {ctl.view.name(c.id): c.id for c in ctl.view.encounter.combatants}
    while ctl.view.current_id() != names["Vera Kask"]:
        board.act_next.trigger()
    board.actor_panel.attack_button.click()
    dialog = ws.attack_panel.dialog
    dialog.target.setCurrentIndex(dialog.target.findData(names["Rask"]))     # in sight on the map, 6 tiles away
    assert dialog is not None
    QApplication.processEvents()
    dock = ws.docks["attack"]
    cancel = dialog.buttons.button(dialog.buttons.StandardButton.Cancel)
    for button in (dialog.roll_button, dialog.apply_button, cancel):
        assert button.isVisible() and not dialog.body.isAncestorOf(button)      # outside the scrolling inputs
        assert dock.rect().contains(on_screen(button, dock)), (button.text(), on_screen(button, dock), dock.rect())
        assert not button.visibleRegion().isEmpty()
    assert dialog.body.horizontalScrollBar().maximum() == 0, "the attack's inputs scroll sideways"
    assert ctl is board.controller


def test_f_fits_the_map_again_and_t_cycles_the_target(fight, qtbot):
    board = fight.encounter_board
    fight.activateWindow()
    qtbot.waitUntil(fight.isActiveWindow, timeout=2000)
    view = fight.map_place.view
    fitted = view.zoom
    view.zoom_in()
    view.zoom_in()
    assert not view.fitted and view.zoom > fitted
    board.table.setFocus()
    QTest.keyClick(board.table, Qt.Key.Key_F)
    assert view.fitted and view.zoom == pytest.approx(fitted)
    ctl = board.controller
    actor = ctl.view.current_id()
    foes = [board.model.combatant_id(r) for r in range(board.model.rowCount())
            if ctl.view.combatant(board.model.combatant_id(r)).side != ctl.view.combatant(actor).side]
    board.select(actor)                 # from whoever acts: the first foe comes first
    QTest.keyClick(board.table, Qt.Key.Key_T)
    assert board.selected_id() == foes[0]
    QTest.keyClick(board.table, Qt.Key.Key_T)
    assert board.selected_id() == foes[1]
    QTest.keyClick(board.table, Qt.Key.Key_T, Qt.KeyboardModifier.ShiftModifier)
    assert board.selected_id() == foes[0]
    scene = fight.map_place.scene
    for _ in foes:                      # on to a foe with a token on the map: the map selects it too
        if scene.token_cell(board.selected_id()) is not None:
            break
        QTest.keyClick(board.table, Qt.Key.Key_T)
    assert scene.selected_token() == board.selected_id() and board.selected_id() in foes


def test_t_changes_the_open_attacks_target_and_ctrl_r_rolls_and_ctrl_shift_r_applies_it(fight, qtbot):
    ws, board = fight.workspace, fight.encounter_board
    fight.activateWindow()
    qtbot.waitUntil(fight.isActiveWindow, timeout=2000)
    ctl = board.controller
    names = {ctl.view.name(c.id): c.id for c in ctl.view.encounter.combatants}
    while ctl.view.current_id() != names["Vera Kask"]:
        board.act_next.trigger()
    board.actor_panel.attack_button.click()
    dialog = ws.attack_panel.dialog
    dialog.target.setCurrentIndex(dialog.target.findData(names["Rask"]))     # in sight on the map, 6 tiles away
    first = dialog.target.currentIndex()
    QTest.keyClick(dialog.roll_button, Qt.Key.Key_T)
    assert dialog.target.currentIndex() == (first + 1) % dialog.target.count()
    QTest.keyClick(dialog.roll_button, Qt.Key.Key_T, Qt.KeyboardModifier.ShiftModifier)
    assert dialog.target.currentIndex() == first
    stack = fight.document.undo_stack
    before = stack.count()
    assert dialog.roll_button.isEnabled(), dialog.problem.text()
    QTest.keyClick(dialog.roll_button, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    assert dialog.rolled_event is not None, dialog.problem.text()
    assert stack.count() == before
    QTest.keyClick(fight.map_place.view, Qt.Key.Key_R,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert stack.count() == before + 1 and ws.attack_panel.dialog is None


def test_the_action_buttons_say_their_number_and_none_is_cut(fight):
    ws, board = fight.workspace, fight.encounter_board
    ws.show_panel("actions")
    QApplication.processEvents()
    buttons = list(board.actor_panel.action_buttons.values())
    assert len(buttons) > 9
    assert [b.text().split()[0] for b in buttons[:9]] == [str(n) for n in range(1, 10)]
    assert not buttons[9].text()[0].isdigit()
    for button in buttons:
        assert button.isVisible() and button.width() >= button.sizeHint().width(), button.text()


def test_the_conditions_column_shows_only_while_someone_has_a_condition(fight, qtbot):
    table = fight.encounter_board.table
    ctl = fight.encounter_board.controller
    conditions = table.model().columnCount() - 1
    assert table.isColumnHidden(conditions)                  # nobody has one: no empty column
    fight.document.push(ctl.overrides.add_condition("pc-vera", "prone", 2))
    qtbot.waitUntil(lambda: not table.isColumnHidden(conditions), timeout=1000)
    assert table.columnWidth(conditions) > 30
    assert table.horizontalScrollBar().maximum() == 0
    fight.document.undo_stack.undo()
    qtbot.waitUntil(lambda: table.isColumnHidden(conditions), timeout=1000)
