"""The attack dialog with a weapon's DMG beyond the rules (a campaign file edited by hand) or too costly to price:
the reason shows where the odds would, and nothing runs away."""

from __future__ import annotations

from crisis_desktop.domain import CharacterKind
from crisis_desktop.ui.dialogs.attack_dialog import AttackDialog


def pc_attacker(board):
    board.act_start.trigger()
    ctl = board.controller
    while ctl.view.character_of(ctl.view.current_id()).kind is not CharacterKind.PC:
        board.act_next.trigger()
    return ctl, ctl.view.current_id()


def dialog_with_damage(board, qtbot, damage: str) -> AttackDialog:
    ctl, attacker = pc_attacker(board)
    for weapon in ctl.preview.weapons(attacker):
        weapon.stats["damage"] = damage  # as read from the file: the sheet never accepted it
    dialog = AttackDialog(ctl, attacker, "cmb-ridge-wolf", board)
    qtbot.addWidget(dialog)
    return dialog


def test_odds_too_costly_to_work_out_say_so_and_the_attack_still_rolls(board, qtbot):
    dialog = dialog_with_damage(board, qtbot, "100d100")
    assert dialog.odds.text().startswith("No odds: too many outcomes to price exactly: ")
    assert dialog.modifiers.text().startswith("Modifiers: ")
    assert dialog.roll_button.isEnabled()
    dialog.roll()
    assert dialog.rolled_event is not None and dialog.apply_button.isEnabled()


def test_damage_beyond_the_rules_is_neither_priced_nor_rolled(board, qtbot):
    dialog = dialog_with_damage(board, qtbot, "999999999d999999999")
    assert dialog.modifiers.text().endswith("DMG: at most 100 dice, not 999,999,999")
    assert dialog.odds.text() == "" and not dialog.roll_button.isEnabled()
    dialog.roll()
    assert dialog.rolled_event is None
