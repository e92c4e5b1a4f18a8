"""The issue's scripted moment run as a GM runs it, on the real board and the attack panel: the INT test's dice typed,
declarations asked worst to best with the board and the players' screen in declaration order, resolution best to
worst in resolution order, a parry, an extra action making tests harder, a major wound with its death test, a block
stepping the shield's usage die down; a new moment; then every step is undone."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtWidgets import QComboBox

from crisis_desktop.rules.moments import sheet, wounds
from crisis_desktop.ui.dialogs.attack_dialog import AttackDialog
from crisis_desktop.ui.dialogs.encounter_dialogs import BoardAsk
from crisis_desktop.ui.models.board_model import COL_BARS, AnnouncedRole, ResourcesRole
from crisis_desktop.ui.player_display.models import PlayerBoardProxy
from crisis_desktop.ui.views.attack_panel import AttackPanel
from crisis_desktop.ui.views.encounter_board import EncounterBoard
from tests.gui.moments_fight import combatant, moments_board, moments_document, names_shown


class Table:
    """What the GM answers: the dice typed for each roll the board asks, the declaration picked for each declarer."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.dice: list[list[int | str]] = []
        self.declarations: list[str] = []
        self.asked: list[str] = []
        self.named: list[list[str]] = []      # how the board's dice form names each die of the rolls asked
        monkeypatch.setattr(BoardAsk, "dice", classmethod(self._dice))
        monkeypatch.setattr(BoardAsk, "choose", classmethod(self._choose))

    def _dice(self, _cls: Any, _parent: Any, title: str, *_a: Any, probe: Any, **_k: Any) -> list[int | str]:
        faces = self.dice.pop(0)
        self.named.append([die.label for die in probe(faces).asked])
        return faces

    def _choose(self, _cls: Any, _parent: Any, title: str, prompt: str, names: list[str]) -> int:
        self.asked.append(prompt)
        return names.index(self.declarations.pop(0))


def attack(board: EncounterBoard, panel: AttackPanel, target: str, reaction: str, faces: str) -> AttackDialog:
    """Attack… on the board for whoever resolves: the target picked, its reaction chosen, the dice typed, rolled."""
    board.select(board.controller.view.acting()[0])
    assert board.actor_panel.attack_button.isEnabled()
    board.actor_panel.attack_button.click()
    dialog = panel.dialog
    assert dialog is not None
    dialog.target.setCurrentIndex(dialog.target.findData(target))
    chosen = dialog.field("reaction")
    assert isinstance(chosen, QComboBox)
    chosen.setCurrentIndex(chosen.findText(reaction))
    dialog.typed_dice.setChecked(True)
    dialog.faces.setText(faces)
    return dialog


def bars(board: EncounterBoard, cid: str) -> str:
    """The bars of the row as the board paints them ("HP 12/12 · Actions 2/2 · Reactions 1/1")."""
    row = board.model.row_of(cid)
    assert row is not None
    specs = board.model.index(row, COL_BARS).data(ResourcesRole)
    return " · ".join(f"{r.short or r.label} {r.current}/{r.maximum}" for r in specs)


