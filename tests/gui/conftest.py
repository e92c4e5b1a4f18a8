"""GUI fixtures: a main window on a private data directory with the demo seeded, and scripted answers."""

from __future__ import annotations

import gc
from collections.abc import Callable

import pytest

from crisis_desktop.resources_access import resource
from crisis_desktop.storage.campaign_store import CampaignStore
from crisis_desktop.storage.demo import seed_demo
from crisis_desktop.ui.dialogs.ask import Ask
from crisis_desktop.ui.dialogs.new_campaign import NewCampaignDialog
from crisis_desktop.ui.document import CampaignDocument
from crisis_desktop.ui.main_window import MainWindow


class Answers:
    """Replaces Ask's modal dialogs: queued answers per question kind, and a record of what was asked."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.queued: dict[str, list[object]] = {"text": [], "yes_no": [], "save_discard_cancel": [], "save_file": [],
                                                "new_campaign": [], "choose": []}
        self.asked: list[tuple[str, str]] = []
        for kind in ("text", "yes_no", "save_discard_cancel", "save_file", "choose"):
            monkeypatch.setattr(Ask, kind, classmethod(self._answer(kind)))
        monkeypatch.setattr(NewCampaignDialog, "ask", classmethod(lambda _cls, _parent=None: self._pop("new_campaign")))
        monkeypatch.setattr(Ask, "error", classmethod(self._record("error")))
        monkeypatch.setattr(Ask, "info", classmethod(self._record("info")))

    def _answer(self, kind: str) -> Callable[..., object]:
        def answer(_cls, _parent, title, text, *_args, **_kwargs):
            self.asked.append((kind, f"{title}: {text}"))
            if not self.queued[kind]:
                raise AssertionError(f"Unexpected question {kind}: {title}: {text}")
            return self.queued[kind].pop(0)
        return answer

    def _pop(self, kind: str) -> object:
        self.asked.append((kind, ""))
        if not self.queued[kind]:
            raise AssertionError(f"Unexpected dialog {kind}")
        return self.queued[kind].pop(0)

    def _record(self, kind: str) -> Callable[..., None]:
        def record(_cls, _parent, title, text):
            self.asked.append((kind, f"{title}: {text}"))
        return record

    def texts(self, kind: str) -> list[str]:
        return [text for k, text in self.asked if k == kind]


@pytest.fixture
def answers(monkeypatch) -> Answers:
    return Answers(monkeypatch)


@pytest.fixture
def make_window(qtbot, paths, answers):
    """Factory for main windows on the same data directory (a second instance, a restart)."""
    seed_demo(paths)

    def make(campaign: str | None = None, start: bool = True) -> MainWindow:
        window = MainWindow(paths)
        qtbot.addWidget(window)
        window.show()
        if start:
            window.files.start(campaign)
        return window

    return make


@pytest.fixture
def window(make_window) -> MainWindow:
    return make_window()


@pytest.fixture
def restart(make_window, answers):
    """Ends a main window and starts the next one on the same data directory, as the GM restarting the app would.

    `restart(window)` closes it as the GM does (unsaved changes are saved when asked), so everything the window
    keeps on closing is kept. `restart(window, crash=True)` lets it die instead: nothing of closing runs (no save,
    no settings written, no last autosave); what a crash leaves is what was already on disk: the settings as last
    written and the journal of the fight. The next start is asked whether to recover; it answers `recover` and
    checks that it was asked exactly when the crash left a recovery file.
    """

    def restart(window: MainWindow, *, crash: bool = False, recover: bool = True) -> MainWindow:
        document = window.document
        if not crash:
            if document is not None and document.dirty:
                answers.queued["save_discard_cancel"].append("save")
            assert window.close(), "the window would not close"
            return make_window()
        window.autosave_timer.stop()
        if document is not None:
            # The kernel lets go of a dead process's locks: its journal's mark no longer says it runs.
            document.journal.journal.running_mark.release(remove=False)
        left = document is not None and any(r.original_path == document.path.resolve()
                                            for r in window.files.store.recovery.list_recoveries())
        window.player_menu.close()      # the crashed process's player display dies with it
        if window.lock is not None:     # a dead process's lock is stale: the next start takes it over
            window.lock.release()
            window.lock = None
        if document is not None:
            # The dead window is only torn down after the test: its closing then must ask nothing (and, being
            # dead, does nothing to its journal).
            document.undo_stack.blockSignals(True)
            document.undo_stack.setClean()
        window.hide()
        questions = len(answers.texts("yes_no"))
        if left:
            answers.queued["yes_no"].append(recover)
        started = make_window()
        recovery_asked = any("Recover" in text for text in answers.texts("yes_no")[questions:])
        assert recovery_asked == left, "recovery is offered exactly when the crash left a recovery file"
        return started

    return restart


@pytest.fixture
def document(qtbot, paths) -> CampaignDocument:
    """The demo campaign open in a document, without a main window (for testing one place at a time)."""
    store = CampaignStore(paths)
    path = paths.campaigns / "demo.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(resource("demo", "campaign.json").read_bytes())
    return CampaignDocument(store.load(path), path, store)


@pytest.fixture
def skirmish_document(qtbot, paths) -> CampaignDocument:
    """The skirmish demo campaign open in a document, without a main window."""
    store = CampaignStore(paths)
    path = paths.campaigns / "skirmish-demo.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(resource("demo", "skirmish.json").read_bytes())
    return CampaignDocument(store.load(path), path, store)


@pytest.fixture
def genesys_document(qtbot, paths) -> CampaignDocument:
    """The genesys demo campaign open in a document, without a main window."""
    store = CampaignStore(paths)
    path = paths.campaigns / "genesys-demo.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(resource("demo", "genesys.json").read_bytes())
    return CampaignDocument(store.load(path), path, store)


@pytest.fixture(autouse=True)
def _garbage_freed_after_each_test():
    """Each test's garbage is freed when it ends. Tests drop documents and windows without closing them (the app
    deletes a closed campaign's document from the event loop, which deletes its undo stack and commands on the
    C++ side first); left to pile up, that garbage is freed in one of the collector's sweeps of everything
    (ui/collector.py), and tearing down, in one collection, an undo stack together with the Python commands on it
    crashes the interpreter in QUndoStack::clear (seen under gdb). A document's commands no longer hold it in a
    cycle (test_undo_stack_teardown.py), but widgets that show it still may."""
    yield
    gc.collect()


@pytest.fixture(autouse=True)
def _plans_picked_by_name(monkeypatch):
    """A plan or a declaration picked by its name through BoardAsk.choose (what the board tests answer), with nothing
    more said; the tests of what combatants intend answer IntentDialog.ask themselves."""
    from crisis_desktop.rules.kernel.flows import Intent
    from crisis_desktop.ui.dialogs.encounter_dialogs import BoardAsk
    from crisis_desktop.ui.dialogs.intent_dialog import IntentDialog

    def ask(_cls, parent, title, who, choices, _propose, _targets, _weapons):
        picked = BoardAsk.choose(parent, title, f"{who}:", [c.label for c in choices])
        return None if picked is None else (picked, Intent())

    monkeypatch.setattr(IntentDialog, "ask", classmethod(ask))
