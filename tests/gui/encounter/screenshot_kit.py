"""What the encounter screenshot scripts share: a demo campaign open on the board, the players' screen grabbed, and
the command line (Fusion style, light or --dark palette, --out folder)."""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from PySide6.QtWidgets import QApplication, QStyleFactory

from crisis_desktop.domain import Campaign
from crisis_desktop.resources_access import resource
from crisis_desktop.storage.campaign_store import CampaignStore
from crisis_desktop.storage.paths import AppPaths
from crisis_desktop.ui.document import CampaignDocument
from crisis_desktop.ui.player_display.display import PlayerDisplay
from crisis_desktop.ui.views.encounter_board import EncounterBoard
from tests.gui.palettes import dark_palette, light_palette

SHOTS = Path(__file__).resolve().parents[3] / "crisis_desktop" / "docs" / "screenshots"


def demo_board(demo: str, width: int, height: int) -> tuple[CampaignDocument, EncounterBoard]:
    """The bundled demo `demo` (resources/demo/<demo>) saved to a fresh data folder, open on the board at its first
    encounter."""
    paths = AppPaths(Path(tempfile.mkdtemp())).ensure()
    campaign = Campaign.model_validate_json(resource("demo", demo).read_bytes())
    store = CampaignStore(paths)
    path = paths.campaigns / demo
    store.save(campaign, path)
    document = CampaignDocument(store.load(path), path, store)
    board = EncounterBoard()
    board.set_document(document)
    board.show_encounter(campaign.encounters[0].id)
    board.resize(width, height)
    board.show()
    return document, board


def player_display_shot(document: CampaignDocument, board: EncounterBoard, path: Path) -> PlayerDisplay:
    """The players' screen of the board's fight, at 1280 x 720, following the document's changes, saved to `path`."""
    display = PlayerDisplay(board.model)
    display.resize(1280, 720)
    display.show_encounter(document.session)
    document.changed.connect(display.apply_changes)
    display.show()
    QApplication.processEvents()
    display.grab().save(str(path))
    return display


def run(main: Callable[[Path], None]) -> None:
    """`main(out)` under the script's command line: [--dark] [--out DIR]."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--dark", action="store_true")
    parser.add_argument("--out", type=Path, default=SHOTS)
    args = parser.parse_args()
    application = QApplication(sys.argv[:1])
    application.setStyle(QStyleFactory.create("Fusion"))
    application.setPalette(dark_palette() if args.dark else light_palette())
    main(args.out)
