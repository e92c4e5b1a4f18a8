"""Renders crisis_desktop/docs/screenshots/battle-map.png offscreen: python tests/gui/battlemap/make_screenshot.py."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ["QT_QPA_PLATFORM"] = "offscreen"
ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from crisis_desktop.controller.map_commands import SetToken  # noqa: E402
from crisis_desktop.resources_access import resource  # noqa: E402
from crisis_desktop.storage.campaign_store import CampaignStore  # noqa: E402
from crisis_desktop.storage.paths import AppPaths  # noqa: E402
from crisis_desktop.ui.battlemap.map_place import MapPlace  # noqa: E402
from crisis_desktop.ui.battlemap.tools import Tool  # noqa: E402
from crisis_desktop.ui.document import CampaignDocument  # noqa: E402
from crisis_desktop.ui.views.encounter_board import EncounterBoard  # noqa: E402

SHOT = ROOT / "crisis_desktop" / "docs" / "screenshots" / "battle-map.png"


def main(app: QApplication) -> None:
    paths = AppPaths(Path(tempfile.mkdtemp())).ensure()
    path = paths.campaigns / "demo.json"
    path.write_bytes(resource("demo", "campaign.json").read_bytes())
    store = CampaignStore(paths)
    document = CampaignDocument(store.load(path), path, store)
    board = EncounterBoard()
    board.set_document(document)
    board.show_encounter("enc-ambush")
    place = MapPlace()
    place.resize(1400, 820)
    place.set_document(document)
    place.show()
    app.processEvents()
    # Rask ducks behind the wreck (light cover that bullets go through) and Tomas kneels.
    document.push(SetToken("map-ridge-road", "cmb-ambush-raider-rask", (14, 7)))
    document.push(board.controller.overrides.add_condition("pc-tomas", "kneeling"))
    place.view.fit()
    place.set_tool(Tool.SIGHT)
    place.tools.pressed(place.scene.token_cell("cmb-ambush-vera"), Qt.KeyboardModifier.NoModifier)
    place.tools.pressed(place.scene.token_cell("cmb-ambush-raider-rask"), Qt.KeyboardModifier.NoModifier)
    place.scene.select_token("cmb-ambush-raider-rask")
    app.processEvents()
    SHOT.parent.mkdir(parents=True, exist_ok=True)
    place.grab().save(str(SHOT))
    print(f"wrote {SHOT}: {place.info.text()}")


if __name__ == "__main__":
    main(QApplication.instance() or QApplication(sys.argv))
