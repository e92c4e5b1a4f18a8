"""A genesys fight run as a GM runs it, on the real board and the attack dialog: the GM picks who fills each slot,
a second maneuver costs strain, an attack's roll is typed by its faces and its advantage spent on a critical, a
minion group loses members, the NPCs' slots follow, a new round begins; then every step is undone."""

from __future__ import annotations

from crisis_desktop.rules.genesys import stats
from crisis_desktop.rules.genesys.narrative import ADVANTAGE, SUCCESS
from crisis_desktop.ui.dialogs.attack_dialog import AttackDialog
from crisis_desktop.ui.views.attack_panel import AttackPanel
from tests.gui.genesys_fight import combatant, genesys_board, genesys_document


def fill_slot(board, name: str) -> None:  # type: ignore[no-untyped-def]
    """The GM clicks the row of who takes the slot, then Act now."""
    board.select(combatant(board, name))
    assert board.act_act_now.isEnabled(), board.act_act_now.toolTip()
    board.act_act_now.trigger()
    assert board.controller.view.current_id() == combatant(board, name)


def lucky_faces(dialog: AttackDialog) -> str:
    """The faces a lucky table rolls: the first two positive dice their face with the most successes, the other
    positive dice the one with the most advantage, every negative die blank."""
    ctl = dialog.controller
    faces: list[str] = []
    for kind in ctl.preview.attacks.attack_dice(dialog.request(), ctl.view.options):
        if not any(f.symbols.get(SUCCESS) > 0 for f in kind.faces):
            faces.append("blank")
            continue
        wanted = SUCCESS if len(faces) < 2 else ADVANTAGE
        faces.append(max(kind.faces, key=lambda f: (f.symbols.get(wanted), f.text)).text)
    return " ".join(faces)


def test_a_genesys_fight_on_the_board(qtbot, paths):
    document = genesys_document(paths)
    start = document.campaign.model_dump()
    board = genesys_board(document)                     # initiative rolled: PC, NPC, PC, NPC, NPC slots
    qtbot.addWidget(board)
    board.resize(1400, 800)
    board.show()
    ctl = board.controller
    assert board.round_label.text() == "Round 1 · PC slot 1"

    # PC slot 1: the GM gives it to Jax, who aims, then takes a second maneuver for 2 strain.
    fill_slot(board, "Jax")
    jax, thugs = combatant(board, "Jax"), combatant(board, "Thugs")
    board.actor_panel.action_buttons["aim"].click()
    assert stats.strain(ctl.view.character_of(jax)) == 0
    board.actor_panel.action_buttons["guarded_stance"].click()
    assert stats.strain(ctl.view.character_of(jax)) == 2
    assert "strain" in board.log_model.index(board.log_model.rowCount() - 1).data()
    assert not board.actor_panel.action_buttons["drop_prone"].isEnabled()     # no third maneuver
    assert "maneuver" in board.actor_panel.action_buttons["drop_prone"].toolTip()

    # Jax's sword at the minion group: the faces typed, the advantage spent on a critical (on minions it takes one
    # out, no d100) and, picked by the GM, on a strain recovered.
    panel = AttackPanel()                               # the Fight place's Attack panel
    qtbot.addWidget(panel)
    panel.resize(560, 900)
    panel.show()
    dialog = panel.open(ctl, jax, thugs, document.push)
    assert dialog.target.currentData() == thugs and dialog.odds.text().startswith("Hit ")
    dialog.typed_dice.setChecked(True)
    dialog.faces.setText(lucky_faces(dialog))
    dialog.roll()
    assert dialog.rolled_event is not None, dialog.problem.text()
    assert dialog.spending.row("crit").check.isChecked()          # the rules' plan: a critical first
    assert dialog.spending.left.text() == "Left: 2 advantage"
    dialog.spending.row("recover_strain").check.setChecked(True)
    members = stats.group_size(ctl.view.character_of(thugs))
    dialog.apply_button.click()
    assert panel.dialog is None
    assert stats.minions_alive(ctl.view.character_of(thugs)) == members - 2   # wounds took one, the critical another
    assert stats.strain(ctl.view.character_of(jax)) == 1
    entry = ctl.view.encounter.log[-1]
    assert board.log_model.index(board.log_model.rowCount() - 1).data().endswith(entry.text)
    assert "A critical injury takes one minion of Thugs out: 1 left" in entry.details
    assert any("strain" in line for line in entry.details), entry.details
    board.act_next.trigger()                                         # End turn

    # NPC slot 1: the GM gives it to the enforcer, who ends his turn; then Kara takes PC slot 2.
    assert board.round_label.text() == "Round 1 · NPC slot 1"
    fill_slot(board, "Enforcer")
    board.act_next.trigger()
    fill_slot(board, "Kara")
    board.act_next.trigger()
    # The NPCs' last slots, then round 2 opens; a turn starts with its maneuvers and action fresh.
    for name in ("Boss", "Thugs"):
        fill_slot(board, name)
        board.act_next.trigger()
    assert board.round_label.text() == "Round 2 · PC slot 1"
    fill_slot(board, "Jax")                                          # his turn starts fresh
    assert ctl.view.combatant(jax).resources["maneuvers_used"] == 0
    assert board.actor_panel.action_buttons["drop_prone"].isEnabled()
    assert stats.strain(ctl.view.character_of(jax)) == 1                  # strain stays until recovered

    while document.undo_stack.canUndo():
        document.undo_stack.undo()
    assert document.campaign.model_dump() == start
