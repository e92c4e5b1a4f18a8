"""Benchmark: what opening a campaign file costs for its size, in time and peak memory, at shapes that used to cost
far more than their bytes: a fully painted 1000 x 1000 map (as this build writes it, and in the old format of one
object a cell, which is upgraded on the way in), a fully revealed one, a million rule-option keys, names, tags and
condition keys at their bounds and far beyond them, and many characters. Each against `json.loads` of the same bytes.

Each case runs in a fresh process: the peak is the growth of its resident high-water mark (VmHWM) over the operation,
measured after the imports; the time is the best of three runs of the operation.
Run: python tests/benchmarks/bench_open_cost.py [case ...]   (cases by the start of their name; all by default)
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tools")]

from crisis_desktop.domain.battle_map import Cell, Cover, PaintedTerrain  # noqa: E402
from crisis_desktop.domain.campaign import SCHEMA_VERSION  # noqa: E402
from crisis_desktop.domain.limits import ENTRIES_MAX, KEY_MAX  # noqa: E402

SIDE = 1000
BIG = 50 * 1024 * 1024      # a text of 50 MB


def _campaign(**fields: Any) -> dict[str, Any]:
    return {"schema_version": SCHEMA_VERSION, "name": "Cost", "ruleset": "crisis", **fields}


def _paints(rng: random.Random) -> list[tuple[Cover, bool, bool, str]]:
    covers = list(Cover)
    return [(rng.choice(covers), rng.random() < 0.3, rng.random() < 0.3, rng.choice(("", "yard", "river", "hall")))
            for _ in range(SIDE * SIDE)]


def painted_map() -> dict[str, Any]:
    """Every cell of a 1000 x 1000 map painted, one of up to 32 kinds of paint at random, as this build writes it."""
    rng = random.Random(1)
    cells = (Cell(x=i % SIDE, y=i // SIDE, cover=c, penetrable=p, difficult=d, zone=z)
             for i, (c, p, d, z) in enumerate(_paints(rng)) if c is not Cover.NONE or p or d or z)
    terrain = PaintedTerrain.of_cells(cells).model_dump(mode="json")
    return _campaign(battle_maps=[{"name": "Painted", "width": SIDE, "height": SIDE, "terrain": terrain}])


def painted_map_v4() -> dict[str, Any]:
    """The same map in file format 4: one object a painted cell (17.8 MB), upgraded by the migration."""
    rng = random.Random(1)
    cells = [{"x": i % SIDE, "y": i // SIDE, "cover": c.value, "penetrable": p, "difficult": d, "zone": z}
             for i, (c, p, d, z) in enumerate(_paints(rng)) if c is not Cover.NONE or p or d or z]
    return {**_campaign(battle_maps=[{"name": "Painted", "width": SIDE, "height": SIDE, "cells": cells}]),
            "schema_version": 4}


def revealed_map() -> dict[str, Any]:
    """A 1000 x 1000 map under fog with every cell revealed."""
    revealed = [[x, y] for y in range(SIDE) for x in range(SIDE)]
    return _campaign(battle_maps=[{"name": "Fog", "width": SIDE, "height": SIDE, "fog": True, "revealed": revealed}])


def option_keys(n: int) -> Callable[[], dict[str, Any]]:
    def make() -> dict[str, Any]:
        return _campaign(rule_options={f"option {i:07d}": i for i in range(n)})
    return make


def words_at_bounds() -> dict[str, Any]:
    """200 characters, each with a player name, tags and condition keys as long and as many as a character holds."""
    word = "w" * KEY_MAX
    characters = [{"name": f"C{i}", "player": word, "tags": [f"{j:03d}{word[3:]}" for j in range(KEY_MAX)],
                   "conditions": [{"key": f"{j:03d}{word[3:]}"} for j in range(KEY_MAX)]} for i in range(200)]
    return _campaign(characters=characters)


def big_word(where: str) -> Callable[[], dict[str, Any]]:
    def make() -> dict[str, Any]:
        text = "w" * BIG
        character: dict[str, Any] = {"name": "Vera", "player": text} if where == "player" else \
            {"name": "Vera", "tags": [text]} if where == "tag" else {"name": "Vera", "conditions": [{"key": text}]}
        return _campaign(characters=[character])
    return make


def many_characters() -> dict[str, Any]:
    from make_big_campaign import make_campaign
    return make_campaign(10_000, seed=1)


def long_flow() -> dict[str, Any]:
    """An encounter whose fight flow holds a list of a million ids."""
    return _campaign(encounters=[{"name": "E", "flow": {"order": [f"c{i}" for i in range(1_000_000)]}}])


CASES: dict[str, Callable[[], dict[str, Any]]] = {
    "painted 1000 x 1000 map": painted_map,
    "painted 1000 x 1000 map, format 4": painted_map_v4,
    "revealed 1000 x 1000 map": revealed_map,
    "1,000,000 rule-option keys": option_keys(1_000_000),
    f"{ENTRIES_MAX:,} rule-option keys": option_keys(ENTRIES_MAX),
    "names, tags, condition keys at their bounds": words_at_bounds,
    "a 50 MB player name": big_word("player"),
    "a 50 MB tag": big_word("tag"),
    "a 50 MB condition key": big_word("condition"),
    "10,000 characters": many_characters,
    "a flow of 1,000,000 ids": long_flow,
}

CHILD = """
import json, sys, time
sys.path.insert(0, {root!r})
from pathlib import Path

