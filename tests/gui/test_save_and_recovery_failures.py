"""Regressions found by review: a failing save never closes over unsaved work; every recovery is offered."""

from __future__ import annotations

from crisis_desktop.storage.campaign_store import CampaignStore


def test_a_save_that_fails_while_closing_keeps_the_window_and_the_changes(window, answers, monkeypatch):
    answers.queued["text"].append("Unsaved work")
    window.act_rename.trigger()

    def disk_full(*_args, **_kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(window.document, "save", disk_full)
    answers.queued["save_discard_cancel"].append("save")
    assert not window.close()
    assert window.isVisible() and window.document.campaign.name == "Unsaved work"
    [message] = answers.texts("error")
    assert "No space left on device" in message and "still open" in message
    window.document.undo_stack.setClean()  # let the fixture close it


def test_a_second_recovery_is_offered_when_its_campaign_is_opened(make_window, answers, paths):
    store = CampaignStore(paths)
    first, first_path = store.create("First")
    second, second_path = store.create("Second")
    first.notes, second.notes = "lost in the crash, 1", "lost in the crash, 2"
    store.recovery.save(first, first_path)
    store.recovery.save(second, second_path)

    answers.queued["yes_no"].append(True)   # recover the first one offered at start
    window = make_window()
    opened = window.document.campaign.name
    other = second_path if opened == "First" else first_path
    window.document.undo_stack.setClean()
    answers.queued["yes_no"].append(True)   # recover when the other one is opened
    assert window.open_campaign(other)
    assert window.document.campaign.notes.startswith("lost in the crash")
    assert window.isWindowModified()
    window.document.undo_stack.setClean()
