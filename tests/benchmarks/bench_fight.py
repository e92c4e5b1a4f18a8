"""Benchmark: what the GM waits for per encounter action through the real window (board, map, undo stack,
journal), in a large campaign (10,000 characters, 200 of them fighting on a 60 x 60 battle map); against json.loads
of the campaign file and against the old way (the whole campaign written to the recovery file after every action).

Three actions, each timed from the GM's input until the window is up to date (the models, the board's widgets, the
map's items and the journal; the events they posted processed):
- next turn (the board's Next turn);
- an attack: the acting combatant's first weapon at the nearest enemy, resolved and pushed as the attack panel's
  Attack does (the panel's opening is bench_attack_dialog.py's);
- a token drop: the acting combatant's token dropped one cell over by the map's select tool (the rules' move, its
  cost, the undo step).

Run: QT_QPA_PLATFORM=offscreen python tests/benchmarks/bench_fight.py [characters] [combatants] [actions]
(BENCH_PROFILE="next turn", "attack" or "token drop" prints where that action's time goes, from cProfile;
BENCH_RESULTS=file writes every action's time there as JSON and stops: bench_fight_scale.py compares sizes.)
Goal: each action under 16 ms median, under 50 ms worst.
"""

from __future__ import annotations

import cProfile
import json
import os
import pstats
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tools")]

from make_big_campaign import make_campaign  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from crisis_desktop.controller.encounter import EncounterController  # noqa: E402
from crisis_desktop.domain import BattleMap, Campaign, Token  # noqa: E402
from crisis_desktop.domain.encounter import Combatant, Encounter, Side  # noqa: E402
from crisis_desktop.rules.kernel.dice import RandomDice  # noqa: E402
from crisis_desktop.storage.atomic import atomic_write_bytes  # noqa: E402
from crisis_desktop.storage.campaign_store import CampaignStore  # noqa: E402
from crisis_desktop.storage.journal import read_journal  # noqa: E402
from crisis_desktop.storage.paths import AppPaths  # noqa: E402
from crisis_desktop.ui.main_window import MainWindow  # noqa: E402

SIZE = 60


