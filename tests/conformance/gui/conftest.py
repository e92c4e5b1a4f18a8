"""The GUI fixtures the conformance suite's view tests use, the same as tests/gui's: scripted answers, a main
window on a private data folder, a document and the Characters view over it."""

from __future__ import annotations

from tests.gui.characters.conftest import char_answers, make_document, make_view, store  # noqa: F401
from tests.gui.conftest import _garbage_freed_after_each_test, _plans_picked_by_name, answers, make_window  # noqa: F401
