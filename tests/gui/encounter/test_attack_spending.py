"""Spending an attack's roll in the attack panel: the rules' plan ticked, the GM picks otherwise, what is left shows,
Apply pushes the attack as spent (one undo step); typed dice wait for a die the new pick needs."""

from __future__ import annotations

from PySide6.QtCore import Qt

from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.controller.history import History
from crisis_desktop.rules.genesys import stats
from crisis_desktop.rules.kernel.dice import TypedDice
from crisis_desktop.ui.views.attack_panel import AttackPanel
from tests.unit.rules.genesys.people import RULES, campaign, enforcer, jax, kara


def fight() -> tuple[EncounterController, History, dict[str, str]]:
    game = campaign(kara(), jax(), enforcer())
    game.character("kara").status["strain"] = 2
    history = History(game)
    ctl = EncounterController(game, "enc", RULES)
    for character in game.characters:
        history.push(ctl.add_combatant(character.id))
    ids = {ctl.view.name(c.id): c.id for c in ctl.view.encounter.combatants}
    history.push(ctl.start(TypedDice(["ss", "s", "s", "blank", "s", "blank", "blank"])))
    history.push(ctl.step("fill_slot", ids["Kara"]))
    return ctl, history, ids


def open_attack(qtbot, ctl, history, ids):
    panel = AttackPanel()
    qtbot.addWidget(panel)
    panel.resize(560, 900)
    panel.show()
    dialog = panel.open(ctl, ids["Kara"], ids["Enforcer"], history.push)
    dialog.typed_dice.setChecked(True)
    return panel, dialog


def test_picking_a_spending_in_the_attack_panel(qtbot):
    ctl, history, ids = fight()
    panel, dialog = open_attack(qtbot, ctl, history, ids)
    assert not dialog.spending.isVisibleTo(dialog)             # nothing to spend before the roll
    dialog.faces.setText("sa sa sa blank 50")                    # a hit, 3 advantage; d100 50 for the critical
    dialog.roll()
    assert dialog.rolled_event is not None, dialog.problem.text()
    box = dialog.spending
    assert box.isVisibleTo(dialog)
    assert box.row("crit").check.isChecked()                    # the plan: a critical first
    assert box.left.text() == "Everything is spent"
    assert "Head blow" in dialog.roll_breakdown.toPlainText()
    # The GM gives Jax a boost die and recovers a strain instead.
    box.row("crit").check.setChecked(False)
    assert box.left.text() == "Left: 3 advantage"
    boost = box.row("boost_any_ally")
    boost.whom.setCurrentIndex(boost.whom.findData(ids["Jax"]))
    boost.check.setChecked(True)
    qtbot.mouseClick(box.row("recover_strain").label, Qt.MouseButton.LeftButton)     # the text ticks it too
    assert box.row("recover_strain").check.isChecked()
    assert box.left.text() == "Everything is spent" and dialog.apply_button.isEnabled()
    assert "Head blow" not in dialog.roll_breakdown.toPlainText()
    assert "Jax's next check: +1 boost die" in dialog.roll_breakdown.toPlainText()
    # Too much: the box says why and Apply waits.
    box.row("setback_target").check.setChecked(True)
    assert box.problem.text().startswith("Not enough advantage") and not dialog.apply_button.isEnabled()
    box.row("setback_target").check.setChecked(False)
    before = history.campaign.model_dump()
    dialog.apply_button.click()
    assert panel.dialog is None
    assert ctl.view.combatant(ids["Jax"]).resources["next_boost"] == 1
    assert ctl.view.character_of(ids["Kara"]).status["strain"] == 1
    assert not stats.criticals(ctl.view.character_of(ids["Enforcer"]))
    history.undo()
    assert history.campaign.model_dump() == before


def test_a_critical_ticked_after_a_typed_roll_waits_for_its_d100(qtbot):
    ctl, history, ids = fight()
    ctl.campaign.rule_options["advantage_spending"] = "manual"
    panel, dialog = open_attack(qtbot, ctl, history, ids)
    dialog.faces.setText("sa sa sa blank")
    dialog.roll()
    box = dialog.spending
    assert not any(row.check.isChecked() for row in box.rows)    # manual: nothing ticked
    box.row("crit").check.setChecked(True)
    assert "Enter another d100" in box.problem.text() and not dialog.apply_button.isEnabled()
    dialog.faces.setText("sa sa sa blank 50")
    assert box.problem.text() == "" and dialog.apply_button.isEnabled()
    assert "Head blow" in dialog.roll_breakdown.toPlainText()
    box.reset_button.click()
    assert not box.row("crit").check.isChecked()


def test_a_checks_advantage_ticked_in_the_check_dialog(qtbot):
    from crisis_desktop.ui.dialogs.check_dialog import CheckDialog

    ctl, history, ids = fight()
    dialog = CheckDialog(ctl, ids["Kara"])
    qtbot.addWidget(dialog)
    dialog.skill.setCurrentIndex(dialog.skill.findData("cool"))
    dialog.inputs.editors["difficulty"].setValue(1)
    dialog.dice_entry.typed_dice.setChecked(True)
    dialog.dice_entry.faces.setText("sa aa blank")
    dialog.roll()
    box = dialog.spending
    assert box.isVisibleTo(dialog) and box.left.text() == "Left: 3 advantage"
    boost = box.row("boost_next_ally")
    assert [boost.whom.itemText(i) for i in range(boost.whom.count())] == ["Jax"]
    boost.check.setChecked(True)
    assert box.left.text() == "Left: 2 advantage" and dialog.apply_button.isEnabled()
    history.push(dialog.rolled_event)
    assert ctl.view.combatant(ids["Jax"]).resources["next_boost"] == 1


def test_a_critical_ticked_again_shows_the_same_d100(qtbot):
    ctl, history, ids = fight()
    ctl.campaign.rule_options["advantage_spending"] = "manual"
    panel, dialog = open_attack(qtbot, ctl, history, ids)
    dialog.faces.setText("sa sa sa blank")
    dialog.roll()
    dialog.app_dice.setChecked(True)                            # a d100 the app rolls for the critical ticked

    def critical_line() -> str:
        return next(line for line in dialog.roll_breakdown.toPlainText().splitlines()
                    if "Critical injury for Enforcer" in line)

    crit = dialog.spending.row("crit").check
    crit.setChecked(True)
    first = critical_line()
    crit.setChecked(False)
    assert "Critical injury" not in dialog.roll_breakdown.toPlainText()
    crit.setChecked(True)
    assert critical_line() == first
