"""The log file, its rotation, crash traces and the exception hooks (no Qt)."""

from __future__ import annotations

import faulthandler
import logging
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from crisis_desktop import logs
from crisis_desktop.app import main
from crisis_desktop.logs import CRASH_FILE_NAME, LOG_FILE_NAME, describe, install_logging
from crisis_desktop.storage.paths import AppPaths


@pytest.fixture
def session(tmp_path, monkeypatch):
    previous = []
    monkeypatch.setattr(sys, "excepthook", lambda *info: previous.append(info))
    monkeypatch.setattr(threading, "excepthook", lambda args: previous.append(args))
    installed = install_logging(tmp_path / "logs")
    installed.previous_calls = previous
    yield installed
    installed.close()


def read_log(session) -> str:
    session.handler.flush()
    return session.log_file.read_text(encoding="utf-8")


def raise_and_catch(exc: BaseException):
    try:
        raise exc
    except BaseException as caught:  # noqa: BLE001 - the test wants the traceback object
        return type(caught), caught, caught.__traceback__


def test_records_go_to_the_log_file_in_the_folder(session, tmp_path):
    logging.getLogger("crisis_desktop.ui.main_window").info("Opened campaign “Raid” from /x/raid.json")
    logging.getLogger("crisis_desktop.ui").debug("noise")
    assert session.log_file == tmp_path / "logs" / LOG_FILE_NAME
    text = read_log(session)
    assert "INFO crisis_desktop.ui.main_window: Opened campaign “Raid” from /x/raid.json" in text
    assert "noise" not in text


def test_unhandled_exception_is_logged_with_traceback_then_listeners_then_the_usual_hook(session):
    heard = []
    session.listeners.append(lambda exc_type, exc, tb: heard.append((exc_type, str(exc))))
    assert sys.excepthook == session.handle_exception
    info = raise_and_catch(KeyError("wolf"))
    sys.excepthook(*info)
    text = read_log(session)
    assert "ERROR crisis_desktop: Unexpected error: KeyError: 'wolf'" in text
    assert "Traceback (most recent call last):" in text and "raise_and_catch" in text
    assert heard == [(KeyError, "'wolf'")]
    assert session.previous_calls == [info]


def test_a_failing_listener_is_logged_and_does_not_hide_the_error(session):
    session.listeners.append(lambda *_: 1 / 0)
    sys.excepthook(*raise_and_catch(ValueError("bad value")))
    text = read_log(session)
    assert "Unexpected error: ValueError: bad value" in text
    assert "Could not report the error above" in text and "ZeroDivisionError" in text


def test_keyboard_interrupt_is_not_reported_as_an_error(session):
    heard = []
    session.listeners.append(lambda *info: heard.append(info))
    sys.excepthook(*raise_and_catch(KeyboardInterrupt()))
    assert heard == [] and "Unexpected error" not in (read_log(session) if session.log_file.exists() else "")
    assert len(session.previous_calls) == 1


def test_an_exception_ending_a_thread_is_logged_with_the_thread(session):
    heard = []
    session.listeners.append(lambda exc_type, exc, tb: heard.append(str(exc)))

    def work():
        raise RuntimeError("disk on fire")

    thread = threading.Thread(target=work, name="autosave-worker")
    thread.start()
    thread.join()
    text = read_log(session)
    assert "Unexpected error in thread autosave-worker: RuntimeError: disk on fire" in text
    assert "in work" in text
    assert heard == ["disk on fire"]


def test_the_log_rotates_and_keeps_a_few_files(tmp_path, monkeypatch):
    monkeypatch.setattr(logs, "MAX_LOG_BYTES", 2_000)
    session = install_logging(tmp_path)
    try:
        for i in range(400):
            logging.getLogger("crisis_desktop").info("event %04d %s", i, "x" * 40)
        session.handler.flush()
    finally:
        session.close()
    names = sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(LOG_FILE_NAME))
    assert names == [LOG_FILE_NAME, f"{LOG_FILE_NAME}.1", f"{LOG_FILE_NAME}.2", f"{LOG_FILE_NAME}.3"]
    assert all((tmp_path / n).stat().st_size <= 2_000 for n in names)
    assert "event 0399" in (tmp_path / LOG_FILE_NAME).read_text(encoding="utf-8")


def test_close_restores_hooks_level_and_handlers(tmp_path):
    root = logging.getLogger()
    before = (sys.excepthook, threading.excepthook, list(root.handlers), root.level)
    session = install_logging(tmp_path)
    assert root.level <= logging.INFO and session.handler in root.handlers
    assert faulthandler.is_enabled()
    session.close()
    assert (sys.excepthook, threading.excepthook, list(root.handlers), root.level) == before


def test_installing_again_replaces_the_earlier_session(tmp_path):
    first = install_logging(tmp_path / "a")
    second = install_logging(tmp_path / "b")
    try:
        assert first.handler not in logging.getLogger().handlers
        assert first.fault_file is None  # closed
        assert second._previous_excepthook is not first.handle_exception  # no chain of hooks
    finally:
        second.close()


def test_a_folder_that_cannot_be_written_falls_back_to_stderr(tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the log folder should be")
    session = install_logging(blocker / "logs")
    try:
        assert session.log_file is None
        assert "Cannot write the log in" in session.problem
        assert isinstance(session.handler, logging.StreamHandler)
    finally:
        session.close()


def test_a_hard_crash_leaves_its_trace_in_the_crash_file(tmp_path):
    script = (f"from pathlib import Path; from crisis_desktop.logs import install_logging; "
              f"s = install_logging(Path({str(tmp_path)!r})); import faulthandler; faulthandler._sigsegv()")
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                            cwd=Path(__file__).resolve().parents[2])
    assert result.returncode != 0
    trace = (tmp_path / CRASH_FILE_NAME).read_text(encoding="utf-8")
    assert "Fatal Python error: Segmentation fault" in trace
    assert "<string>" in trace  # the Python stack of the crash


def test_logs_live_with_a_given_data_folder_else_in_the_platform_log_folder(tmp_path):
    given = AppPaths.resolve(tmp_path / "stick", {})
    assert given.logs == (tmp_path / "stick").resolve() / "logs"
    assert AppPaths.resolve(None, {"CRISIS_DESKTOP_DATA_DIR": str(tmp_path / "env")}).logs == \
        (tmp_path / "env").resolve() / "logs"
    import platformdirs

    platform = AppPaths.resolve(None, {})
    assert platform.logs == Path(platformdirs.user_log_dir("crisis-desktop", appauthor=False))


def test_the_command_line_logs_its_start_in_the_data_folder(paths, capsys):
    assert main(["--data-dir", str(paths.data_dir), "info"]) == 0
    capsys.readouterr()
    text = (paths.data_dir / "logs" / LOG_FILE_NAME).read_text(encoding="utf-8")
    assert "INFO crisis_desktop: Crisis Desktop" in text and f"data folder {paths.data_dir}" in text


def test_errors_are_described_in_plain_words():
    assert describe(KeyError("wolf")) == "KeyError: 'wolf'"
    assert describe(ValueError("")) == "ValueError"
