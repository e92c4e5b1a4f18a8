"""Benchmark: importing a Genesys adversary data set of a few hundred adversaries (the tests' generated data set,
with each field shape and its messiness): reading and mapping them, the CLI's whole run (read, map, save), and
Characters › Import in the window (one undo step: rows inserted, all selected). Each must take under a second.

Run: QT_QPA_PLATFORM=offscreen python tests/benchmarks/bench_import_adversaries.py [adversaries]
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT)]

from tests.unit.rules.genesys.adversary_data import generated, shapes, write  # noqa: E402

LIMIT = 1.0   # seconds


def best_of(runs: int, work: Callable[[], object]) -> tuple[float, float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times), statistics.median(times)


def main() -> int:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    from PySide6.QtWidgets import QApplication

    from crisis_desktop.app import main as cli
    from crisis_desktop.controller.importing import read_characters
    from crisis_desktop.domain import Campaign
    from crisis_desktop.rules.registry import get_ruleset
    from crisis_desktop.storage.campaign_store import CampaignStore
    from crisis_desktop.storage.paths import AppPaths
    from crisis_desktop.ui.dialogs.ask import Ask
    from crisis_desktop.ui.dialogs.character_dialogs import CharacterAsk
    from crisis_desktop.ui.document import CampaignDocument
    from crisis_desktop.ui.views.characters_view import CharactersView

    app = QApplication.instance() or QApplication([])
    rules = get_ruleset("genesys")
    catalogue = rules.equipment_catalogue()
    data = shapes() + generated(count)
    raw = json.dumps(data)
    folder = Path(tempfile.mkdtemp())
    source = write(folder / "setting.json", data)
    batch = read_characters(raw, rules, catalogue)
    print(f"{len(data)} entries, {len(raw) / 1024:.0f} KiB: {batch.summary()}")
    figures = {"read and map": best_of(5, lambda: read_characters(raw, rules, catalogue))}

    paths = AppPaths(folder / "data").ensure()
    store = CampaignStore(paths)

    def run_cli() -> None:
        store.create("Moor", "genesys", catalogue)
        with open(os.devnull, "w") as quiet:
            out, sys.stdout = sys.stdout, quiet
            try:
                assert cli(["--data-dir", str(paths.data_dir), "import", "--campaign", "Moor", str(source)]) == 0
            finally:
                sys.stdout = out
        for path in paths.campaigns.glob("*.json"):
            path.unlink()
    figures["crisis-desktop import"] = best_of(3, run_cli)

    def run_window() -> None:
        path = paths.campaigns / "window.json"
        store.save(Campaign(name="Window", ruleset="genesys", equipment=catalogue), path)
        document = CampaignDocument(store.load(path), path, store)
        view = CharactersView(get_ruleset)
        view.resize(1280, 800)
        view.set_document(document)
        view.show()
        app.processEvents()
        start = time.perf_counter()
        view.import_character()
        app.processEvents()
        took.append(time.perf_counter() - start)
        assert document.undo_stack.count() == 1 and len(document.campaign.characters) == len(batch.characters)
        view.close()
        view.deleteLater()
    took: list[float] = []
    CharacterAsk.open_file = classmethod(lambda *_args: source)  # type: ignore[assignment, method-assign]
    Ask.info = classmethod(lambda *_args: None)  # type: ignore[assignment, method-assign]
    for _ in range(3):
        run_window()
    figures["Characters › Import"] = (min(took), statistics.median(took))

    slow = 0
    for label, (best, median) in figures.items():
        verdict = "ok" if best < LIMIT else "TOO SLOW"
        slow += best >= LIMIT
        print(f"{label:24} best {best * 1000:7.1f} ms, median {median * 1000:7.1f} ms  {verdict}")
    return 1 if slow else 0


if __name__ == "__main__":
    sys.exit(main())
