"""Benchmark: opening the attack dialog in a 200-combatant fight, until it is shown with its odds, against the
controller's attack preview alone (the rules' part of the same work) measured in the same run.

Run: python tests/benchmarks/bench_attack_dialog.py [combatants] [opens]   (goal: under 50 ms, worst case)
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))
sys.path.insert(0, str(HERE))

from bench_board import big_encounter  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from crisis_desktop.ui.dialogs.attack_dialog import AttackDialog  # noqa: E402


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    opens = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    app = QApplication.instance() or QApplication([])
    _campaign, ctl, _history = big_encounter(n)
    attacker = ctl.view.current_id()
    assert attacker is not None
    target = next(c.id for c in ctl.view.encounter.combatants if c.side != ctl.view.combatant(attacker).side)
    weapon = ctl.preview.weapons(attacker)[0].id
    opened, previews = [], []
    for _ in range(opens):
        started = time.perf_counter()
        dialog = AttackDialog(ctl, attacker, target)
        dialog.show()
        app.processEvents()
        opened.append(time.perf_counter() - started)
        assert dialog.odds.text(), "the dialog showed no odds"
        dialog.close()
        dialog.deleteLater()
        app.processEvents()
        started = time.perf_counter()
        ctl.preview.attack_preview(ctl.preview.attack_request(attacker, weapon, target))
        previews.append(time.perf_counter() - started)
    median, worst, base = statistics.median(opened), max(opened), statistics.median(previews)
    print(f"{n} combatants, {opens} opens")
    print(f"attack dialog open: median {median * 1000:.1f} ms, worst {worst * 1000:.1f} ms "
          f"(goal < 50 ms worst: {'met' if worst < 0.05 else 'NOT met'})")
    print(f"baseline, the controller's attack preview alone: median {base * 1000:.2f} ms; "
          f"ratio open / preview {median / base:.1f}")


if __name__ == "__main__":
    main()
