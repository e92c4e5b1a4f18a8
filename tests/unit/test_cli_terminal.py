"""What the command line prints is safe for a terminal: names from a campaign have their control characters
escaped (an ESC sequence in a name must not retitle the window or clear the screen), Ctrl+C ends `simulate` with a
line and no traceback, and `--max-rounds` below 1 is refused. Each command runs in a process of its own, as from a
shell, and the bytes it prints are checked; a time limit ends any that would hang."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time

import pytest

from crisis_desktop.app import main
from crisis_desktop.storage.campaign_store import CampaignStore
from crisis_desktop.terminal_text import printable, printable_lines
from tests.file_helpers import REPO

TITLE = "\x1b]0;pwned\x07"      # sets the terminal window's title
CLEAR = "\x1b[2J\x1b[H"         # clears the screen
HOSTILE = f"Night{TITLE}{CLEAR}Shift\u202e\x9b\r"


@pytest.fixture
def hostile(paths):
    """The demo campaign with an ESC sequence in its name, the first encounter's and every character's."""
    assert main(["--data-dir", str(paths.data_dir), "info"]) == 0  # writes the demo
    store = CampaignStore(paths)
    path = store.find("Demo")
    campaign = store.load(path)
    campaign.name = f"Demo {HOSTILE}"
    encounter = next(e for e in campaign.encounters if e.name == "Wolves at the Ridge")
    encounter.name = f"Wolves{TITLE}"
    for character in campaign.characters:
        character.name = f"{character.name}{CLEAR}"
    store.save(campaign, path)
    return path


def _run(paths, *args: str, seconds: float = 120) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "PYTHONPATH": str(REPO), "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.run([sys.executable, "-m", "crisis_desktop", "--data-dir", str(paths.data_dir), *args],
                          cwd=REPO, env=env, capture_output=True, timeout=seconds, check=False)


def _no_control_characters(output: bytes) -> None:
    text = output.decode("utf-8")
    raw = sorted({c for c in text if (ord(c) < 32 and c != "\n") or 0x7F <= ord(c) <= 0x9F or c == "\u202e"})
    assert raw == [], f"raw control characters reached the terminal: {raw!r}"


def test_printable_escapes_controls_overrides_and_half_characters():
    assert printable(f"a{TITLE}b\u202ec\ud800\x9b\t\n") == "a\\x1b]0;pwned\\x07b\\u202ec\\ud800\\x9b\\x09\\x0a"
    assert printable("Vera Kask, Šárka, 中文, 🐺") == "Vera Kask, Šárka, 中文, 🐺"
    assert printable_lines(f"Traceback\n  {TITLE}\n") == "Traceback\n  \\x1b]0;pwned\\x07\n"


def test_the_log_file_holds_names_escaped(tmp_path):
    import logging

    from crisis_desktop.logs import LOG_FILE_NAME, install_logging

    session = install_logging(tmp_path)
    try:
        logging.getLogger("crisis_desktop.test").warning("Opened “%s”", f"Demo {TITLE}{CLEAR}")
        session.handler.flush()
    finally:
        session.close()
    logged = (tmp_path / LOG_FILE_NAME).read_bytes()
    assert logged.rstrip(b"\n").endswith("Opened “Demo \\x1b]0;pwned\\x07\\x1b[2J\\x1b[H”".encode())
    _no_control_characters(logged)


def test_info_escapes_names(paths, hostile):
    listing = _run(paths, "info")
    assert listing.returncode == 0, listing.stderr
    _no_control_characters(listing.stdout + listing.stderr)
    assert b"Demo Night\\x1b]0;pwned\\x07\\x1b[2J\\x1b[HShift\\u202e\\x9b\\x0d (crisis) demo.json" in listing.stdout

    summary = _run(paths, "info", "--campaign", str(hostile))
    assert summary.returncode == 0, summary.stderr
    _no_control_characters(summary.stdout + summary.stderr)
    assert summary.stdout.startswith(b"Demo Night\\x1b]0;pwned\\x07")


def test_export_progress_escapes_names(paths, hostile, tmp_path):
    done = _run(paths, "export", "--campaign", str(hostile), "--format", "md", "--output", str(tmp_path / "out"))
    assert done.returncode == 0, done.stderr
    _no_control_characters(done.stdout + done.stderr)
    assert b"1/" in done.stdout and b"Vera Kask\\x1b[2J\\x1b[H" in done.stdout


def test_simulate_escapes_names_in_text_and_json_and_in_its_errors(paths, hostile):
    args = ["simulate", "--campaign", str(hostile), "--encounter", f"Wolves{TITLE}", "--runs", "5", "--processes",
            "1"]
    text = _run(paths, *args)
    assert text.returncode == 0, text.stderr
    _no_control_characters(text.stdout + text.stderr)
    assert text.stdout.startswith(b"Wolves\\x1b]0;pwned\\x07 (Crisis): 5 fights")
    assert b"Vera Kask\\x1b[2J\\x1b[H (PC): downed" in text.stdout
    as_json = _run(paths, *args, "--json")
    assert as_json.returncode == 0, as_json.stderr
    _no_control_characters(as_json.stdout + as_json.stderr)
    unknown = _run(paths, "simulate", "--campaign", str(hostile), "--encounter", "Dragons")
    assert unknown.returncode == 2
    _no_control_characters(unknown.stdout + unknown.stderr)
    assert b"Wolves\\x1b]0;pwned\\x07" in unknown.stderr


@pytest.mark.parametrize("rounds", ["0", "-3"])
def test_max_rounds_below_one_is_refused(paths, rounds):
    done = _run(paths, "simulate", "--campaign", "Demo", "--encounter", "Wolves at the Ridge", "--max-rounds", rounds)
    assert done.returncode == 2 and done.stdout == b""
    assert done.stderr.strip().endswith(f"error: argument --max-rounds: must be 1 or more, not {int(rounds)}".encode())
    assert b"Traceback" not in done.stderr


@pytest.mark.skipif(os.name != "posix", reason="Ctrl+C is sent as SIGINT to the process group where there is one")
@pytest.mark.parametrize("processes", ["1", "2"])
def test_ctrl_c_ends_simulate_with_a_line_not_a_traceback(paths, processes):
    import pty
    import select

    assert main(["--data-dir", str(paths.data_dir), "info"]) == 0  # writes the demo
    env = {**os.environ, "PYTHONPATH": str(REPO), "QT_QPA_PLATFORM": "offscreen"}
    # stderr a terminal, so the progress line shows when fights are played; a session of its own, so that SIGINT to
    # its group is what Ctrl+C at a terminal sends: to the command and to every worker it started.
    terminal, stderr = pty.openpty()
    child = subprocess.Popen(
        [sys.executable, "-m", "crisis_desktop", "--data-dir", str(paths.data_dir), "simulate", "--campaign", "Demo",
         "--encounter", "Wolves at the Ridge", "--runs", "100000000", "--processes", processes],
        cwd=REPO, env=env, stdout=subprocess.PIPE, stderr=stderr, start_new_session=True)
    os.close(stderr)
    err = b""

    def read_for(seconds: float, until: re.Pattern[bytes] | None = None) -> None:
        nonlocal err
        end = time.monotonic() + seconds
        while time.monotonic() < end and (until is None or not until.search(err)):
            if select.select([terminal], [], [], 0.1)[0]:
                try:
                    chunk = os.read(terminal, 65536)
                except OSError:  # the command ended: its side of the terminal is closed
                    return
                if not chunk:
                    return
                err += chunk

    try:
        read_for(60, until=re.compile(rb"\r[1-9][0-9,]* of "))  # fights were played (the progress line said so)
        os.killpg(child.pid, signal.SIGINT)
        out = child.stdout.read() if child.stdout else b""
        child.wait(timeout=60)
        read_for(5)
    finally:
        os.close(terminal)
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGKILL)
            child.wait()
        if child.stdout:
            child.stdout.close()
    assert b"Traceback" not in err and b"KeyboardInterrupt" not in err, err.decode(errors="replace")
    assert child.returncode == 130
    last = err.decode().replace("\r\n", "\n").rstrip("\n").split("\n")[-1]
    assert last.startswith("crisis-desktop: stopped (Ctrl+C) after ") and last.endswith(" of 100,000,000 fights")
    assert b"(cancelled: the fights played so far)" in out, (last, out)
