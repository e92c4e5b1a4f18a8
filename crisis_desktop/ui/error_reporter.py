"""Unexpected errors in the GUI become one plain message (what failed, where the log is, where unsaved work
went) while the app keeps running; Qt's own warnings go to the log."""

from __future__ import annotations

import logging
import traceback
from collections.abc import Callable
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING

from PySide6.QtCore import QMessageLogContext, QObject, Qt, QtMsgType, Signal, qInstallMessageHandler
from PySide6.QtWidgets import QMessageBox, QWidget

from crisis_desktop.logs import describe
from crisis_desktop.ui.desktop import Desktop
from crisis_desktop.ui.plain_text import message_box

if TYPE_CHECKING:
    from crisis_desktop.logs import LogSession
    from crisis_desktop.ui.main_window import MainWindow

log = logging.getLogger(__name__)
qt_log = logging.getLogger("crisis_desktop.qt")

# After this many messages in one run, further new errors only reach the log and the status bar.
MAX_MESSAGES = 5

_QT_LEVELS = {
    QtMsgType.QtDebugMsg: logging.DEBUG,
    QtMsgType.QtInfoMsg: logging.INFO,
    QtMsgType.QtWarningMsg: logging.WARNING,
    QtMsgType.QtCriticalMsg: logging.ERROR,
    QtMsgType.QtFatalMsg: logging.CRITICAL,
}


def qt_message_handler(kind: QtMsgType, context: QMessageLogContext, message: str) -> None:
    """Qt's qWarning() and friends, into the log under 'crisis_desktop.qt' with their category."""
    category = context.category if context.category and context.category != "default" else ""
    qt_log.log(_QT_LEVELS.get(kind, logging.WARNING), "%s%s", f"[{category}] " if category else "", message)


def install_qt_message_handler() -> None:
    qInstallMessageHandler(qt_message_handler)


class ErrorDialog:
    """The message about an unexpected error; asked through `ask` so tests replace it."""

    @classmethod
    def ask(cls, parent: QWidget | None, text: str, details: str, log_folder: Path) -> None:
        box = message_box(parent, QMessageBox.Icon.Critical, "Unexpected error", text,
                          QMessageBox.StandardButton.Close)
        open_logs = box.addButton("Open Log Folder", QMessageBox.ButtonRole.ActionRole)
        box.setDetailedText(details)
        # Room for the file paths on a line of their own (qt_msgbox_label: the text, not the icon).
        box.setStyleSheet("QLabel#qt_msgbox_label { min-width: 460px; }")
        box.setDefaultButton(QMessageBox.StandardButton.Close)
        box.exec()
        if box.clickedButton() is open_logs:
            Desktop.open_folder(parent, log_folder)


class ErrorReporter(QObject):
    """The LogSession listener of the GUI: shows one message per new error, never a pile of them.

    The message waits for the event loop (the error may come from any thread, or from inside a paint).
    While one is open, or for an error already shown, or after MAX_MESSAGES, the error is only logged
    and named in the status bar.

    Signals:
        message(str): a line for the window's status bar.
    """

    message = Signal(str)
    _arrived = Signal(str, str, str)  # summary, where, traceback: carried into the GUI thread

    def __init__(self, parent: QWidget, log_file: Path | None, log_folder: Path,
                 save_recovery: Callable[[], Path | None]) -> None:
        super().__init__(parent)
        self.window = parent
        self.log_file = log_file
        self.log_folder = log_folder
        self.save_recovery = save_recovery
        self.shown = 0
        self._showing = False
        self._seen: set[tuple[str, str]] = set()
        self._arrived.connect(self._show, Qt.ConnectionType.QueuedConnection)

    @classmethod
    def attach(cls, window: MainWindow, session: LogSession) -> ErrorReporter:
        """Report the session's unexpected errors over `window`, naming them in its status bar too."""
        reporter = cls(window, session.log_file, session.folder, window.files.save_for_recovery)
        reporter.message.connect(window.statusBar().showMessage)
        session.listeners.append(reporter.report)
        return reporter

    def report(self, exc_type: type[BaseException], exc: BaseException, tb: TracebackType | None) -> None:
        """Called by the exception hook, from any thread."""
        frames = traceback.extract_tb(tb)
        where = f"{frames[-1].filename}:{frames[-1].lineno}" if frames else ""
        details = "".join(traceback.format_exception(exc_type, exc, tb))
        self._arrived.emit(describe(exc), where, details)

    def _show(self, summary: str, where: str, details: str) -> None:
        key = (summary, where)
        if self._showing or key in self._seen or self.shown >= MAX_MESSAGES:
            self.message.emit(f"Unexpected error: {summary} (details in the log)")
            return
        self._seen.add(key)
        self._showing = True
        try:
            self.shown += 1
            ErrorDialog.ask(self.window, self.compose(summary), details, self.log_folder)
        finally:
            self._showing = False

    def compose(self, summary: str) -> str:
        """The message: what failed, where the unsaved work is now, where the log is."""
        try:
            recovery = self.save_recovery()
        except Exception as exc:  # noqa: BLE001 - the state may be broken; say so instead of failing again
            log.exception("Could not write the recovery file after the error")
            unsaved = (f"Your unsaved changes could not be written to the recovery file ({describe(exc)}). "
                       "Try File › Save As… to keep them under a new name.")
        else:
            if recovery is None:
                unsaved = "There were no unsaved changes."
            else:
                log.info("Unsaved changes written to %s after the error", recovery)
                unsaved = ("Your unsaved changes were written to the recovery file, so they survive even if "
                           f"Crisis Desktop stops now:\n{recovery}")
        where = (f"The details are in the log:\n{self.log_file}" if self.log_file is not None
                 else "The log could not be written; the details are under Show Details.")
        return (f"Something went wrong and the last action may not have finished:\n\n{summary}\n\n{unsaved}\n\n"
                f"Crisis Desktop keeps running. {where}")
