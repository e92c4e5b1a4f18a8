"""The issue's scripted skirmish round run as a GM runs it, on the real board, attack panel and map: every plan
picked on the board (kept from the players until the phases resolve), the ranged phase (an arrow that drops the
spearman, who still throws his javelin), a 2-against-1 skirmish with the odds of everyone in it, a move dragged on the
map into the adjacent area, bleeding at the End phase; then every step is undone."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt

from crisis_desktop.ui.battlemap.map_place import MapPlace
from crisis_desktop.ui.dialogs.attack_dialog import AttackDialog
from crisis_desktop.ui.dialogs.encounter_dialogs import BoardAsk
from crisis_desktop.ui.models.board_model import COL_CONDITIONS, COL_NAME, AnnouncedRole, CombatantIdRole
from crisis_desktop.ui.player_display.models import PlayerBoardProxy
from crisis_desktop.ui.views.attack_panel import AttackPanel
from crisis_desktop.ui.views.encounter_board import EncounterBoard

PLANS = {"Aldric Vane": "Melee attack: Broadsword", "Mira Fenn": "Ranged attack: Longbow",
         "Tobin Ashe": "Move to an adjacent area", "Gorran the Toll-keeper": "Melee attack: Greataxe",
         "Brigand with a club": "Melee attack: Club", "Brigand with a spear": "Ranged attack: Javelin",
         "Toll-house archer": "Miscellaneous action"}


class Table:
    """What the GM answers when the board asks what a combatant plans."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.asked: list[str] = []
        monkeypatch.setattr(BoardAsk, "choose", classmethod(self._choose))

    def _choose(self, _cls: Any, _parent: Any, title: str, prompt: str, names: list[str]) -> int:
        who = prompt.rstrip(":")
        self.asked.append(who)
        return names.index(PLANS[who])


def attack(board: EncounterBoard, panel: AttackPanel, attacker: str, weapon: str, target: str,
           faces: str) -> AttackDialog:
    """Attack… on the board for `attacker`: the weapon and target picked, the dice typed."""
    board.select(attacker)
    assert board.actor_panel.attack_button.isEnabled()
    board.actor_panel.attack_button.click()
    dialog = panel.dialog
    assert dialog is not None
    dialog.weapon.setCurrentIndex(dialog.weapon.findText(weapon))
    dialog.target.setCurrentIndex(dialog.target.findData(target))
    dialog.typed_dice.setChecked(True)
    dialog.faces.setText(faces)
    return dialog


def roll_and_apply(dialog: AttackDialog, panel: AttackPanel) -> None:
    dialog.roll()
    assert dialog.rolled_event is not None, dialog.problem.text()
    dialog.apply_button.click()
    assert panel.dialog is None


def point(place: MapPlace, cell: tuple[int, int]) -> Any:
    return place.view.mapFromScene(place.scene.centre(cell))


