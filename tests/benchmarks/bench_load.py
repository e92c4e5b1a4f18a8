"""Benchmark: loading a generated 2,000-character campaign, against json.loads of the same file.

Run: python tests/benchmarks/bench_load.py [characters]
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tools")]

from make_big_campaign import make_campaign  # noqa: E402

from crisis_desktop.storage.campaign_store import CampaignStore  # noqa: E402
from crisis_desktop.storage.paths import AppPaths  # noqa: E402


def best_of(fn, runs: int = 7) -> float:  # type: ignore[no-untyped-def]
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    with tempfile.TemporaryDirectory() as data:
        paths = AppPaths(Path(data)).ensure()
        path = paths.campaigns / "big.json"
        path.write_text(json.dumps(make_campaign(n, seed=1), indent=2))
        store = CampaignStore(paths)
        campaign = store.load(path)
        assert len(campaign.characters) == n
        baseline = best_of(lambda: json.loads(path.read_bytes()))
        load = best_of(lambda: store.load(path))
        size = path.stat().st_size
    print(f"file: {n} characters, {size / 1e6:.1f} MB")
    print(f"json.loads of the file: median {baseline * 1000:.1f} ms")
    print(f"CampaignStore.load: median {load * 1000:.1f} ms")
    print(f"ratio: {load / baseline:.2f}x (goal: at most 3x)")


if __name__ == "__main__":
    main()
