"""Renders the screenshots in docs/screenshots from the demo campaign (offscreen, reproducible).

Run: QT_QPA_PLATFORM=offscreen python tools/screenshots.py
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from PySide6.QtWidgets import QApplication  # noqa: E402

from crisis_desktop.storage.demo import seed_demo  # noqa: E402
from crisis_desktop.storage.paths import AppPaths  # noqa: E402
from crisis_desktop.ui.main_window import MainWindow  # noqa: E402

OUT = ROOT / "docs" / "screenshots"


def shoot(widget, name: str) -> None:  # type: ignore[no-untyped-def]
    QApplication.processEvents()
    path = OUT / name
    widget.grab().save(str(path))
    print(f"wrote {path.relative_to(ROOT)}")


def main() -> None:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setStyle("Fusion")
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as data:
        paths = AppPaths(Path(data)).ensure()
        seed_demo(paths)
        window = MainWindow(paths)
        window.resize(1200, 760)
        window.show()
        window.start(None)
        shoot(window, "main-window.png")
        window.tabs.setCurrentIndex(1)
        view = window.characters
        row = next(r for r in range(view.proxy.rowCount())
                   if view.proxy.index(r, 0).data() == "Vera Kask")
        view.table.selectRow(row)
        shoot(window, "characters.png")
        window.tabs.setCurrentIndex(2)
        shoot(window, "encounter-place.png")
        window.document.undo_stack.setClean()
        window.close()


if __name__ == "__main__":
    main()
