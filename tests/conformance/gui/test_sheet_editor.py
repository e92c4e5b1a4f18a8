"""The sheet editor, for every system, with no system's own widget code: every field gets its widget and derived
values explain themselves; a value outside the rules is refused; a new character opens at its name, selected, with
its key values in view at 1280x800; weapon skill pickers show labels, not ids; Quick NPC asks for the rules' own
level and adds an NPC ready to fight."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import QCheckBox, QComboBox, QLineEdit, QScrollArea, QSpinBox, QStyleOptionViewItem

from crisis_desktop.controller.npc_builder import build_npc
from crisis_desktop.domain import Campaign, Character, CharacterKind, EquipmentItem, ItemKind
from crisis_desktop.rules.base import FieldKind, Ruleset
from crisis_desktop.rules.registry import get_ruleset
from crisis_desktop.ui.widgets.stat_delegate import StatDelegate

WIDGETS = {FieldKind.DIE: QComboBox, FieldKind.CHOICE: QComboBox, FieldKind.INT: QSpinBox,
           FieldKind.TEXT: QLineEdit, FieldKind.DICE: QLineEdit, FieldKind.BOOL: QCheckBox}


def test_every_field_gets_its_widget_and_derived_values_explain_themselves(ruleset_id, make_document,
                                                                            make_view):
    rules = get_ruleset(ruleset_id)
    pc = Character(name="Pat", stats=dict(rules.sheet.new_stats(CharacterKind.PC)))
    # Quick NPC where the rules build NPCs from a level; the rules' default NPC otherwise.
    npc = build_npc(rules, "Raider", 3) if rules.npc_level_field() is not None else \
        Character(name="Raider", kind=CharacterKind.NPC, stats=dict(rules.sheet.new_stats(CharacterKind.NPC)))
    document = make_document(Campaign(name="Test", ruleset=ruleset_id, characters=[pc, npc]))
    view = make_view(document, rules=get_ruleset)
    for character in (pc, npc):
        assert rules.sheet.validate_character(character) == []
        view.select([character.id])
        editors = view.sheet.stats.editors
        for spec in rules.sheet.character_fields():
            assert isinstance(editors[spec.key], WIDGETS[spec.kind]), spec.key
            assert editors[spec.key].isHidden() is not rules.sheet.applies(spec, character), spec.key
        derived = rules.sheet.derived(document.campaign.character(character.id), document.campaign.rule_options)
        assert set(view.sheet.derived_labels) == set(derived)
        for name, value in derived.items():
            assert view.sheet.derived_labels[name].toolTip() == value.explain()
    assert view.sheet.problem == ""


@pytest.mark.when(lambda rules: any(s.kind in (FieldKind.DIE, FieldKind.INT) and s.required
                                    and CharacterKind.PC in s.kinds for s in rules.sheet.character_fields()))
def test_a_value_outside_the_rules_is_refused_for_every_ruleset(ruleset_id, make_document, make_view):
    rules = get_ruleset(ruleset_id)
    pc = Character(name="Pat", stats=dict(rules.sheet.new_stats(CharacterKind.PC)))
    document = make_document(Campaign(name="Test", ruleset=ruleset_id, characters=[pc]))
    view = make_view(document, rules=get_ruleset)
    view.select([pc.id])
    spec = next(s for s in rules.sheet.character_fields() if s.kind in (FieldKind.DIE, FieldKind.INT) and s.required
                and CharacterKind.PC in s.kinds)
    illegal = 5 if spec.kind is FieldKind.DIE else (spec.maximum or 0) + 1
    before = document.campaign.model_dump(mode="json")
    assert not view.sheet.edit_stat(spec.key, illegal)
    assert view.sheet.problem == spec.validate(illegal)
    assert document.campaign.model_dump(mode="json") == before


def sheet_scroll(view) -> QScrollArea:
    scroll = view.findChild(QScrollArea)
    assert scroll is not None
    return scroll


def shown_whole(view, widget) -> bool:
    """True when the whole widget lies within the sheet's viewport as it is scrolled now."""
    scroll = sheet_scroll(view)
    viewport = scroll.viewport()
    top_left = widget.mapTo(viewport, widget.rect().topLeft())
    return widget.isVisible() and viewport.rect().contains(QRect(top_left, widget.size()))


