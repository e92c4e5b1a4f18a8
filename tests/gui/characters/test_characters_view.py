"""The Characters view: editing flows with undo, save and reload; validation; duplicate, delete, import, export."""

from __future__ import annotations

import base64
import json

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QApplication

from crisis_desktop.domain import CharacterKind, ItemKind
from crisis_desktop.resources_access import resource
from crisis_desktop.ui.models.character_table_model import CharacterIdRole
from tests.file_helpers import make_fifo, needs_fifo


def names(document) -> list[str]:  # type: ignore[no-untyped-def]
    return [c.name for c in document.campaign.characters]


def test_typing_a_field_is_one_undo_step_that_saves_and_reloads(make_document, make_view, qtbot, store):
    document = make_document()
    view = make_view(document)
    view.select(["pc-vera"])
    assert view.sheet.character_id == "pc-vera"
    view.sheet.player.setFocus()
    view.sheet.player.selectAll()
    qtbot.keyClicks(view.sheet.player, "Annika")
    vera = document.campaign.character("pc-vera")
    assert vera.player == "Annika"
    assert document.undo_stack.count() == 1  # six keystrokes, one step
    row = view.model.row_of("pc-vera")
    assert view.model.index(row, 2).data() == "Annika"
    document.undo_stack.undo()
    assert vera.player == "Anna" and view.sheet.player.text() == "Anna"
    document.undo_stack.redo()
    assert view.sheet.player.text() == "Annika"
    view.sheet.edit_stat("body", 8)
    document.save()
    reloaded = store.load(document.path)
    assert reloaded.character("pc-vera").player == "Annika"
    assert reloaded.character("pc-vera").stats["body"] == 8


def test_an_illegal_die_is_refused_with_its_reason_and_nothing_changes(make_document, make_view):
    document = make_document()
    view = make_view(document)
    view.select(["pc-vera"])
    before = document.campaign.model_dump(mode="json")
    assert not view.sheet.edit_stat("body", 5)
    assert "d5 is not a die here" in view.sheet.problem
    assert view.sheet.stats.editors["body"].currentText() == "d6"
    assert document.campaign.model_dump(mode="json") == before
    assert document.undo_stack.count() == 0
    assert view.sheet.edit_stat("body", 8)
    assert view.sheet.problem == ""


def test_an_empty_name_is_refused_and_restored_on_leaving_the_field(make_document, make_view, qtbot):
    document = make_document()
    view = make_view(document)
    view.select(["npc-wolf"])
    view.sheet.name.setFocus()
    view.sheet.name.selectAll()
    qtbot.keyClick(view.sheet.name, Qt.Key.Key_Backspace)
    assert "needs a name" in view.sheet.problem
    assert document.campaign.character("npc-wolf").name == "Wolf"
    view.sheet.name.editingFinished.emit()
    assert view.sheet.name.text() == "Wolf"


def test_stat_widgets_come_from_the_field_metadata(make_document, make_view):
    view = make_view(make_document())
    view.select(["pc-vera"])
    editors = view.sheet.stats.editors
    melee = editors["melee"]
    assert [melee.itemText(i) for i in range(melee.count())] == ["untrained", "d4", "d6", "d8", "d10", "d12"]
    assert editors["body"].findText("untrained") == -1  # required: no "none" entry
    assert editors["difficulty"].isHidden() and not editors["health_roll"].isHidden()  # PC fields only
    health = view.sheet.derived_labels["Health"]
    assert health.toolTip() == "base 10, Body +6 = 16"


def test_armour_durability_cannot_go_negative(make_document, make_view):
    document = make_document()
    view = make_view(document)
    view.select(["pc-vera"])
    model = view.sheet.equipment.models[ItemKind.ARMOUR]
    durability = model.index(0, 2)
    assert not model.setData(durability, -3)
    assert "Durability must be at least 0" in view.sheet.problem
    assert document.campaign.character("pc-vera").equipment[1].stats["durability"] == 25
    assert model.setData(durability, 20)
    assert durability.data() == "20"
    document.undo_stack.undo()
    assert durability.data() == "25"


