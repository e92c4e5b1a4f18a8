"""The character table model, its filter proxy and the equipment model: Qt's model checks, fine-grained updates."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPersistentModelIndex, Qt

from crisis_desktop.controller.changes import ChangeSet
from crisis_desktop.controller.character_commands import (
    AddCharacter,
    SetCharacterField,
    delete_characters,
    duplicate_character,
)
from crisis_desktop.domain import Campaign, Character, CharacterKind, ItemKind
from crisis_desktop.ui.models.character_filter_proxy import CharacterFilterProxy
from crisis_desktop.ui.models.character_table_model import CharacterRole, CharacterTableModel
from crisis_desktop.ui.models.equipment_table_model import EquipmentTableModel
from tests.gui.characters.fake_ruleset import FakeRuleset


class Recorder:
    """Counts the structural signals a model emits."""

    def __init__(self, model) -> None:  # type: ignore[no-untyped-def]
        self.events: list[tuple[str, int, int]] = []
        model.modelReset.connect(lambda: self.events.append(("reset", -1, -1)))
        model.rowsInserted.connect(lambda _p, a, b: self.events.append(("inserted", a, b)))
        model.rowsRemoved.connect(lambda _p, a, b: self.events.append(("removed", a, b)))
        model.dataChanged.connect(lambda a, b, _r: self.events.append(("changed", a.row(), b.row())))


def test_table_and_proxy_pass_qt_model_checks(qtmodeltester, make_document):
    document = make_document()
    model = CharacterTableModel()
    model.set_campaign(document.campaign)
    proxy = CharacterFilterProxy()
    proxy.setSourceModel(model)
    qtmodeltester.check(model)
    proxy.set_search("raider")
    proxy.sort(0)
    qtmodeltester.check(proxy)
    assert model.data(model.index(0, 0), CharacterRole) is document.campaign.characters[0]
    assert model.headerData(3, Qt.Orientation.Horizontal) == "Tags"


def test_equipment_model_passes_qt_model_checks(qtmodeltester, make_document):
    document = make_document()
    vera = document.campaign.character("pc-vera")
    model = EquipmentTableModel(ItemKind.ARMOUR, document.push)
    model.set_character(document.campaign, FakeRuleset(), vera)
    qtmodeltester.check(model)
    assert model.rowCount() == 1
    assert model.data(model.index(0, 2)) == "25"  # Durability


def test_changes_become_row_signals_never_a_reset(make_document):
    document = make_document()
    campaign = document.campaign
    model = CharacterTableModel()
    model.set_campaign(campaign)
    document.changed.connect(lambda changes: model.apply_changes(document.campaign, changes))
    events = Recorder(model)
    document.push(SetCharacterField(campaign, "npc-wolf", "name", "Grey Wolf"))
    assert events.events == [("changed", 4, 4)]
    assert model.data(model.index(4, 0)) == "Grey Wolf"

    events.events.clear()
    document.push(duplicate_character(campaign, "npc-wolf", 3))
    assert events.events == [("inserted", 5, 7)]  # a run of new rows is one insertion
    assert [model.data(model.index(r, 0)) for r in range(5, 8)] == ["Grey Wolf 1", "Grey Wolf 2", "Grey Wolf 3"]

    events.events.clear()
    document.push(delete_characters(campaign, ["pc-vera", "npc-guard-dog"]))
    assert ("reset", -1, -1) not in events.events
    assert sorted(e for e in events.events if e[0] == "removed") == [("removed", 0, 0), ("removed", 8, 8)]
    assert model.rowCount() == len(campaign.characters)

    events.events.clear()
    document.undo_stack.undo()
    assert [c.id for c in campaign.characters] == [model.character_at(r).id for r in range(model.rowCount())]
    assert ("reset", -1, -1) not in events.events


def test_a_whole_new_campaign_resets(make_document):
    document = make_document()
    model = CharacterTableModel()
    model.set_campaign(document.campaign)
    events = Recorder(model)
    other = Campaign(ruleset="crisis", name="Other", characters=[Character(name="Solo")])
    model.apply_changes(other, ChangeSet(campaign_fields=frozenset({"*"})))
    assert events.events == [("reset", -1, -1)]
    assert model.rowCount() == 1


def test_proxy_search_kind_and_tag(make_document):
    document = make_document()
    campaign = document.campaign
    model = CharacterTableModel()
    model.set_campaign(campaign)
    proxy = CharacterFilterProxy()
    proxy.setSourceModel(model)

    def shown() -> set[str]:
        return {proxy.index(r, 0).data() for r in range(proxy.rowCount())}

    proxy.set_search("RAIDER")  # tags and notes too: the guard dog ran from the raider camp
    assert shown() == {"Rask", "Jory", "Mother Kell", "Guard Dog"}
    proxy.set_search("raider boss")  # every word must match
    assert shown() == {"Mother Kell"}
    proxy.set_search("anna")  # the player
    assert shown() == {"Vera Kask"}
    proxy.set_search("")
    proxy.set_kind(CharacterKind.PC)
    assert len(shown()) == 4
    proxy.set_kind(None)
    proxy.set_tag("beast")
    assert shown() == {"Wolf", "Guard Dog"}
    # A live edit re-filters: the proxy follows the model's dataChanged.
    document.changed.connect(lambda changes: model.apply_changes(document.campaign, changes))
    document.push(SetCharacterField(campaign, "npc-raider-rask", "tags", "raider, beast"))
    assert "Rask" in shown()
    document.push(AddCharacter(campaign, Character(kind=CharacterKind.NPC, name="Bear", tags=["beast"])))
    assert "Bear" in shown()


def test_proxy_sorts_both_ways_and_follows_a_rename(make_document):
    document = make_document()
    campaign = document.campaign
    model = CharacterTableModel()
    model.set_campaign(campaign)
    document.changed.connect(lambda changes: model.apply_changes(document.campaign, changes))
    proxy = CharacterFilterProxy()
    proxy.setSourceModel(model)

    def names() -> list[str]:
        return [proxy.index(row, 0).data() for row in range(proxy.rowCount())]

    proxy.sort(0, Qt.SortOrder.AscendingOrder)
    expected = sorted((c.name for c in campaign.characters), key=str.casefold)
    assert names() == expected
    proxy.sort(0, Qt.SortOrder.DescendingOrder)
    assert names() == expected[::-1]
    first = proxy.index(0, 0)
    kept = QPersistentModelIndex(first)
    renamed_id = first.data(CharacterRole).id
    document.push(SetCharacterField(campaign, renamed_id, "name", "aaa first"))
    assert names()[-1] == "aaa first"  # descending: now last
    assert kept.row() == proxy.rowCount() - 1 and kept.data() == "aaa first"
    proxy.set_search("aaa")
    assert names() == ["aaa first"]
    document.undo_stack.undo()  # an undo puts back the old name: the filter and the order follow it
    assert names() == []
    proxy.set_search("")
    assert names() == expected[::-1]


def test_idle_work_comes_in_slices_and_an_edit_is_still_found(qtbot):
    """What a first keystroke or click would wait for (every row's search text and sort keys) is worked out while
    idle, a slice of rows at a time; a search after it reads no character again, and an edit since is found."""
    from crisis_desktop.ui.models import character_table_model as table

    campaign = Campaign(ruleset="crisis", name="Big", characters=[
        Character(kind=CharacterKind.NPC if i % 3 else CharacterKind.PC, name=f"Goon {i:04d}", tags=["goon"])
        for i in range(2 * table.WARM_ROWS + 500)])
    model = CharacterTableModel()
    model.set_campaign(campaign)
    asked: list[int] = []
    real_search_text = model.search_text
    model.search_text = lambda row: (asked.append(row), real_search_text(row))[1]  # type: ignore[method-assign]
    proxy = CharacterFilterProxy()
    proxy.setSourceModel(model)
    slices: list[int] = []
    real_warm_up = proxy._warm_up

    def warm_up() -> None:
        before = len(asked)
        real_warm_up()
        slices.append(len(asked) - before)

    proxy._warm.timeout.disconnect(real_warm_up)
    proxy._warm.timeout.connect(warm_up)
    qtbot.waitUntil(lambda: not proxy._warm.isActive() and len(slices) > 3)
    assert max(slices) <= table.WARM_ROWS and sum(slices) == len(campaign.characters)
    asked.clear()
    proxy.set_search("goon 1234")
    assert [proxy.index(r, 0).data() for r in range(proxy.rowCount())] == ["Goon 1234"]
    assert asked == [], "the search read characters the idle work had read already"
    campaign.characters[7].name = "Renamed 1234"
    model.apply_changes(campaign, ChangeSet(characters=frozenset({campaign.characters[7].id})))
    proxy.set_search("renamed")
    assert [proxy.index(r, 0).data() for r in range(proxy.rowCount())] == ["Renamed 1234"]
    proxy.set_search("")
    proxy.set_kind(CharacterKind.PC)
    assert proxy.rowCount() == sum(c.kind is CharacterKind.PC for c in campaign.characters)


def test_changes_while_the_idle_work_runs_do_not_start_it_over(qtbot):
    """A fight changes characters all the time: the idle work must still end, with the changed rows right."""
    from crisis_desktop.ui.models import character_table_model as table

    campaign = Campaign(ruleset="crisis", name="Big",
                        characters=[Character(name=f"Goon {i:04d}") for i in range(3 * table.WARM_ROWS)])
    model = CharacterTableModel()
    model.set_campaign(campaign)
    proxy = CharacterFilterProxy()
    proxy.setSourceModel(model)
    slices = worked = 0
    last = ""
    real_warm_up = proxy._warm_up

    def warm_up_then_a_change() -> None:
        nonlocal slices, worked, last
        slices += 1
        real_warm_up()
        worked += proxy._warm.isActive()                       # it asked for another slice: not done yet
        if slices <= 60:
            last = campaign.characters[5].name = f"Zed {slices}"  # the fight changes someone between two slices
            model.apply_changes(campaign, ChangeSet(characters=frozenset({campaign.characters[5].id})))

    proxy._warm.timeout.disconnect(real_warm_up)
    proxy._warm.timeout.connect(warm_up_then_a_change)
    # A change of a row that stays where it is does not ask for more idle work: the work ends after its own
    # slices, each followed by a change, and no change started it over.
    qtbot.waitUntil(lambda: slices > 3 and not proxy._warm.isActive(), timeout=5000)
    assert worked < 40, f"the idle work took {worked} slices"
    assert slices == worked + 1                                 # every slice but the last asked for another
    proxy.sort(0, Qt.SortOrder.DescendingOrder)
    assert proxy.index(0, 0).data() == last == f"Zed {slices}"


def test_an_edit_that_keeps_a_row_in_place_repaints_that_row_only(make_document):
    """A change to a character that the filter still accepts and that keeps its sort key (a fight's damage, a
    note) repaints its row: no layout change of all the rows; one that moves it or takes it out does."""
    document = make_document()
    campaign = document.campaign
    model = CharacterTableModel()
    model.set_campaign(campaign)
    document.changed.connect(lambda changes: model.apply_changes(document.campaign, changes))
    proxy = CharacterFilterProxy()
    proxy.setSourceModel(model)
    proxy.set_search("raider")
    proxy.sort(0, Qt.SortOrder.AscendingOrder)
    layouts: list[str] = []
    changed: list[int] = []
    proxy.layoutChanged.connect(lambda *_: layouts.append("layout"))
    proxy.dataChanged.connect(lambda a, b, _r: changed.append(a.row()))

    def names() -> list[str]:
        return [proxy.index(row, 0).data() for row in range(proxy.rowCount())]

    before = names()
    assert before == ["Guard Dog", "Jory", "Mother Kell", "Rask"]
    document.push(SetCharacterField(campaign, "npc-raider-rask", "notes", "raider with a limp"))
    assert layouts == [] and changed == [3] and names() == before
    document.push(SetCharacterField(campaign, "npc-raider-rask", "name", "Aaron Rask"))  # moves first
    assert layouts == ["layout"] and names() == ["Aaron Rask", "Guard Dog", "Jory", "Mother Kell"]
    document.push(SetCharacterField(campaign, "npc-raider-rask", "tags", ""))  # leaves the search?
    document.push(SetCharacterField(campaign, "npc-raider-rask", "notes", "a quiet farmer"))
    assert "Aaron Rask" not in names() and layouts[-1] == "layout"
    proxy.set_search("")
    assert len(names()) == len(campaign.characters)


def test_a_step_refused_as_it_is_done_leaves_the_campaign_and_the_undo_stack_as_they_were(make_document):
    document = make_document()
    campaign = document.campaign
    before = campaign.model_dump(mode="json")
    heard: list[object] = []
    document.changed.connect(heard.append)
    with pytest.raises(KeyError, match="nobody"):
        document.push(delete_characters(campaign, ["pc-vera", "nobody"]))
    assert campaign.model_dump(mode="json") == before
    assert document.undo_stack.count() == 0 and heard == []
    document.push(delete_characters(campaign, ["pc-vera"]))  # the same again, without the unknown id
    assert document.undo_stack.undoText() == "Delete Vera Kask" and heard
