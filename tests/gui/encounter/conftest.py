"""Fixtures of the encounter board tests: a document over the demo campaign, the board, scripted answers."""

from __future__ import annotations

import pytest

from crisis_desktop.ui.views.encounter_board import EncounterBoard


@pytest.fixture
def board(qtbot, document) -> EncounterBoard:
    view = EncounterBoard()
    qtbot.addWidget(view)
    view.resize(1400, 800)
    view.set_document(document)
    view.show_encounter("enc-ridge")
    view.show()
    return view
