"""A moments fight in a document and on a board, for the GUI tests and screenshots: Vera and Ilse against Brann at the
ford (the characters of the moments rules tests)."""

from __future__ import annotations

from crisis_desktop.storage.campaign_store import CampaignStore
from crisis_desktop.storage.paths import AppPaths
from crisis_desktop.ui.document import CampaignDocument
from crisis_desktop.ui.models.board_model import COL_NAME
from crisis_desktop.ui.views.encounter_board import EncounterBoard
from tests.unit.rules.moments.people import brann, campaign, ilse, vera


def moments_document(paths: AppPaths) -> CampaignDocument:
    game = campaign(vera(), brann(), ilse())
    store = CampaignStore(paths)
    path = paths.campaigns / "ford.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    store.save(game, path)
    return CampaignDocument(store.load(path), path, store)


def moments_board(document: CampaignDocument) -> EncounterBoard:
    """The board on the ford with everyone added, the fight not started."""
    board = EncounterBoard()
    board.set_document(document)
    board.show_encounter("enc")
    board.intents.add_characters([c.id for c in document.campaign.characters])
    return board


def combatant(board: EncounterBoard, name: str) -> str:
    ctl = board.controller
    return next(c.id for c in ctl.view.encounter.combatants if ctl.view.name(c.id) == name)


def names_shown(board: EncounterBoard) -> list[str]:
    """The board's Combatant column, top to bottom."""
    return [str(board.model.index(row, COL_NAME).data()) for row in range(board.model.rowCount())]