def test_a_new_character_opens_at_its_name_selected_with_its_key_values_in_view(ruleset_id, make_document,
                                                                                make_view, qtbot):
    rules = get_ruleset(ruleset_id)
    pc = Character(name="Pat", stats=dict(rules.sheet.new_stats(CharacterKind.PC)))
    document = make_document(Campaign(name="New", ruleset=ruleset_id, characters=[pc]))
    view = make_view(document, rules=get_ruleset)   # 1280 x 800
    view.select([pc.id])
    scroll = sheet_scroll(view)
    # Where the sheet is taller than the view (every bundled one is: test_sheet_fits_the_work.py), the GM was down
    # at the notes; a sheet that fits has nowhere else to be.
    scroll.verticalScrollBar().setValue(scroll.verticalScrollBar().maximum())
    view.activateWindow()
    for kind in CharacterKind:
        character = view.new_character(kind)
        assert character is not None and view.current_id() == character.id
        # The name field takes the focus (the window's focus widget: with the suite's other windows about, this one
        # need not be the active window for it to count).
        qtbot.waitUntil(lambda: view.window().focusWidget() is view.sheet.name)
        assert view.sheet.name.selectedText() == character.name
        assert scroll.verticalScrollBar().value() == 0 and shown_whole(view, view.sheet.name)
        # Health, defences and the attacks are in view without scrolling.
        assert shown_whole(view, view.sheet.derived_box)
        derived = rules.sheet.derived(document.campaign.character(character.id), document.campaign.rule_options)
        assert set(view.sheet.derived_labels) == set(derived)
        assert all(shown_whole(view, label) for label in view.sheet.derived_labels.values())
        assert shown_whole(view, view.sheet.attacks) and view.sheet.attacks.text()
        scroll.verticalScrollBar().setValue(scroll.verticalScrollBar().maximum())


def picks_weapon_skills(rules: Ruleset) -> bool:
    """Whether the rules' weapons pick their skill from a list (moments names a skill in free text instead)."""
    return any(s.key == "skill" and s.kind is FieldKind.CHOICE for s in rules.sheet.item_fields(ItemKind.WEAPON))


@pytest.mark.when.with_args(picks_weapon_skills)
def test_skill_pickers_show_labels_not_ids(ruleset_id, make_document, make_view, qtbot):
    rules = get_ruleset(ruleset_id)
    spec = next(s for s in rules.sheet.item_fields(ItemKind.WEAPON) if s.key == "skill")
    # Melee where the rules have such a skill; else their first (skirmish: One-handed).
    skill = "melee" if "melee" in spec.choices else spec.choices[0]
    label = spec.choice_label(skill)
    assert label != skill
    weapon = EquipmentItem(name="Blade", kind=ItemKind.WEAPON,
                           stats={s.key: s.default for s in rules.sheet.item_fields(ItemKind.WEAPON)
                                  if s.default is not None} | {"skill": skill})
    pc = Character(name="Pat", stats=dict(rules.sheet.new_stats(CharacterKind.PC)), equipment=[weapon])
    document = make_document(Campaign(name="Labels", ruleset=ruleset_id, characters=[pc]))
    view = make_view(document, rules=get_ruleset)
    view.select([pc.id])
    model = view.sheet.equipment.models[ItemKind.WEAPON]
    column = next(c for c in range(model.columnCount()) if model.headerData(c, Qt.Orientation.Horizontal) == "Skill")
    index = model.index(0, column)
    assert index.data() == label
    table = view.sheet.equipment.tables[ItemKind.WEAPON]
    delegate = table.itemDelegate()
    assert isinstance(delegate, StatDelegate)
    editor = delegate.createEditor(table.viewport(), QStyleOptionViewItem(), index)
    assert isinstance(editor, QComboBox)
    shown = [editor.itemText(i) for i in range(editor.count())]
    assert shown == [spec.choice_label(c) for c in spec.choices]
    assert not set(shown) & {c for c in spec.choices if "_" in c}            # no "light_weapons"
    delegate.setEditorData(editor, index)
    assert editor.currentText() == label
    # Another skill the rules allow this weapon (skirmish keeps a melee weapon to the melee skills).
    other = next(c for c in reversed(spec.choices) if c != skill and not rules.sheet.validate_item(
        weapon.model_copy(update={"stats": weapon.stats | {"skill": c}})))
    editor.setCurrentIndex(editor.findData(other))
    delegate.setModelData(editor, model, index)
    assert document.campaign.character(pc.id).equipment[0].stats["skill"] == other
    assert index.data() == spec.choice_label(other)


@pytest.mark.when(lambda rules: rules.npc_level_field() is not None)
def test_quick_npc_asks_the_rules_level_and_adds_an_armed_npc(ruleset_id, make_document, make_view, char_answers):
    rules = get_ruleset(ruleset_id)
    spec = rules.npc_level_field()
    assert spec is not None
    document = make_document(Campaign(name="T", ruleset=ruleset_id, equipment=rules.equipment_catalogue()))
    view = make_view(document, rules=get_ruleset)
    char_answers.queued["quick_npc"].append(("Guard", spec.maximum))
    view.quick_npc()
    assert char_answers.asked[-1] == ("quick_npc", (spec.minimum, spec.maximum, spec.default))
    npc = document.campaign.characters[-1]
    assert npc.name == "Guard" and rules.sheet.validate_character(npc) == []
    if rules.attacks is not None:      # a melee and a ranged one in each bundled system: test_bundled_data.py
        assert any(item.kind is ItemKind.WEAPON for item in npc.equipment)
    assert view.current_id() == npc.id
    document.undo_stack.undo()
    assert document.campaign.characters == []
