"""Edit › Equipment Catalogue: entries added, edited, duplicated and deleted through the editor, each one undo step
of the window; a refused value with its reason under the table; the equipment panel's blank item and its pickers."""

from __future__ import annotations

from PySide6.QtCore import Qt

from crisis_desktop.domain import ItemKind
from crisis_desktop.rules.registry import get_ruleset
from crisis_desktop.ui.dialogs.catalogue_editor import CatalogueEditor
from crisis_desktop.ui.main_window import MainWindow


def _column(editor: CatalogueEditor, kind: ItemKind, label: str) -> int:
    model = editor.models[kind]
    return next(c for c in range(model.columnCount()) if model.headerData(c, Qt.Orientation.Horizontal) == label)


def _open(window: MainWindow, qtbot) -> CatalogueEditor:
    assert window.menus.act_catalogue.shortcut().toString() == "Ctrl+Shift+E"
    assert window.menus.act_catalogue in window.menuBar().actions()[1].menu().actions()  # the Edit menu
    window.menus.act_catalogue.trigger()
    editor = window.edits.catalogue_editor
    assert editor is not None
    qtbot.waitExposed(editor)
    return editor


def test_catalogue_round_trip_through_the_editor_with_undo_and_redo(window, qtbot, qtmodeltester):
    editor = _open(window, qtbot)
    document = window.document
    campaign = document.campaign
    start = campaign.model_dump()
    weapons = editor.models[ItemKind.WEAPON]
    for model in editor.models.values():
        qtmodeltester.check(model)
    rows = weapons.rowCount()

    item = editor.add(ItemKind.WEAPON)
    assert weapons.rowCount() == rows + 1 and editor.current_item() == item
    name = editor.index_of(ItemKind.WEAPON, item.id)
    assert weapons.setData(name, "Stun baton")
    damage = editor.index_of(ItemKind.WEAPON, item.id, _column(editor, ItemKind.WEAPON, "DMG"))
    assert weapons.setData(damage, "2d4")
    qtbot.keyClicks(editor.notes, "Prototype")
    entry = next(e for e in campaign.equipment if e.id == item.id)
    assert (entry.name, entry.stats["damage"], entry.notes) == ("Stun baton", "2d4", "Prototype")
    assert not editor.problem.isVisible()

    editor.select(item.id)
    editor.duplicate_selected()
    copy = editor.current_item()
    assert copy is not None and copy.name == "Stun baton (copy)" and copy.stats["damage"] == "2d4"
    editor.select("crisis-knife")
    editor.act_delete.trigger()
    assert "crisis-knife" not in [e.id for e in campaign.equipment]
    assert weapons.row_of("crisis-knife") is None
    end = campaign.model_dump()
    assert f"{len(campaign.equipment)} items in the equipment catalogue" in window.overview.contents.text()

    # Add, name, DMG, notes (typing merges), duplicate, delete: six steps.
    steps = document.undo_stack.index()
    assert steps == 6, [document.undo_stack.text(i) for i in range(steps)]
    while document.undo_stack.canUndo():
        editor.act_undo.trigger()
    assert campaign.model_dump() == start
    assert weapons.rowCount() == rows and weapons.row_of("crisis-knife") is not None
    while document.undo_stack.canRedo():
        window.menus.act_redo.trigger()
    assert campaign.model_dump() == end
    assert weapons.row_of(copy.id) is not None


def test_a_refused_value_is_said_under_the_table_and_changes_nothing(window, qtbot):
    editor = _open(window, qtbot)
    campaign = window.document.campaign
    before = campaign.model_dump()
    weapons = editor.models[ItemKind.WEAPON]
    damage = editor.index_of(ItemKind.WEAPON, "crisis-pistol", _column(editor, ItemKind.WEAPON, "DMG"))
    assert not weapons.setData(damage, "2d")
    rof = editor.index_of(ItemKind.WEAPON, "crisis-pistol", _column(editor, ItemKind.WEAPON, "RoF"))
    assert not weapons.setData(rof, 0)
    assert editor.problem.isVisible() and "RoF must be at least 1" in editor.problem.text()
    assert campaign.model_dump() == before
    assert window.document.undo_stack.count() == 0
    assert weapons.setData(rof, 3)  # the next edit that is taken clears the reason
    assert not editor.problem.isVisible()


def test_the_editor_follows_the_campaign_and_closes_with_it(window, qtbot, answers):
    editor = _open(window, qtbot)
    window.menus.act_catalogue.trigger()
    assert window.edits.catalogue_editor is editor  # one editor per campaign, raised again
    editor.close()
    assert window.edits.catalogue_editor is None
    editor = _open(window, qtbot)
    assert window.close_campaign()  # nothing changed: nothing asked
    assert window.edits.catalogue_editor is None and not editor.isVisible()


def test_a_blank_item_is_given_and_pickers_show_key_stats(make_document, make_view, char_answers):
    document = make_document()
    view = make_view(document, rules=get_ruleset)
    view.select(["pc-vera"])
    panel = view.sheet.equipment
    before = len(document.campaign.character("pc-vera").equipment)
    panel.add_blank(ItemKind.GEAR)
    carried = document.campaign.character("pc-vera").equipment
    assert len(carried) == before + 1 and carried[-1].name == "New gear" and carried[-1].catalogue_id is None
    assert carried[-1].stats == {"bulk": 0}
    document.undo_stack.undo()
    assert len(document.campaign.character("pc-vera").equipment) == before

    char_answers.queued["choose"].append(0)
    panel.add_from_catalogue(ItemKind.WEAPON)
    offered = char_answers.asked[-1][1][2]
    assert "Pistol — DMG d6, RNG 4, RoF 2, CAP 7" in offered
    assert "Sword — DMG 2 x Body, melee" in offered
    char_answers.queued["choose"].append(0)
    panel.add_from_catalogue(ItemKind.ARMOUR)
    assert "Light Armour — DR 4/2/4/2, Durability 25" in char_answers.asked[-1][1][2]
    char_answers.queued["choose"].append(0)
    panel.add_from_catalogue(ItemKind.GEAR)
    assert "Medkit — Bulk 1" in char_answers.asked[-1][1][2]


def test_a_choice_is_picked_from_the_rules_choices(window, qtbot):
    from PySide6.QtWidgets import QComboBox, QStyleOptionViewItem

    editor = _open(window, qtbot)
    table, model = editor.tables[ItemKind.WEAPON], editor.models[ItemKind.WEAPON]
    index = editor.index_of(ItemKind.WEAPON, "crisis-pistol", _column(editor, ItemKind.WEAPON, "Skill"))
    delegate = table.itemDelegate()
    combo = delegate.createEditor(table.viewport(), QStyleOptionViewItem(), index)
    assert isinstance(combo, QComboBox)
    offered = [combo.itemData(i) for i in range(combo.count())]
    assert offered == ["melee", "light_weapons", "heavy_weapons", "athletics"]
    delegate.setEditorData(combo, index)
    assert combo.currentData() == "light_weapons" and combo.currentText() == "Light Weapons"
    combo.setCurrentIndex(combo.findData("heavy_weapons"))
    delegate.setModelData(combo, model, index)
    pistol = next(e for e in window.document.campaign.equipment if e.id == "crisis-pistol")
    assert pistol.stats["skill"] == "heavy_weapons"
    damage = editor.index_of(ItemKind.WEAPON, "crisis-pistol", _column(editor, ItemKind.WEAPON, "DMG"))
    assert not isinstance(delegate.createEditor(table.viewport(), QStyleOptionViewItem(), damage), QComboBox)
