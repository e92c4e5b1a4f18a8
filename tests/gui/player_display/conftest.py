"""Fixtures of the player display tests: the demo campaign in a document and the board on the ambush."""

from __future__ import annotations

import pytest

from crisis_desktop.ui.views.encounter_board import EncounterBoard

SNIPER = "cmb-ambush-corp-sniper"    # hidden from the players in the demo


@pytest.fixture
def board(qtbot, document) -> EncounterBoard:
    view = EncounterBoard()
    qtbot.addWidget(view)
    view.set_document(document)
    view.show_encounter("enc-ambush")
    return view
