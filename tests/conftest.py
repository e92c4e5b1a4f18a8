"""Test set-up shared by every test: headless Qt, and a private data directory per test."""

from __future__ import annotations

import logging
import os
import sys
import threading

# Must be set before any QApplication exists (pytest-qt creates it lazily).
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402

import tests.hypothesis_budget  # noqa: E402,F401  (registers and loads the Hypothesis profile)
from crisis_desktop.storage.paths import DATA_DIR_ENV, AppPaths  # noqa: E402


@pytest.fixture
def paths(tmp_path, monkeypatch) -> AppPaths:
    """An empty data directory; the environment points there too, so nothing touches the real one."""
    data = tmp_path / "data"
    monkeypatch.setenv(DATA_DIR_ENV, str(data))
    return AppPaths(data).ensure()


@pytest.fixture(autouse=True)
def _process_hooks_restored():
    """main() sets up logging, exception hooks and faulthandler for the whole process; undo that per test."""
    from crisis_desktop.logs import LogSession

    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    hooks = sys.excepthook, threading.excepthook
    yield
    session = getattr(sys.excepthook, "__self__", None)
    if isinstance(session, LogSession):
        session.close()
    for handler in [h for h in root.handlers if h not in handlers]:
        root.removeHandler(handler)
        handler.close()
    root.setLevel(level)
    sys.excepthook, threading.excepthook = hooks
