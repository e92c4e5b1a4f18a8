"""The encounter board: models, a whole fight through the GUI, disabled reasons, journaling, undo, attack dialog."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QDialog

from crisis_desktop.controller.character_commands import delete_characters
from crisis_desktop.domain import CharacterKind
from crisis_desktop.rules.kernel.dice import RandomDice
from crisis_desktop.ui.dialogs.ask import Ask
from crisis_desktop.ui.dialogs.attack_dialog import AttackDialog
from crisis_desktop.ui.dialogs.dice_form import die_heading
from crisis_desktop.ui.dialogs.encounter_dialogs import BoardAsk
from crisis_desktop.ui.models.board_model import (
    COL_BARS,
    COL_CONDITIONS,
    COL_INIT,
    COL_STATE,
    ConditionsRole,
    CurrentRole,
    ResourcesRole,
)


def enemies(ctl, cid):
    side = ctl.view.combatant(cid).side
    return [c.id for c in ctl.view.encounter.combatants if c.side != side and not ctl.view.out_of_fight(c.id)]


def scripted_attack(monkeypatch, seed=3):
    """AttackDialog.ask replaced: the attacker shoots or bites the first standing enemy."""
    dice = RandomDice(seed)
    asked = []

    def ask(_cls, _parent, ctl, attacker_id, target_id=None):
        asked.append(attacker_id)
        targets = enemies(ctl, attacker_id)
        weapon = ctl.preview.weapons(attacker_id)[0]
        distance = None if not weapon.stats.get("range") else 2
        return ctl.attack(ctl.preview.attack_request(attacker_id, weapon.id, targets[0], distance=distance), dice)

    monkeypatch.setattr(AttackDialog, "ask", classmethod(ask))
    return asked


def test_models_pass_the_model_tester(board, qtmodeltester):
    qtmodeltester.check(board.model)
    board.act_start.trigger()
    qtmodeltester.check(board.model)
    qtmodeltester.check(board.log_model)


def test_a_whole_fight_through_the_board(board, document, monkeypatch, qtbot):
    answers = []
    monkeypatch.setattr(Ask, "yes_no", classmethod(lambda _c, _p, title, text, *a, **k: answers.append(title) or True))
    monkeypatch.setattr(Ask, "info", classmethod(lambda _c, _p, title, text: answers.append(text)))
    monkeypatch.setattr(Ask, "error", classmethod(lambda _c, _p, title, text: answers.append(f"error {text}")))
    attacks = scripted_attack(monkeypatch)
    start_state = document.campaign.model_dump()
    assert board.round_label.text() == "Not started"
    board.act_start.trigger()
    ctl = board.controller
    resets = []
    board.model.modelReset.connect(lambda: resets.append(1))
    board.log_model.modelReset.connect(lambda: resets.append(1))
    assert board.round_label.text() == "Round 1"
    for _ in range(200):
        standing = {ctl.view.combatant(c.id).side for c in ctl.view.encounter.combatants
                    if ctl.ruleset.sheet.state(ctl.view.character_of(c.id), ctl.view.options).key == "ok"}
        if len(standing) < 2:
            break
        current = ctl.view.current_id()
        row = board.model.row_of(current)
        assert board.model.index(row, 0).data(CurrentRole) is True
        assert board.actor_panel.actor_label.text() == f"{ctl.view.name(current)}'s turn"
        if enemies(ctl, current) and board.actor_panel.attack_button.isEnabled() and \
                any(a.action.key == "attack" and a.allowed for a in ctl.actions(current)):
            qtbot.mouseClick(board.actor_panel.attack_button, Qt.MouseButton.LeftButton)
        board.act_next.trigger()
    board.act_end.trigger()
    assert ctl.view.encounter.ended and board.round_label.text() == "Ended"
    assert attacks and resets == []
    assert answers[0] == "End encounter" and "ends after" in answers[1]
    assert board.log_model.rowCount() == len(ctl.view.encounter.log)
    assert board.log_model.index(board.log_model.rowCount() - 1).data().startswith(f"R{ctl.view.encounter.round}")
    shown = [board.log_view.row_text(row) for row in range(board.log_view.row_count())]
    assert shown == [board.log_model.index(row).data() for row in range(board.log_model.rowCount())]
    # Undo every event, then redo them all.
    end_state = document.campaign.model_dump()
    document.undo_stack.setIndex(0)
    assert document.campaign.model_dump() == start_state
    assert board.round_label.text() == "Not started" and board.log_model.rowCount() == 0
    assert board.log_view.row_count() == 0 and board.log_view.toPlainText() == ""
    document.undo_stack.setIndex(document.undo_stack.count())
    assert document.campaign.model_dump() == end_state
    assert [board.log_view.row_text(row) for row in range(board.log_view.row_count())] == shown


def test_the_board_shows_bars_chips_states_and_tie_notes(board, document):
    board.act_start.trigger()
    ctl = board.controller
    document.push(ctl.overrides.add_condition("pc-vera", "prone", 2))
    row = board.model.row_of("cmb-ridge-vera")
    bars = board.model.index(row, COL_BARS).data(ResourcesRole)
    assert {b.key for b in bars} >= {"health", "nonlethal", "ap"}
    chips = board.model.index(row, COL_CONDITIONS).data(ConditionsRole)
    assert [(c.label, c.rounds) for c in chips] == [("Prone", 2)]
    tip = board.model.index(row, COL_CONDITIONS).data(Qt.ItemDataRole.ToolTipRole)
    assert tip.startswith("Prone: Heavy cover against ranged attacks")
    assert board.model.index(row, COL_STATE).data() == "OK"
    assert board.model.index(row, COL_INIT).data() == str(ctl.view.combatant("cmb-ridge-vera").initiative)
    document.push(ctl.overrides.set_status("pc-vera", "wounds", 60))
    assert board.model.index(row, COL_STATE).data() == "Dead"


def test_unavailable_actions_are_disabled_with_the_reason(board, document):
    board.act_start.trigger()
    ctl = board.controller
    while ctl.view.character_of(ctl.view.current_id()).kind is not CharacterKind.PC:
        board.act_next.trigger()
    current = ctl.view.current_id()
    name = ctl.view.name(current)
    board.actor_panel.action_buttons["run"].click()
    board.actor_panel.action_buttons["run"].click()
    move = board.actor_panel.action_buttons["move"]
    assert not move.isEnabled() and move.toolTip() == f"Not enough AP: Move costs 1, {name} has 0 (Alt+1)"
    assert board.log_model.index(board.log_model.rowCount() - 1).data() == f"R1  {name}: Run (2 AP)"


def test_every_event_is_journaled_at_once(board, document):
    recovery = document.store.recovery
    assert recovery.take(document.path) is None
    board.act_start.trigger()
    board.act_next.trigger()
    saved = recovery.take(document.path)
    assert saved is not None
    encounter = saved.campaign.encounter("enc-ridge")
    assert encounter.started and encounter.flow == document.campaign.encounter("enc-ridge").flow
    assert [e.id for e in encounter.log] == [e.id for e in document.campaign.encounter("enc-ridge").log]
    # Undone back to the saved state: the journal no longer holds a fight that is not there.
    document.undo_stack.setIndex(0)
    assert recovery.take(document.path) is None


def test_building_from_the_board(board, document, monkeypatch):
    monkeypatch.setattr(BoardAsk, "pick_characters", classmethod(lambda _c, _p, names: [
        i for i, n in enumerate(names) if n.startswith(("Rask", "Jory"))]))
    monkeypatch.setattr(Ask, "text", classmethod(lambda _c, _p, title, label, value="": "Bridge"))
    board.act_new.trigger()
    assert board.picker.currentText() == "Bridge" and board.model.rowCount() == 0
    board.act_add.trigger()
    assert board.model.rowCount() == 2
    board.select(board.model.combatant_id(1))
    board.selected_strip.group.setText("raiders")
    board.selected_strip.group.editingFinished.emit()
    board.selected_strip.setup_flags["surprised"].click()
    combatant = board.controller.view.combatant(board.model.combatant_id(1))
    assert combatant.group == "raiders" and combatant.setup["surprised"]
    assert document.undo_stack.count() == 4
    document.undo_stack.undo()
    assert not board.controller.view.combatant(combatant.id).setup.get("surprised") \
        and board.selected_strip.setup_flags["surprised"].isChecked() is False


def test_attack_dialog_shows_modifiers_and_odds_and_asks_for_more_dice(board, qtbot):
    board.act_start.trigger()
    ctl = board.controller
    while ctl.view.character_of(ctl.view.current_id()).kind is not CharacterKind.PC:
        board.act_next.trigger()
    attacker = ctl.view.current_id()
    dialog = AttackDialog(ctl, attacker, "cmb-ridge-wolf", board)
    qtbot.addWidget(dialog)
    assert dialog.target.currentData() == "cmb-ridge-wolf"
    assert dialog.odds.text().startswith("Hit ") and "drops Wolf" in dialog.odds.text()
    before = dialog.odds.text()
    dialog.field("cover").setCurrentIndex(2)
    assert dialog.odds.text() != before and "cover" in dialog.modifiers.text().lower()
    dialog.typed_dice.setChecked(True)
    dialog.faces.setText("")
    dialog.roll()
    assert dialog.rolled_event is None and dialog.problem.text().startswith("Enter another d")
    dialog.faces.setText("3 3 3 3 3 3 3 3 3 3 3 3")
    dialog.roll()
    assert dialog.rolled_event is None and "typed beyond what this roll reads" in dialog.problem.text()
    faces = "3"
    dialog.faces.setText(faces)
    dialog.roll()
    while dialog.rolled_event is None and dialog.problem.text().startswith("Enter another"):
        faces += " 3"
        dialog.faces.setText(faces)
        dialog.roll()
    assert dialog.rolled_event is not None and dialog.apply_button.isEnabled()
    assert dialog.roll_breakdown.toPlainText().splitlines()[1].startswith("Attack: ")
    dialog.apply_button.click()
    # Qt's own QWidget.event() and QDialog.result() still answer: no attribute of the dialog hides them.
    assert dialog.event(QEvent(QEvent.Type.None_)) is False
    assert dialog.result() == QDialog.DialogCode.Accepted


def test_first_aid_asks_for_the_patient_and_the_dice(board, document, monkeypatch):
    names: list[list[str]] = []
    titles: list[str] = []
    monkeypatch.setattr(BoardAsk, "patient", classmethod(lambda _c, _p, offered, title: titles.append(title)
                                                           or names.append(offered) or offered.index("Ines Moreau")))
    board.act_start.trigger()  # the app rolls the initiative
    board.enter_dice.setChecked(True)  # the GM types the Medicine die
    asked: list[str] = []                # the die the dice form asks first, as its field names it
    monkeypatch.setattr(BoardAsk, "dice", classmethod(lambda _c, _p, title, prompt, value=(), **looks: asked.append(
        die_heading(1, looks["probe"]([]).missing, looks["who"])) or [9]))
    ctl = board.controller
    ines = next(c.id for c in ctl.view.encounter.combatants if ctl.view.name(c.id) == "Ines Moreau")
    ctl.view.character_of(ines).status["wounds"] = 4
    while ctl.view.name(ctl.view.current_id()) != "Vera Kask":
        board.act_next.trigger()
    board.actor_panel.action_buttons["first_aid"].click()
    assert "Ines Moreau" in names[0]
    assert titles == ["First aid"]  # the rules' own name for the healing action
    assert asked == ["1. Vera Kask: Medicine d10: d10"]
    assert ctl.view.character_of(ines).status["wounds"] == 2
    last = board.log_model.index(board.log_model.rowCount() - 1).data()
    assert last == "R1  Vera Kask treats Ines Moreau: 9 against 4: success"
    document.undo_stack.undo()
    assert ctl.view.character_of(ines).status["wounds"] == 4


def test_a_fight_whose_fighters_were_all_deleted_can_only_be_ended(board, document, answers):
    board.act_start.trigger()
    ctl = board.controller
    fighters = list(dict.fromkeys(ctl.view.character_of(c.id).id for c in ctl.view.encounter.combatants))
    document.push(delete_characters(document.campaign, fighters, document.session.ruleset))
    assert board.model.rowCount() == 0
    for action in (board.act_next, board.act_previous, board.act_delay, board.act_act_now):
        assert not action.isEnabled()
    assert (board.act_next.toolTip() == board.actor_panel.actor_label.text()
            == "Nobody is left who can act; end the encounter")
    assert not board.actor_panel.attack_button.isEnabled() and board.actor_panel.action_buttons == {}
    board.act_next.trigger()  # disabled: nothing happens, nothing fails
    assert answers.texts("error") == []
    answers.queued["yes_no"].append(True)
    board.intents.end_encounter()
    assert ctl.view.encounter.ended and answers.texts("info")[-1].startswith("Encounter over: ")
    assert board.round_label.text() == "Ended"


def test_surprise_shows_until_the_surprise_round_is_over(board):
    ctl = board.controller
    dog = "cmb-ridge-guard-dog"
    row = next(r for r in range(board.model.rowCount()) if board.model.combatant_id(r) == dog)
    board.table.selectRow(row)
    board.selected_strip.setup_flags["surprised"].click()
    name_column = 1

    def shown() -> str:
        r = next(r for r in range(board.model.rowCount()) if board.model.combatant_id(r) == dog)
        return board.model.index(r, name_column).data()

    assert "surprised" in shown()
    board.act_start.trigger()
    assert ctl.view.encounter.round == 0 and "surprised" in shown()      # the surprise round
    while ctl.view.encounter.round == 0:
        board.act_next.trigger()
    assert "surprised" not in shown()
