"""Benchmark: the Characters place at N characters, timed as the user waits for it (worst case and median).

Through the real view: opening the place (set_document, first paint), every keystroke of typing a word
into the search box and deleting it letter by letter, each kind filter, sorting by each column both ways,
and typing into a sheet field; each step followed by processing events, so the table's repaint counts.
The baseline, measured in the same run, is a list comprehension over the characters' cached search texts.
Goal: every keystroke, filter change and sort under 16 ms worst at 10,000 characters.
Run: python tests/benchmarks/bench_filter.py [characters]
"""

from __future__ import annotations

import gc
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tools")]

from make_big_campaign import make_campaign  # noqa: E402
from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtWidgets import QApplication, QLineEdit  # noqa: E402

from crisis_desktop.domain import Campaign  # noqa: E402
from crisis_desktop.rules.base import Ruleset  # noqa: E402
from crisis_desktop.rules.registry import get_ruleset  # noqa: E402
from crisis_desktop.storage.campaign_store import CampaignStore  # noqa: E402
from crisis_desktop.storage.paths import AppPaths  # noqa: E402
from crisis_desktop.ui.document import CampaignDocument  # noqa: E402
from crisis_desktop.ui.views.characters_view import CharactersView  # noqa: E402

# Typing "raider" and deleting it again: twelve keystrokes, narrowing then widening the filter.
WORD = "raider"
KEYSTROKES = [WORD[:i] for i in range(1, len(WORD) + 1)] + [WORD[:i] for i in range(len(WORD) - 1, -1, -1)]


def rules(ruleset_id: str) -> Ruleset:
    """The real rules when they load, else the tests' fake ones (filtering does not depend on them)."""
    try:
        return get_ruleset(ruleset_id)
    except ImportError:
        from tests.gui.characters.fake_ruleset import FakeRuleset

        return FakeRuleset()


def times_of(step: Callable[[object], object], arguments: list[object], rounds: int = 3) -> list[float]:
    """Seconds of each step over `rounds` passes of the arguments."""
    times = []
    for _ in range(rounds):
        for argument in arguments:
            start = time.perf_counter()
            step(argument)
            times.append(time.perf_counter() - start)
    return times


def line(label: str, times: list[float], base: float) -> str:
    median, worst = statistics.median(times), max(times)
    return (f"{label:<34} median {median * 1000:7.2f} ms, worst {worst * 1000:7.2f} ms "
            f"({worst / base:.1f}x baseline)")


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    app = QApplication.instance() or QApplication([])
    with tempfile.TemporaryDirectory() as data:
        paths = AppPaths(Path(data)).ensure()
        store = CampaignStore(paths)
        path = paths.campaigns / "big.json"
        store.save(Campaign.model_validate(make_campaign(n, seed=1)), path)
        document = CampaignDocument(store.load(path), path, store)
        gc.freeze()                 # as the main window does with the campaign it opens
        view = CharactersView(rules)
        view.resize(1400, 900)
        view.show()
        app.processEvents()

        start = time.perf_counter()
        view.set_document(document)
        app.processEvents()
        opened = time.perf_counter() - start
        # The idle work after opening (the other columns' sort keys), longest single step of it.
        idle_steps = []
        settle = time.perf_counter()
        while time.perf_counter() - settle < 1.0:
            step = time.perf_counter()
            app.processEvents()
            idle_steps.append(time.perf_counter() - step)

        haystacks = [f"{c.name}\n{c.player}\n{' '.join(c.tags)}\n{c.notes}".casefold()
                     for c in document.campaign.characters]

        def baseline(text: object) -> object:
            words = str(text).casefold().split()
            return [h for h in haystacks if all(w in h for w in words)]

        def keystroke(text: object) -> object:
            view.search.setText(str(text))  # what a keystroke does: filter, re-sort, then the table repaints
            app.processEvents()
            return view.proxy.rowCount()

        def kind(index: object) -> object:
            view.kind_filter.setCurrentIndex(int(str(index)))
            app.processEvents()
            return view.proxy.rowCount()

        def sort(spec: object) -> object:
            column, order = spec  # type: ignore[misc]
            view.table.sortByColumn(column, order)
            app.processEvents()
            return view.proxy.rowCount()

        base_times = times_of(baseline, list(KEYSTROKES))
        base = statistics.median(base_times)
        keys = times_of(keystroke, list(KEYSTROKES))
        kinds = times_of(kind, [1, 2, 0])
        orders = [(c, o) for c in range(4) for o in (Qt.SortOrder.DescendingOrder, Qt.SortOrder.AscendingOrder)]
        sorts = times_of(sort, orders)
        view.search.setText("raid")
        app.processEvents()
        sorted_filtered = times_of(sort, orders)
        view.search.setText("")
        view.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        app.processEvents()

        # Typing into a sheet field: the name of the current character, a letter at a time.
        view.table.setCurrentIndex(view.proxy.index(0, 0))
        app.processEvents()
        name_edit = next(e for e in view.findChildren(QLineEdit) if e.isVisible() and e is not view.search
                         and e.text() == view.table.currentIndex().data())
        name_edit.setFocus()

        def type_letter(letter: object) -> object:
            name_edit.insert(str(letter))
            app.processEvents()
            return None

        typing = times_of(type_letter, list("abcdefghij"), rounds=1)
    print(f"{n} characters, keystrokes {KEYSTROKES}")
    print(f"baseline: list comprehension over cached texts, median {base * 1000:.2f} ms per keystroke")
    print(f"opening the place (set_document + paint): {opened * 1000:.1f} ms ({opened / base:.1f}x baseline)")
    print(f"idle work after opening: longest step {max(idle_steps) * 1000:.1f} ms")
    print(line("search keystroke + repaint", keys, base))
    print(line("kind filter + repaint", kinds, base))
    print(line("column sort + repaint", sorts, base))
    print(line("column sort, filtered, + repaint", sorted_filtered, base))
    print(line("typing in the sheet's name field", typing, base))
    print("goal: every keystroke, filter change and sort under 16 ms worst")


if __name__ == "__main__":
    main()
