"""A genesys fight in a document and on a board, for the GUI tests and screenshots: Kara and Jax against a group
of thugs, an enforcer and their boss."""

from __future__ import annotations

from crisis_desktop.rules.kernel.dice import RandomDice
from crisis_desktop.storage.campaign_store import CampaignStore
from crisis_desktop.storage.paths import AppPaths
from crisis_desktop.ui.document import CampaignDocument
from crisis_desktop.ui.views.encounter_board import EncounterBoard
from tests.unit.rules.genesys.people import boss, campaign, enforcer, jax, kara, thugs

# Initiative dice that give the slots PC, NPC, PC, NPC, NPC.
SEED = 9


def genesys_document(paths: AppPaths) -> CampaignDocument:
    game = campaign(kara(), jax(), thugs(3), enforcer(), boss())
    store = CampaignStore(paths)
    path = paths.campaigns / "docks.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    store.save(game, path)
    return CampaignDocument(store.load(path), path, store)


def genesys_board(document: CampaignDocument, start: bool = True) -> EncounterBoard:
    """The board on "Dock 9" with everyone added and, with `start`, initiative rolled."""
    board = EncounterBoard()
    board.set_document(document)
    board.show_encounter("enc")
    board.intents.add_characters([c.id for c in document.campaign.characters])
    if start:
        document.push(board.controller.start(RandomDice(SEED)))
    return board


def combatant(board: EncounterBoard, name: str) -> str:
    ctl = board.controller
    return next(c.id for c in ctl.view.encounter.combatants if ctl.view.name(c.id) == name)
