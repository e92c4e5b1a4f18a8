"""The fight workspace of each system's demo at 1280x800: the attack panel's inputs never scroll sideways (long labels
wrap, long choices are cut short in their box), and the turn order keeps the names readable while conditions show."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from crisis_desktop.rules.kernel.dice import RandomDice
from crisis_desktop.storage.campaign_store import CampaignStore
from crisis_desktop.storage.demo import (
    DEMO_FILE_NAME,
    GENESYS_DEMO_FILE_NAME,
    MOMENTS_DEMO_FILE_NAME,
    SKIRMISH_DEMO_FILE_NAME,
)
from crisis_desktop.ui.main_window import MainWindow
from crisis_desktop.ui.models.board_model import COL_CONDITIONS, COL_NAME
from crisis_desktop.ui.views.turn_order_columns import NAME_MIN
from tests.unit.rules.five_fights import SYSTEMS, fight

FILES = {"crisis": DEMO_FILE_NAME, "genesys": GENESYS_DEMO_FILE_NAME, "moments": MOMENTS_DEMO_FILE_NAME,
         "skirmish": SKIRMISH_DEMO_FILE_NAME}


def fight_at_1280(make_window, paths, qtbot, system: str) -> MainWindow:
    """The main window at 1280x800 on the system's demo fight in the Fight place, started."""
    if system == "crisis-classic":
        CampaignStore(paths).save(fight(system)[0], paths.campaigns / "classic.json")
    window = make_window(str(paths.campaigns / FILES.get(system, "classic.json")))
    window.resize(1280, 800)
    window.tabs.setCurrentWidget(window._board_host)
    window.encounter_board.show_encounter(fight(system)[1])
    qtbot.waitUntil(lambda: window.workspace.docks["map"].width() > 300, timeout=2000)
    ctl = window.encounter_board.controller
    window.document.push(ctl.start(RandomDice(5)))
    QApplication.processEvents()
    return window


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_attack_inputs_do_not_scroll_sideways(make_window, paths, qtbot, system):
    window = fight_at_1280(make_window, paths, qtbot, system)
    ctl = window.encounter_board.controller
    fighters = ctl.view.encounter.combatants
    attacker = next(c.id for c in fighters if c.side.value == "party" and ctl.preview.weapons(c.id))
    target = next(c.id for c in fighters if c.side.value == "enemies")
    window.workspace.attack_panel.open(ctl, attacker, target, lambda _event: None)
    window.workspace.show_panel("attack")
    dialog = window.workspace.attack_panel.dialog
    assert dialog is not None
    QApplication.processEvents()
    body = dialog.body
    assert body.viewport().width() < 360                           # the narrow panel of a 1280 window
    assert body.horizontalScrollBar().maximum() == 0, (system, body.widget().minimumSizeHint().width())


def test_conditions_leave_the_names_their_room_in_the_skirmish(make_window, paths, qtbot):
    window = fight_at_1280(make_window, paths, qtbot, "skirmish")
    board, ctl = window.encounter_board, window.encounter_board.controller
    table = board.table
    fighter = ctl.view.encounter.combatants[0].character_id
    rules = ctl.view.ruleset
    for condition in [c.key for c in rules.sheet.conditions()][:3]:         # three chips: more than the column holds
        window.document.push(ctl.overrides.add_condition(fighter, condition))
    qtbot.waitUntil(lambda: not table.isColumnHidden(COL_CONDITIONS), timeout=1000)
    QApplication.processEvents()
    assert table.columnWidth(COL_NAME) >= NAME_MIN, (table.columnWidth(COL_NAME), table.columnWidth(COL_CONDITIONS))
    assert table.columnWidth(COL_CONDITIONS) >= 60
    assert table.horizontalScrollBar().maximum() == 0
