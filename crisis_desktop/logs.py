"""The log file, crash traces and the last-resort exception hooks; no Qt, so the CLI uses them too."""

from __future__ import annotations

import faulthandler
import logging
import logging.handlers
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from types import TracebackType
from typing import IO

LOG_FILE_NAME = "crisis-desktop.log"
# faulthandler writes here when the interpreter itself dies (a segfault in Qt): Python cannot log then.
CRASH_FILE_NAME = "crash-traces.log"
MAX_LOG_BYTES = 2 * 1024 * 1024
LOG_BACKUPS = 3
_HANDLER_NAME = "crisis-desktop-log-file"
_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"

log = logging.getLogger("crisis_desktop")

ExceptionInfo = tuple[type[BaseException], BaseException, TracebackType | None]
ExceptionListener = Callable[[type[BaseException], BaseException, TracebackType | None], None]


class LogSession:
    """What install_logging set up: the log file, the crash-trace file and the exception hooks.

    The app keeps it for the whole process (faulthandler needs its file open until the end); close()
    undoes all of it, for tests and for a second install in the same process.
    """

    def __init__(self, folder: Path, handler: logging.Handler, log_file: Path | None,
                 fault_file: IO[str] | None, problem: str = "") -> None:
        self.folder = folder
        self.handler = handler
        self.log_file = log_file
        self.fault_file = fault_file
        self.problem = problem  # why there is no log file, if there is none
        self.listeners: list[ExceptionListener] = []
        root = logging.getLogger()
        self._previous_level = root.level
        self._previous_excepthook = sys.excepthook
        self._previous_thread_hook = threading.excepthook
        self._fault_was_enabled = faulthandler.is_enabled()

    def handle_exception(self, exc_type: type[BaseException], exc: BaseException,
                         tb: TracebackType | None) -> None:
        """sys.excepthook: log the traceback, tell the listeners (the GUI's message), then the usual hook."""
        if not issubclass(exc_type, KeyboardInterrupt):
            log.error("Unexpected error: %s", describe(exc), exc_info=(exc_type, exc, tb))
            self._tell_listeners(exc_type, exc, tb)
        self._previous_excepthook(exc_type, exc, tb)

    def handle_thread_exception(self, args: threading.ExceptHookArgs) -> None:
        """threading.excepthook: the same for an exception that ends a thread."""
        if args.exc_value is not None and not issubclass(args.exc_type, SystemExit):
            name = args.thread.name if args.thread is not None else "?"
            log.error("Unexpected error in thread %s: %s", name, describe(args.exc_value),
                      exc_info=(args.exc_type, args.exc_value, args.exc_traceback))
            self._tell_listeners(args.exc_type, args.exc_value, args.exc_traceback)
        self._previous_thread_hook(args)

    def _tell_listeners(self, exc_type: type[BaseException], exc: BaseException,
                        tb: TracebackType | None) -> None:
        for listener in list(self.listeners):
            try:
                listener(exc_type, exc, tb)
            except Exception:  # noqa: BLE001 - inside the hook: an error here must not hide the first one
                log.exception("Could not report the error above")

    def close(self) -> None:
        """Remove the log handler and the hooks, restore what was there before, close the files."""
        root = logging.getLogger()
        root.removeHandler(self.handler)
        self.handler.close()
        root.setLevel(self._previous_level)
        if sys.excepthook == self.handle_exception:
            sys.excepthook = self._previous_excepthook
        if threading.excepthook == self.handle_thread_exception:
            threading.excepthook = self._previous_thread_hook
        if self.fault_file is not None:
            faulthandler.disable()
            if self._fault_was_enabled and sys.__stderr__ is not None:
                faulthandler.enable(sys.__stderr__)
            self.fault_file.close()
            self.fault_file = None


class _PrintableFormatter(logging.Formatter):
    """Records as printable text: a campaign's name with an ESC sequence in it must not reach a terminal that shows
    the log (stderr, or `cat` of the file) raw."""

    def format(self, record: logging.LogRecord) -> str:
        from crisis_desktop.terminal_text import printable_lines

        return printable_lines(super().format(record))


def install_logging(folder: Path, level: int = logging.INFO) -> LogSession:
    """Log to a rotating file in `folder`, send hard crashes to a trace file there, hook unhandled exceptions.

    A folder that cannot be written is not fatal: the log goes to stderr and `problem` says why.
    """
    earlier = getattr(sys.excepthook, "__self__", None)
    if isinstance(earlier, LogSession):
        earlier.close()  # an earlier install in this process (tests run main() many times): replace it
    root = logging.getLogger()
    for old_handler in [h for h in root.handlers if h.name == _HANDLER_NAME]:
        root.removeHandler(old_handler)
        old_handler.close()
    folder = Path(folder)
    log_file: Path | None = None
    fault_file: IO[str] | None = None
    problem = ""
    handler: logging.Handler
    try:
        folder.mkdir(parents=True, exist_ok=True)
        # delay: the file is opened by the first record, not at start-up.
        handler = logging.handlers.RotatingFileHandler(folder / LOG_FILE_NAME, maxBytes=MAX_LOG_BYTES,
                                                       backupCount=LOG_BACKUPS, encoding="utf-8", delay=True)
        log_file = folder / LOG_FILE_NAME
        fault_file = open(folder / CRASH_FILE_NAME, "a", encoding="utf-8")  # noqa: SIM115 - open for the process
    except OSError as exc:
        problem = f"Cannot write the log in {folder}: {exc.strerror or exc}"
        log_file = None
        handler = logging.StreamHandler(sys.stderr)
    handler.name = _HANDLER_NAME
    handler.setFormatter(_PrintableFormatter(_FORMAT))
    session = LogSession(folder, handler, log_file, fault_file, problem)
    root.addHandler(handler)
    if root.level == logging.NOTSET or root.level > level:
        root.setLevel(level)
    if fault_file is not None:
        faulthandler.enable(fault_file, all_threads=True)
    sys.excepthook = session.handle_exception
    threading.excepthook = session.handle_thread_exception
    if problem:
        log.warning(problem)
    return session


def describe(exc: BaseException) -> str:
    """An exception in plain words for a person: its type and message ('KeyError: 'wolf'')."""
    message = str(exc).strip()
    return f"{type(exc).__name__}: {message}" if message else type(exc).__name__
