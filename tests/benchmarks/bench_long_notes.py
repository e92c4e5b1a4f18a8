"""Benchmark: a campaign whose first character has very long notes, through the GUI: open it, show that
character's sheet, type one character into the notes, read the table's tooltip, render its sheet as a PDF page;
against json.loads of the same file. A file the app refuses reports its message and how long the refusal took.

Run: QT_QPA_PLATFORM=offscreen python tests/benchmarks/bench_long_notes.py [characters-of-notes] [line|lines]
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT)]

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from crisis_desktop.resources_access import resource  # noqa: E402
from crisis_desktop.storage.paths import AppPaths  # noqa: E402
from crisis_desktop.ui.dialogs.ask import Ask  # noqa: E402
from crisis_desktop.ui.main_window import MainWindow  # noqa: E402


def timed(fn):  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    result = fn()
    QApplication.processEvents()
    return time.perf_counter() - start, result


def main() -> None:
    size = int(sys.argv[1]) if len(sys.argv) > 1 else 50_000_000
    shape = sys.argv[2] if len(sys.argv) > 2 else "line"
    app = QApplication.instance() or QApplication([])
    said: list[str] = []
    Ask.error = classmethod(lambda _c, _p, title, text: said.append(f"{title}: {text}"))  # type: ignore[method-assign]
    Ask.info = classmethod(lambda _c, _p, title, text: said.append(f"{title}: {text}"))  # type: ignore[method-assign]
    with tempfile.TemporaryDirectory() as data:
        paths = AppPaths(Path(data)).ensure()
        campaign = json.loads(resource("demo", "campaign.json").read_bytes())
        notes = "word " * (size // 5) if shape == "line" else ("word " * 15 + "\n") * (size // 76)
        campaign["characters"][0]["notes"] = notes
        path = paths.campaigns / "long-notes.json"
        path.write_text(json.dumps(campaign, indent=2), encoding="utf-8")
        print(f"file: {path.stat().st_size / 1e6:.1f} MB, notes of {len(notes):,} characters ({shape})")
        baseline, _ = timed(lambda: json.loads(path.read_bytes()))
        print(f"json.loads of the file: {baseline * 1000:.0f} ms")
        window = MainWindow(paths)
        window.show()
        took, opened = timed(lambda: window.open_campaign(path))
        print(f"open in the window: {took * 1000:.0f} ms = {took / baseline:.1f}x; opened: {opened}")
        if not opened:
            print("message:", said[-1] if said else "(none)")
            return
        view = window.characters
        assert view is not None
        window.tabs.setCurrentIndex(1)
        first = window.document.campaign.characters[0].id
        took, _ = timed(lambda: view.select([first]))
        print(f"show the sheet: {took * 1000:.0f} ms")
        box = view.sheet.notes
        box.setFocus()
        took, _ = timed(lambda: box.insertPlainText("x"))
        print(f"type one character into the notes: {took * 1000:.0f} ms")
        tip = view.model.index(0, 0).data(Qt.ItemDataRole.ToolTipRole) or ""
        print(f"table tooltip: {len(tip):,} characters")
        from crisis_desktop.export.pdf import render_pdf_bytes
        from crisis_desktop.export.sheet import build_sheet

        sheet = build_sheet(window.document.campaign.characters[0], window.document.session.ruleset)
        took, pdf = timed(lambda: render_pdf_bytes([sheet]))
        print(f"PDF of the sheet: {took * 1000:.0f} ms, {len(pdf) / 1e3:.0f} kB")
        window.document.undo_stack.setClean()
        window.close()
    app.processEvents()


if __name__ == "__main__":
    main()
