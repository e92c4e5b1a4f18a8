"""The fight workspace: turn order, map, actions, attack and log as dock panels of one place."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QTabBar

from crisis_desktop.rules.kernel.geometry import area_template
from crisis_desktop.ui.main_window import MainWindow

AMBUSH = "enc-ambush"


@pytest.fixture
def fight(make_window) -> MainWindow:
    window = make_window()
    window.resize(1280, 800)
    window.tabs.setCurrentWidget(window._board_host)
    window.encounter_board.show_encounter(AMBUSH)
    window.encounter_board.act_start.trigger()
    return window


def test_the_panels_are_side_by_side_and_the_turn_order_fits_1280_by_800(fight, qtbot):
    ws = fight.workspace
    docks = ws.docks
    assert all(d.isVisible() and not d.isFloating() for key, d in docks.items() if key != "attack")
    turn, log, map_, actions = (docks[k].geometry() for k in ("turn-order", "log", "map", "actions"))
    assert turn.bottom() < log.top() and turn.left() == log.left()          # the log under the turn order
    assert turn.right() < map_.left() and map_.right() < actions.left()     # turn order, map, actions side by side
    assert ws.tabifiedDockWidgets(docks["actions"]) == [docks["attack"]]
    table = fight.encounter_board.table
    assert table.horizontalScrollBar().maximum() == 0
    last = max(c for c in range(table.model().columnCount()) if not table.isColumnHidden(c))
    assert table.columnViewportPosition(last) + table.columnWidth(last) <= table.viewport().width()


@pytest.mark.parametrize("panel", ["turn-order", "map", "actions", "attack", "log"])
def test_next_turn_previous_and_undo_work_whichever_panel_has_the_focus(fight, qtbot, panel):
    ws, board = fight.workspace, fight.encounter_board
    ws.show_panel(panel)
    focus = {"turn-order": board.table, "map": fight.map_place.view, "actions": board.actor_panel.attack_button,
             "attack": ws.attack_panel, "log": board.log_view}[panel]
    focus.setFocus()
    qtbot.waitUntil(lambda: focus.hasFocus() or not fight.isActiveWindow(), timeout=1000)
    ctl = board.controller
    before = ctl.view.current_id()
    QTest.keyClick(focus, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert ctl.view.current_id() != before, f"Ctrl+Return did nothing with the focus in the {panel} panel"
    QTest.keyClick(focus, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert ctl.view.current_id() == before, f"Ctrl+Z did nothing with the focus in the {panel} panel"


def test_attack_opens_in_the_attack_panel_and_apply_pushes_it(fight, qtbot):
    ws, board = fight.workspace, fight.encounter_board
    stack = fight.document.undo_stack
    before = stack.count()
    board.actor_panel.attack_button.click()
    dialog = ws.attack_panel.dialog
    assert dialog is not None and dialog.isVisible() and ws.docks["attack"].isVisible()
    dialog.reject()
    assert ws.attack_panel.dialog is None and stack.count() == before
    ctl = board.controller
    vera = next(c.id for c in ctl.view.encounter.combatants if ctl.view.name(c.id) == "Vera Kask")
    while ctl.view.current_id() != vera:
        board.act_next.trigger()
    board.actor_panel.attack_button.click()
    dialog = ws.attack_panel.dialog
    rask = next(c.id for c in ctl.view.encounter.combatants if ctl.view.name(c.id) == "Rask")
    dialog.target.setCurrentIndex(dialog.target.findData(rask))     # in sight on the map, 6 tiles away
    before = stack.count()
    dialog.roll()
    assert dialog.rolled_event is not None, dialog.problem.text() or dialog.modifiers.text()
    dialog.apply_button.click()
    assert stack.count() == before + 1 and ws.attack_panel.dialog is None
    tabs = [bar for bar in ws.findChildren(QTabBar) if bar.count()]
    assert any(bar.tabText(bar.currentIndex()) == "Actions" for bar in tabs)   # the actions come back


def test_the_layout_is_remembered(make_window, restart):
    window = make_window()
    window.tabs.setCurrentWidget(window._board_host)
    window.workspace.docks["log"].close()                     # the GM closes the Log panel
    again = restart(window)
    assert again.workspace.docks["log"].isHidden()
    reset = next(a for a in again.findChildren(type(again.menus.act_undo)) if a.text() == "Reset the fight layout")
    reset.trigger()
    assert not again.workspace.docks["log"].isHidden()


def test_an_area_attack_in_the_panel_draws_its_template_on_the_map(fight, qtbot):
    ws, board, place = fight.workspace, fight.encounter_board, fight.map_place
    ctl = board.controller
    dmitri = next(c.id for c in ctl.view.encounter.combatants if ctl.view.name(c.id).startswith("Dmitri"))
    rask = next(c.id for c in ctl.view.encounter.combatants if ctl.view.name(c.id) == "Rask")
    while ctl.view.current_id() != dmitri:
        board.act_next.trigger()
    board.actor_panel.attack_button.click()
    dialog = ws.attack_panel.dialog
    dialog.target.setCurrentIndex(dialog.target.findData(rask))
    assert not place.scene.area.cells                     # a rifle: no template
    dialog.weapon.setCurrentIndex(dialog.weapon.findText("Grenade"))
    assert len(place.scene.area.cells) == len(area_template(place.scene.grid, place.scene.token_cell(rask), 2))
    dialog.reject()
    assert not place.scene.area.cells


@pytest.mark.parametrize("panel", ["turn-order", "map", "log"])
def test_the_action_shortcuts_work_from_any_panel(fight, qtbot, panel):
    board = fight.encounter_board
    ctl = board.controller
    while not any(b.isEnabled() for b in board.actor_panel.action_buttons.values()):
        board.act_next.trigger()
    number, key = next((n, k) for n, (k, b) in enumerate(board.actor_panel.action_buttons.items(), start=1)
                       if b.isEnabled())
    focus = {"turn-order": board.table, "map": fight.map_place.view, "log": board.log_view}[panel]
    focus.setFocus()
    before = len(ctl.view.encounter.log)
    QTest.keyClick(focus, Qt.Key(Qt.Key.Key_0 + number), Qt.KeyboardModifier.AltModifier)
    assert len(ctl.view.encounter.log) > before and ctl.view.encounter.log[-1].kind == "action"
    assert "Alt+" in board.actor_panel.action_buttons[key].toolTip()


def test_the_focus_comes_back_to_the_map_after_an_attack_cancelled_there(fight, qtbot):
    """An attack opened from the map and cancelled with Escape: the focus is back on the map, where the GM was, and
    Ctrl+Return moves on at once."""
    ws, board, place = fight.workspace, fight.encounter_board, fight.map_place
    fight.activateWindow()
    qtbot.waitUntil(fight.isActiveWindow, timeout=2000)
    ctl = board.controller
    target = next(c.id for c in ctl.view.encounter.combatants
                  if c.side != ctl.view.combatant(ctl.view.current_id()).side)
    board.select(target)                                        # the token is selected on the map too
    place.view.setFocus()
    assert place.act_attack.isEnabled()
    place.act_attack.trigger()
    dialog = ws.attack_panel.dialog
    assert dialog is not None and dialog.isAncestorOf(QApplication.focusWidget())
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Escape)
    assert ws.attack_panel.dialog is None
    assert QApplication.focusWidget() is place.view
    before = ctl.view.current_id()
    QTest.keyClick(place.view, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert ctl.view.current_id() != before


def test_the_step_shortcuts_answer_anywhere_in_the_window_while_the_fight_is_shown(fight, qtbot):
    """With the focus on the window's own tabs (the GM just clicked the Fight tab) Ctrl+Return and Ctrl+Backspace still
    take the flow's steps; with another tab shown they do nothing to the fight (Ctrl+D is the Characters' Duplicate
    there)."""
    ctl = fight.encounter_board.controller
    fight.activateWindow()
    qtbot.waitUntil(fight.isActiveWindow, timeout=2000)
    tabs = fight.tabs.tabBar()
    tabs.setFocus()
    first = ctl.view.current_id()
    QTest.keyClick(tabs, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert ctl.view.current_id() != first
    QTest.keyClick(tabs, Qt.Key.Key_Backspace, Qt.KeyboardModifier.ControlModifier)
    assert ctl.view.current_id() == first
    fight.tabs.setCurrentWidget(fight._characters_host)
    tabs.setFocus()
    QTest.keyClick(tabs, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert ctl.view.current_id() == first
    table = fight.characters.table
    fight.characters.select([fight.document.campaign.characters[0].id])
    table.setFocus()
    qtbot.waitUntil(table.hasFocus, timeout=1000)
    characters = len(fight.document.campaign.characters)
    QTest.keyClick(table, Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier)
    assert ctl.view.current_id() == first and len(fight.document.campaign.characters) == characters + 1