def test_items_are_added_from_the_catalogue_and_removed(make_document, make_view, char_answers):
    document = make_document()
    view = make_view(document)
    view.select(["pc-vera"])
    panel = view.sheet.equipment
    weapons = panel.models[ItemKind.WEAPON]
    catalogue = sorted((e for e in document.campaign.equipment if e.kind is ItemKind.WEAPON),
                       key=lambda e: e.name.casefold())
    knife = next(i for i, e in enumerate(catalogue) if e.name == "Knife")
    char_answers.queued["choose"].append(knife)
    panel.add_from_catalogue(ItemKind.WEAPON)
    added = weapons.item_at(weapons.rowCount() - 1)
    assert added.name == "Knife" and added.catalogue_id == "crisis-knife" and added.id != "crisis-knife"
    panel.tables[ItemKind.WEAPON].selectRow(weapons.rowCount() - 1)
    panel.remove_selected(ItemKind.WEAPON)
    assert "Knife" not in [i.name for i in document.campaign.character("pc-vera").equipment]
    assert document.undo_stack.count() == 2


def test_conditions_are_added_and_removed(make_document, make_view):
    document = make_document()
    view = make_view(document)
    view.select(["npc-wolf"])
    sheet = view.sheet
    sheet.condition_choice.setCurrentIndex(sheet.condition_choice.findData("stunned"))
    sheet.add_condition()
    assert document.campaign.character("npc-wolf").has_condition("stunned")
    assert sheet.conditions.item(0).text() == "Stunned"
    sheet.conditions.setCurrentRow(0)
    sheet.remove_condition()
    assert not document.campaign.character("npc-wolf").conditions


def test_duplicate_n_times_numbers_the_copies_in_one_step(make_document, make_view, char_answers):
    document = make_document()
    view = make_view(document)
    view.select(["npc-wolf"])
    char_answers.queued["count"].append(6)
    view.duplicate_n()
    assert names(document)[4:11] == ["Wolf", *(f"Wolf {i}" for i in range(1, 7))]
    assert document.undo_stack.count() == 1
    assert len(view.selected_ids()) == 6
    view.select(["npc-wolf"])
    char_answers.queued["count"].append(2)
    view.duplicate_n()
    assert "Wolf 7" in names(document) and "Wolf 8" in names(document)


def test_delete_several_then_undo_restores_them_in_place(make_document, make_view, answers):
    document = make_document()
    view = make_view(document)
    before = document.campaign.model_dump(mode="json")
    view.select(["npc-raider-rask", "pc-vera"])
    answers.queued["yes_no"].append(True)  # both take part in encounters
    view.delete_selected()
    assert "Rask" not in names(document) and "Vera Kask" not in names(document)
    assert document.undo_stack.count() == 1
    assert view.model.rowCount() == 8
    document.undo_stack.undo()
    assert document.campaign.model_dump(mode="json") == before
    assert view.model.row_of("npc-raider-rask") == 6


def test_delete_is_cancelled_when_the_gm_says_no(make_document, make_view, answers):
    document = make_document()
    view = make_view(document)
    view.select(["npc-wolf"])
    answers.queued["yes_no"].append(False)
    view.delete_selected()
    assert "Wolf" in names(document) and document.undo_stack.count() == 0


def test_malformed_import_is_refused_with_a_message(make_document, make_view, char_answers, answers, tmp_path):
    document = make_document()
    view = make_view(document)
    bad = tmp_path / "bad.json"
    bad.write_text('{"name": "Vex", "stats": {"body": 5, "mind": 6, "soul": 6}}')
    char_answers.queued["open_file"].append(bad)
    view.import_character()
    assert any("d5 is not a die here" in text for text in answers.texts("error"))
    assert len(document.campaign.characters) == 10 and document.undo_stack.count() == 0
    broken = tmp_path / "broken.json"
    broken.write_text("{")
    char_answers.queued["open_file"].append(broken)
    view.import_character()
    assert any("not JSON" in text for text in answers.texts("error"))
    assert document.undo_stack.count() == 0


