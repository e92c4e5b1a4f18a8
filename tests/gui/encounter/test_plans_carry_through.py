"""Skirmish plans that carry through, on the real board, map and attack panel: a planned attack holds its target,
proposed from the map by the text's assignment (PCs first, extra NPCs after) and changeable; the players see it once
the phases resolve; in the phase the attack panel opens on the planned weapon and target."""

from __future__ import annotations

from typing import Any

import pytest

from crisis_desktop.ui.dialogs.intent_dialog import IntentDialog
from crisis_desktop.ui.models.board_model import AnnouncedRole
from crisis_desktop.ui.player_display.models import PlayerBoardProxy
from crisis_desktop.ui.views.attack_panel import AttackPanel
from crisis_desktop.ui.views.encounter_board import EncounterBoard

PLANS = {"Aldric Vane": "Melee attack: Broadsword", "Mira Fenn": "Ranged attack: Longbow",
         "Tobin Ashe": "Move to an adjacent area", "Gorran the Toll-keeper": "Melee attack: Greataxe",
         "Brigand with a club": "Melee attack: Club", "Brigand with a spear": "Ranged attack: Javelin",
         "Toll-house archer": "Miscellaneous action"}


class Gm:
    """Plans in the real dialog: the plan picked by name, the proposed target kept unless `targets` names another;
    what the dialog proposed is kept by planner."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, qtbot: Any) -> None:
        self.proposed: dict[str, str] = {}
        self.targets: dict[str, str] = {}
        self._qtbot = qtbot
        monkeypatch.setattr(IntentDialog, "ask", classmethod(self._ask))

    def _ask(self, cls: type[IntentDialog], parent: Any, title: str, who: str, choices: Any, propose: Any,
             targets: Any, weapons: Any) -> tuple[int, Any]:
        dialog = cls(title, who, choices, propose, targets, weapons)
        self._qtbot.addWidget(dialog)
        dialog.what.setCurrentIndex(dialog.what.findText(PLANS[who]))
        if dialog.form.isRowVisible(dialog.target):
            self.proposed[who] = dialog.target.currentText()
        if who in self.targets:
            dialog.target.setCurrentIndex(dialog.target.findText(self.targets[who]))
        return dialog.what.currentIndex(), dialog.intent()


def test_planned_targets_are_proposed_by_assignment_and_the_attack_opens_on_them(qtbot, skirmish_document,
                                                                                 monkeypatch):
    document = skirmish_document
    board = EncounterBoard()
    qtbot.addWidget(board)
    board.resize(1400, 800)
    board.set_document(document)
    board.show_encounter("enc-bridge")
    board.show()
    panel = AttackPanel()
    qtbot.addWidget(panel)
    board.attack_panel = panel
    players = PlayerBoardProxy()
    players.setSourceModel(board.model)
    gm = Gm(monkeypatch, qtbot)
    ctl = board.controller
    ids = {ctl.view.name(c.id): c.id for c in ctl.view.encounter.combatants}
    aldric, gorran, club = ids["Aldric Vane"], ids["Gorran the Toll-keeper"], ids["Brigand with a club"]
    # The GM sets Gorran on Aldric (the toll-keeper's choice) instead of the unengaged Tobin the text proposes.
    gm.targets["Gorran the Toll-keeper"] = "Aldric Vane (party)"
    board.act_start.trigger()
    for _ in PLANS:
        board.act_plan.trigger()
    # Aldric (a PC) picks first: the nearest foe, the club brigand (3 steps; Gorran 4). Gorran finds Tobin free in
    # the next area; the club brigand, set upon by Aldric, fights him; the ranged ones take their nearest foe.
    assert gm.proposed == {"Aldric Vane": "Brigand with a club (enemies)", "Mira Fenn": "Brigand with a club (enemies)",
                           "Gorran the Toll-keeper": "Tobin Ashe (party)", "Brigand with a club": "Aldric Vane (party)",
                           "Brigand with a spear": "Aldric Vane (party)"}
    status = {ctl.view.name(r.combatant_id or ""): r.status for r in ctl.view.order_rows()}
    assert status["Gorran the Toll-keeper"] == "plans: Melee attack: Greataxe — attack Aldric Vane"
    # Nothing of it reaches the players before the phases resolve; then the plans and their targets do.
    assert all(not players.index(r, 0).data(AnnouncedRole) for r in range(players.rowCount()))
    board.act_next.trigger()
    announced = {players.index(r, 0).data(): players.index(r, 0).data(AnnouncedRole)
                 for r in range(players.rowCount())}
    assert announced["Aldric Vane"] == "Melee attack: Broadsword — attack Brigand with a club"
    # The ranged phase: Mira's panel opens on her Longbow and the club brigand; both shooters resolved without a
    # shot, the melee phase: each panel opens on the plan's weapon and target.
    board.select(ids["Mira Fenn"])
    board.actor_panel.attack_button.click()
    assert panel.dialog is not None
    assert (panel.dialog.weapon.currentText(), panel.dialog.target.currentData()) == ("Longbow", club)
    panel.dialog.reject()
    for shooter in ("Mira Fenn", "Brigand with a spear"):
        board.intents.take_step("resolve", ids[shooter])
    board.act_next.trigger()
    assert board.round_label.text() == "Round 1 · Melee combat phase"
    for who, weapon, target in ((aldric, "Broadsword", club), (gorran, "Greataxe", aldric),
                                (club, "Club", aldric)):
        board.select(who)
        board.actor_panel.attack_button.click()
        assert panel.dialog is not None
        assert (panel.dialog.weapon.currentText(), panel.dialog.target.currentData()) == (weapon, target), who
        panel.dialog.reject()
    # Undone back to the planning, the plans and what they hold are gone with it.
    while ctl.view.encounter.started:
        document.undo_stack.undo()
    assert not ctl.view.encounter.flow.get("intents")
