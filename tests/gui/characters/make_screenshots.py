"""Renders the sheet editor's screenshots offscreen at 1280x800: python tests/gui/characters/make_screenshots.py.

crisis_desktop/docs/screenshots/sheet-editor.png (Vera Kask's sheet with its key values; a copy in docs/screenshots
for the README) and sheet-refused.png (a DMG of "d5" typed in the weapons table, refused with the reason)."""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

os.environ["QT_QPA_PLATFORM"] = "offscreen"
ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from crisis_desktop.domain import ItemKind  # noqa: E402
from crisis_desktop.storage.demo import seed_demo  # noqa: E402
from crisis_desktop.storage.paths import AppPaths  # noqa: E402
from crisis_desktop.ui.main_window import MainWindow  # noqa: E402

GUIDE = ROOT / "crisis_desktop" / "docs" / "screenshots"
README_SHOTS = ROOT / "docs" / "screenshots"


def main(app: QApplication) -> None:
    with tempfile.TemporaryDirectory() as data:
        paths = AppPaths(Path(data)).ensure()
        seed_demo(paths)
        window = MainWindow(paths)
        window.resize(1280, 800)
        window.show()
        window.files.start(None)
        window.tabs.setCurrentIndex(1)
        view = window.characters
        assert view is not None
        vera = next(c.id for c in view.document.campaign.characters if c.name == "Vera Kask")
        view.select([vera])
        app.processEvents()
        window.grab().save(str(GUIDE / "sheet-editor.png"))
        shutil.copyfile(GUIDE / "sheet-editor.png", README_SHOTS / "sheet-editor.png")
        model = view.sheet.equipment.models[ItemKind.WEAPON]
        column = next(c for c in range(model.columnCount()) if model.headerData(c, Qt.Orientation.Horizontal) == "DMG")
        model.setData(model.index(0, column), "d5")
        app.processEvents()
        window.grab().save(str(GUIDE / "sheet-refused.png"))
        window.document.undo_stack.setClean()
        window.close()
    print("wrote sheet-editor.png and sheet-refused.png")


if __name__ == "__main__":
    application = QApplication.instance() or QApplication(sys.argv[:1])
    application.setStyle("Fusion")
    main(application)
