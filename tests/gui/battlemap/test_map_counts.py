"""The list of maps under the Battle map tab counts painted cells and tokens as they change, not on reload."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from crisis_desktop.controller.map_commands import AddBattleMap, SetToken
from crisis_desktop.domain.battle_map import BattleMap, Cover, GridKind
from crisis_desktop.ui.battlemap.tools import Tool

NAME, GRID, SIZE, CELL, PAINTED, TOKENS = range(6)


def row_of(window, name: str) -> list[str]:
    """The list's row as the GM sees it: the list is brought into view first (out of sight it is read again only
    when shown)."""
    listing = window.places[0]
    window.tabs.setCurrentIndex(next(i for i in range(window.tabs.count())
                                     if window.tabs.widget(i).isAncestorOf(listing)))
    item = next(listing.topLevelItem(i) for i in range(listing.topLevelItemCount())
                if listing.topLevelItem(i).text(NAME) == name)
    return [item.text(column) for column in range(listing.columnCount())]


def paint(place, cells) -> None:
    """A brush stroke over these cells, as the view's mouse signals give it."""
    place.set_tool(Tool.BRUSH)
    place.cover.setCurrentIndex(place.cover.findData(Cover.HEAVY.value))
    place.tools.pressed(cells[0], Qt.KeyboardModifier.NoModifier)
    for cell in cells[1:]:
        place.tools.dragged(cell)
    place.tools.released(cells[-1])


@pytest.mark.parametrize("kind", [GridKind.SQUARE, GridKind.HEX])
def test_painted_cells_are_counted_as_they_are_painted_and_undone(window, kind):
    document, place = window.document, window.map_place
    document.push(AddBattleMap(BattleMap(id="m-new", name="Courtyard", grid=kind, width=12, height=9)))
    place.show_map("m-new")
    assert row_of(window, "Courtyard")[PAINTED] == "0"
    paint(place, [(1, 1), (2, 1), (3, 1)])
    assert row_of(window, "Courtyard")[PAINTED] == "3"
    paint(place, [(5, 5)])
    assert row_of(window, "Courtyard")[PAINTED] == "4"
    document.undo_stack.undo()
    assert row_of(window, "Courtyard")[PAINTED] == "3"
    place.set_tool(Tool.ERASE)
    place.tools.pressed((1, 1), Qt.KeyboardModifier.NoModifier)
    place.tools.released((1, 1))
    assert row_of(window, "Courtyard")[PAINTED] == "2"


def test_tokens_are_counted_as_they_are_taken_off_and_put_back(window):
    document = window.document
    before = int(row_of(window, "Ridge Road")[TOKENS])
    document.push(SetToken("map-ridge-road", "cmb-ambush-vera", None))
    assert row_of(window, "Ridge Road")[TOKENS] == str(before - 1)
    document.undo_stack.undo()
    assert row_of(window, "Ridge Road")[TOKENS] == str(before)


def test_the_list_keeps_its_current_map_when_a_count_changes(window):
    listing, place = window.places[0], window.map_place
    listing.setCurrentItem(listing.findItems("Ridge Road", Qt.MatchFlag.MatchExactly, NAME)[0])
    paint(place, [(0, 0)])
    assert listing.currentItem() is not None and listing.currentItem().text(NAME) == "Ridge Road"


def test_out_of_sight_the_lists_and_the_overview_catch_up_when_shown(window):
    """In a fight the other places are hidden: they are not read again after every step, but they are up to date
    as soon as the GM looks at them."""
    document, listing = window.document, window.places[0]
    before = int(row_of(window, "Ridge Road")[TOKENS])
    window.tabs.setCurrentWidget(window._board_host)
    assert not listing.isVisible() and not window.overview.isVisible()
    shown_rows = [listing.topLevelItem(i) for i in range(listing.topLevelItemCount())]
    counts = window.overview.contents.text()
    document.push(SetToken("map-ridge-road", "cmb-ambush-vera", None))
    document.push(AddBattleMap(BattleMap(id="m-later", name="Later", width=5, height=5)))
    # Nothing was redrawn out of sight...
    assert [listing.topLevelItem(i) for i in range(listing.topLevelItemCount())] == shown_rows
    assert window.overview.contents.text() == counts
    # ...and what is shown is what the campaign holds now.
    assert row_of(window, "Ridge Road")[TOKENS] == str(before - 1)
    assert row_of(window, "Later")[TOKENS] == "0"
    window.tabs.setCurrentWidget(window.overview)
    assert window.overview.contents.text() != counts
    assert f"{len(document.campaign.battle_maps)} battle maps" in window.overview.contents.text()
