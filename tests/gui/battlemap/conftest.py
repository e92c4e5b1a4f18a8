"""Fixtures of the battle map tests: the demo campaign in a document, the encounter board and the map place."""

from __future__ import annotations

import pytest

from crisis_desktop.ui.battlemap.map_place import MapPlace
from crisis_desktop.ui.views.encounter_board import EncounterBoard


@pytest.fixture
def board(qtbot, document) -> EncounterBoard:
    view = EncounterBoard()
    qtbot.addWidget(view)
    view.set_document(document)
    view.show_encounter("enc-ambush")
    return view


@pytest.fixture
def place(qtbot, document, board) -> MapPlace:
    """The map place on Ridge Road (the ambush is fought there), fitted to a 1200 x 800 window."""
    widget = MapPlace()
    qtbot.addWidget(widget)
    widget.resize(1200, 800)
    widget.set_document(document)  # shares the encounter on show with the board through document.session
    widget.show()
    qtbot.waitExposed(widget)
    widget.view.fit()
    assert widget.map_id() == "map-ridge-road" and widget.encounter_id == "enc-ambush"
    return widget
