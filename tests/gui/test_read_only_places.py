"""The window on a read-only disk (injected: tests/read_only_disk.py): it can always be closed, Save As to a
writable place completes, and every message names the disk, not the file."""

from __future__ import annotations

import errno
import os

import pytest

from crisis_desktop.storage.campaign_store import CampaignStore
from tests.read_only_disk import ReadOnlyDisk


def _rename(window, answers, name: str) -> None:
    answers.queued["text"].append(name)
    window.menus.act_rename.trigger()


def test_on_a_read_only_disk_save_says_the_disk_and_discard_closes_without_writing(make_window, answers, paths,
                                                                                    monkeypatch):
    window = make_window()
    path = window.document.path
    _rename(window, answers, "Edited")  # journaled while the disk could still be written
    before = path.read_bytes()
    disk = ReadOnlyDisk(monkeypatch, paths.data_dir)
    monkeypatch.setattr(os, "access", lambda *_a, **_k: False)  # what access(2) says on a read-only disk

    answers.queued["save_discard_cancel"].append("save")
    assert not window.close()
    [message] = answers.texts("error")
    assert message.startswith(f"Save failed: Could not save {path}:\n{path.parent} is on a read-only disk: nothing "
                              "on it can be changed (Read-only file system)\n\nNothing on disk was changed")
    assert "marked read-only" not in message
    assert (f"but no copy for recovery could be written either ({paths.recovery} is on a read-only disk: nothing on "
            "it can be changed (Read-only file system))") in message
    assert "use File › Save As… and choose a folder on another disk" in message
    assert window.isVisible() and window.isWindowModified()

    answers.queued["save_discard_cancel"].append("discard")
    assert window.close()
    assert window.document is None and path.read_bytes() == before
    assert disk.refused  # closing tried to remove the journal and the lock, and went on when it could not


def test_save_as_from_a_read_only_disk_to_a_writable_place_completes_and_leaves_the_old_file(make_window, answers,
                                                                                             paths, tmp_path):
    window = make_window()
    original = window.document.path
    before = original.read_bytes()
    _rename(window, answers, "Tonight")
    with pytest.MonkeyPatch.context() as patch:
        ReadOnlyDisk(patch, paths.data_dir)  # the campaign's disk, its journal's too

        # Save As onto the read-only disk itself: said as the disk; nothing changes, still unsaved.
        answers.queued["text"].append("Tonight")
        answers.queued["save_file"].append(paths.campaigns / "tonight.json")
        window.menus.act_save_as.trigger()
        [message] = answers.texts("error")
        assert message == (f"Save failed: Could not save {paths.campaigns / 'tonight.json'}:\n{paths.campaigns} is "
                           "on a read-only disk: nothing on it can be changed (Read-only file system)\n\nYour changes "
                           "are still open: choose another folder.")
        assert window.document.path == original and window.isWindowModified()

        # To a writable place: the copy is written and the window goes on there, nothing unsaved; the old file is
        # left as it is (not claimed saved: it never got the changes).
        target = tmp_path / "usb stick" / "tonight.json"
        answers.queued["text"].append("Tonight")
        answers.queued["save_file"].append(target)
        window.menus.act_save_as.trigger()
        assert len(answers.texts("error")) == 1
        assert window.document.path == target and not window.isWindowModified()
        assert CampaignStore(paths).load(target).name == "Tonight"
        assert original.read_bytes() == before

    # The copy is a campaign like any other: a change is unsaved and journaled, a save writes it.
    _rename(window, answers, "Tonight, later")
    assert window.isWindowModified() and window.document.journal.journal.path.exists()
    assert window.files.save()
    assert CampaignStore(paths).load(target).name == "Tonight, later" and original.read_bytes() == before


def test_each_cause_of_a_failed_save_is_named_in_the_window(window, answers, monkeypatch):
    from crisis_desktop.storage import atomic

    path = window.document.path
    _rename(window, answers, "Unsaved")
    for code, words in ((errno.EACCES, f"there is no permission to write in {path.parent} (Permission denied)"),
                        (errno.ENOSPC, f"the disk holding {path.parent} is full (No space left on device)"),
                        (errno.EIO, f"the disk holding {path.parent} could not be written (an input/output error")):
        def fail(*_args, code=code, **_kwargs):
            raise OSError(code, os.strerror(code))

        monkeypatch.setattr(atomic, "_stage", fail)
        assert not window.files.save()
        assert answers.texts("error")[-1].startswith(f"Save failed: Could not save {path}:\n{words}")
    window.document.undo_stack.setClean()  # let the fixture close it


def test_save_as_from_a_read_only_campaigns_folder_journals_the_copy_and_forgets_the_old_journal(make_window,
                                                                                                 answers, paths,
                                                                                                 tmp_path):
    window = make_window()
    original = window.document.path
    before = original.read_bytes()
    _rename(window, answers, "Tonight")
    old_journal = window.document.journal.journal.path
    assert old_journal.exists()
    with pytest.MonkeyPatch.context() as patch:
        ReadOnlyDisk(patch, paths.campaigns)  # the campaign's disk only; the recovery folder can be written
        target = tmp_path / "usb stick" / "tonight.json"
        answers.queued["text"].append("Tonight")
        answers.queued["save_file"].append(target)
        window.menus.act_save_as.trigger()
        assert window.document.path == target and not window.isWindowModified()
        assert not old_journal.exists()  # its changes are in the copy: nothing of the old file to recover
        _rename(window, answers, "Tonight, later")
        journal = window.document.journal.journal.path
        assert journal != old_journal and journal.exists() and window.isWindowModified()
        [offer] = CampaignStore(paths).recovery.list_recoveries()
        assert offer.original_path == target.resolve() and offer.campaign.name == "Tonight, later"
        assert original.read_bytes() == before
    window.document.undo_stack.setClean()  # let the fixture close it
