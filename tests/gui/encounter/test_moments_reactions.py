"""The attack dialog over the moments rules: the target's reaction is one of its inputs, the odds of every reaction
are shown to the GM, and a block rolled from the dialog steps the shield's usage die down."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox

from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.controller.history import History
from crisis_desktop.rules.kernel.dice import TypedDice
from crisis_desktop.ui.dialogs.attack_dialog import AttackDialog
from tests.unit.rules.moments.people import RULES, brann, campaign, vera


def brann_resolving() -> tuple[EncounterController, History, str, str]:
    """Brann ranked first (Vera's INT test fumbles), both declared: Brann resolves."""
    game = campaign(vera(), brann())
    history = History(game)
    ctl = EncounterController(game, "enc", RULES)
    for character in game.characters:
        history.push(ctl.add_combatant(character.id))
    v, b = (c.id for c in ctl.view.encounter.combatants)
    history.push(ctl.start(TypedDice([100, 5])))
    history.push(ctl.step("declare", v, "act"))
    history.push(ctl.step("declare", b, "act"))
    history.push(ctl.step("resolve_declarations"))
    assert ctl.view.acting() == (b,)
    return ctl, history, b, v


def test_the_dialog_shows_the_odds_of_each_reaction_and_rolls_a_block(qtbot):
    ctl, history, b, v = brann_resolving()
    dialog = AttackDialog(ctl, b, v)
    qtbot.addWidget(dialog)
    lines = dialog.odds.text().splitlines()
    assert lines[0].startswith("Hit 61.0%")
    assert lines[1] == "If the target reacts: No reaction hit 61.0% · Parry hit 39.9% · Block hit 17.2% · " \
                       "Dodge hit 55.8%"
    reaction = dialog.field("reaction")
    assert isinstance(reaction, QComboBox)
    reaction.setCurrentIndex(reaction.findText("Block (easy opposed BOD, shield)"))
    assert dialog.odds.text().startswith("Hit 17.2%")
    dialog.typed_dice.setChecked(True)
    dialog.faces.setText("40 80")
    dialog.roll()
    assert dialog.rolled_event is not None, dialog.problem.text()
    history.push(dialog.rolled_event)
    shield = next(i for i in ctl.view.character_of(v).equipment if i.name == "Round shield")
    assert shield.stats["usage_die"] == 6
    assert ctl.view.actor(v).combatant.resources["reactions_used"] == 1
