"""Benchmark: dragging a token across a 200 x 200 battle map (900 painted runs of cover, 500 tokens), per cell.

Times what the user waits for at each cell the pointer enters: the map tools' drag handler (the rules' move
plan and its path, the path overlay and label) and the view's repaint, through the real scene and view. Two
drags of 60 cells each, outwards then back: in the set-up (free placement: a path over the whole map) and in a
running fight under the crisis rules (the path within two moves, else any path). The baseline, measured in
the same run, is one search for the path to the last cell from scratch, as each cell did before.
Goal: under 8 ms per cell, worst case.
Run: python tests/benchmarks/bench_drag.py [hex]
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path[:0] = [str(Path(__file__).resolve().parents[2]), str(Path(__file__).resolve().parent)]

from bench_map_render import big_campaign  # noqa: E402
from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from crisis_desktop.controller.encounter import EncounterController  # noqa: E402
from crisis_desktop.domain.battle_map import Cell, GridKind  # noqa: E402
from crisis_desktop.rules.kernel.dice import RandomDice  # noqa: E402
from crisis_desktop.rules.kernel.geometry import movement as geometry_movement  # noqa: E402
from crisis_desktop.rules.registry import get_ruleset  # noqa: E402
from crisis_desktop.ui.battlemap.scene import MapScene  # noqa: E402
from crisis_desktop.ui.battlemap.tools import MapTools  # noqa: E402
from crisis_desktop.ui.battlemap.view import MapView  # noqa: E402


def main(app: QApplication) -> None:
    kind = GridKind.HEX if "hex" in sys.argv[1:] else GridKind.SQUARE
    campaign = big_campaign(500, kind=kind)
    ruleset = get_ruleset("crisis")
    scene = MapScene()
    scene.show_map(campaign, "big", "fight", ruleset)
    view = MapView(scene)
    view.resize(1600, 1000)
    view.show()
    view.fit()
    app.processEvents()
    controller: list[EncounterController | None] = [None]
    tools = MapTools(scene, lambda command: None, lambda: controller[0], lambda: Cell(x=0, y=0),
                     lambda: None, lambda: None)
    battle_map = campaign.battle_maps[0]
    token = battle_map.tokens[0]
    start = (token.x, token.y)
    occupied = scene.occupied(besides=token.combatant_id)
    # The pointer goes straight right (or left near the edge) 60 cells, then back.
    step = 1 if start[0] < 100 else -1
    cells = [(start[0] + step * i, start[1]) for i in range(1, 61)]
    cells += cells[-2::-1]

    def drag() -> list[float]:
        tools.pressed(start, Qt.KeyboardModifier.NoModifier)  # the press (selecting the token) is its own event
        app.processEvents()
        times = []
        for cell in cells:
            begin = time.perf_counter()
            tools.dragged(cell)
            app.processEvents()
            times.append(time.perf_counter() - begin)
        tools.released(None)
        geometry_movement._SEARCHES.clear()
        return times

    def fresh(goal: tuple[int, int]) -> float:
        geometry_movement._SEARCHES.clear()
        begin = time.perf_counter()
        geometry_movement.find_path(scene.terrain, start, goal, occupied=occupied)
        took = time.perf_counter() - begin
        geometry_movement._SEARCHES.clear()
        return took

    base = statistics.median(fresh(cells[59]) for _ in range(3))
    setup = drag()
    ctl = EncounterController(campaign, "fight", ruleset)
    ctl.start(RandomDice(1))
    controller[0] = ctl
    fight = drag()
    print(f"200 x 200 {kind.value} map, {len(battle_map.cells)} painted cells, 500 tokens; drag of {len(cells)} cells")
    print(f"baseline: one path search from scratch to the farthest cell, {base * 1000:.2f} ms")
    for label, times in (("set-up (free placement)", setup), ("running fight, crisis rules", fight)):
        worst = max(times)
        print(f"{label:<28} per cell: median {statistics.median(times) * 1000:.2f} ms, "
              f"worst {worst * 1000:.2f} ms ({worst / base:.2f}x baseline, cell {times.index(worst) + 1}); "
              "goal under 8 ms")


if __name__ == "__main__":
    main(QApplication.instance() or QApplication(sys.argv))
