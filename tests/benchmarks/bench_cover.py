"""Benchmark: cover for 50 attackers x 50 targets (2,500 pairs) on a painted 200 x 200 map, against plain distances.

Per pair (cover_between) with nothing cached and with lines cached, and the numpy batch (cover_many) cold: a fresh
Terrain (no lookup tables) and every line cache cleared before each run.
Run: python tests/benchmarks/bench_cover.py
"""

from __future__ import annotations

import gc
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from crisis_desktop.domain.battle_map import BattleMap, Cell, Cover, GridKind  # noqa: E402
from crisis_desktop.rules.kernel.geometry import CoverSummary, Terrain, cover_between, cover_many  # noqa: E402
from crisis_desktop.rules.kernel.geometry import cover as cover_module  # noqa: E402
from crisis_desktop.rules.kernel.geometry import tracing as trace_module  # noqa: E402
from crisis_desktop.rules.qstar.cover import firearms_step  # noqa: E402

SIZE = 200
GOAL_MS = 10.0


def painted_map(kind: GridKind, seed: int = 7) -> BattleMap:
    """Buildings (walls, some wooden, with doors), scattered crates and low walls, patches of rubble."""
    rnd = random.Random(seed)
    cells: dict[tuple[int, int], Cell] = {}
    for _ in range(60):
        x0, y0 = rnd.randrange(0, SIZE - 20), rnd.randrange(0, SIZE - 20)
        w, h = rnd.randrange(5, 20), rnd.randrange(5, 20)
        wooden = rnd.random() < 0.3
        for x in range(x0, x0 + w):
            for y in (y0, y0 + h - 1):
                cells[(x, y)] = Cell(x=x, y=y, cover=Cover.TOTAL, penetrable=wooden)
        for y in range(y0, y0 + h):
            for x in (x0, x0 + w - 1):
                cells[(x, y)] = Cell(x=x, y=y, cover=Cover.TOTAL, penetrable=wooden)
        door = (x0 + w // 2, y0)
        cells.pop(door, None)
    for _ in range(3000):
        x, y = rnd.randrange(SIZE), rnd.randrange(SIZE)
        if (x, y) not in cells:
            cover = rnd.choice([Cover.LIGHT, Cover.LIGHT, Cover.HEAVY])
            cells[(x, y)] = Cell(x=x, y=y, cover=cover, penetrable=rnd.random() < 0.5)
    for _ in range(2000):
        x, y = rnd.randrange(SIZE), rnd.randrange(SIZE)
        cells.setdefault((x, y), Cell(x=x, y=y, difficult=True))
    return BattleMap(name="bench", grid=kind, width=SIZE, height=SIZE, cells=list(cells.values()))


def timed(fn: Callable[[], object], runs: int = 15, setup: Callable[[], object] | None = None) -> tuple[float, float]:
    """(best, median) seconds of one call of fn over `runs` runs, the garbage collector off as in timeit
    (setup runs before each call, untimed). The best run is the least disturbed by other work on the machine."""
    samples = []
    for _ in range(runs):
        if setup:
            setup()
        gc.disable()
        start = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - start)
        gc.enable()
    return min(samples), statistics.median(samples)


def clear_caches() -> None:
    """Every line cached by cover_between; cover_many caches nothing but its tables on the Terrain (rebuilt fresh)."""
    for cached in (trace_module.square_trace, trace_module.hex_trace, trace_module._hex_cube_trace,
                   cover_module._line):
        cached.cache_clear()


def bench(kind: GridKind) -> None:
    battle_map = painted_map(kind)
    terrain = Terrain.of(battle_map, pierce=firearms_step)
    rnd = random.Random(11)
    open_cells = [(x, y) for x in range(SIZE) for y in range(SIZE) if (x, y) not in terrain.levels]
    attackers = rnd.sample(open_cells, 50)
    targets = rnd.sample(open_cells, 50)

    def baseline() -> None:
        for ax, ay in attackers:
            for tx, ty in targets:
                max(abs(tx - ax), abs(ty - ay))

    def all_pairs(terrain: Terrain) -> None:
        for a in attackers:
            for t in targets:
                cover_between(terrain, a, t)

    fresh: list[Terrain] = []

    def cold_setup() -> None:
        clear_caches()
        fresh[:] = [Terrain.of(battle_map, pierce=firearms_step)]

    build = timed(lambda: Terrain.of(battle_map, pierce=firearms_step), runs=3)[1]
    base = timed(baseline)
    cold = timed(lambda: all_pairs(fresh[0]), runs=3, setup=cold_setup)
    all_pairs(terrain)
    warm = timed(lambda: all_pairs(terrain))
    cover_many(terrain, attackers[:1], targets[:1])       # numpy's import is paid once per process, not here
    batch_cold = timed(lambda: cover_many(fresh[0], attackers, targets), runs=15, setup=cold_setup)
    batch_warm = timed(lambda: cover_many(terrain, attackers, targets))
    results = [cover_between(terrain, a, t) for a in attackers for t in targets]
    batch = [r for row in cover_many(terrain, attackers, targets) for r in row]
    shared = len(CoverSummary._fields) - 1           # every field but the summary's `reach` (the result's line)
    assert [tuple(r)[:shared] for r in batch] == [tuple(r)[:shared] for r in results], \
        "the batch must equal cover_between"
    blocked = sum(not r.line_of_sight for r in results)
    covered = sum(r.line_of_sight and r.terrain.value != "none" for r in results)
    mean_len = statistics.mean(len(r.relative.cells) for r in results)
    print(f"{kind.value} grid {SIZE} x {SIZE}, {len(battle_map.cells)} painted cells, "
          f"2,500 pairs (mean line {mean_len:.0f} cells; {blocked} blocked, {covered} in cover)")
    print(f"  terrain index build:                  {build * 1e3:8.2f} ms")
    report("2,500 Chebyshev distances (baseline)", base, base)
    report("2,500 covers, nothing cached", cold, base)
    report("2,500 covers, lines and walls cached", warm, base)
    report("cover_many, cold (fresh terrain)", batch_cold, base)
    report("cover_many, lookup tables built", batch_warm, base)
    for label, seconds in (("best cached per-pair run", warm[0]), ("best cold cover_many run", batch_cold[0]),
                           ("median cold cover_many run", batch_cold[1])):
        verdict = "meets" if seconds * 1e3 < GOAL_MS else "misses"
        print(f"  {label} {verdict} the {GOAL_MS:g} ms goal")


def report(label: str, times: tuple[float, float], base: tuple[float, float]) -> None:
    best, median = times
    print(f"  {label + ':':38s} best {best * 1e3:8.2f} ms = {best / base[0]:7.1f} x baseline, "
          f"median {median * 1e3:8.2f} ms = {median / base[1]:7.1f} x")


def main() -> None:
    bench(GridKind.SQUARE)
    bench(GridKind.HEX)


if __name__ == "__main__":
    main()
