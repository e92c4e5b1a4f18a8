"""The board's attack dialog takes the battle map's measure: the hidden sniper cannot be shot from the board."""

from __future__ import annotations

from crisis_desktop.ui.dialogs.attack_dialog import AttackDialog


def ambush(board):
    """The Raider Ambush started, at Vera's turn."""
    board.show_encounter("enc-ambush")
    board.act_start.trigger()
    ctl = board.controller
    ids = {ctl.view.name(c.id).split()[0]: c.id for c in ctl.view.encounter.combatants}
    while ctl.view.current_id() != ids["Vera"]:
        board.act_next.trigger()
    return ctl, ids


def test_the_board_attack_takes_the_maps_measure_and_refuses_a_target_out_of_sight(board, qtbot):
    ctl, ids = ambush(board)
    dialog = AttackDialog(ctl, ids["Vera"], ids["Halvorsen"], board)
    qtbot.addWidget(dialog)
    distance = dialog.field("distance")
    assert distance.value() == 13.0 and not distance.isEnabled() and not dialog.field("cover").isEnabled()
    assert dialog.map_note.text().startswith("Distance and cover are measured on the battle map")
    assert "Vera Kask cannot see Halvorsen: no line of sight on the map" in dialog.modifiers.text()
    assert not dialog.roll_button.isEnabled()
    # Another target in sight: the map's distance, and the attack may be rolled.
    dialog.target.setCurrentIndex(dialog.target.findData(ids["Rask"]))
    assert dialog.field("distance").value() == 6.0 and dialog.roll_button.isEnabled()


def test_a_gm_override_unlocks_the_maps_values_and_is_logged(board, qtbot):
    ctl, ids = ambush(board)
    dialog = AttackDialog(ctl, ids["Vera"], ids["Halvorsen"], board)
    qtbot.addWidget(dialog)
    assert not dialog.override.isHidden()
    dialog.override.setChecked(True)
    assert dialog.field("distance").isEnabled()
    dialog.field("cover").setCurrentIndex(dialog.field("cover").findData("light"))
    assert dialog.roll_button.isEnabled(), dialog.modifiers.text()
    dialog.roll()
    assert dialog.rolled_event is not None, dialog.problem.text()
    board.document.push(dialog.rolled_event)
    entry = next(e for e in reversed(ctl.view.encounter.log) if e.kind == "attack")
    assert any(d.startswith("GM override: Vera Kask cannot see Halvorsen") for d in entry.details)
    dialog.override.setChecked(False)                       # the map's values come back
    assert dialog.field("cover").currentData() == "total" and not dialog.field("cover").isEnabled()


def test_without_a_map_distance_and_cover_are_typed(board, qtbot):
    board.act_start.trigger()
    ctl = board.controller
    attacker = ctl.view.current_id()
    dialog = AttackDialog(ctl, attacker, None, board)
    qtbot.addWidget(dialog)
    assert dialog.field("distance").isEnabled() and dialog.override.isHidden() and dialog.map_note.text() == ""


def test_a_grenade_takes_everyone_under_its_template_on_the_map(board, qtbot):
    ctl, ids = ambush(board)
    tokens = {t.combatant_id: t for t in ctl.preview.battle_map().tokens}
    tokens[ids["Mother"]].x, tokens[ids["Mother"]].y = 15, 7
    while ctl.view.current_id() != ids["Dmitri"]:
        board.act_next.trigger()
    dialog = AttackDialog(ctl, ids["Dmitri"], ids["Rask"], board)
    qtbot.addWidget(dialog)
    dialog.weapon.setCurrentIndex(dialog.weapon.findText("Grenade"))
    assert dialog.further_label.text() == "Under the template on the map:" and not dialog.further.isEnabled()
    ticked = [dialog.further.item(i).data(256) for i in range(dialog.further.count())
              if dialog.further.item(i).checkState().value == 2]
    assert set(ticked) == {ids["Mother"], ids["Jory"]}
    assert dialog.field("tiles_from_centre", ids["Jory"]).value() == 2
    assert len(dialog.odds.text().splitlines()) == 3
    dialog.override.setChecked(True)                        # the GM may take the template into their own hands
    assert dialog.further.isEnabled()
