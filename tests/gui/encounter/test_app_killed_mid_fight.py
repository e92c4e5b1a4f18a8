"""The app itself is killed (SIGKILL) mid-fight; the next start offers recovery and the fight is back
at the last action taken."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]

# Runs in the child: the real main window and board, turns taken as a GM would, each reported.
CHILD = """
import sys, time
from pathlib import Path
from PySide6.QtWidgets import QApplication
from crisis_desktop.storage.paths import AppPaths
from crisis_desktop.ui.main_window import MainWindow

app = QApplication([])
window = MainWindow(AppPaths(Path(sys.argv[1])))
window.show()
window.files.start(None)
board = window.encounter_board
board.show_encounter("enc-ridge")
board.intents.start()
while True:
    app.processEvents()
    encounter = window.document.campaign.encounter("enc-ridge")
    print(f"done {encounter.round} {encounter.flow['index']} {len(encounter.log)}", flush=True)
    time.sleep(0.01)
    board.intents.next_turn()
"""


def run_child_until_killed(data_dir: Path, events: int) -> tuple[int, int, int]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT))
    reports: list[tuple[int, int, int]] = []
    deadline = time.monotonic() + 60
    # The context closes the pipes, which would otherwise leak as ResourceWarnings.
    with subprocess.Popen([sys.executable, "-c", CHILD, str(data_dir)], cwd=ROOT, env=env,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) as child:
        assert child.stdout is not None and child.stderr is not None
        try:
            while len(reports) < events and time.monotonic() < deadline:
                line = child.stdout.readline()
                if not line:
                    break
                if line.startswith("done "):
                    round_, turn, logged = map(int, line.split()[1:])
                    reports.append((round_, turn, logged))
            os.kill(child.pid, signal.SIGKILL)
        finally:
            child.wait(10)
        errors = child.stderr.read()[-2000:]
    assert child.returncode == -signal.SIGKILL
    assert len(reports) >= events, errors
    return reports[-1]


def test_app_killed_mid_fight_resumes_at_the_last_action(make_window, answers, paths):
    saved = (paths.campaigns / "demo.json").read_bytes()
    round_, turn, logged = run_child_until_killed(paths.data_dir, events=12)
    assert round_ >= 1 and logged > 5  # well into the fight
    # The campaign file was never saved by the killed app: everything is in the journal.
    assert (paths.campaigns / "demo.json").read_bytes() == saved

    answers.queued["yes_no"].append(True)  # "Recover those changes?"
    window = make_window()
    assert any("Recover" in text for text in answers.texts("yes_no"))
    encounter = window.document.campaign.encounter("enc-ridge")
    assert encounter.started and not encounter.ended
    # The journal is written before the child reports, so it may hold one more event, never less.
    assert (encounter.round, encounter.flow["index"], len(encounter.log)) >= (round_, turn, logged)
    assert len(encounter.log) <= logged + 2
    assert window.isWindowModified()
    window.document.undo_stack.setClean()  # let the fixture close the window without asking
