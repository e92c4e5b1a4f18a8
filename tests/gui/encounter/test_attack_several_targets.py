"""The attack dialog with several targets: further targets ticked in order, each with its own inputs and odds."""

from __future__ import annotations

import pytest

from crisis_desktop.controller.history import History
from crisis_desktop.domain import CharacterKind, ConditionState
from crisis_desktop.rules.kernel.dice import RandomDice, TypedDice
from crisis_desktop.ui.dialogs.attack_dialog import AttackDialog
from tests.fakes.drive import fake_controller
from tests.fakes.tiny import tiny_campaign


def pc_with(board, weapon_name: str) -> str:
    """Start the demo fight and give the first PC's turn the named catalogue weapon, equipped alone."""
    board.act_start.trigger()
    ctl = board.controller
    while ctl.view.character_of(ctl.view.current_id()).kind is not CharacterKind.PC:
        board.act_next.trigger()
    attacker = ctl.view.current_id()
    character = ctl.view.character_of(attacker)
    item = next(i for i in board.document.campaign.equipment if i.name == weapon_name).model_copy(deep=True)
    for owned in character.equipment:
        owned.equipped = False
    item.equipped = True
    character.equipment.append(item)
    character.stats.update(light_weapons=6, athletics=8)    # the typed dice below fit these dice
    return attacker


def test_a_volley_spread_over_two_targets_from_the_dialog(board, qtbot):
    attacker = pc_with(board, "SMG")
    ctl = board.controller
    dialog = AttackDialog(ctl, attacker, "cmb-ridge-wolf", board)
    qtbot.addWidget(dialog)
    assert dialog.further_box.isVisibleTo(dialog) and "Up to 2 more" in dialog.further_label.text()
    other = next(dialog.further.item(i).data(256) for i in range(dialog.further.count()))
    dialog.tick(other)
    dialog.field("distance", other).setValue(3)
    lines = dialog.odds.text().splitlines()
    assert len(lines) == 2 and lines[0].startswith("Wolf: Hit ") \
        and lines[1].startswith(ctl.view.name(other) + ": Hit ")
    assert "To beat: ranged attack Difficulty = 4" in dialog.to_beat.text()
    request = dialog.request()
    assert [t.actor.combatant.id for t in request.targets] == ["cmb-ridge-wolf", other]
    assert request.targets[1].inputs["distance"] == 3
    # A third attack at Wolf would be a fourth of the volley: the rules refuse it with the reason.
    dialog.field("attacks").setValue(3)
    assert "RoF 3: at most 3 attack(s), not 4" in dialog.modifiers.text() and not dialog.roll_button.isEnabled()
    dialog.field("attacks").setValue(2)
    dialog.typed_dice.setChecked(True)
    dialog.faces.setText("5 4 5 5 3")          # Wolf: hit (d6 4), miss; the other: 5 - 4 misses; 3 is too many
    dialog.roll()
    assert dialog.rolled_event is None and dialog.problem.text().startswith("1 face typed beyond")
    dialog.faces.setText("5 4 5 5")
    dialog.roll()
    assert dialog.rolled_event is not None, dialog.problem.text()
    result = dialog.rolled_event.result
    assert [r.target.combatant.id for r in (result, *result.followups)] == ["cmb-ridge-wolf", "cmb-ridge-wolf", other]
    assert any(line.startswith(f"Attack 3 at {ctl.view.name(other)}") for line in
               dialog.roll_breakdown.toPlainText().splitlines())


def test_a_weapon_of_one_target_hides_the_further_targets(board, qtbot):
    attacker = pc_with(board, "Battle Rifle")
    dialog = AttackDialog(board.controller, attacker, "cmb-ridge-wolf", board)
    qtbot.addWidget(dialog)
    assert not dialog.further_box.isVisibleTo(dialog) and dialog.request().targets[1:] == ()