def peak_kib():
    with open("/proc/self/status") as status:
        return int(next(line for line in status if line.startswith("VmHWM:")).split()[1])

path = Path({path!r})
raw = path.read_bytes()
if {kind!r} == "json":
    def run():
        return json.loads(raw)
else:
    from crisis_desktop.domain import Campaign
    from crisis_desktop.storage.campaign_file import CampaignFileError, parse_campaign_bytes
    Campaign.model_rebuild()
    def run():
        try:
            parse_campaign_bytes(raw, path)
        except CampaignFileError as exc:
            return str(exc)
        return "opened"
before = peak_kib()
start = time.perf_counter()
outcome = run()
times = [time.perf_counter() - start]
grown = peak_kib() - before
del outcome
for _ in range(2):
    start = time.perf_counter()
    outcome = run()
    times.append(time.perf_counter() - start)
print(min(times), grown)
print(outcome if isinstance(outcome, str) else "", file=sys.stderr)
"""


def measure(kind: str, path: Path) -> tuple[float, int, str]:
    """Seconds, KiB the peak grew by, and the outcome ("opened" or the refusal) of one operation on the file."""
    done = subprocess.run([sys.executable, "-c", CHILD.format(root=str(ROOT), path=str(path), kind=kind)],
                          capture_output=True, text=True, check=True)
    took, grown = done.stdout.split()
    return float(took), int(grown), done.stderr.strip()


def main() -> None:
    wanted = sys.argv[1:]
    with tempfile.TemporaryDirectory() as folder:
        for name, make in CASES.items():
            if wanted and not any(name.startswith(w) for w in wanted):
                continue
            path = Path(folder) / "case.json"
            path.write_text(json.dumps(make(), indent=2), encoding="utf-8")
            size = path.stat().st_size
            json_s, json_kib, _ = measure("json", path)
            load_s, load_kib, outcome = measure("open", path)
            print(f"{name} ({size / 1e6:.1f} MB): {outcome[:110]}")
            print(f"  json.loads {json_s * 1000:.0f} ms, +{json_kib / 1024:.0f} MiB; open {load_s * 1000:.0f} ms, "
                  f"+{load_kib / 1024:.0f} MiB: {load_s / json_s:.1f}x the time, "
                  f"{load_kib / max(json_kib, 1):.1f}x the memory")


if __name__ == "__main__":
    main()
