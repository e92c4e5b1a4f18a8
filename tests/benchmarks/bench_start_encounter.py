"""Benchmark: Start of a 1,000-combatant encounter through the real window (board, map, undo stack, journaling),
against the rules' initiative roll for the same fighters measured in the same run.

What the GM waits for is the click on Start until the board shows round 1: the controller drafting every initiative
roll, the undo stack pushing it, the board's models following the change set and the window recording the change.
Between runs the window idles 1.2 s, as between two clicks of the GM.
Run: python tests/benchmarks/bench_start_encounter.py [combatants] [runs]   (goal: under 200 ms)
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from PySide6.QtWidgets import QApplication  # noqa: E402

from crisis_desktop.domain import Campaign  # noqa: E402
from crisis_desktop.domain.encounter import Combatant, Encounter, Side  # noqa: E402
from crisis_desktop.resources_access import resource  # noqa: E402
from crisis_desktop.rules.base import Actor  # noqa: E402
from crisis_desktop.rules.kernel.dice import RandomDice  # noqa: E402
from crisis_desktop.rules.registry import get_ruleset  # noqa: E402
from crisis_desktop.storage.campaign_store import CampaignStore  # noqa: E402
from crisis_desktop.storage.paths import AppPaths  # noqa: E402
from crisis_desktop.ui.main_window import MainWindow  # noqa: E402


def big_campaign(n: int) -> Campaign:
    campaign = Campaign.model_validate_json(resource("demo", "campaign.json").read_text(encoding="utf-8"))
    campaign.name = "Big start"
    templates = list(campaign.characters)
    for i in range(n - len(templates)):
        campaign.characters.append(templates[i % len(templates)].model_copy(
            deep=True, update={"id": f"copy-{i}", "name": f"Copy {i}"}))
    combatants = [Combatant(id=f"cmb-{c.id}", character_id=c.id, side=Side.PARTY if c.kind.value == "pc"
                            else Side.ENEMIES) for c in campaign.characters[:n]]
    campaign.encounters.append(Encounter(id="big", name="Big fight", combatants=combatants))
    return campaign


# Between two Starts the window idles as it would between a GM's clicks (its idle work, such as the collector's
# sweep of what the last action made, runs then: ui/collector.py).
IDLE_S = 1.2


def idle(app: QApplication, seconds: float) -> None:
    """Let the window handle its events for `seconds`, as it does while the GM looks at the board."""
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        app.processEvents()
        time.sleep(0.005)


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    app = QApplication.instance() or QApplication([])
    with tempfile.TemporaryDirectory() as folder:
        paths = AppPaths.resolve(folder).ensure()
        campaign = big_campaign(n)
        store = CampaignStore(paths)
        path = paths.campaigns / "big-start.json"
        store.save(campaign, path)
        window = MainWindow(paths)
        window.show()
        window.files.start(str(path))
        board = window.encounter_board
        assert board is not None and window.document is not None
        board.show_encounter("big")
        idle(app, IDLE_S)
        ruleset = get_ruleset(campaign.ruleset)
        options = ruleset.options_with_defaults(campaign.rule_options)
        starts, baselines = [], []
        for run in range(runs):
            started = time.perf_counter()
            board.intents.start()
            app.processEvents()
            starts.append(time.perf_counter() - started)
            live = window.document.campaign
            encounter = live.encounter("big")
            assert encounter.started and encounter.round == 1, "the board did not start the fight"
            actors = [Actor(live.character(c.character_id), c) for c in encounter.combatants]
            started = time.perf_counter()
            ruleset.roll_initiative(actors, RandomDice(run), options)  # type: ignore[attr-defined]
            baselines.append(time.perf_counter() - started)
            window.document.undo_stack.undo()
            idle(app, IDLE_S)
        window.document.undo_stack.clear()
        window.close()
    start, base = statistics.median(starts), statistics.median(baselines)
    print(f"{n} combatants, {runs} starts through the window: " + ", ".join(f"{s * 1000:.0f}" for s in starts) + " ms")
    print(f"Start: median {start * 1000:.1f} ms, worst {max(starts) * 1000:.1f} ms "
          f"(goal < 200 ms: {'met' if max(starts) < 0.2 else 'NOT met'})")
    print(f"baseline, the rules' initiative roll alone: median {base * 1000:.1f} ms")
    print(f"ratio Start / initiative roll: {start / base:.2f}")


if __name__ == "__main__":
    main()
