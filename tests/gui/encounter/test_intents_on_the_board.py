"""Declarations and plans that carry through, on the real board and attack panel: what each combatant means (its
attack's weapon and target, the reaction it holds ready) is asked with the declaration, the rules' proposal first;
the board and, once announced, the players' screen show it; at resolution the attack panel opens on it; the GM
attacks someone else, the log says so; undone, the panel opens on the declared target again."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from PySide6.QtWidgets import QComboBox

from crisis_desktop.ui.dialogs.encounter_dialogs import BoardAsk
from crisis_desktop.ui.dialogs.intent_dialog import IntentDialog
from crisis_desktop.ui.models.board_model import AnnouncedRole, CombatantIdRole
from crisis_desktop.ui.player_display.models import PlayerBoardProxy
from crisis_desktop.ui.player_display.turn_list import TurnList
from crisis_desktop.ui.views.attack_panel import AttackPanel
from tests.gui.moments_fight import combatant, moments_board, moments_document, names_shown

Answer = Callable[[IntentDialog], None]


class Gm:
    """Answers each declaration in the real dialog: `answers` set its fields as the GM would; what it showed first is
    kept (`proposed`: the fields as the dialog opened)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, qtbot: Any) -> None:
        self.answers: list[Answer] = []
        self.proposed: list[dict[str, str]] = []
        self.dialogs: list[IntentDialog] = []
        self._qtbot = qtbot
        monkeypatch.setattr(IntentDialog, "ask", classmethod(self._ask))
        monkeypatch.setattr(BoardAsk, "dice", classmethod(lambda *_a, **_k: [50, 100, 4]))

    def _ask(self, cls: type[IntentDialog], parent: Any, title: str, who: str, choices: Any, propose: Any,
             targets: Any, weapons: Any) -> tuple[int, Any]:
        dialog = cls(title, who, choices, propose, targets, weapons)
        self._qtbot.addWidget(dialog)
        self.dialogs.append(dialog)
        self.proposed.append({"what": dialog.what.currentText(), "action": dialog.action.currentText(),
                              "weapon": dialog.weapon.currentText(), "target": dialog.target.currentText()})
        self.answers.pop(0)(dialog)
        return dialog.what.currentIndex(), dialog.intent()


def reaction(panel: AttackPanel) -> QComboBox:
    assert panel.dialog is not None
    chosen = panel.dialog.field("reaction")
    assert isinstance(chosen, QComboBox)
    return chosen


def pick(combo: Any, text: str) -> None:
    index = combo.findText(text)
    assert index >= 0, [combo.itemText(i) for i in range(combo.count())]
    combo.setCurrentIndex(index)