def test_export_then_import_adds_a_copy(make_document, make_view, char_answers, tmp_path):
    document = make_document()
    view = make_view(document)
    view.select(["npc-wolf"])
    target = tmp_path / "wolf.json"
    char_answers.queued["save_file"].append(target)
    view.export_character()
    assert json.loads(target.read_text())["name"] == "Wolf"
    char_answers.queued["open_file"].append(target)
    view.import_character()
    assert names(document).count("Wolf") == 2
    assert view.selected_ids() == [document.campaign.characters[-1].id]


def test_quick_npc_and_bestiary(make_document, make_view, char_answers):
    document = make_document()
    view = make_view(document, bestiary=lambda _id: resource("bestiary", "crisis.json"))
    char_answers.queued["quick_npc"].append(("Raider boss", 5))
    view.quick_npc()
    boss = document.campaign.characters[-1]
    assert boss.name == "Raider boss" and boss.stats["difficulty"] == 5 and boss.kind is CharacterKind.NPC
    assert view.sheet.derived_labels["Health"].text() == "<b>Health</b> 35"
    assert view.act_bestiary.isEnabled()
    char_answers.queued["choose"].append(0)
    view.add_from_bestiary()
    offered = char_answers.asked[-1][1][2]
    added = document.campaign.characters[-1]
    assert added.name.startswith(offered[0]) and added.id != "bestiary-wolf"


def test_portrait_is_stored_as_a_small_png_data_uri(make_document, make_view, char_answers, tmp_path):
    document = make_document()
    view = make_view(document)
    view.select(["pc-vera"])
    picture = QImage(800, 400, QImage.Format.Format_RGB32)
    picture.fill(QColor("teal"))
    path = tmp_path / "vera.png"
    picture.save(str(path))
    char_answers.queued["open_file"].append(path)
    view.sheet.choose_portrait()
    portrait = document.campaign.character("pc-vera").portrait
    assert portrait is not None and portrait.startswith("data:image/png;base64,")
    stored = QImage.fromData(base64.b64decode(portrait.split(",", 1)[1]))
    assert (stored.width(), stored.height()) == (256, 128)
    row = view.model.row_of("pc-vera")
    assert view.model.index(row, 0).data(Qt.ItemDataRole.DecorationRole) is not None


