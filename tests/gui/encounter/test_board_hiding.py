"""Hide, Sneak and Search from the board's action buttons under crisis: Sneak and Search ask for their roll, the
board shows who hides, and an undo takes it all back."""

from __future__ import annotations

import pytest

from crisis_desktop.domain.battle_map import Cell, Cover
from crisis_desktop.ui.dialogs.encounter_dialogs import BoardAsk
from crisis_desktop.ui.models.board_model import COL_NAME
from crisis_desktop.ui.views.encounter_board import EncounterBoard

VERA, JORY = "cmb-ambush-vera", "cmb-ambush-raider-jory"


@pytest.fixture
def walled(qtbot, document) -> EncounterBoard:
    """Ridge Road with Vera's token at (2, 2) behind walls on every side: nobody sees her."""
    battle_map = document.campaign.battle_maps[0]
    token = next(t for t in battle_map.tokens if t.combatant_id == VERA)
    token.x, token.y = 2, 2
    ring = {(x, y) for x in (1, 2, 3) for y in (1, 2, 3)} - {(2, 2)}
    battle_map.cells = [c for c in battle_map.cells if (c.x, c.y) not in ring]
    battle_map.cells += [Cell(x=x, y=y, cover=Cover.TOTAL) for x, y in sorted(ring)]
    view = EncounterBoard()
    qtbot.addWidget(view)
    view.resize(1400, 800)
    view.set_document(document)
    view.show_encounter("enc-ambush")
    view.show()
    return view


def shown_name(board: EncounterBoard, combatant_id: str) -> str:
    return board.model.index(board.model.row_of(combatant_id), COL_NAME).data()


def test_hide_sneak_and_search_from_the_action_buttons(walled, document, monkeypatch):
    ctl = walled.controller
    walled.act_start.trigger()
    while ctl.view.current_id() != VERA:
        walled.act_next.trigger()
    walled.enter_dice.setChecked(True)
    asked: list[str] = []

    def dice(_cls, _parent, title, prompt, value="", **_kinds):
        asked.append(title)
        return faces.pop(0)

    monkeypatch.setattr(BoardAsk, "dice", classmethod(dice))
    faces: list[list[int]] = [[4, 2], [5], [6, 2]]
    walled.actor_panel.action_buttons["hide"].click()
    assert asked == []                                              # Hide rolls nothing
    walled.actor_panel.action_buttons["sneak"].click()                          # Stealth d4: 4 explodes, 2 more
    assert asked == ["Action dice"]
    vera = ctl.view.combatant(VERA).resources
    assert vera["sneak_roll"] == 6 and len(str(vera["hidden_from"]).split()) == 4
    assert shown_name(walled, VERA) == "Vera Kask (hiding from 4: Search 6 finds)"
    while ctl.view.current_id() != JORY:
        walled.act_next.trigger()
    walled.actor_panel.action_buttons["search"].click()                         # Search d6: 5 against 6
    assert ctl.view.combatant(VERA).resources["hidden_from"] != ""
    walled.actor_panel.action_buttons["search"].click()                         # NPCs' second action: 8 against 6
    assert ctl.view.combatant(VERA).resources["hidden_from"] == ""
    assert shown_name(walled, VERA) == "Vera Kask"
    assert ctl.view.encounter.log[-1].details == ["Jory finds Vera Kask (Search 8 against 6): revealed to everyone"]
    document.undo_stack.undo()
    assert ctl.view.combatant(VERA).resources["hidden_from"] != ""