def test_a_declared_attack_opens_on_its_weapon_and_target_and_a_change_is_logged(qtbot, paths, monkeypatch):
    document = moments_document(paths)
    board = moments_board(document)
    qtbot.addWidget(board)
    board.resize(1400, 800)
    board.show()
    panel = AttackPanel()
    qtbot.addWidget(panel)
    board.attack_panel = panel
    players = PlayerBoardProxy()
    players.setSourceModel(board.model)
    gm = Gm(monkeypatch, qtbot)
    ctl = board.controller
    v, b, i = (combatant(board, n) for n in ("Vera", "Brann", "Ilse"))
    board.enter_dice.setChecked(True)
    board.act_start.trigger()         # Ilse a critical, Vera fails, Brann fumbles: Brann declares first

    def brann(dialog: IntentDialog) -> None:
        # The list says what each declaration costs; the GM turns the proposed target to Ilse, the axe ready to parry.
        assert dialog.what.itemText(dialog.what.findData("extra_action")) == (
            "Extra action — 2 actions, 1 reaction; all tests one step harder")
        pick(dialog.target, "Ilse (party)")
        pick(dialog.reaction, "Parry")

    def vera(dialog: IntentDialog) -> None:
        pick(dialog.reaction, "Block")

    def ilse(dialog: IntentDialog) -> None:
        pick(dialog.what, "Two reactions — no action, 2 reactions")
        assert dialog.form.isRowVisible(dialog.reaction) and not dialog.form.isRowVisible(dialog.action)
        assert not dialog.form.isRowVisible(dialog.target)
        pick(dialog.reaction, "Dodge")

    # The players' turn list: a card grows a line for what is announced of it, the Health numbers below it.
    turns = TurnList()
    qtbot.addWidget(turns)
    turns.setModel(players)
    turns.resize(430, 700)
    turns.show()

    def card_height(cid: str) -> int:
        row = next(r for r in range(players.rowCount()) if players.index(r, 0).data(CombatantIdRole) == cid)
        return turns.visualRect(players.index(row, 0)).height()

    plain = card_height(i)
    gm.answers += [brann, vera, ilse]
    board.act_plan.trigger()
    qtbot.waitUntil(lambda: card_height(v) > plain)          # Vera: "declares now", Health 11/11 below
    assert card_height(i) == plain                           # Ilse: nothing announced yet
    # What the rules proposed first: an attack with the Greataxe at the nearest foe (no map: the first, Vera).
    assert gm.proposed[0] == {"what": "Action and reaction — 1 action, 1 reaction", "action": "Attack",
                              "weapon": "Greataxe", "target": "Vera (party)"}
    assert names_shown(board)[0] == ("Brann (declared: Action and reaction — attack Ilse with the Greataxe, "
                                     "ready to parry)")
    # The players hear the declaration as it is made, nothing of those still to declare.
    assert [players.index(r, 0).data(AnnouncedRole) for r in range(3)] == [
        "declared: Action and reaction — attack Ilse with the Greataxe, ready to parry", "declares now", ""]
    board.act_plan.trigger()
    assert gm.proposed[1]["target"] == "Brann (enemies)" and gm.proposed[1]["weapon"] == "Sword"
    board.act_plan.trigger()
    assert names_shown(board)[2] == "Ilse (declared: Two reactions — ready to dodge)"

    board.act_next.trigger()          # resolve: Ilse, Vera, Brann
    board.act_next.trigger()          # Ilse done; Vera resolves: the panel opens on her Sword and Brann
    board.select(v)
    board.actor_panel.attack_button.click()
    assert panel.dialog is not None
    assert (panel.dialog.weapon.currentText(), panel.dialog.target.currentData()) == ("Sword", b)
    # Brann declared himself ready to parry: his reaction is offered first.
    assert reaction(panel).currentText() == "Parry (opposed BOD)"
    panel.dialog.reject()
    board.act_next.trigger()          # Brann resolves
    assert ctl.view.acting() == (b,)
    board.select(b)
    board.actor_panel.attack_button.click()
    dialog = panel.dialog
    assert dialog is not None and (dialog.weapon.currentText(), dialog.target.currentData()) == ("Greataxe", i)
    # The GM has him swing at Vera instead: the log says how it departs from the declaration.
    dialog.target.setCurrentIndex(dialog.target.findData(v))
    assert reaction(panel).currentText() == "Block (easy opposed BOD, shield)"      # as Vera declared
    reaction(panel).setCurrentIndex(0)                                            # she does not react after all
    dialog.typed_dice.setChecked(True)
    dialog.faces.setText("90")
    dialog.roll()
    assert dialog.rolled_event is not None, dialog.problem.text()
    dialog.apply_button.click()
    assert ctl.view.encounter.log[-1].details[-1] == "Changed by the GM: Brann meant to attack Ilse"
    # Undone, Attack… opens on the declared target again; at Ilse as declared, nothing departs.
    document.undo_stack.undo()
    assert ctl.view.encounter.log[-1].kind != "attack"
    board.select(b)
    board.actor_panel.attack_button.click()
    dialog = panel.dialog
    assert dialog is not None and dialog.target.currentData() == i
    assert reaction(panel).currentText() == "Dodge (hard opposed BOD)"
    reaction(panel).setCurrentIndex(0)
    dialog.typed_dice.setChecked(True)
    dialog.faces.setText("90")
    dialog.roll()
    assert dialog.rolled_event is not None, dialog.problem.text()
    dialog.apply_button.click()
    assert ctl.view.encounter.log[-1].kind == "attack"
    assert not any(d.startswith("Changed by the GM") for d in ctl.view.encounter.log[-1].details)