def test_a_grenade_takes_everyone_ticked_with_their_distance_from_the_centre(board, qtbot):
    attacker = pc_with(board, "Grenade")
    ctl = board.controller
    dialog = AttackDialog(ctl, attacker, "cmb-ridge-wolf", board)
    qtbot.addWidget(dialog)
    assert dialog.further_label.text() == "Everyone under the template:"
    others = [dialog.further.item(i).data(256) for i in range(dialog.further.count())][:2]
    for other in others:
        dialog.tick(other)
    dialog.field("tiles_from_centre", others[1]).setValue(1)
    odds = dialog.controller.preview.attack_preview(dialog.request()).odds
    assert len(odds.further) == 2 and odds.further[1].expected_damage < odds.further[0].expected_damage
    dialog.typed_dice.setChecked(True)
    dialog.faces.setText("7  1 1 1  2 2 2  3 3")   # one roll hits; 3d8, 3d8 and (one tile out) 2d8
    dialog.roll()
    result = dialog.rolled_event.result
    hurt = {r.target.combatant.id: r.damage.damage.value for r in (result, *result.followups)}
    assert hurt == {"cmb-ridge-wolf": 3, others[0]: 6, others[1]: 6}


def test_the_controller_takes_several_targets_of_a_fake_group_melee(qtbot):
    campaign = tiny_campaign("fake-sequential")
    history = History(campaign)
    ctl = fake_controller(campaign)
    for character in campaign.characters:
        history.push(ctl.add_combatant(character.id))
    history.push(ctl.start(RandomDice(1)))
    attacker = ctl.view.current_id()
    foes = [c.id for c in ctl.view.encounter.combatants if c.side != ctl.view.combatant(attacker).side]
    club = ctl.preview.weapons(attacker)[0]
    with pytest.raises(ValueError, match="takes one target"):
        ctl.preview.attack_preview(ctl.preview.attack_request(attacker, club.id, foes[0], more=[(foes[1], {})]))
    club.tags.append("sweep")
    request = ctl.preview.attack_request(attacker, club.id, foes[0], more=[(foes[1], {})])
    assert len(ctl.preview.attack_preview(request).odds.further) == 1
    event = ctl.attack(request, TypedDice([6, 6]))
    history.push(event)
    assert all(ctl.view.character_of(f).status.get("lost") == 1 for f in foes)
    assert ctl.view.encounter.log[-1].details or ctl.view.encounter.log[-1].text
    history.undo()
    assert all(not ctl.view.character_of(f).status.get("lost") for f in foes)


def test_the_dialog_shows_the_price_whether_it_can_be_paid_and_executes_odds(board, qtbot):
    attacker = pc_with(board, "SMG")
    ctl = board.controller
    dialog = AttackDialog(ctl, attacker, "cmb-ridge-wolf", board)
    qtbot.addWidget(dialog)
    assert dialog.cost.text() == "Costs 2 AP." and dialog.roll_button.isEnabled()
    dialog.field("attacks").setValue(3)
    assert dialog.cost.text().startswith("Costs 4 AP") and "RoF attack 3 -4" in dialog.modifiers.text()
    ctl.view.combatant(attacker).resources["ap"] = 1
    dialog.field("attacks").setValue(1)
    assert dialog.cost.text() == f"Costs 2 AP: Not enough AP: Attack costs 2, {ctl.view.name(attacker)} has 1"
    assert not dialog.roll_button.isEnabled()
    assert "Typed dice are read for each attack" in dialog.faces.toolTip()
    # Execute: only on a helpless target, with its own odds.
    ctl.view.combatant(attacker).resources["ap"] = 6
    dialog.update_preview()
    assert not dialog.finishing.isEnabled()
    ctl.view.character_of("cmb-ridge-wolf").conditions.append(ConditionState(key="helpless"))
    dialog.update_preview()
    dialog.finishing.setChecked(True)
    assert dialog.odds.text().startswith("Expected damage ") and "Wolf dies " in dialog.odds.text()
    assert dialog.to_beat.text().startswith("Execute: no attack roll")
