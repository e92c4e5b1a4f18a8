"""Benchmark: a full frame of a 200 x 200 battle map with painted cover and 500 tokens, rendered offscreen.

Renders the view (fitted, so every cell and token is in the frame) into a 1600 x 1000 QImage, and also a
zoomed-in frame (a 40 x 25 cell window, where patterns, zone names and token letters are drawn).
The baseline, measured in the same run, fills the same QImage with one colour and draws 500 ellipses.
The goal is a full frame under 16 ms.
Run: python tests/benchmarks/bench_map_render.py [tokens] [hex]
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from PySide6.QtCore import QPointF, QRectF  # noqa: E402
from PySide6.QtGui import QColor, QImage, QPainter  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from crisis_desktop.domain import Campaign, Character  # noqa: E402
from crisis_desktop.domain.battle_map import BattleMap, Cell, Cover, GridKind, Token  # noqa: E402
from crisis_desktop.domain.encounter import Combatant, Encounter, Side  # noqa: E402
from crisis_desktop.rules.registry import get_ruleset  # noqa: E402
from crisis_desktop.ui.battlemap.scene import MapScene  # noqa: E402
from crisis_desktop.ui.battlemap.view import MapView  # noqa: E402

WIDTH, HEIGHT = 1600, 1000


def big_campaign(tokens: int, seed: int = 7, kind: GridKind = GridKind.SQUARE) -> Campaign:
    rng = random.Random(seed)
    cells: dict[tuple[int, int], Cell] = {}
    for _ in range(900):       # walls, hedges and rubble in short runs, about a fifth of the map
        x, y = rng.randrange(200), rng.randrange(200)
        cover = rng.choice([Cover.LIGHT, Cover.HEAVY, Cover.TOTAL])
        dx, dy = rng.choice([(1, 0), (0, 1)])
        for i in range(rng.randrange(3, 15)):
            xy = (min(199, x + i * dx), min(199, y + i * dy))
            cells[xy] = Cell(x=xy[0], y=xy[1], cover=cover, penetrable=rng.random() < 0.3,
                             difficult=rng.random() < 0.1, zone="ruin" if rng.random() < 0.05 else "")
    free = [(x, y) for x in range(200) for y in range(200) if (x, y) not in cells]
    spots = rng.sample(free, tokens)
    characters = [Character(id=f"c{i}", name=f"Fighter {i}") for i in range(tokens)]
    combatants = [Combatant(id=f"k{i}", character_id=f"c{i}", side=Side.PARTY if i % 2 else Side.ENEMIES)
                  for i in range(tokens)]
    battle_map = BattleMap(id="big", name="Big", grid=kind, width=200, height=200, cells=list(cells.values()),
                           tokens=[Token(combatant_id=f"k{i}", x=x, y=y) for i, (x, y) in enumerate(spots)])
    encounter = Encounter(id="fight", name="Fight", combatants=combatants, battle_map_id="big")
    return Campaign(ruleset="crisis", name="Bench", characters=characters, encounters=[encounter],
                    battle_maps=[battle_map])


def timed(render: Callable[[], None], rounds: int = 30) -> float:
    render()      # warm-up: the cell layer's image, glyph caches
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        render()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main(app: QApplication) -> None:
    tokens = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    kind = GridKind.HEX if "hex" in sys.argv[2:] else GridKind.SQUARE
    campaign = big_campaign(tokens, kind=kind)
    scene = MapScene()
    scene.show_map(campaign, "big", "fight", get_ruleset("crisis"))
    view = MapView(scene)
    view.resize(WIDTH, HEIGHT)
    view.show()
    app.processEvents()
    view.fit()
    image = QImage(WIDTH, HEIGHT, QImage.Format.Format_ARGB32_Premultiplied)

    def frame() -> None:
        painter = QPainter(image)
        view.render(painter)
        painter.end()

    rng = random.Random(1)
    spots = [QPointF(rng.uniform(0, WIDTH), rng.uniform(0, HEIGHT)) for _ in range(tokens)]

    def baseline() -> None:
        image.fill(QColor(236, 234, 224))
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setBrush(QColor(190, 45, 45))
        for spot in spots:
            painter.drawEllipse(spot, 3.0, 3.0)
        painter.end()

    base = timed(baseline)
    full = timed(frame)
    view.resetTransform()
    view.centerOn(scene.centre((100, 100)))
    zoomed = timed(frame)
    print(f"200 x 200 {kind.value} map, {len(campaign.battle_maps[0].cells)} painted cells, {tokens} tokens, "
          f"{WIDTH} x {HEIGHT} frame")
    print(f"baseline (fill + {tokens} ellipses): {base:.2f} ms")
    print(f"full frame (fitted):  {full:.2f} ms = {full / base:.1f} x baseline (goal < 16 ms)")
    print(f"zoomed frame (1:1):   {zoomed:.2f} ms = {zoomed / base:.1f} x baseline")
    visible = QRectF(view.mapToScene(view.viewport().rect()).boundingRect())
    # Every zoom the wheel reaches, each frame centred on the middle of the map: the worst frame counts.
    sweep = []
    for scale in (0.05, 0.1, 0.15, 0.2, 0.3, 0.5, 0.75, 1.0, 1.5, 2.0, 3.0):
        view.resetTransform()
        view.scale(scale, scale)
        view.centerOn(scene.centre((100, 100)))
        sweep.append((timed(frame, rounds=10), scale))
    worst, at = max(sweep)
    print(f"zoom sweep {', '.join(f'{s:g}: {t:.1f}' for t, s in sweep)} ms")
    print(f"worst frame over the zooms: {worst:.2f} ms at {at:g}x = {worst / base:.1f} x baseline (goal < 16 ms)")
    print(f"  (zoomed view shows {visible.width() / scene.size:.0f} x {visible.height() / scene.size:.0f} cells)")


if __name__ == "__main__":
    main(QApplication.instance() or QApplication(sys.argv))
