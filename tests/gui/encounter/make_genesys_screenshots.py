"""Renders crisis_desktop/docs/screenshots/genesys-dice.png (an attack's pool, the typed dice palette and a rolled
result), genesys-player-display.png (the round's slots) and docs/screenshots/genesys-spending.png (spending a
roll): python tests/gui/encounter/make_genesys_screenshots.py
[--dark] [--out DIR]."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))

from PySide6.QtWidgets import QApplication  # noqa: E402

from crisis_desktop.rules.kernel.flows import StepRole  # noqa: E402
from crisis_desktop.storage.paths import AppPaths  # noqa: E402
from crisis_desktop.ui.dialogs.attack_dialog import AttackDialog  # noqa: E402
from tests.gui.encounter.screenshot_kit import SHOTS, player_display_shot, run  # noqa: E402
from tests.gui.genesys_fight import combatant, genesys_board, genesys_document  # noqa: E402


def show_whole(dialog: AttackDialog, width: int) -> None:
    """The dialog at `width`, tall enough that its scrolling body shows all it holds."""
    QApplication.processEvents()
    chrome = dialog.height() - dialog.body.viewport().height()
    dialog.resize(width, chrome + dialog.body.widget().sizeHint().height())
    QApplication.processEvents()


def spending_shot(ctl, attacker: str, target: str, out: Path) -> None:  # type: ignore[no-untyped-def]
    """genesys-spending.png: a roll with advantage and a triumph, its spending list with the GM's picks."""
    dialog = AttackDialog(ctl, attacker, target)
    dialog.resize(560, 10)
    dialog.show()
    dialog.typed_dice.setChecked(True)
    dialog.faces.setText("sa tr aa blank 50")
    dialog.roll()
    assert dialog.rolled_event is not None, dialog.problem.text()
    dialog.spending.row("recover_strain").check.setChecked(True)
    show_whole(dialog, 560)
    dialog.grab().save(str(out / "genesys-spending.png"))
    dialog.close()


def main(out: Path) -> None:
    document = genesys_document(AppPaths(Path(tempfile.mkdtemp())).ensure())
    board = genesys_board(document)
    ctl = board.controller
    kara_id, enforcer_id = combatant(board, "Kara"), combatant(board, "Enforcer")
    document.push(ctl.step("fill_slot", kara_id))
    dialog = AttackDialog(ctl, kara_id, enforcer_id)
    dialog.resize(720, 10)
    dialog.show()
    QApplication.processEvents()
    dialog.typed_dice.setChecked(True)
    for key in (("proficiency", "sa"), ("proficiency", "s"), ("ability", "aa"), ("difficulty", "th")):
        dialog.dice_entry.face_buttons[key].click()
    dialog.roll()
    show_whole(dialog, 720)
    dialog.grab().save(str(out / "genesys-dice.png"))
    dialog.close()
    assert dialog.rolled_event is not None, dialog.problem.text()
    spending_shot(ctl, kara_id, enforcer_id, ROOT / "docs" / "screenshots" if out == SHOTS else out)
    document.push(dialog.rolled_event)
    document.push(ctl.step_by_role(StepRole.ADVANCE))
    document.push(ctl.step("fill_slot", combatant(board, "Thugs")))
    document.push(ctl.step_by_role(StepRole.ADVANCE))        # PC slot 2 comes up: the players pick who acts

    player_display_shot(document, board, out / "genesys-player-display.png")


if __name__ == "__main__":
    run(main)
