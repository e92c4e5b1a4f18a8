"""Renders crisis_desktop/docs/screenshots/simulate.png offscreen (the Raider Ambush of the crisis demo, as prepared
and with one more Rask, side by side): python tests/gui/encounter/make_simulate_screenshot.py [fights]."""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ["QT_QPA_PLATFORM"] = "offscreen"
ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))

from PySide6.QtWidgets import QApplication  # noqa: E402

from crisis_desktop.resources_access import resource  # noqa: E402
from crisis_desktop.rules.registry import get_ruleset  # noqa: E402
from crisis_desktop.storage.campaign_file import parse_campaign_bytes  # noqa: E402
from crisis_desktop.ui.dialogs.simulate_dialog import SimulateDialog  # noqa: E402

SHOTS = ROOT / "crisis_desktop" / "docs" / "screenshots"


def main(app: QApplication) -> None:
    campaign = parse_campaign_bytes(resource("demo", "campaign.json").read_bytes(), Path("campaign.json"))
    encounter = next(e for e in campaign.encounters if e.name == "Raider Ambush")
    dialog = SimulateDialog(campaign, encounter.id, get_ruleset(campaign.ruleset))
    dialog.resize(1240, 1000)
    dialog.show()
    dialog.runs.setValue(int(sys.argv[1]) if len(sys.argv) > 1 else 400)
    dialog.seed.setValue(1)
    dialog.cover["party"].setChecked(True)
    dialog.flee["enemies"].setCurrentIndex(2)
    index = next(i for i in range(dialog.change.count()) if "Number of Rask" in dialog.change.itemText(i))
    dialog.change.setCurrentIndex(index)
    dialog.value.setValue(2)
    dialog.start()
    dialog.wait(3600)
    app.processEvents()
    dialog.grab().save(str(SHOTS / "simulate.png"))
    print(dialog.status.text())


if __name__ == "__main__":
    main(QApplication(sys.argv[:1]))
