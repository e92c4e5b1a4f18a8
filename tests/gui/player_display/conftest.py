"""Fixtures of the player display tests: the demo campaign in a document and the board on the ambush."""

from __future__ import annotations

import shutil

import pytest

from crisis_desktop.resources_path import resource
from crisis_desktop.storage.campaign_store import CampaignStore
from crisis_desktop.ui.document import CampaignDocument
from crisis_desktop.ui.views.encounter_board import EncounterBoard

SNIPER = "cmb-ambush-corp-sniper"    # hidden from the players in the demo


@pytest.fixture
def document(qtbot, paths) -> CampaignDocument:
    store = CampaignStore(paths)
    path = paths.campaigns / "demo.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(resource("demo", "campaign.json"), path)
    return CampaignDocument(store.load(path), path, store)


@pytest.fixture
def board(qtbot, document) -> EncounterBoard:
    view = EncounterBoard()
    qtbot.addWidget(view)
    view.set_document(document)
    view.show_encounter("enc-ambush")
    return view
