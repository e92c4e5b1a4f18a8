"""Test set-up shared by every test: headless Qt, and a private data directory per test."""

from __future__ import annotations

import os

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