def test_the_scripted_round_on_the_board(qtbot, skirmish_document, monkeypatch):
    document = skirmish_document
    start = document.campaign.model_dump()
    board = EncounterBoard()
    qtbot.addWidget(board)
    board.resize(1400, 800)
    board.set_document(document)
    board.show_encounter("enc-bridge")
    board.show()
    panel = AttackPanel()
    qtbot.addWidget(panel)
    board.attack_panel = panel
    place = MapPlace()
    qtbot.addWidget(place)
    place.resize(1200, 800)
    place.set_document(document)
    place.show()
    qtbot.waitExposed(place)
    place.view.fit()
    players = PlayerBoardProxy()
    players.setSourceModel(board.model)
    table = Table(monkeypatch)
    ctl = board.controller
    ids = {ctl.view.name(c.id): c.id for c in ctl.view.encounter.combatants}
    aldric, mira, tobin, gorran = (ids[n] for n in ("Aldric Vane", "Mira Fenn", "Tobin Ashe",
                                                    "Gorran the Toll-keeper"))
    club, spear, archer = (ids[n] for n in ("Brigand with a club", "Brigand with a spear", "Toll-house archer"))

    board.act_start.trigger()
    assert board.round_label.text() == "Round 1 · planning"
    for _ in PLANS:
        board.act_plan.trigger()
    assert table.asked == list(PLANS)
    # The players see nobody's plan while the table plans, nor the order the plans put everyone in: the board sorts
    # by planned phase for the GM, the players' list keeps the encounter's order until the phases resolve.
    assert all(not players.index(r, 0).data(AnnouncedRole) for r in range(players.rowCount()))

    def order(model: Any) -> list[str]:
        return [model.index(r, COL_NAME).data(CombatantIdRole) for r in range(model.rowCount())]

    in_encounter = [c.id for c in ctl.view.encounter.combatants]
    assert order(board.model) != in_encounter and order(players) == in_encounter
    assert board.act_next.text() == "Resolve phases"
    board.act_next.trigger()
    assert board.round_label.text() == "Round 1 · Ranged combat phase"
    assert order(players) == order(board.model) != in_encounter       # announced: the table sees the phases' order
    announced = {players.index(r, 0).data(): players.index(r, 0).data(AnnouncedRole)
                 for r in range(players.rowCount())}
    assert announced["Mira Fenn"] == "Ranged attack: Longbow" and announced["Tobin Ashe"] == "Move to an adjacent area"

    # Mira's arrow drops the spearman (29 to the torso): he is dying, yet still throws in this phase.
    dialog = attack(board, panel, mira, "Longbow", spear, "18 2 2")
    assert "critical wound" in dialog.odds.text() and "pain" in dialog.odds.text()
    roll_and_apply(dialog, panel)
    assert ctl.view.state_of(spear).key == "dying" and spear in ctl.view.acting()
    roll_and_apply(attack(board, panel, spear, "Javelin", aldric, "10 5 3"), panel)
    assert ctl.view.character_of(aldric).status["fatigue"] == 1
    assert ctl.view.acting() == () and board.act_next.text() == "Next phase"

    # The melee phase: Aldric against Gorran and the club brigand, ticked as the others in the skirmish.
    board.act_next.trigger()
    assert board.round_label.text() == "Round 1 · Melee combat phase"
    dialog = attack(board, panel, aldric, "Broadsword", gorran, "8 15 10 2")
    assert dialog.map_note.text() == "Reach and line of sight come from the battle map."
    assert dialog.further_box.title() == "Others in the skirmish" and not dialog.further_box.isHidden()
    dialog.tick(club)
    assert "Aldric Vane takes the blow" in dialog.odds.text()
    assert dialog.odds.text().count("Hit ") == 2                      # Gorran's line and the club brigand's
    roll_and_apply(dialog, panel)
    assert ctl.view.character_of(aldric).status["wound_torso"] == "critical" and ctl.view.acting() == ()
    row = board.model.row_of(aldric)
    assert row is not None and board.model.index(row, COL_NAME).data() == "Aldric Vane (done)"
    # The wound, its bleeding and the pain taken are chips, each with what it does, not words beside the name.
    assert board.model.index(row, COL_CONDITIONS).data() == "Bleeding, Bleeder (critical), Fatigue 4"

    # The miscellaneous phase: Tobin's token dragged from the West road onto the Bridge spends his planned move;
    # the archer's miscellaneous action is its button.
    board.act_next.trigger()
    assert ctl.view.acting() == (tobin, archer)
    viewport = place.view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, point(place, (5, 9)))
    for cell in ((6, 9), (7, 9), (8, 9)):
        qtbot.mouseMove(viewport, point(place, cell))
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, point(place, (8, 9)))
    assert place.scene.token_cell(tobin) == (8, 9)
    assert ctl.preview.measure(tobin, gorran).areas.same and tobin not in ctl.view.acting()
    board.select(archer)
    board.actor_panel.action_buttons["misc"].click()
    assert ctl.view.acting() == ()

    # The End phase: Aldric bleeds (Stamina 2 -> 1); round 2 plans again.
    assert board.act_next.text() == "End round"
    board.act_next.trigger()
    assert board.round_label.text() == "Round 2 · planning"
    assert ctl.view.character_of(aldric).status["fatigue"] == 5
    end_phase = next(e for e in reversed(ctl.view.encounter.log) if e.text == "End phase")
    assert "Aldric Vane: Aldric Vane bleeds: Fatigue 4 -> 5" in end_phase.details

    while document.undo_stack.canUndo():
        document.undo_stack.undo()
    assert document.campaign.model_dump() == start