def test_the_scripted_moment_on_the_board(qtbot, paths, monkeypatch):
    document = moments_document(paths)
    start = document.campaign.model_dump()
    board = moments_board(document)
    qtbot.addWidget(board)
    board.resize(1400, 800)
    board.show()
    panel = AttackPanel()                                 # the Fight place's Attack panel
    qtbot.addWidget(panel)
    board.attack_panel = panel
    players = PlayerBoardProxy()
    players.setSourceModel(board.model)
    table = Table(monkeypatch)
    ctl = board.controller
    v, b, i = (combatant(board, n) for n in ("Vera", "Brann", "Ilse"))

    # The INT test, typed: Vera 50 fails (goal 33), Brann fumbles, Ilse 4 is a critical (goal 42).
    board.enter_dice.setChecked(True)
    table.dice.append([50, 100, 4])
    board.act_start.trigger()
    assert board.round_label.text().startswith("Moment 1 · declaring")
    # Declarations worst to best: the rows read in that order, the next to declare says so.
    assert [board.model.combatant_id(r) for r in range(3)] == [b, v, i]
    assert names_shown(board) == ["Brann (declares now)", "Vera", "Ilse"]
    table.declarations += ["Extra action", "Action and reaction", "Action and reaction"]
    board.act_plan.trigger()
    assert names_shown(board)[:2] == ["Brann (declared: Extra action, tests harder)",
                                      "Vera (declares now)"]
    assert bars(board, b) == "HP 12/12 · Actions 2/2 · Reactions 1/1"
    # The players see the declaration beside the name as it is announced, in the same order; nothing of the GM's words.
    shown = [(players.index(r, 0).data(), players.index(r, 0).data(AnnouncedRole)) for r in range(players.rowCount())]
    assert shown == [("Brann", "declared: Extra action"), ("Vera", "declares now"), ("Ilse", "")]
    board.act_plan.trigger()
    board.act_plan.trigger()
    assert table.asked == ["Brann:", "Vera:", "Ilse:"] and table.declarations == []

    # Resolution best to worst: the rows turn to that order.
    assert board.act_next.text() == "Resolve declarations"
    board.act_next.trigger()
    assert board.round_label.text().startswith("Moment 1 · resolving")
    assert [board.model.combatant_id(r) for r in range(3)] == [i, v, b]
    assert names_shown(board)[0] == "Ilse (resolving: Action and reaction)"

    # Ilse stabs at Brann, who parries: his extra action makes the parry hard, (42 + 20) / 2 = 31.
    dialog = attack(board, panel, b, "Parry (opposed BOD)", "10 20")
    assert "If the target reacts: No reaction hit" in dialog.odds.text()
    dialog.roll()
    assert dialog.rolled_event is not None, dialog.problem.text()
    result = dialog.rolled_event.result
    assert not result.hit and result.defence is not None and result.defence.target.value == 31
    dialog.apply_button.click()
    assert panel.dialog is None and bars(board, b).endswith("Reactions 0/1")
    assert [e.text for e in ctl.view.encounter.log[-2:]] == [
        "Brann parries", "Ilse misses Brann with Dagger (10 against 37); Brann's parry succeeds"]

    # Vera: Brann has no reaction left to parry her sword; unparried it lands: 41 (odd: the right side), 8 of his 12
    # HP: a major wound, d12 3 on the slicing column, then the death test d6 + 1 = 3: he lives.
    board.act_next.trigger()
    assert names_shown(board)[:2] == ["Ilse (done)", "Vera (resolving: Action and reaction)"]
    dialog = attack(board, panel, b, "Parry (opposed BOD)", "41 50")
    assert not dialog.roll_button.isEnabled()
    assert dialog.modifiers.text() == "Brann has no reaction left this moment (Extra action)"
    chosen = dialog.field("reaction")
    assert isinstance(chosen, QComboBox)
    chosen.setCurrentIndex(chosen.findText("No reaction"))
    dialog.faces.setText("41 8 3 2")
    dialog.roll()
    assert dialog.rolled_event is not None, dialog.problem.text()
    dialog.apply_button.click()
    entry = ctl.view.encounter.log[-1]
    assert "Major wound for Brann (8 of 12 HP): d12 = 3: Hand (right): Hand cut off (d6+1)" in entry.details
    assert any(d.startswith("Brann: death test d6 + 1 = 2 + 1 = 3 against 6: survives") for d in entry.details)
    assert bars(board, b).startswith("HP 4/12") and wounds.wounds(ctl.view.character_of(b))[0].major == 3

    # Brann, two actions, every test one step harder: (42 + Axes 20) / 2 = 31 to beat. Vera blocks the first swing
    # (easy), her shield's d8 steps down to d6; the second lands with no reaction left to her: 2d6 = 6 - 2 AP = 4.
    board.act_next.trigger()
    dialog = attack(board, panel, v, "Block (easy opposed BOD, shield)", "25 60")
    assert dialog.to_beat.text() == "To beat: 3 x BOD = 42, Axes = +20, hard (/ 2) = -31, total = 31"
    dialog.roll()
    assert dialog.rolled_event is not None, dialog.problem.text()
    dialog.apply_button.click()
    shield = next(item for item in ctl.view.character_of(v).equipment if item.name == "Round shield")
    assert shield.stats["usage_die"] == 6
    assert "usage d6" in board.controller.ruleset.sheet.item_summary(shield)
    dialog = attack(board, panel, v, "No reaction", "15 3 3")
    dialog.roll()
    assert dialog.rolled_event is not None, dialog.problem.text()
    dialog.apply_button.click()
    assert sheet.hp(ctl.view.character_of(v)) == 7 and bars(board, v).startswith("HP 7/11")
    assert bars(board, b) == "HP 4/12 · Actions 0/2 · Reactions 0/1"
    dialog = attack(board, panel, v, "No reaction", "")
    assert dialog.cost.text() == "Costs 1 action: Brann has no action left this moment (Extra action)"
    assert not dialog.roll_button.isEnabled()
    panel.close_attack()

    # Everyone has resolved: the next moment ranks everyone again, its dice typed.
    assert board.act_next.text() == "Next moment"
    table.dice.append([10, 20, 30])
    board.act_next.trigger()
    assert board.round_label.text().startswith("Moment 2 · declaring")
    # Typed one die a field, each field naming whose INT test it is.
    assert table.named[-1] == ["Vera: INT test (goal 33)", "Brann: INT test (goal 24)", "Ilse: INT test (goal 42)"]
    assert bars(board, b) == "HP 4/12 · Actions 1/1 · Reactions 1/1"

    while document.undo_stack.canUndo():
        document.undo_stack.undo()
    assert document.campaign.model_dump() == start
