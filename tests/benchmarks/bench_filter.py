"""Benchmark: filtering 2,000 characters per keystroke in the Characters view, against a plain list comprehension.

Run: python tests/benchmarks/bench_filter.py [characters]
"""

from __future__ import annotations

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
from PySide6.QtWidgets import QApplication  # noqa: E402

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


def per_keystroke(step: Callable[[str], object], rounds: int = 5) -> float:
    """Median seconds of one keystroke over `rounds` passes of the keystroke sequence."""
    times = []
    for _ in range(rounds):
        for text in KEYSTROKES:
            start = time.perf_counter()
            step(text)
            times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    app = QApplication.instance() or QApplication([])
    with tempfile.TemporaryDirectory() as data:
        paths = AppPaths(Path(data)).ensure()
        store = CampaignStore(paths)
        path = paths.campaigns / "big.json"
        store.save(Campaign.model_validate(make_campaign(n, seed=1)), path)
        document = CampaignDocument(store.load(path), path, store)
        view = CharactersView(rules)
        view.resize(1400, 900)
        view.set_document(document)
        view.show()
        app.processEvents()

        haystacks = [f"{c.name}\n{c.player}\n{' '.join(c.tags)}\n{c.notes}".casefold()
                     for c in document.campaign.characters]

        def baseline(text: str) -> object:
            words = text.casefold().split()
            return [h for h in haystacks if all(w in h for w in words)]

        def proxy_only(text: str) -> object:
            view.proxy.set_search(text)
            return view.proxy.rowCount()

        def through_view(text: str) -> object:
            view.search.setText(text)  # what a keystroke does: filter, re-sort, then the table repaints
            app.processEvents()
            return view.proxy.rowCount()

        base = per_keystroke(baseline)
        proxy = per_keystroke(proxy_only)
        shown = per_keystroke(through_view)
    print(f"{n} characters, keystrokes {KEYSTROKES}")
    print(f"list comprehension over cached texts: median {base * 1000:.2f} ms per keystroke")
    print(f"filter proxy (filter + sort):         median {proxy * 1000:.2f} ms ({proxy / base:.1f}x)")
    print(f"search box + repaint:                 median {shown * 1000:.2f} ms ({shown / base:.1f}x); "
          f"goal under 16 ms")


if __name__ == "__main__":
    main()
