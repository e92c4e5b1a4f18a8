"""Renders crisis_desktop/docs/screenshots/skirmish-player-display.png (the plans announced once the phases resolve),
skirmish-attack.png (a 2-against-1 skirmish with everyone's odds), skirmish-board.png (the board in the melee phase)
and skirmish-map.png (the toll bridge's areas) over the skirmish demo: python
tests/gui/encounter/make_skirmish_screenshots.py [--dark] [--out DIR]."""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))

from PySide6.QtWidgets import QApplication  # noqa: E402

from crisis_desktop.rules.kernel.dice import TypedDice  # noqa: E402
from crisis_desktop.ui.battlemap.map_place import MapPlace  # noqa: E402
from crisis_desktop.ui.dialogs.attack_dialog import AttackDialog  # noqa: E402
from tests.gui.encounter.screenshot_kit import demo_board, player_display_shot, run  # noqa: E402

PLANS = {"pc-aldric": "melee:pc-aldric-0", "pc-mira": "ranged:pc-mira-0", "pc-tobin": "move",
         "npc-gorran": "melee:npc-gorran-0", "npc-brigand-1": "melee:npc-brigand-1-0",
         "npc-brigand-2": "ranged:npc-brigand-2-1", "npc-archer": "misc"}


def main(out: Path) -> None:
    document, board = demo_board("skirmish.json", 1500, 520)
    ctl = board.controller
    ids = {c.character_id: c.id for c in ctl.view.encounter.combatants}
    document.push(ctl.start(TypedDice([])))
    for character_id, choice in PLANS.items():
        document.push(ctl.step(f"plan:{ids[character_id]}", ids[character_id], choice))
    document.push(ctl.step("resolve_phases"))

    player_display_shot(document, board, out / "skirmish-player-display.png")

    # The ranged phase: Mira's arrow drops the spearman, who still throws his javelin at Aldric.
    document.push(ctl.attack(ctl.preview.attack_request(ids["pc-mira"], "pc-mira-0", ids["npc-brigand-2"]),
                             TypedDice([18, 2, 2])))
    document.push(ctl.attack(ctl.preview.attack_request(ids["npc-brigand-2"], "npc-brigand-2-1", ids["pc-aldric"]),
                             TypedDice([10, 5, 3])))
    document.push(ctl.step("next_phase"))
    dialog = AttackDialog(ctl, ids["pc-aldric"], ids["npc-gorran"])
    dialog.resize(760, 10)
    dialog.show()
    dialog.tick(ids["npc-brigand-1"])
    dialog.typed_dice.setChecked(True)
    dialog.faces.setText("8 15 10 2")
    QApplication.processEvents()
    dialog.adjustSize()
    QApplication.processEvents()
    dialog.grab().save(str(out / "skirmish-attack.png"))
    dialog.close()
    board.select(ids["pc-aldric"])
    QApplication.processEvents()
    board.grab().save(str(out / "skirmish-board.png"))

    place = MapPlace()
    place.resize(1100, 760)
    place.set_document(document)
    place.show()
    QApplication.processEvents()
    place.view.fit()
    place.tools.measure((3, 6), (12, 6))
    QApplication.processEvents()
    place.grab().save(str(out / "skirmish-map.png"))


if __name__ == "__main__":
    run(main)
