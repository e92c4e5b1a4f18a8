"""Nothing illegal reaches the file, in every system: for every field it declares, a value its spec refuses is
refused with the reason whether it is typed in the sheet or a table cell, imported, or found in a campaign file on
opening; the campaign and its file are left as they were."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QAbstractItemDelegate

from crisis_desktop.controller.character_commands import SetStat, character_from_json
from crisis_desktop.domain import Campaign, Character, CharacterKind, EquipmentItem, ItemKind
from crisis_desktop.rules.base import FieldKind, Ruleset
from crisis_desktop.rules.registry import get_ruleset
from crisis_desktop.ui.models.equipment_table_model import show_value
from crisis_desktop.ui.widgets.strict_inputs import StrictSpinBox
from tests.conformance.illegal import Case, cases

ITEM_NAMES = {ItemKind.WEAPON: "Test weapon", ItemKind.ARMOUR: "Test armour", ItemKind.GEAR: "Test gear"}


def has_number_field(rules: Ruleset) -> bool:
    """A whole-number field on the PC sheet or on an item: the boxes text can be pasted into."""
    return any(s.kind is FieldKind.INT and CharacterKind.PC in s.kinds for s in rules.sheet.character_fields()) or \
        any(s.kind is FieldKind.INT for kind in ItemKind for s in rules.sheet.item_fields(kind))


def legal_item(rules: Ruleset, kind: ItemKind) -> EquipmentItem:
    stats = {s.key: s.default for s in rules.sheet.item_fields(kind) if s.default is not None}
    item = EquipmentItem(name=ITEM_NAMES[kind], kind=kind, stats=stats)
    assert rules.sheet.validate_item(item) == [], (kind, rules.sheet.validate_item(item))
    return item


def legal_character(rules: Ruleset, kind: CharacterKind, name: str = "") -> Character:
    character = Character(name=name or kind.value.upper(), kind=kind, stats=dict(rules.sheet.new_stats(kind)),
                          equipment=[legal_item(rules, k) for k in ItemKind])
    assert rules.sheet.validate_character(character) == []
    return character


def holding(rules: Ruleset, case: Case, name: str = "") -> Character:
    """A legal character but for the one illegal value of `case`."""
    kind = CharacterKind.PC if case.item_kind is not None or CharacterKind.PC in case.spec.kinds else CharacterKind.NPC
    character = legal_character(rules, kind, name)
    if case.item_kind is None:
        character.stats[case.spec.key] = case.value
    else:
        next(i for i in character.equipment if i.kind is case.item_kind).stats[case.spec.key] = case.value
    return character


def expected_reason(case: Case) -> str:
    reason = case.spec.validate(case.value)
    assert reason
    return f"{ITEM_NAMES[case.item_kind]}: {reason}" if case.item_kind else reason


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


# -- typed ------------------------------------------------------------------------------------------------------
def test_illegal_values_typed_in_the_sheet_or_a_table_are_refused_with_the_reason(ruleset_id, make_document,
                                                                                   make_view, qtbot):
    rules = get_ruleset(ruleset_id)
    pc, npc = legal_character(rules, CharacterKind.PC), legal_character(rules, CharacterKind.NPC)
    document = make_document(Campaign(name="Typed", ruleset=ruleset_id, characters=[pc, npc]))
    file_before = sha256(document.path)
    view = make_view(document, rules=get_ruleset)
    before = document.campaign.model_dump(mode="json")
    checked: list[str] = []
    for case in cases(rules):
        if case.item_kind is None:
            who = pc if CharacterKind.PC in case.spec.kinds else npc
            view.select([who.id])
            editor = view.sheet.stats.editors[case.spec.key]
            if isinstance(editor, StrictSpinBox):
                # Typed key by key and confirmed with Enter: what was typed stays, the reason shows under it.
                editor.setFocus()
                editor.lineEdit().selectAll()
                qtbot.keyClicks(editor.lineEdit(), str(case.value))
                qtbot.keyClick(editor.lineEdit(), Qt.Key.Key_Return)
                if isinstance(case.value, int):
                    assert editor.lineEdit().text() == str(case.value), case.label
                    assert view.sheet.stats.reason(case.spec.key) == expected_reason(case), case.label
                else:  # letters are not taken at all, and the box says why (of the last one typed)
                    assert editor.lineEdit().text() != str(case.value), case.label
                    assert view.sheet.stats.reason(case.spec.key) == \
                        f"{case.spec.label} must be a whole number, not {str(case.value)[-1]!r}", case.label
                assert not view.sheet.stats.reasons[case.spec.key].visibleRegion().isEmpty(), case.label
            else:  # a pick from a list offers no illegal value: the same edit as the widget's, given one
                assert not view.sheet.edit_stat(case.spec.key, case.value), case.label
                assert view.sheet.problem == expected_reason(case), case.label
        else:
            view.select([pc.id])
            model = view.sheet.equipment.models[case.item_kind]
            column = next(c for c in range(model.columnCount())
                          if model.headerData(c, Qt.Orientation.Horizontal) == case.spec.label)
            typed = show_value(case.spec, case.value) if case.spec.kind is FieldKind.DIE else str(case.value)
            if case.spec.kind is FieldKind.TEXT:
                continue  # anything typed is text: a number is only illegal in a file (see below)
            assert not model.setData(model.index(0, column), typed), case.label
            assert view.sheet.equipment.reason() == expected_reason(case).replace(repr(case.value), repr(typed)) \
                or view.sheet.equipment.reason() == expected_reason(case), (case.label, view.sheet.equipment.reason())
            assert not view.sheet.equipment.reasons[case.item_kind].visibleRegion().isEmpty(), case.label
        assert document.campaign.model_dump(mode="json") == before, case.label
        assert document.undo_stack.count() == 0, case.label
        checked.append(case.label)
    # Every case was tried but text typed in a table (anything typed there is text). That the bundled systems have
    # more than twenty: tests/unit/rules/test_bundled_data.py.
    assert checked == [c.label for c in cases(rules) if not (c.item_kind and c.spec.kind is FieldKind.TEXT)]
    assert not document.dirty and sha256(document.path) == file_before


# -- pasted -----------------------------------------------------------------------------------------------------
@pytest.mark.when.with_args(has_number_field)
def test_text_pasted_into_a_number_box_is_refused_with_the_reason(ruleset_id, make_document, make_view, qtbot):
    rules = get_ruleset(ruleset_id)
    pc = legal_character(rules, CharacterKind.PC)
    document = make_document(Campaign(name="Pasted", ruleset=ruleset_id, characters=[pc]))
    view = make_view(document, rules=get_ruleset)
    view.select([pc.id])
    before = document.campaign.model_dump(mode="json")
    numbers = [s for s in rules.sheet.character_fields() if s.kind is FieldKind.INT and CharacterKind.PC in s.kinds]
    for spec in numbers:
        editor = view.sheet.stats.editors[spec.key]
        for pasted in ("banana", "1e3", str((spec.maximum or 0) + 1000)):
            shown = editor.lineEdit().text()
            QGuiApplication.clipboard().setText(pasted)
            editor.setFocus()
            editor.lineEdit().selectAll()
            editor.lineEdit().paste()
            qtbot.keyClick(editor.lineEdit(), Qt.Key.Key_Return)
            reason = view.sheet.stats.reason(spec.key)
            if pasted.isdigit():
                assert editor.lineEdit().text() == pasted and reason == spec.validate(int(pasted)), spec.key
            else:
                assert editor.lineEdit().text() == shown, spec.key
                assert reason == f"{spec.label} must be a whole number, not {pasted!r}", spec.key
            assert document.campaign.model_dump(mode="json") == before
    # A number cell of an equipment table: the same box, the reason under the table.
    for kind in ItemKind:
        spec = next((s for s in rules.sheet.item_fields(kind) if s.kind is FieldKind.INT), None)
        if spec is None:
            continue
        model = view.sheet.equipment.models[kind]
        table = view.sheet.equipment.tables[kind]
        view.sheet.equipment.setCurrentIndex(list(ItemKind).index(kind))
        column = next(c for c in range(model.columnCount())
                      if model.headerData(c, Qt.Orientation.Horizontal) == spec.label)
        table.setCurrentIndex(model.index(0, column))
        table.edit(model.index(0, column))
        editor = table.viewport().findChild(StrictSpinBox)
        assert editor is not None, kind
        QGuiApplication.clipboard().setText("banana")
        editor.lineEdit().selectAll()
        editor.lineEdit().paste()
        assert editor.lineEdit().text() != "banana"
        assert view.sheet.equipment.reason() == f"{spec.label} must be a whole number, not 'banana'", kind
        assert not view.sheet.equipment.reasons[kind].visibleRegion().isEmpty(), kind
        table.closeEditor(editor, QAbstractItemDelegate.EndEditHint.RevertModelCache)
        assert document.campaign.model_dump(mode="json") == before
    assert document.undo_stack.count() == 0


# -- imported ---------------------------------------------------------------------------------------------------
def test_an_imported_character_holding_an_illegal_value_is_refused_with_the_reason(ruleset_id, make_document,
                                                                                   make_view, char_answers,
                                                                                   answers, tmp_path):
    rules = get_ruleset(ruleset_id)
    document = make_document(Campaign(name="Imported", ruleset=ruleset_id,
                                      characters=[legal_character(rules, CharacterKind.PC)]))
    file_before = sha256(document.path)
    view = make_view(document, rules=get_ruleset)
    before = document.campaign.model_dump(mode="json")
    for number, case in enumerate(cases(rules)):
        character = holding(rules, case, name=f"Import {number}")
        raw = json.dumps(character.model_dump(mode="json"))
        with pytest.raises(ValueError) as refused:
            character_from_json(raw, rules)
        assert expected_reason(case) in str(refused.value), case.label
        path = tmp_path / f"import-{number}.json"
        path.write_text(raw, encoding="utf-8")
        char_answers.queued["open_file"].append(path)
        view.import_character()
        assert expected_reason(case) in answers.texts("error")[-1], case.label
        assert document.campaign.model_dump(mode="json") == before, case.label
    assert not document.dirty and sha256(document.path) == file_before


# -- loaded -----------------------------------------------------------------------------------------------------
def test_a_campaign_file_holding_illegal_values_opens_with_them_listed_and_marked(ruleset_id, make_window, paths,
                                                                                   store, answers):
    rules = get_ruleset(ruleset_id)
    found = cases(rules)
    characters = [legal_character(rules, CharacterKind.PC, "Clean")] + \
        [holding(rules, case, name=f"Case {n}") for n, case in enumerate(found)]
    path = paths.campaigns / f"loaded-{ruleset_id}.json"
    store.save(Campaign(name="Loaded", ruleset=ruleset_id, characters=characters), path)
    file_before = sha256(path)
    window = make_window(start=False)
    assert window.open_campaign(path)
    told = [text for kind, text in answers.asked if kind == "info" and text.startswith("Values the rules refuse")]
    assert len(told) == 1
    if len(found) > 15:     # the first fifteen are listed, and how many more
        assert f"and {len(found) - 15} more" in told[0]
    else:
        assert "\n… and " not in told[0]
    assert window.document is not None
    problems = window.document.session.sheet_problems()
    for number, case in enumerate(found):
        assert f"Case {number}: {expected_reason(case)}" in problems, case.label
    # Each such character is marked in the Characters table, with the reasons as its tooltip.
    view = window.characters
    assert view is not None
    for row in range(view.model.rowCount()):
        index = view.model.index(row, 0)
        name = index.data()
        tip = index.data(Qt.ItemDataRole.ToolTipRole) or ""
        if name == "Clean":
            assert index.data(Qt.ItemDataRole.DecorationRole) is None and "refuse" not in tip
        else:
            case = found[int(name.removeprefix("Case "))]
            assert index.data(Qt.ItemDataRole.DecorationRole) is not None, case.label
            assert expected_reason(case) in tip.replace("&#x27;", "'").replace("&quot;", '"'), (case.label, tip)
    assert not window.document.dirty and sha256(path) == file_before
    # Mended in the sheet, the character loses its mark.
    case = next(c for c in found if c.item_kind is None and c.spec.required and CharacterKind.PC in c.spec.kinds)
    mended = next(c for c in window.document.campaign.characters if c.name == f"Case {found.index(case)}")
    window.document.push(SetStat(window.document.campaign, rules, mended.id, case.spec.key, case.spec.default))
    row = view.model.row_of(mended.id)
    assert row is not None and view.model.index(row, 0).data(Qt.ItemDataRole.DecorationRole) is None
