"""Fixtures of the encounter board tests: a document over the demo campaign, the board, scripted answers."""

from __future__ import annotations

import shutil

import pytest

from crisis_desktop.resources_path import resource
from crisis_desktop.storage.campaign_store import CampaignStore
from crisis_desktop.ui.document import CampaignDocument
from crisis_desktop.ui.views.encounter_board import EncounterBoard


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
    view.resize(1400, 800)
    view.set_document(document)
    view.show_encounter("enc-ridge")
    view.show()
    return view
