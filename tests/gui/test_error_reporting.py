"""Unexpected errors in the GUI: logged with their traceback, one plain message, unsaved work kept, app goes on.

pytest-qt turns exceptions in slots into test failures through its own sys.excepthook; these tests switch
that off (qt_no_exception_capture) and install the app's hook in a fixture instead.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QMessageLogContext, QTimer, QtMsgType, qInstallMessageHandler, qWarning
from PySide6.QtWidgets import QApplication, QMessageBox, QPushButton

from crisis_desktop.logs import LogSession, install_logging
from crisis_desktop.ui import error_reporter
from crisis_desktop.ui.desktop import Desktop
from crisis_desktop.ui.error_reporter import ErrorDialog, ErrorReporter, qt_message_handler


@pytest.fixture
def log_session(tmp_path):
    session = install_logging(tmp_path / "logs")
    yield session
    session.close()


@pytest.fixture
def shown(monkeypatch) -> list[tuple[str, str]]:
    """The error messages asked for (text, details), instead of the modal message box."""
    asked: list[tuple[str, str]] = []
    monkeypatch.setattr(ErrorDialog, "ask",
                        classmethod(lambda _cls, _parent, text, details, _folder: asked.append((text, details))))
    return asked


@pytest.fixture
def reporter(window, log_session) -> ErrorReporter:
    reporter = ErrorReporter(window, log_session.log_file, log_session.folder, window.files.save_for_recovery)
    reporter.message.connect(window.statusBar().showMessage)
    log_session.listeners.append(reporter.report)
    return reporter


def log_text(session: LogSession) -> str:
    session.handler.flush()
    return session.log_file.read_text(encoding="utf-8")


def failing_button(qtbot, message: str) -> QPushButton:
    button = QPushButton("Fail")
    qtbot.addWidget(button)

    def apply_wolf_stats() -> None:
        raise ValueError(message)

    button.clicked.connect(apply_wolf_stats)
    return button


@pytest.mark.qt_no_exception_capture
def test_an_exception_in_a_slot_shows_a_message_logs_the_traceback_and_keeps_unsaved_work(
        window, answers, reporter, log_session, shown, qtbot):
    answers.queued["text"].append("Ashes of the Ridge")
    window.menus.act_rename.trigger()  # an unsaved change
    assert window.document.dirty

    failing_button(qtbot, "The wolf has no Body stat").click()
    qtbot.waitUntil(lambda: len(shown) == 1)

    text, details = shown[0]
    assert "ValueError: The wolf has no Body stat" in text
    assert text.endswith(f"The details are in the log:\n{log_session.log_file}")
    assert "Crisis Desktop keeps running" in text
    recovery = window.files.store.recovery.list_recoveries()
    assert len(recovery) == 1 and recovery[0].campaign_name == "Ashes of the Ridge"
    assert f"survive even if Crisis Desktop stops now:\n{recovery[0].file}\n" in text
    assert "apply_wolf_stats" in details
    logged = log_text(log_session)
    assert "Unexpected error: ValueError: The wolf has no Body stat" in logged
    assert "Traceback (most recent call last):" in logged and "in apply_wolf_stats" in logged
    # Still running: the window goes on taking commands.
    window.menus.act_undo.trigger()
    assert window.document.campaign.name != "Ashes of the Ridge"


@pytest.mark.qt_no_exception_capture
def test_the_hook_function_itself_reports_to_the_window(window, reporter, log_session, shown, qtbot):
    try:
        {}["Rask"]
    except KeyError:
        log_session.handle_exception(*sys.exc_info())
    qtbot.waitUntil(lambda: len(shown) == 1)
    assert "KeyError: 'Rask'" in shown[0][0]
    assert "There were no unsaved changes." in shown[0][0]
    assert "KeyError: 'Rask'" in log_text(log_session)


@pytest.mark.qt_no_exception_capture
def test_repeated_errors_do_not_pile_up_messages(window, reporter, log_session, monkeypatch, qtbot):
    asked: list[str] = []

    def modal_message(_cls, _parent, text, _details, _folder):
        asked.append(text)
        # While the message is open (its own event loop), the same slot keeps failing.
        for i in range(30):
            failing_button(qtbot, f"paint failure {i}").click()
        qtbot.wait(20)

    monkeypatch.setattr(ErrorDialog, "ask", classmethod(modal_message))
    button = failing_button(qtbot, "the same failure")
    for _ in range(20):
        button.click()
    qtbot.waitUntil(lambda: len(asked) == 1)
    qtbot.wait(50)
    assert len(asked) == 1  # one message for 20 identical errors and 30 during the first
    assert window.statusBar().currentMessage().startswith("Unexpected error: ValueError:")
    assert log_text(log_session).count("Unexpected error: ValueError") == 50

    for i in range(error_reporter.MAX_MESSAGES + 3):  # new errors, one after the other
        failing_button(qtbot, f"later failure {i}").click()
        qtbot.wait(5)
    qtbot.wait(50)
    assert len(asked) == error_reporter.MAX_MESSAGES


@pytest.mark.qt_no_exception_capture
def test_a_broken_recovery_write_is_said_plainly(window, answers, log_session, shown, monkeypatch, qtbot):
    def broken():
        raise OSError(28, "No space left on device")

    reporter = ErrorReporter(window, log_session.log_file, log_session.folder, broken)
    log_session.listeners.append(reporter.report)
    failing_button(qtbot, "boom").click()
    qtbot.waitUntil(lambda: len(shown) == 1)
    assert "could not be written to the recovery file (OSError: [Errno 28] No space left on device)" in shown[0][0]
    assert "File › Save As…" in shown[0][0]


def test_the_real_message_box_offers_the_log_folder(qtbot, tmp_path, monkeypatch):
    opened = []
    monkeypatch.setattr(Desktop, "open_folder", classmethod(lambda _cls, _parent, folder: opened.append(folder)))
    seen = {}

    def press_open_logs():
        box = QApplication.activeModalWidget()
        assert isinstance(box, QMessageBox)
        seen["text"] = box.text()
        seen["details"] = box.detailedText()
        seen["buttons"] = [b.text() for b in box.buttons()]
        next(b for b in box.buttons() if b.text() == "Open Log Folder").click()

    QTimer.singleShot(0, press_open_logs)
    ErrorDialog.ask(None, "Something went wrong: ValueError: x", "Traceback ...", tmp_path / "logs")
    assert opened == [tmp_path / "logs"]
    assert seen["text"] == "Something went wrong: ValueError: x"
    assert seen["details"] == "Traceback ..."
    assert "Open Log Folder" in seen["buttons"]


def test_qt_warnings_go_to_the_log(log_session):
    context = QMessageLogContext()
    qt_message_handler(QtMsgType.QtWarningMsg, context, "QPainter::begin: Paint device returned engine == 0")
    qt_message_handler(QtMsgType.QtDebugMsg, context, "chatter")
    previous = qInstallMessageHandler(qt_message_handler)
    try:
        qWarning("QWidget::setMinimumSize: negative size")
    finally:
        qInstallMessageHandler(previous)
    text = log_text(log_session)
    assert "WARNING crisis_desktop.qt: QPainter::begin: Paint device returned engine == 0" in text
    assert "WARNING crisis_desktop.qt: QWidget::setMinimumSize: negative size" in text
    assert "chatter" not in text


@pytest.mark.qt_no_exception_capture
def test_attach_reports_over_the_window_and_names_the_error_in_the_status_bar(window, log_session, shown, qtbot):
    reporter = ErrorReporter.attach(window, log_session)
    assert log_session.listeners == [reporter.report]
    failing_button(qtbot, "first").click()
    qtbot.waitUntil(lambda: len(shown) == 1)
    failing_button(qtbot, "first").click()  # the same again: only named in the status bar
    qtbot.waitUntil(lambda: window.statusBar().currentMessage() ==
                    "Unexpected error: ValueError: first (details in the log)")
    assert len(shown) == 1


def test_the_app_logs_its_start_and_keeps_a_crash_trace_file(tmp_path):
    """The whole start-up, in its own process (a QApplication.exec() here would upset later tests)."""
    data = tmp_path / "data"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "CRISIS_DESKTOP_EXIT_WHEN_SHOWN": "window"}
    result = subprocess.run([sys.executable, "-m", "crisis_desktop", "--data-dir", str(data)], env=env,
                            capture_output=True, text=True, timeout=120, cwd=Path(__file__).resolve().parents[2])
    assert result.returncode == 0, result.stderr
    assert "shown-at" in result.stdout
    log_text = (data / "logs" / "crisis-desktop.log").read_text(encoding="utf-8")
    assert "INFO crisis_desktop: Crisis Desktop" in log_text and "started" in log_text
    assert (data / "logs" / "crash-traces.log").exists()
