"""Saving in the background: atomic as ever, a save asked for during one is queued (never lost), the unsaved marker
is right afterwards, and changes made while it writes stay in the journal."""

from __future__ import annotations

import errno
import threading

from crisis_desktop.controller.commands import SetCampaignField
from crisis_desktop.storage.campaign_store import CampaignStore


class HeldWrites:
    """Makes the store's writes wait until released, so a test can act while a save is under way."""

    def __init__(self, store: CampaignStore, monkeypatch) -> None:  # type: ignore[no-untyped-def]
        self.release = threading.Event()
        self.started = threading.Semaphore(0)
        self.written: list[bytes] = []
        real = store.write_pieces

        def held(pieces, path, **flags):  # type: ignore[no-untyped-def]
            self.started.release()
            assert self.release.wait(10)
            self.written.append(pieces.joined())
            real(pieces, path, **flags)

        monkeypatch.setattr(store, "write_pieces", held)


def _rename(window, name: str) -> None:  # type: ignore[no-untyped-def]
    window.document.push(SetCampaignField(window.document.campaign, "name", name))


def test_a_save_asked_for_during_a_save_runs_after_it_with_everything(window, monkeypatch):
    document = window.document
    document._warmer.wait()  # the cache filled: a save starts at once
    held = HeldWrites(window.files.store, monkeypatch)
    told: list[object] = []
    document.saveFinished.connect(told.append)
    path = document.path

    _rename(window, "First")
    window.menus.act_save.trigger()
    assert held.started.acquire(timeout=10)   # the first save is writing
    _rename(window, "Second")                   # changed while it writes
    window.menus.act_save.trigger()                   # asked again: queued
    assert document.saving and window.isWindowModified()
    held.release.set()
    document.wait_for_save()

    assert told == [None, None]
    assert CampaignStore(window.paths).load(path).name == "Second"
    assert b'"name": "First"' in held.written[0] and b'"name": "Second"' in held.written[1]
    assert not window.isWindowModified() and not document.saving
    assert window.files.store.recovery.list_recoveries() == []  # nothing unsaved is left in the journal


def test_a_change_made_while_saving_leaves_the_window_unsaved_and_in_the_journal(window, monkeypatch):
    document = window.document
    document._warmer.wait()
    held = HeldWrites(window.files.store, monkeypatch)
    path = document.path

    _rename(window, "Saved")
    window.menus.act_save.trigger()
    assert held.started.acquire(timeout=10)
    _rename(window, "Typed during the save")
    held.release.set()
    document.saveFinished.connect(lambda _error: None)
    document._saver.wait()  # only the running save, not a queued one: none was asked for

    assert CampaignStore(window.paths).load(path).name == "Saved"
    assert window.isWindowModified()
    # Undoing the change made during the save reaches what the file holds, yet the stack cannot know the file:
    # it stays unsaved rather than claim a state it never saved.
    window.menus.act_undo.trigger()
    assert window.isWindowModified()
    window.menus.act_redo.trigger()
    # A crash now: the journal restarted from the file just written, with the change made during the save.
    [offer] = CampaignStore(window.paths).recovery.list_recoveries()
    assert offer.campaign.name == "Typed during the save"
    document.undo_stack.blockSignals(True)
    document.undo_stack.setClean()  # let the fixture close it quietly


def test_a_failed_background_save_says_so_and_changes_nothing(window, answers, monkeypatch):
    document = window.document
    document._warmer.wait()
    path = document.path
    before = path.read_bytes()

    def disk_full(*_args, **_kwargs):  # type: ignore[no-untyped-def]
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(window.files.store, "write_pieces", disk_full)
    _rename(window, "Not on disk")
    window.menus.act_save.trigger()
    document.wait_for_save()

    [message] = answers.texts("error")
    assert "is full (No space left on device)" in message and "Nothing on disk was changed" in message
    assert path.read_bytes() == before
    assert window.isWindowModified() and document.campaign.name == "Not on disk"
    [offer] = CampaignStore(window.paths).recovery.list_recoveries()
    assert offer.campaign.name == "Not on disk"
    document.undo_stack.blockSignals(True)
    document.undo_stack.setClean()


def test_a_change_the_journal_could_not_take_is_said_and_the_autosave_writes_everything(window, monkeypatch):
    document = window.document
    failures: list[str] = []
    document.journalFailed.connect(failures.append)
    journal = document.journal.journal

    def disk_full(_line: bytes) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(journal, "append", disk_full)
    _rename(window, "Only in memory")
    monkeypatch.undo()
    assert failures == ["Could not journal the change: [Errno 28] No space left on device"]
    _rename(window, "Still only in memory")
    assert failures == ["Could not journal the change: [Errno 28] No space left on device"]  # said once

    assert document.autosave()  # the whole campaign, as the journal
    [offer] = CampaignStore(window.paths).recovery.list_recoveries()
    assert offer.campaign.name == "Still only in memory"
    _rename(window, "Journaled again")
    [offer] = CampaignStore(window.paths).recovery.list_recoveries()
    assert offer.campaign.name == "Journaled again"
    document.undo_stack.blockSignals(True)
    document.undo_stack.setClean()
