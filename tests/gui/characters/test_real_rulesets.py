"""The sheet editor against the real rulesets: a complete sheet for each without ruleset-specific widget code."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QCheckBox, QComboBox, QLineEdit, QSpinBox

from crisis_desktop.controller.npc_builder import build_npc
from crisis_desktop.domain import Campaign, Character, CharacterKind, ItemKind
from crisis_desktop.rules.base import FieldKind
from crisis_desktop.rules.registry import get_ruleset, ruleset_ids

WIDGETS = {FieldKind.DIE: QComboBox, FieldKind.CHOICE: QComboBox, FieldKind.INT: QSpinBox,
           FieldKind.TEXT: QLineEdit, FieldKind.DICE: QLineEdit, FieldKind.BOOL: QCheckBox}


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_every_field_gets_its_widget_and_derived_values_explain_themselves(ruleset_id, make_document,
                                                                            make_view):
    rules = get_ruleset(ruleset_id)
    pc = Character(name="Pat", stats=dict(rules.new_stats(CharacterKind.PC)))
    # Quick NPC where the rules build NPCs from a level; the rules' default NPC otherwise.
    npc = build_npc(rules, "Raider", 3) if rules.npc_level_field() is not None else \
        Character(name="Raider", kind=CharacterKind.NPC, stats=dict(rules.new_stats(CharacterKind.NPC)))
    document = make_document(Campaign(name="Test", ruleset=ruleset_id, characters=[pc, npc]))
    view = make_view(document, rules=get_ruleset)
    for character in (pc, npc):
        assert rules.validate_character(character) == []
        view.select([character.id])
        editors = view.sheet.stats.editors
        for spec in rules.character_fields():
            assert isinstance(editors[spec.key], WIDGETS[spec.kind]), spec.key
            assert editors[spec.key].isHidden() is (character.kind not in spec.kinds), spec.key
        derived = rules.derived(document.campaign.character(character.id), document.campaign.rule_options)
        assert set(view.sheet.derived_labels) == set(derived)
        for name, value in derived.items():
            assert view.sheet.derived_labels[name].toolTip() == value.explain()
    assert view.sheet.problem == ""


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_a_value_outside_the_rules_is_refused_for_every_ruleset(ruleset_id, make_document, make_view):
    rules = get_ruleset(ruleset_id)
    pc = Character(name="Pat", stats=dict(rules.new_stats(CharacterKind.PC)))
    document = make_document(Campaign(name="Test", ruleset=ruleset_id, characters=[pc]))
    view = make_view(document, rules=get_ruleset)
    view.select([pc.id])
    spec = next(s for s in rules.character_fields() if s.kind in (FieldKind.DIE, FieldKind.INT) and s.required
                and CharacterKind.PC in s.kinds)
    illegal = 5 if spec.kind is FieldKind.DIE else (spec.maximum or 0) + 1
    before = document.campaign.model_dump(mode="json")
    assert not view.sheet.edit_stat(spec.key, illegal)
    assert view.sheet.problem == spec.validate(illegal)
    assert document.campaign.model_dump(mode="json") == before


def test_the_demo_under_crisis_rules(make_document, make_view):
    rules = get_ruleset("crisis")
    document = make_document()
    view = make_view(document, rules=get_ruleset)
    for character in document.campaign.characters:
        assert rules.validate_character(character) == [], character.name
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
