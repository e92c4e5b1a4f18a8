"""The attack panel is a view of the attack being prepared: in the real main window, for each of the five systems on
its demo fight, every input the GM set survives changing the target, the weapon, the attacker and the map override
and coming back; each target keeps its own inputs; Roll and Apply stay in view at 1280x800, and the result shows
without scrolling."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QCheckBox, QComboBox, QDoubleSpinBox, QWidget

from crisis_desktop.rules.base import FieldKind, FieldSpec
from crisis_desktop.storage.campaign_store import CampaignStore
from crisis_desktop.ui.dialogs.attack_dialog import AttackDialog
from crisis_desktop.ui.main_window import MainWindow
from crisis_desktop.ui.widgets.strict_inputs import StrictSpinBox
from tests.unit.rules.five_fights import classic_campaign

DEMOS = {"crisis": ("demo.json", "enc-ambush"), "genesys": ("genesys-demo.json", "enc-dock-9"),
         "moments": ("moments-demo.json", "enc-ford"), "skirmish": ("skirmish-demo.json", "enc-bridge"),
         "crisis-classic": ("classic.json", "enc-alley")}


@pytest.fixture(params=list(DEMOS))
def fight(request, make_window, paths) -> MainWindow:
    system = request.param
    file_name, encounter = DEMOS[system]
    if system == "crisis-classic":
        CampaignStore(paths).save(classic_campaign(), paths.campaigns / file_name)
    window = make_window(start=False)
    window.resize(1280, 800)
    assert window.open_campaign(paths.campaigns / file_name)
    assert window.document is not None and window.document.campaign.ruleset == system
    window.tabs.setCurrentWidget(window._board_host)
    window.encounter_board.show_encounter(encounter)
    window.encounter_board.act_start.trigger()
    return window


def value_of(editor: QWidget) -> Any:
    if isinstance(editor, StrictSpinBox):
        return editor.value_or_none()
    if isinstance(editor, QDoubleSpinBox):
        return editor.value()
    if isinstance(editor, QCheckBox):
        return editor.isChecked()
    if isinstance(editor, QComboBox):
        return editor.currentData()
    return editor.text()  # type: ignore[attr-defined]


def set_other_value(editor: QWidget, spec: FieldSpec) -> Any | None:
    """Set a value other than the one shown, as the GM would; the value set, or None where there is no other."""
    now = value_of(editor)
    if spec.kind is FieldKind.BOOL:
        editor.setChecked(not now)  # type: ignore[attr-defined]
        return not now
    if spec.kind is FieldKind.INT:
        new = (now or 0) + 1
        if spec.maximum is not None and new > spec.maximum:
            new = (now or 0) - 1
        if spec.validate(new) is not None:
            return None
        editor.setValue(new)  # type: ignore[attr-defined]
        return new
    if spec.kind is FieldKind.NUMBER:
        new = float(now) + 1
        if spec.maximum is not None and new > spec.maximum:
            new = float(now) - 1
        editor.setValue(new)  # type: ignore[attr-defined]
        return new
    if spec.kind in (FieldKind.CHOICE, FieldKind.DIE):
        combo: QComboBox = editor  # type: ignore[assignment]
        for index in range(combo.count()):
            if combo.itemData(index) != now and spec.validate(combo.itemData(index)) is None:
                combo.setCurrentIndex(index)
                return combo.itemData(index)
    return None


def open_attack(window: MainWindow) -> AttackDialog:
    """The attack opened from the board as a GM does: whoever may act now, else the first with a weapon."""
    board, panel = window.encounter_board, window.workspace.attack_panel
    ctl = board.controller
    if ctl.view.current_id() is not None and ctl.preview.weapons(ctl.view.current_id()):
        board.actor_panel.attack_button.click()
    else:
        attacker = next(c.id for c in ctl.view.encounter.combatants if ctl.preview.weapons(c.id))
        panel.open(ctl, attacker, None, lambda _event: None)
    assert panel.dialog is not None
    return panel.dialog


def set_everything(dialog: AttackDialog) -> dict[str, Any]:
    """Every editable input of the attack and of the aimed target given another value; what was set, by key."""
    set_values: dict[str, Any] = {}
    for form in (dialog.situation, dialog.target_form):
        for key, spec in form.specs.items():
            editor = form.editors[key]
            if not editor.isEnabled() or spec.kind in (FieldKind.TEXT, FieldKind.DICE):
                continue
            value = set_other_value(editor, spec)
            if value is not None:
                set_values[key] = value
    return set_values


def shown(dialog: AttackDialog, key: str) -> tuple[Any, bool]:
    editor = dialog.situation.editors.get(key) or dialog.target_form.editors[key]
    return value_of(editor), editor.isVisible()


def test_every_input_survives_target_weapon_attacker_and_override_changes(fight, qtbot):
    dialog = open_attack(fight)
    model = dialog.model
    first_target, attacker = model.target_id, model.attacker_id
    set_values = set_everything(dialog)
    assert set_values, "the rules ask for no input this test could set"
    own = {k: v for k, v in set_values.items() if k in dialog.situation.specs}
    aimed = {k: v for k, v in set_values.items() if k not in own}

    def still_shown(keys: dict[str, Any]) -> None:
        for key, value in keys.items():
            if key in dialog.situation.specs or key in dialog.target_form.specs:
                assert shown(dialog, key) == (value, True), f"{key} lost after a change"

    # Another target: the attack's own inputs stay; the new target shows its own defaults, not the first's values.
    others = [t for t, _label in model.targets() if t != first_target]
    dialog.target.setCurrentIndex(dialog.target.findData(others[0]))
    still_shown(own)
    assert dialog.situation.isVisible() and (not dialog.target_form.specs or dialog.target_form.isVisible())
    for key in aimed:
        if key in dialog.target_form.specs and dialog.target_form.editors[key].isEnabled():
            assert value_of(dialog.target_form.editors[key]) != aimed[key] or \
                dialog.model.target_inputs(others[0]).values[key] == aimed[key]
    # Back to the first target: its own values again.
    dialog.target.setCurrentIndex(dialog.target.findData(first_target))
    still_shown(set_values)
    # Another weapon and back, where the attacker has one.
    if dialog.weapon.count() > 1:
        weapon = dialog.weapon.currentData()
        dialog.weapon.setCurrentIndex((dialog.weapon.currentIndex() + 1) % dialog.weapon.count())
        dialog.weapon.setCurrentIndex(dialog.weapon.findData(weapon))
        still_shown(set_values)
    # Another attacker and back.
    other = next(i for i in range(dialog.attacker.count()) if dialog.attacker.itemData(i) != attacker)
    dialog.attacker.setCurrentIndex(other)
    dialog.attacker.setCurrentIndex(dialog.attacker.findData(attacker))
    dialog.target.setCurrentIndex(dialog.target.findData(first_target))
    still_shown(set_values)
    # The map's override on and off.
    if not dialog.override.isHidden():
        dialog.override.setChecked(True)
        still_shown(own)
        dialog.override.setChecked(False)
        still_shown(own)
    # What the dialog declares is what it shows.
    request = dialog.request()
    assert request is not None
    for key, value in own.items():
        assert request.inputs[key] == value


def test_each_further_target_has_its_own_inputs(fight, qtbot):
    dialog = open_attack(fight)
    ctl, model = fight.encounter_board.controller, dialog.model
    several = [(a, w.id) for a in (c.id for c in ctl.view.encounter.combatants) for w in ctl.preview.weapons(a)
               if (limit := ctl.preview.attacks.max_targets(w)) is None or limit > 1]
    if not several:
        # The rules give no weapon of this demo several targets: the panel offers none.
        assert dialog.further_box.isHidden()
        return
    attacker, weapon = several[0]
    dialog.attacker.setCurrentIndex(dialog.attacker.findData(attacker))
    dialog.weapon.setCurrentIndex(dialog.weapon.findData(weapon))
    if model.blast_targets():
        return_targets = model.further
        assert return_targets, "a blast on the map takes everyone under it"
    else:
        second = next(t for t, _label in model.targets() if t != model.target_id)
        dialog.tick(second)
    second = model.further[0]
    specs = {s.key: s for s in model.target_inputs(second).specs}
    editable = [k for k, s in specs.items() if k not in model.target_inputs(second).locked
                and s.kind in (FieldKind.INT, FieldKind.NUMBER, FieldKind.BOOL)]
    if not editable:
        assert dialog.field(next(iter(specs)), second).isVisible() if specs else True
        return
    key = editable[0]
    value = set_other_value(dialog.field(key, second), specs[key])
    assert value is not None
    assert model.target_inputs(second).values[key] == value
    assert model.target_inputs(model.target_id).values.get(key) != value or specs[key].default == value
    request = dialog.request()
    assert request is not None
    assert next(t for t in request.targets if t.actor.combatant.id == second).inputs[key] == value


def test_roll_and_apply_stay_in_view_and_the_result_shows_without_scrolling(fight, qtbot):
    dialog = open_attack(fight)
    panel = fight.workspace.attack_panel
    fight.workspace.show_panel("attack")
    qtbot.waitUntil(dialog.isVisible)
    # Nothing wider than the panel: the inputs scroll up and down only.
    qtbot.waitUntil(lambda: dialog.body.horizontalScrollBar().maximum() == 0, timeout=2000)
    for button in (dialog.roll_button, dialog.apply_button):
        assert button.isVisible()
        corner = button.mapTo(panel, button.rect().bottomRight())
        assert panel.rect().contains(corner), f"{button.text()} is outside the panel"
    if not dialog.roll_button.isEnabled():
        return          # not this fighter's moment in this flow: the reason is shown, nothing to roll
    QTest.mouseClick(dialog.roll_button, Qt.MouseButton.LeftButton)
    if dialog.rolled_event is None:
        assert dialog.problem.text()
        return
    assert dialog.inputs.isHidden() and dialog.apply_button.isEnabled()
    breakdown = dialog.roll_breakdown
    assert breakdown.isVisible() and breakdown.verticalScrollBar().maximum() == 0

    def result_in_view() -> bool:
        top = breakdown.mapTo(dialog.body.viewport(), breakdown.rect().topLeft())
        return dialog.body.viewport().rect().contains(top)

    qtbot.waitUntil(result_in_view, timeout=2000)


@pytest.mark.parametrize("fight", ["crisis"], indirect=True)
def test_the_attack_opens_on_the_combatant_selected_on_the_board(fight, qtbot):
    board = fight.encounter_board
    ctl = board.controller
    attacker = ctl.view.current_id()
    side = ctl.view.combatant(attacker).side
    foes = [c.id for c in ctl.view.encounter.combatants if c.side != side and not ctl.view.out_of_fight(c.id)]
    chosen = foes[-1]                       # not the first in the list, which the panel would take anyway
    board.select(chosen)
    board.actor_panel.attack_button.click()
    dialog = fight.workspace.attack_panel.dialog
    assert dialog is not None and dialog.model.attacker_id == attacker
    assert dialog.target.currentData() == chosen == dialog.model.target_id


def test_a_skirmish_attack_opens_on_the_planned_weapon(skirmish_document, qtbot, monkeypatch):
    from crisis_desktop.ui.dialogs.encounter_dialogs import BoardAsk
    from crisis_desktop.ui.views.attack_panel import AttackPanel
    from crisis_desktop.ui.views.encounter_board import EncounterBoard

    board = EncounterBoard()
    qtbot.addWidget(board)
    board.set_document(skirmish_document)
    board.show_encounter("enc-bridge")
    panel = AttackPanel()
    qtbot.addWidget(panel)
    board.attack_panel = panel
    ctl = board.controller
    # Everyone plans the last attack they may plan (a ranged one where they have it: the first phase).
    plans: dict[str, str] = {}

    def choose(_cls, _parent, _title, prompt, names):
        who = prompt.rstrip(":")
        attacks = [n for n in names if n.startswith(("Ranged attack", "Melee attack"))]
        plans[who] = (attacks or names)[-1]
        return names.index(plans[who])

    monkeypatch.setattr(BoardAsk, "choose", classmethod(choose))
    board.act_start.trigger()
    for _ in ctl.view.encounter.combatants:
        board.act_plan.trigger()
    board.act_next.trigger()
    shooter = next(cid for cid in ctl.view.acting() if len(ctl.preview.weapons(cid)) > 1)
    planned = plans[ctl.view.name(shooter)].split(": ", 1)[1]
    assert ctl.preview.weapons(shooter)[0].name != planned, \
        "the planned weapon is not the first: the test tells them apart"
    board.select(shooter)
    board.actor_panel.attack_button.click()
    assert panel.dialog is not None and panel.dialog.weapon.currentText() == planned
