"""Benchmark: one action on a 200-combatant encounter updates the board models (no reset), against a baseline.

The baseline, measured in the same run, is resetting the board model (what a coarse update would cost).
Run: python tests/benchmarks/bench_board.py [combatants]
"""

from __future__ import annotations

import contextlib
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))


from PySide6.QtWidgets import QApplication  # noqa: E402

from crisis_desktop.controller.encounter import EncounterController  # noqa: E402
from crisis_desktop.controller.history import History  # noqa: E402
from crisis_desktop.domain import Campaign  # noqa: E402
from crisis_desktop.domain.encounter import Encounter  # noqa: E402
from crisis_desktop.resources_access import resource  # noqa: E402
from crisis_desktop.rules.kernel.dice import RandomDice  # noqa: E402
from crisis_desktop.rules.registry import get_ruleset  # noqa: E402
from crisis_desktop.ui.models.board_model import BoardModel, CombatLogModel  # noqa: E402


def big_encounter(n: int) -> tuple[Campaign, EncounterController, History]:
    campaign = Campaign.model_validate_json(resource("demo", "campaign.json").read_text(encoding="utf-8"))
    templates = list(campaign.characters)
    for i in range(n - len(templates)):
        copy = templates[i % len(templates)].model_copy(deep=True, update={"id": f"copy-{i}",
                                                                          "name": f"Copy {i}"})
        campaign.characters.append(copy)
    campaign.encounters.append(Encounter(id="big", name="Big fight"))
    ctl = EncounterController(campaign, "big", get_ruleset(campaign.ruleset))
    history = History(campaign)
    for character in campaign.characters[:n]:
        history.push(ctl.add_combatant(character.id))
    history.push(ctl.start(RandomDice(1)))
    return campaign, ctl, history


def main(app: QApplication) -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    campaign, ctl, history = big_encounter(n)
    model, log_model = BoardModel(), CombatLogModel()
    model.set_fight(ctl.view)
    log_model.set_encounter(campaign, "big")
    for row in range(model.rowCount()):  # as a view would, fill the row cache
        model.index(row, 4).data()
    resets: list[int] = []
    model.modelReset.connect(lambda: resets.append(1))
    log_model.modelReset.connect(lambda: resets.append(1))
    dice = RandomDice(2)
    update_times, reset_times = [], []
    for step in range(200):
        current = ctl.view.current_id() or ""
        target = next(c.id for c in ctl.view.encounter.combatants if c.side != ctl.view.combatant(current).side)
        weapons = ctl.preview.weapons(current)
        command = ctl.step("next_turn")
        if step % 2 == 0 and weapons and any(a.action.key == "attack" and a.allowed for a in ctl.actions(current)):
            with contextlib.suppress(ValueError):
                command = ctl.attack(ctl.preview.attack_request(current, weapons[0].id, target, distance=2), dice)
        changes = history.push(command)
        start = time.perf_counter()
        model.apply_changes(changes)
        log_model.apply_changes(changes)
        for row in range(model.rowCount()):  # what the view then reads again: the changed rows only cost
            model.index(row, 4).data()
        update_times.append(time.perf_counter() - start)
    count = len(resets)
    for _ in range(20):
        start = time.perf_counter()
        model.set_fight(ctl.view)
        for row in range(model.rowCount()):
            model.index(row, 4).data()
        reset_times.append(time.perf_counter() - start)
    update, reset = statistics.median(update_times), statistics.median(reset_times)
    print(f"{n} combatants, {len(update_times)} actions")
    p95 = sorted(update_times)[int(len(update_times) * 0.95)]
    print(f"board update per action: median {update * 1000:.2f} ms, 95th percentile {p95 * 1000:.2f} ms, "
          f"max {max(update_times) * 1000:.2f} ms "
          f"(target < 5 ms: {'met' if update < 0.005 else 'NOT met'})")
    print(f"baseline, full model reset and re-read: median {reset * 1000:.2f} ms")
    print(f"ratio update / reset: {update / reset:.3f}")
    print(f"model resets during the actions: {count}")
    app.processEvents()


if __name__ == "__main__":
    APP = QApplication.instance() or QApplication([])
    main(APP)