def big_fight(n: int, fighters: int) -> Campaign:
    campaign = Campaign.model_validate(make_campaign(n, seed=1))
    combatants = [Combatant(id=f"cmb-{i}", character_id=c.id, side=Side.PARTY if i % 2 else Side.ENEMIES)
                  for i, c in enumerate(campaign.characters[:fighters])]
    # Two lines of battle facing each other across the map, every other cell.
    tokens = [Token(combatant_id=c.id, x=(i // 2 * 2) % SIZE, y=(SIZE // 2 - 4 if i % 2 else SIZE // 2 + 4)
                    + (i // 2 * 2) // SIZE * (-2 if i % 2 else 2)) for i, c in enumerate(combatants)]
    battle_map = BattleMap(id="big-map", name="Big field", width=SIZE, height=SIZE, tokens=tokens)
    campaign.battle_maps.append(battle_map)
    campaign.encounters.append(Encounter(id="big", name="Big fight", combatants=combatants,
                                         battle_map_id=battle_map.id))
    return campaign


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    fighters = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    actions = int(sys.argv[3]) if len(sys.argv) > 3 else 100
    app = QApplication.instance() or QApplication([])
    with tempfile.TemporaryDirectory() as folder:
        paths = AppPaths.resolve(folder).ensure()
        store = CampaignStore(paths)
        path = paths.campaigns / "big.json"
        store.save(big_fight(n, fighters), path)
        raw = path.read_bytes()
        start = time.perf_counter()
        json.loads(raw)
        loads = time.perf_counter() - start

        window = MainWindow(paths)
        window.resize(1600, 1000)
        window.show()
        window.files.start(str(path))
        app.processEvents()
        board, map_place, document = window.encounter_board, window.map_place, window.document
        assert board is not None and map_place is not None and document is not None
        board.show_encounter("big")
        window.tabs.setCurrentWidget(window._board_host)
        assert window.workspace is not None
        window.workspace.show_panel("map")
        board.intents.start()
        app.processEvents()
        assert map_place.scene.battle_map is not None and map_place.scene.battle_map.id == "big-map"
        # The Characters place's idle work (search texts and sort keys of every row, a slice at a time) ends before
        # the fight is timed: it is done once after opening, and a fight's changes do not start it over.
        warm = window.characters.proxy._warm if window.characters is not None else None
        deadline = time.perf_counter() + 120
        while warm is not None and warm.isActive() and time.perf_counter() < deadline:
            app.processEvents()
        campaign = document.campaign
        journaling: list[float] = []
        real_record = document.session.record

        def timed_record(changes):  # type: ignore[no-untyped-def]
            begun = time.perf_counter()
            real_record(changes)
            journaling.append(time.perf_counter() - begun)

        document.session.record = timed_record  # type: ignore[method-assign]
        dice = RandomDice(7)

        # Each action is chosen first, as the GM does in the attack panel or by picking the token up (not timed);
        # then the GM's input is timed until the window is up to date.
        def acting_on_the_map() -> tuple[EncounterController, str, tuple[int, int]] | None:
            """The fight's controller, whose turn it is and where its token stands; None off the map."""
            ctl = board.controller
            assert ctl is not None
            acting = ctl.view.current_id()
            cell = map_place.scene.token_cell(acting) if acting else None
            return (ctl, acting, cell) if acting is not None and cell is not None else None

        def attack() -> Callable[[], bool] | None:
            found = acting_on_the_map()
            if found is None:
                return None
            ctl, attacker, cell = found
            side = ctl.view.combatant(attacker).side

            def distance(cid: str) -> int:
                at = map_place.scene.token_cell(cid)
                return 10**6 if at is None else abs(at[0] - cell[0]) + abs(at[1] - cell[1])

            foes = sorted((c.id for c in ctl.view.encounter.combatants
                           if c.side != side and not ctl.view.out_of_fight(c.id)),
                          key=distance)
            for target in foes[:5]:
                for weapon in ctl.preview.weapons(attacker):
                    if ctl.preview.map_refusals(attacker, weapon.id, target):
                        continue
                    try:
                        request = ctl.preview.attack_request(attacker, weapon.id, target)
                    except ValueError:
                        continue
                    if ctl.preview.attacks.attack_price(request, ctl.view.options)[1] is None:
                        return partial(board.intents._push, partial(ctl.attack, request, dice), "Attack")
            return None

        def drop() -> Callable[[], bool] | None:
            found = acting_on_the_map()
            if found is None:
                return None
            _ctl, mover, cell = found
            occupied = map_place.scene.occupied(besides=mover)
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                goal = (cell[0] + dx, cell[1] + dy)
                if map_place.scene.grid.contains(goal) and goal not in occupied:
                    return lambda: map_place.tools.move_token(mover, goal)
            return None

        def next_turn() -> Callable[[], bool] | None:
            return lambda: board.intents.next_turn() or True

        timed: dict[str, list[float]] = {"next turn": [], "attack": [], "token drop": []}
        steps: dict[str, Callable[[], Callable[[], bool] | None]] = {
            "attack": attack, "token drop": drop, "next turn": next_turn}
        pushed = 0
        profiled = os.environ.get("BENCH_PROFILE")
        profile = cProfile.Profile() if profiled else None
        for _ in range(actions):
            for name, choose in steps.items():
                step = choose()
                if step is None:
                    continue
                count = document.undo_stack.count()
                if profile is not None and name == profiled:
                    profile.enable()
                start = time.perf_counter()
                done = step()
                app.processEvents()
                took = time.perf_counter() - start
                if profile is not None:
                    profile.disable()
                if done and document.undo_stack.count() > count:
                    timed[name].append(took)
                    pushed += 1
        encounter = campaign.encounter("big")
        lines = read_journal(document.journal.journal.path).lines
        assert len(lines) == pushed + 1, (len(lines), pushed)  # the start and every action were journaled

        results = os.environ.get("BENCH_RESULTS")
        if results:  # for bench_fight_scale.py: every action's time, and the baseline
            Path(results).write_text(json.dumps({"loads": loads, "journaling": journaling, **timed}))
            document.undo_stack.clear()
            window.close()
            return
        start = time.perf_counter()
        atomic_write_bytes(paths.recovery / "old.json",
                           json.dumps({"campaign": campaign.model_dump(mode="json")}, indent=2).encode())
        old_way = time.perf_counter() - start
        print(f"{n} characters ({len(raw) / 1e6:.1f} MB), {fighters} fighting on a {SIZE} x {SIZE} map; "
              f"json.loads of the file {loads * 1000:.0f} ms")
        print(f"after round {encounter.round}, a log of {len(encounter.log)} entries; goal: under 16 ms median, "
              "under 50 ms worst")
        for name, times in timed.items():
            if not times:
                print(f"{name:>10}: never done")
                continue
            median, worst = statistics.median(times), max(times)
            verdict = "met" if median < 0.016 and worst < 0.050 else "NOT met"
            slowest = sorted(range(len(times)), key=times.__getitem__)[-3:][::-1]
            verdict += " (slowest: " + ", ".join(f"#{i + 1} {times[i] * 1000:.0f} ms" for i in slowest) + ")"
            print(f"{name:>10} (x{len(times)}): median {median * 1000:5.1f} ms, worst {worst * 1000:5.1f} ms "
                  f"({median / loads:.3f}x and {worst / loads:.3f}x json.loads): {verdict}")
        print(f"of which journaling: median {statistics.median(journaling) * 1000:.2f} ms, "
              f"worst {max(journaling) * 1000:.2f} ms")
        journal_size = document.journal.journal.path.stat().st_size
        print(f"the journal after {pushed + 1} actions: {journal_size / 1e3:.0f} kB "
              f"({journal_size / (pushed + 1) / 1e3:.1f} kB an action)")
        print(f"the old way, the whole campaign to the recovery file after each action: {old_way * 1000:.0f} ms "
              f"({old_way / loads:.2f}x json.loads)")
        if profile is not None:
            stats = pstats.Stats(profile).sort_stats(os.environ.get("BENCH_PROFILE_SORT", "cumulative"))
            stats.print_stats(40)
            if os.environ.get("BENCH_CALLERS"):
                stats.print_callers(os.environ["BENCH_CALLERS"])
        document.undo_stack.clear()
        window.close()
    del app


if __name__ == "__main__":
    main()
