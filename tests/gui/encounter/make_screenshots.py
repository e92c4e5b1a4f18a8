"""Renders crisis_desktop/docs/screenshots/board*.png offscreen: python tests/gui/encounter/make_screenshots.py."""

from __future__ import annotations

import contextlib
import os
import random
import sys
import tempfile
from pathlib import Path

os.environ["QT_QPA_PLATFORM"] = "offscreen"
ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))

from PySide6.QtWidgets import QApplication  # noqa: E402

from crisis_desktop.resources_access import resource  # noqa: E402
from crisis_desktop.rules.kernel.dice import RandomDice  # noqa: E402
from crisis_desktop.storage.campaign_store import CampaignStore  # noqa: E402
from crisis_desktop.storage.paths import AppPaths  # noqa: E402
from crisis_desktop.ui.dialogs.attack_dialog import AttackDialog  # noqa: E402
from crisis_desktop.ui.document import CampaignDocument  # noqa: E402
from crisis_desktop.ui.views.encounter_board import EncounterBoard  # noqa: E402

SHOTS = ROOT / "crisis_desktop" / "docs" / "screenshots"


def main(app: QApplication) -> None:
    paths = AppPaths(Path(tempfile.mkdtemp())).ensure()
    path = paths.campaigns / "demo.json"
    path.write_bytes(resource("demo", "campaign.json").read_bytes())
    store = CampaignStore(paths)
    document = CampaignDocument(store.load(path), path, store)
    board = EncounterBoard()
    board.resize(1500, 720)
    board.set_document(document)
    board.show_encounter("enc-ridge")
    board.show()
    ctl = board.controller
    assert ctl is not None
    document.push(ctl.start(RandomDice(2024)))
    dice = RandomDice(5)
    for _ in range(5):  # a few turns of the fight, each actor attacking an enemy
        current = ctl.view.current_id() or ""
        weapon = ctl.preview.weapons(current)[0]
        target = next(c.id for c in ctl.view.encounter.combatants if c.side != ctl.view.combatant(current).side)
        distance = 2 if weapon.stats.get("range") else None
        with contextlib.suppress(ValueError):
            document.push(ctl.attack(ctl.preview.attack_request(current, weapon.id, target, distance=distance), dice))
        document.push(ctl.step("next_turn"))
    document.push(ctl.overrides.add_condition("pc-vera", "kneeling"))
    board.select_current()
    for _ in range(3):          # the splitter makes room for the action buttons in a pass of its own
        app.processEvents()
    board.grab().save(str(SHOTS / "board.png"))
    dialog = AttackDialog(ctl, ctl.view.current_id() or "", "cmb-ridge-wolf", board, rng=random.Random(3))
    dialog.field("cover").setCurrentIndex(1)
    dialog.field("circumstance").setValue(1)
    dialog.roll()
    dialog.show()
    dialog.adjustSize()
    app.processEvents()
    dialog.grab().save(str(SHOTS / "board-attack-dialog.png"))


if __name__ == "__main__":
    APP = QApplication.instance() or QApplication([])
    main(APP)  # type: ignore[arg-type]
