"""The wheel never edits what the user did not pick, and typed numbers are never silently changed."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication, QComboBox, QScrollArea, QTableView

from crisis_desktop.domain import Campaign, Character, CharacterKind, EquipmentItem, ItemKind
from crisis_desktop.rules.registry import get_ruleset
from crisis_desktop.ui.widgets.strict_inputs import StrictSpinBox


def wheel(widget, notches: int = -3) -> None:
    """Turn the wheel over the middle of `widget` (negative: towards the user, as scrolling down the page)."""
    centre = widget.rect().center()
    event = QWheelEvent(QPointF(centre), QPointF(widget.mapToGlobal(centre)), QPoint(0, 0),
                        QPoint(0, 120 * notches), Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier,
                        Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(widget, event)


def sheet_of(make_document, make_view, ruleset_id: str, character: Character):
    document = make_document(Campaign(name="Wheel", ruleset=ruleset_id, characters=[character]))
    view = make_view(document, rules=get_ruleset)
    view.select([character.id])
    scroll = view.findChild(QScrollArea)
    assert scroll is not None and scroll.verticalScrollBar().maximum() > 0  # the sheet is taller than the view
    return document, view, scroll


@pytest.mark.parametrize(("ruleset_id", "key"), [("crisis", "body"), ("crisis", "melee"),
                                                  ("crisis-classic", "might"), ("genesys", "brawn")])
def test_the_wheel_over_an_unfocused_box_scrolls_the_sheet_and_changes_nothing(make_document, make_view, qtbot,
                                                                               ruleset_id, key):
    rules = get_ruleset(ruleset_id)
    pc = Character(name="Pat", stats=dict(rules.sheet.new_stats(CharacterKind.PC)))
    document, view, scroll = sheet_of(make_document, make_view, ruleset_id, pc)
    editor = view.sheet.stats.editors[key]
    view.activateWindow()
    view.sheet.name.setFocus()
    qtbot.waitUntil(view.sheet.name.hasFocus)
    before = document.campaign.model_dump(mode="json")
    shown = editor.currentText() if isinstance(editor, QComboBox) else editor.text()
    top = scroll.verticalScrollBar().value()
    wheel(editor)
    assert scroll.verticalScrollBar().value() > top                    # the sheet scrolled instead
    assert (editor.currentText() if isinstance(editor, QComboBox) else editor.text()) == shown
    assert document.campaign.model_dump(mode="json") == before and document.undo_stack.count() == 0
    # Once the GM picks the box, the wheel is the box's.
    editor.setFocus()
    qtbot.waitUntil(editor.hasFocus)
    wheel(editor, -1)
    assert document.undo_stack.count() == 1


def test_the_wheel_over_an_equipment_table_scrolls_and_edits_nothing(make_document, make_view, qtbot):
    rules = get_ruleset("crisis")
    items = [EquipmentItem(name=f"Knife {n}", kind=ItemKind.WEAPON, stats={"damage": "d4", "skill": "melee"})
             for n in range(3)]
    pc = Character(name="Pat", stats=dict(rules.sheet.new_stats(CharacterKind.PC)), equipment=items)
    document, view, scroll = sheet_of(make_document, make_view, "crisis", pc)
    table = view.sheet.equipment.findChild(QTableView, "equipment-weapon")
    before = document.campaign.model_dump(mode="json")
    scroll.ensureWidgetVisible(table)
    top = scroll.verticalScrollBar().value()
    wheel(table.viewport(), -3)
    assert document.campaign.model_dump(mode="json") == before and document.undo_stack.count() == 0
    assert scroll.verticalScrollBar().value() >= top


@pytest.mark.parametrize(("key", "typed", "reason"), [
    ("might", "25", "Might must be at most 20, not 25"),
    ("might", "-5", "Might must be at least 0, not -5"),
    ("difficulty", "99", "Difficulty Level must be at most 10, not 99"),
])
def test_a_number_typed_out_of_bounds_stays_as_typed_and_is_refused_with_the_reason(make_document, make_view,
                                                                                    qtbot, key, typed, reason):
    rules = get_ruleset("crisis-classic")
    npc = Character(name="Raider", kind=CharacterKind.NPC, stats=dict(rules.sheet.new_stats(CharacterKind.NPC)))
    document, view, _scroll = sheet_of(make_document, make_view, "crisis-classic", npc)
    spin = view.sheet.stats.editors[key]
    assert isinstance(spin, StrictSpinBox)
    before = document.campaign.model_dump(mode="json")
    view.activateWindow()
    spin.setFocus()
    qtbot.waitUntil(spin.hasFocus)
    spin.lineEdit().selectAll()
    qtbot.keyClicks(spin.lineEdit(), typed)
    assert document.undo_stack.count() == 0        # nothing is taken digit by digit ("2" of "25")
    qtbot.keyClick(spin.lineEdit(), Qt.Key.Key_Return)
    assert spin.lineEdit().text() == typed          # not 2, not 5, not 9
    assert view.sheet.stats.reason(key) == reason and view.sheet.problem == reason
    assert not view.sheet.stats.reasons[key].visibleRegion().isEmpty()
    assert document.campaign.model_dump(mode="json") == before and document.undo_stack.count() == 0
    # A legal number then is taken, as one step, and the reason goes.
    spin.lineEdit().selectAll()
    qtbot.keyClicks(spin.lineEdit(), "7")
    qtbot.keyClick(spin.lineEdit(), Qt.Key.Key_Return)
    assert document.campaign.character(npc.id).stats[key] == 7 and document.undo_stack.count() == 1
    assert view.sheet.stats.reason(key) == "" and view.sheet.problem == ""


def test_an_untrained_skill_is_an_empty_box_and_the_arrows_stay_within_the_rules(make_document, make_view, qtbot):
    rules = get_ruleset("crisis-classic")
    pc = Character(name="Pat", stats=dict(rules.sheet.new_stats(CharacterKind.PC)))
    document, view, _scroll = sheet_of(make_document, make_view, "crisis-classic", pc)
    spin = view.sheet.stats.editors["melee"]
    assert spin.value_or_none() is None and spin.text() == "—"
    spin.setFocus()
    spin.stepBy(1)
    assert document.campaign.character(pc.id).stats["melee"] == -2     # the least rank
    spin.stepBy(100)
    assert document.campaign.character(pc.id).stats["melee"] == 8      # the most
    spin.lineEdit().selectAll()
    qtbot.keyClick(spin.lineEdit(), Qt.Key.Key_Delete)
    qtbot.keyClick(spin.lineEdit(), Qt.Key.Key_Return)
    assert "melee" not in document.campaign.character(pc.id).stats    # emptied: untrained again
