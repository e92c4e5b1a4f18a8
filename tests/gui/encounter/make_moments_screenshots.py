"""Renders crisis_desktop/docs/screenshots/moments-player-display.png (declarations announced, in declaration order),
moments-attack.png (an attack with the odds of each reaction the target may choose) and moments-board.png (the board
mid-moment, resolving best to worst) over the moments demo's ford: python
tests/gui/encounter/make_moments_screenshots.py [--dark] [--out DIR]."""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))

from PySide6.QtWidgets import QApplication, QComboBox, QStyleFactory  # noqa: E402

from crisis_desktop.domain import Campaign  # noqa: E402
from crisis_desktop.resources_access import resource  # noqa: E402
from crisis_desktop.rules.dice import TypedDice  # noqa: E402
from crisis_desktop.storage.campaign_store import CampaignStore  # noqa: E402
from crisis_desktop.storage.paths import AppPaths  # noqa: E402
from crisis_desktop.ui.dialogs.attack_dialog import AttackDialog  # noqa: E402
from crisis_desktop.ui.document import CampaignDocument  # noqa: E402
from crisis_desktop.ui.player_display.display import PlayerDisplay  # noqa: E402
from crisis_desktop.ui.views.encounter_board import EncounterBoard  # noqa: E402
from tests.gui.palettes import dark_palette, light_palette  # noqa: E402

SHOTS = ROOT / "crisis_desktop" / "docs" / "screenshots"
# The INT test in the encounter's order (Vera, Ilse, Corvin, Ulf, Shield-bearer, Bowman, Bandit): the shield-bearer
# crits, Vera and Ulf succeed, the others fail and the bandit fumbles.
INT_DICE = [20, 90, 70, 15, 2, 50, 100]


def ford() -> tuple[CampaignDocument, EncounterBoard]:
    paths = AppPaths(Path(tempfile.mkdtemp())).ensure()
    campaign = Campaign.model_validate_json(resource("demo", "moments.json").read_bytes())
    store = CampaignStore(paths)
    path = paths.campaigns / "moments.json"
    store.save(campaign, path)
    document = CampaignDocument(store.load(path), path, store)
    board = EncounterBoard()
    board.set_document(document)
    board.show_encounter(campaign.encounters[0].id)
    board.resize(1500, 560)
    board.show()
    return document, board


def declare(document: CampaignDocument, board: EncounterBoard, *choices: str) -> None:
    ctl = board.controller
    for choice in choices:
        found = next(o for o in ctl.offers() if o.key == "declare")
        document.push(ctl.step("declare", found.actors[0], choice))


def main(out: Path) -> None:
    document, board = ford()
    ctl = board.controller
    who = {ctl.name(c.id): c.id for c in ctl.encounter.combatants}
    document.push(ctl.start(TypedDice(INT_DICE)))
    declare(document, board, "act", "two_actions", "focus_action", "act")   # Bandit, Bowman, Corvin, Ilse

    display = PlayerDisplay(board.model)
    display.resize(1280, 720)
    display.show_encounter(document.session)
    document.changed.connect(display.apply_changes)
    display.show()
    QApplication.processEvents()
    display.grab().save(str(out / "moments-player-display.png"))

    declare(document, board, "extra_action", "act", "act")                  # Ulf, Vera, the shield-bearer
    document.push(ctl.step("resolve_declarations"))
    # The shield-bearer resolves first: his spear at Vera, who may parry, block with her shield, or dodge.
    dialog = AttackDialog(ctl, who["Shield-bearer"], who["Vera Stone"])
    dialog.resize(640, 10)
    dialog.show()
    reaction = dialog.field("reaction")
    assert isinstance(reaction, QComboBox)
    reaction.setCurrentIndex(reaction.findText("Block (easy opposed BOD, shield)"))
    dialog.typed_dice.setChecked(True)
    dialog.faces.setText("30 70")
    QApplication.processEvents()
    dialog.adjustSize()
    QApplication.processEvents()
    dialog.grab().save(str(out / "moments-attack.png"))
    dialog.roll()
    assert dialog.rolled_event is not None, dialog.problem.text()
    document.push(dialog.rolled_event)
    dialog.close()
    # Vera cuts at him; he parries and loses: 6 - 2 AP.
    document.push(ctl.step("next_resolver"))
    sword = next(w for w in ctl.weapons(who["Vera Stone"]) if w.name == "Sword")
    document.push(ctl.attack(ctl.attack_request(who["Vera Stone"], sword.id, who["Shield-bearer"], reaction="parry"),
                             TypedDice([20, 75, 6])))
    document.push(ctl.step("next_resolver"))                                 # Red Ulf resolves now
    board.select(who["Red Ulf"])
    QApplication.processEvents()
    board.grab().save(str(out / "moments-board.png"))


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--dark", action="store_true")
    parser.add_argument("--out", type=Path, default=SHOTS)
    args = parser.parse_args()
    application = QApplication(sys.argv[:1])
    application.setStyle(QStyleFactory.create("Fusion"))
    application.setPalette(dark_palette() if args.dark else light_palette())
    main(args.out)
