"""Benchmark: what the GM waits for per encounter action through the real board, journaling included, in a large
campaign (10,000 characters, 200 of them fighting); against json.loads of the campaign file and against the old
way (the whole campaign written to the recovery file after every action).

Each next turn is timed from the call to the board until the models, the board's widgets and the journal are up
to date (the events it posted processed).

Run: QT_QPA_PLATFORM=offscreen python tests/benchmarks/bench_fight.py [characters] [combatants] [turns]
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tools")]

from make_big_campaign import make_campaign  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from crisis_desktop.domain import Campaign  # noqa: E402
from crisis_desktop.domain.encounter import Combatant, Encounter  # noqa: E402
from crisis_desktop.storage.atomic import atomic_write_bytes  # noqa: E402
from crisis_desktop.storage.campaign_store import CampaignStore  # noqa: E402
from crisis_desktop.storage.journal import read_journal  # noqa: E402
from crisis_desktop.storage.paths import AppPaths  # noqa: E402
from crisis_desktop.ui.document import CampaignDocument  # noqa: E402
from crisis_desktop.ui.views.encounter_board import EncounterBoard  # noqa: E402


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    fighters = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    turns = int(sys.argv[3]) if len(sys.argv) > 3 else 300
    app = QApplication.instance() or QApplication([])
    with tempfile.TemporaryDirectory() as folder:
        paths = AppPaths(Path(folder)).ensure()
        store = CampaignStore(paths)
        path = paths.campaigns / "big.json"
        campaign = Campaign.model_validate(make_campaign(n, seed=1))
        campaign.encounters.append(Encounter(id="big", name="Big fight", combatants=[
            Combatant(character_id=c.id) for c in campaign.characters[:fighters]]))
        store.save(campaign, path)
        raw = path.read_bytes()
        start = time.perf_counter()
        json.loads(raw)
        loads = time.perf_counter() - start
        campaign = store.load(path)

        board = EncounterBoard()
        board.resize(1400, 800)
        document = CampaignDocument(campaign, path, store)
        board.set_document(document)
        board.show_encounter("big")
        board.show()
        board.start()
        app.processEvents()
        journaling: list[float] = []
        real_record = document.session.record

        def timed_record(changes):  # type: ignore[no-untyped-def]
            begun = time.perf_counter()
            real_record(changes)
            journaling.append(time.perf_counter() - begun)

        document.session.record = timed_record  # type: ignore[method-assign]
        times = []
        for _ in range(turns):
            start = time.perf_counter()
            board.next_turn()
            app.processEvents()
            times.append(time.perf_counter() - start)
        encounter = campaign.encounter("big")
        lines = read_journal(document.journal.journal.path).lines
        assert len(lines) == turns + 1, len(lines)  # the start and every turn were journaled
        journal_median, journal_worst = statistics.median(journaling), max(journaling)

        start = time.perf_counter()
        atomic_write_bytes(paths.recovery / "old.json",
                           json.dumps({"campaign": campaign.model_dump(mode="json")}, indent=2).encode())
        old_way = time.perf_counter() - start
        median, worst = statistics.median(times), max(times)
        print(f"{n} characters ({len(raw) / 1e6:.1f} MB), {fighters} fighting; json.loads of the file "
              f"{loads * 1000:.0f} ms")
        print(f"next turn through the board, journaled (x{turns}, round {encounter.round}, log of "
              f"{len(encounter.log)}): median {median * 1000:.1f} ms, worst {worst * 1000:.1f} ms "
              f"(goal: under 16 ms median, under 50 ms worst); {median / loads:.3f}x and {worst / loads:.3f}x "
              "json.loads")
        print(f"of which journaling: median {journal_median * 1000:.2f} ms, worst {journal_worst * 1000:.2f} ms")
        journal_size = document.journal.journal.path.stat().st_size
        print(f"the journal after {turns + 1} actions: {journal_size / 1e3:.0f} kB "
              f"({journal_size / (turns + 1) / 1e3:.1f} kB an action)")
        print(f"the old way, the whole campaign to the recovery file after each action: {old_way * 1000:.0f} ms "
              f"({old_way / loads:.2f}x json.loads)")
        document.close_journal()
        board.close()
    del app


if __name__ == "__main__":
    main()
