"""The sheet editor under the crisis rules: the demo's characters, and weapon damage beyond the bounds refused or
shown marked. (A complete sheet for every system, without its own widget code:
tests/conformance/gui/test_sheet_editor.py.)"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from crisis_desktop.domain import ItemKind
from crisis_desktop.rules.registry import get_ruleset


def test_the_demo_under_crisis_rules(make_document, make_view):
    rules = get_ruleset("crisis")
    document = make_document()
    view = make_view(document, rules=get_ruleset)
    for character in document.campaign.characters:
        assert rules.sheet.validate_character(character) == [], character.name
    view.select(["pc-vera"])
    assert not view.sheet.edit_stat("body", 5)
    assert "d5" in view.sheet.problem
    assert view.sheet.derived_labels
    QApplication.processEvents()  # let the rebuilt sheet lay itself out before the screenshot
    view.grab().save("/tmp/characters-crisis.png")


def test_weapon_damage_beyond_the_crisis_bounds_is_refused_in_the_sheet(make_document, make_view):
    document = make_document()
    view = make_view(document, rules=get_ruleset)
    view.select(["pc-vera"])
    model = view.sheet.equipment.models[ItemKind.WEAPON]
    column = next(c for c in range(model.columnCount()) if model.headerData(c, Qt.Orientation.Horizontal) == "DMG")
    damage = model.index(0, column)
    before = document.campaign.model_dump(mode="json")
    assert not model.setData(damage, "999999999d999999999")
    assert view.sheet.problem.endswith("DMG: at most 100 dice, not 999,999,999")
    assert not model.setData(damage, "3d1001")
    assert view.sheet.problem.endswith("DMG: dice of at most 1000 sides, not d1,001")
    assert document.campaign.model_dump(mode="json") == before and document.undo_stack.count() == 0
    assert model.setData(damage, "3d8")
    assert damage.data() == "3d8"


def test_damage_beyond_the_bounds_from_a_file_is_shown_marked_with_the_reason(make_document, make_view):
    document = make_document()
    vera = document.campaign.character("pc-vera")
    weapon = next(i for i in vera.equipment if i.kind is ItemKind.WEAPON)
    weapon.stats["damage"] = "999999999d999999999"    # as a hand-edited file holds it
    view = make_view(document, rules=get_ruleset)
    view.select(["pc-vera"])
    model = view.sheet.equipment.models[ItemKind.WEAPON]
    column = next(c for c in range(model.columnCount()) if model.headerData(c, Qt.Orientation.Horizontal) == "DMG")
    damage = model.index(next(r for r in range(model.rowCount()) if model.item_at(r).id == weapon.id), column)
    assert damage.data() == "999999999d999999999 (not allowed)"
    assert damage.data(Qt.ItemDataRole.ToolTipRole) == "DMG: at most 100 dice, not 999,999,999"
    assert damage.data(Qt.ItemDataRole.EditRole) == "999999999d999999999"
