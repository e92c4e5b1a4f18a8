"""Renders crisis_desktop/docs/screenshots/moments-player-display.png (declarations announced, in declaration order),
moments-attack.png (an attack with the odds of each reaction the target may choose) and moments-board.png (the board
mid-moment, resolving best to worst) over the moments demo's ford: python
tests/gui/encounter/make_moments_screenshots.py [--dark] [--out DIR]."""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))

from PySide6.QtWidgets import QApplication, QComboBox  # noqa: E402

from crisis_desktop.rules.kernel.dice import TypedDice  # noqa: E402
from crisis_desktop.ui.dialogs.attack_dialog import AttackDialog  # noqa: E402
from crisis_desktop.ui.document import CampaignDocument  # noqa: E402
from crisis_desktop.ui.views.encounter_board import EncounterBoard  # noqa: E402
from tests.gui.encounter.screenshot_kit import demo_board, player_display_shot, run  # noqa: E402

# The INT test in the encounter's order (Vera, Ilse, Corvin, Ulf, Shield-bearer, Bowman, Bandit): the shield-bearer
# crits, Vera and Ulf succeed, the others fail and the bandit fumbles.
INT_DICE = [20, 90, 70, 15, 2, 50, 100]


def declare(document: CampaignDocument, board: EncounterBoard, *choices: str) -> None:
    ctl = board.controller
    for choice in choices:
        found = next(o for o in ctl.offers() if o.key == "declare")
        document.push(ctl.step("declare", found.actors[0], choice))


def main(out: Path) -> None:
    document, board = demo_board("moments.json", 1500, 560)
    ctl = board.controller
    who = {ctl.view.name(c.id): c.id for c in ctl.view.encounter.combatants}
    document.push(ctl.start(TypedDice(INT_DICE)))
    declare(document, board, "act", "two_actions", "focus_action", "act")   # Bandit, Bowman, Corvin, Ilse

    player_display_shot(document, board, out / "moments-player-display.png")

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
    sword = next(w for w in ctl.preview.weapons(who["Vera Stone"]) if w.name == "Sword")
    document.push(ctl.attack(ctl.preview.attack_request(who["Vera Stone"], sword.id, who["Shield-bearer"],
                                                        reaction="parry"),
                             TypedDice([20, 75, 6])))
    document.push(ctl.step("next_resolver"))                                 # Red Ulf resolves now
    board.select(who["Red Ulf"])
    QApplication.processEvents()
    board.grab().save(str(out / "moments-board.png"))


if __name__ == "__main__":
    run(main)
