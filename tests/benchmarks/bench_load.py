"""Benchmark: loading a generated campaign, against json.loads of the same bytes, as this build saves it (UTF-8)
and as other writers may (every non-ASCII letter as a \\u escape, emoji as escaped surrogate pairs).

Run: python tests/benchmarks/bench_load.py [characters]
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tools")]

from make_big_campaign import make_campaign  # noqa: E402

from crisis_desktop.domain import Campaign  # noqa: E402
from crisis_desktop.storage.campaign_file import campaign_bytes  # noqa: E402
from crisis_desktop.storage.campaign_store import CampaignStore  # noqa: E402
from crisis_desktop.storage.paths import AppPaths  # noqa: E402

# Text a GM types in several languages, with emoji: every character outside ASCII.
WORDS = ("Ærøskøbing", "Jörmungandr", "Đặng", "Смирнова", "東京", "café", "🗡️", "🛡️", "🔥", "Zoë")


def best_of(fn, runs: int = 9) -> float:  # type: ignore[no-untyped-def]
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def with_foreign_text(data: dict[str, Any]) -> dict[str, Any]:
    rng = random.Random(3)
    for character in data["characters"]:
        character["name"] = f"{rng.choice(WORDS)} {character['name']}"
        character["notes"] = " ".join(rng.choice(WORDS) for _ in range(40))
    return data


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    data = with_foreign_text(make_campaign(n, seed=1))
    as_saved = campaign_bytes(Campaign.model_validate(data))
    variants = {
        "as this build saves it (UTF-8)": as_saved,
        "every non-ASCII character a \\u escape": json.dumps(data, indent=2).encode(),
    }
    print(f"{n} characters")
    with tempfile.TemporaryDirectory() as folder:
        paths = AppPaths(Path(folder)).ensure()
        store = CampaignStore(paths)
        for label, raw in variants.items():
            path = paths.campaigns / "big.json"
            path.write_bytes(raw)
            assert len(store.load(path).characters) == n
            baseline = best_of(lambda: json.loads(path.read_bytes()))  # noqa: B023
            load = best_of(lambda: store.load(path))  # noqa: B023
            escapes = raw.count(b"\\u")
            print(f"{label}: {len(raw) / 1e6:.1f} MB, {escapes:,} escapes; json.loads {baseline * 1000:.0f} ms, "
                  f"CampaignStore.load {load * 1000:.0f} ms: {load / baseline:.2f}x (goal: at most 2x)")


if __name__ == "__main__":
    main()
