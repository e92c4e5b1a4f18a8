"""Renders crisis_desktop/docs/screenshots/player-display.png offscreen (run this file with python)."""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
from pathlib import Path

os.environ["QT_QPA_PLATFORM"] = "offscreen"
ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))

from PySide6.QtWidgets import QApplication  # noqa: E402

from crisis_desktop.controller.fog_commands import RevealCells, SetFog  # noqa: E402
from crisis_desktop.resources_access import resource  # noqa: E402
from crisis_desktop.rules.kernel.dice import RandomDice  # noqa: E402
from crisis_desktop.storage.campaign_store import CampaignStore  # noqa: E402
from crisis_desktop.storage.paths import AppPaths  # noqa: E402
from crisis_desktop.ui.document import CampaignDocument  # noqa: E402
from crisis_desktop.ui.player_display.display import PlayerDisplay  # noqa: E402
from crisis_desktop.ui.views.encounter_board import EncounterBoard  # noqa: E402

SHOT = ROOT / "crisis_desktop" / "docs" / "screenshots" / "player-display.png"
MAP = "map-ridge-road"


def main(app: QApplication) -> None:
    paths = AppPaths(Path(tempfile.mkdtemp())).ensure()
    path = paths.campaigns / "demo.json"
    path.write_bytes(resource("demo", "campaign.json").read_bytes())
    store = CampaignStore(paths)
    document = CampaignDocument(store.load(path), path, store)
    board = EncounterBoard()
    board.set_document(document)
    board.show_encounter("enc-ambush")
    display = PlayerDisplay(board.model)
    display.resize(1280, 720)
    display.show_encounter(document.session)
    document.changed.connect(display.apply_changes)
    ctl = board.controller
    assert ctl is not None
    campaign = document.campaign
    # Fog over the road: the party's side and the wreck are revealed, the far ridge (the hidden sniper's) is not.
    document.push(SetFog(campaign, MAP, True))
    document.push(RevealCells(campaign, MAP, {(x, y) for x in range(2, 18) for y in range(2, 13)}))
    document.push(ctl.start(RandomDice(2024)))
    dice = RandomDice(5)
    for _ in range(4):
        current = ctl.view.current_id() or ""
        target = next((c.id for c in ctl.view.encounter.combatants
                       if c.side != ctl.view.combatant(current).side and not c.hidden), None)
        weapons = ctl.preview.weapons(current)
        if target and weapons:
            with contextlib.suppress(ValueError):
                document.push(ctl.attack(ctl.preview.attack_request(current, weapons[0].id, target, distance=4), dice))
        document.push(ctl.step("next_turn"))
    # Into round 1, on someone the players can see (the hidden sniper's turn shows no highlight).
    for _ in range(12):
        current = ctl.view.current_id()
        if ctl.view.encounter.round >= 1 and current is not None and not ctl.view.combatant(current).hidden:
            break
        document.push(ctl.step("next_turn"))
    document.push(ctl.overrides.add_condition("pc-tomas", "kneeling"))
    display.show()
    app.processEvents()
    display.map_view.fit()
    app.processEvents()
    SHOT.parent.mkdir(parents=True, exist_ok=True)
    display.grab().save(str(SHOT))
    print(f"wrote {SHOT}")


if __name__ == "__main__":
    main(QApplication.instance() or QApplication(sys.argv))