def test_keyboard_shortcuts(make_document, make_view, qtbot):
    document = make_document()
    view = make_view(document)
    view.activateWindow()
    qtbot.waitUntil(view.isActiveWindow)  # shortcuts only fire in the active window
    view.table.setFocus()
    qtbot.keyClick(view.table, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    assert names(document)[-1] == "New PC"
    assert QApplication.focusWidget() is view.sheet.name
    qtbot.keyClicks(view.sheet.name, "Kit")
    assert names(document)[-1] == "Kit"
    qtbot.keyClick(view.sheet.name, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    assert QApplication.focusWidget() is view.search
    view.select(["npc-wolf"])
    view.table.setFocus()
    qtbot.keyClick(view.table, Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier)
    assert "Wolf (copy)" in names(document)
    view.table.setFocus()
    qtbot.keyClick(view.table, Qt.Key.Key_Delete)
    assert "Wolf (copy)" not in names(document)


def test_restoring_a_backup_shows_the_new_campaign(make_document, make_view, store):
    document = make_document()
    view = make_view(document)
    view.select(["npc-wolf"])
    replacement = store.load(document.path)
    replacement.characters = replacement.characters[:3]
    document.reload_from(replacement)
    assert view.model.rowCount() == 3
    assert view.sheet.character_id in {c.id for c in replacement.characters}


def test_two_thousand_characters_open_and_filter(make_document, make_view):
    from crisis_desktop.domain import Campaign
    from tools.make_big_campaign import make_campaign

    campaign = Campaign.model_validate(make_campaign(2000, seed=7))
    document = make_document(campaign)
    view = make_view(document)
    assert view.proxy.rowCount() == 2000
    view.search.setText("raider")
    expected = {c.id for c in document.campaign.characters
                if "raider" in f"{c.name}\n{c.player}\n{' '.join(c.tags)}\n{c.notes}".casefold()}
    shown = {view.proxy.index(r, 0).data(CharacterIdRole) for r in range(view.proxy.rowCount())}
    assert shown == expected and 0 < len(shown) < 2000
    view.kind_filter.setCurrentIndex(view.kind_filter.findText("PCs"))
    assert view.proxy.rowCount() == 0  # PCs are never raiders
    view.search.clear()
    assert view.proxy.rowCount() == sum(c.kind is CharacterKind.PC for c in document.campaign.characters)


def test_changing_the_kind_shows_the_fields_of_that_kind(make_document, make_view):
    document = make_document()
    view = make_view(document)
    view.select(["pc-vera"])
    view.sheet.kind.setCurrentIndex(view.sheet.kind.findText("NPC"))
    view.sheet.kind.activated.emit(view.sheet.kind.currentIndex())
    assert document.campaign.character("pc-vera").kind is CharacterKind.NPC
    assert view.model.index(view.model.row_of("pc-vera"), 1).data() == "NPC"
    assert not view.sheet.stats.editors["difficulty"].isHidden()
    assert view.sheet.stats.editors["health_roll"].isHidden()


def test_rules_that_cannot_load_leave_the_table_working(make_document, make_view):
    def broken(_ruleset_id: str):  # type: ignore[no-untyped-def]
        raise ImportError("half-written ruleset")

    document = make_document()
    view = make_view(document, rules=broken)
    messages: list[str] = []
    view.message.connect(messages.append)
    view.set_document(document)
    assert view.model.rowCount() == 10
    assert not view.act_new_pc.isEnabled() and view.sheet.body.isHidden()
    assert "half-written ruleset" in messages[-1]


def test_duplicating_several_puts_each_copy_right_after_its_original(make_document, make_view):
    document = make_document()
    view = make_view(document)
    first, third = document.campaign.characters[0], document.campaign.characters[2]
    view.select([first.id, third.id])
    view.duplicate()
    listed = names(document)
    assert listed[listed.index(first.name) + 1] == f"{first.name} (copy)"
    assert listed[listed.index(third.name) + 1] == f"{third.name} (copy)"
    assert document.undo_stack.count() == 1


@needs_fifo
def test_import_from_a_fifo_a_device_or_nested_too_deeply_is_refused_with_a_message(make_document, make_view,
                                                                                    char_answers, answers, tmp_path):
    """Characters › Import character read with no guard: a FIFO hung the window, /dev/zero read until memory ran
    out. Should the FIFO block again, a watchdog opens it for writing after 10 s and the test fails, not hangs."""
    import contextlib
    import os
    import threading

    document = make_document()
    view = make_view(document)
    fifo = make_fifo(tmp_path / "pipe.json")
    zero = tmp_path / "zero.json"
    zero.symlink_to(os.devnull)

    def unblock() -> None:
        with contextlib.suppress(OSError):
            os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))

    deep = tmp_path / "deep.json"
    deep.write_bytes(b"[" * 100_000 + b"]" * 100_000)
    watchdog = threading.Timer(10, unblock)
    watchdog.start()
    try:
        for path in (fifo, zero, deep):
            char_answers.queued["open_file"].append(path)
            view.import_character()
    finally:
        watchdog.cancel()
    assert answers.texts("error") == [
        "Import character: pipe.json was not imported: it was not read: this is a named pipe (FIFO), not a regular "
        "file",
        "Import character: zero.json was not imported: it was not read: this is a device, not a regular file",
        "Import character: deep.json was not imported: The file is nested too deeply to hold a character",
    ]
    assert document.undo_stack.count() == 0 and fifo.is_fifo()
