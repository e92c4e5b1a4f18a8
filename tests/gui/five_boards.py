"""A board on each bundled system's fight (tests/unit/rules/five_fights.py), for GUI tests across all five."""

from __future__ import annotations

from crisis_desktop.storage.campaign_store import CampaignStore
from crisis_desktop.storage.paths import AppPaths
from crisis_desktop.ui.document import CampaignDocument
from crisis_desktop.ui.views.encounter_board import EncounterBoard
from tests.unit.rules.five_fights import fight


def open_board(qtbot, paths: AppPaths, system: str) -> EncounterBoard:
    """The system's demo fight (crisis-classic: a back alley) on a board, not started, "Enter dice" ticked."""
    campaign, encounter_id = fight(system)
    store = CampaignStore(paths)
    path = paths.campaigns / f"{system}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    store.save(campaign, path)
    board = EncounterBoard()
    qtbot.addWidget(board)
    board.set_document(CampaignDocument(store.load(path), path, store))
    board.show_encounter(encounter_id)
    board.enter_dice.setChecked(True)
    return board
