"""The sheet editor fits the work: a new character opens at its name, selected; the key values show at 1280x800
without scrolling; pickers show labels, not ids; after an undo the row selected is the one the undo was about."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import QComboBox, QScrollArea, QStyleOptionViewItem

from crisis_desktop.controller.character_commands import SetStat
from crisis_desktop.domain import Campaign, Character, CharacterKind, EquipmentItem, ItemKind
from crisis_desktop.rules.base import FieldKind
from crisis_desktop.rules.registry import get_ruleset, ruleset_ids
from crisis_desktop.ui.widgets.stat_delegate import StatDelegate


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


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_a_new_character_opens_at_its_name_selected_with_its_key_values_in_view(ruleset_id, make_document,
                                                                                make_view, qtbot):
    rules = get_ruleset(ruleset_id)
    pc = Character(name="Pat", stats=dict(rules.new_stats(CharacterKind.PC)))
    document = make_document(Campaign(name="New", ruleset=ruleset_id, characters=[pc]))
    view = make_view(document, rules=get_ruleset)   # 1280 x 800
    view.select([pc.id])
    scroll = sheet_scroll(view)
    assert scroll.verticalScrollBar().maximum() > 0
    scroll.verticalScrollBar().setValue(scroll.verticalScrollBar().maximum())  # the GM was down at the notes
    view.activateWindow()
    for kind in CharacterKind:
        character = view.new_character(kind)
        assert character is not None and view.current_id() == character.id
        qtbot.waitUntil(view.sheet.name.hasFocus)
        assert view.sheet.name.selectedText() == character.name
        assert scroll.verticalScrollBar().value() == 0 and shown_whole(view, view.sheet.name)
        # Health, defences and the attacks are in view without scrolling.
        assert shown_whole(view, view.sheet.derived_box)
        derived = rules.derived(document.campaign.character(character.id), document.campaign.rule_options)
        assert set(view.sheet.derived_labels) == set(derived)
        assert all(shown_whole(view, label) for label in view.sheet.derived_labels.values())
        assert shown_whole(view, view.sheet.attacks) and view.sheet.attacks.text()
        scroll.verticalScrollBar().setValue(scroll.verticalScrollBar().maximum())


def test_the_attacks_of_the_weapons_in_hand_show_with_the_key_values(make_document, make_view):
    rules = get_ruleset("crisis")
    pistol = EquipmentItem(name="Pistol", kind=ItemKind.WEAPON, equipped=True,
                           stats={"skill": "light_weapons", "damage": "d6", "hit": 1, "range": 10})
    knife = EquipmentItem(name="Knife", kind=ItemKind.WEAPON, equipped=False,
                          stats={"skill": "melee", "damage": "Body"})
    pc = Character(name="Pat", stats=dict(rules.new_stats(CharacterKind.PC)), equipment=[pistol, knife])
    view = make_view(make_document(Campaign(ruleset="crisis", name="Arms", characters=[pc])), rules=get_ruleset)
    view.select([pc.id])
    assert view.sheet.attacks.text() == "Pistol: Light Weapons, DMG d6, HIT 1, RNG 10"


def with_skill_pickers() -> list[str]:
    """The rulesets whose weapons pick their skill from a list (moments names a skill in free text instead)."""
    return [rid for rid in ruleset_ids() if any(s.key == "skill" and s.kind is FieldKind.CHOICE
                                                for s in get_ruleset(rid).item_fields(ItemKind.WEAPON))]


@pytest.mark.parametrize("ruleset_id", with_skill_pickers())
def test_skill_pickers_show_labels_not_ids(ruleset_id, make_document, make_view, qtbot):
    rules = get_ruleset(ruleset_id)
    spec = next(s for s in rules.item_fields(ItemKind.WEAPON) if s.key == "skill")
    # Melee where the rules have such a skill; else their first (skirmish: One-handed).
    skill = "melee" if "melee" in spec.choices else spec.choices[0]
    label = spec.choice_label(skill)
    assert label != skill
    weapon = EquipmentItem(name="Blade", kind=ItemKind.WEAPON,
                           stats={s.key: s.default for s in rules.item_fields(ItemKind.WEAPON)
                                  if s.default is not None} | {"skill": skill})
    pc = Character(name="Pat", stats=dict(rules.new_stats(CharacterKind.PC)), equipment=[weapon])
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
    other = next(c for c in reversed(spec.choices) if c != skill and not rules.validate_item(
        weapon.model_copy(update={"stats": weapon.stats | {"skill": c}})))
    editor.setCurrentIndex(editor.findData(other))
    delegate.setModelData(editor, model, index)
    assert document.campaign.character(pc.id).equipment[0].stats["skill"] == other
    assert index.data() == spec.choice_label(other)


def test_after_undo_the_row_selected_is_the_one_the_undo_was_about(make_document, make_view, answers):
    document = make_document()
    view = make_view(document, rules=get_ruleset)
    rules = get_ruleset("crisis")
    # An edit of Vera, then the GM moves on to Rask: undo shows Vera again, with the value put back.
    view.select(["pc-vera"])
    document.push(SetStat(document.campaign, rules, "pc-vera", "body", 10))
    rask = next(c.id for c in document.campaign.characters if c.name == "Rask")
    view.select([rask])
    document.undo_stack.undo()
    assert view.selected_ids() == ["pc-vera"] and view.sheet.character_id == "pc-vera"
    assert view.sheet.stats.editors["body"].currentText() == "d6"
    document.undo_stack.redo()
    assert view.selected_ids() == ["pc-vera"] and view.sheet.stats.editors["body"].currentText() == "d10"
    # A deleted character comes back selected, not the neighbour that took its row.
    view.select([rask])
    answers.queued["yes_no"].append(True)  # Rask takes part in an encounter
    view.delete_selected()
    assert rask not in view.selected_ids()
    document.undo_stack.undo()
    assert view.selected_ids() == [rask] and view.sheet.character_id == rask
