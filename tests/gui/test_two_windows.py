"""Two main windows on one campaign: neither overwrites the other's save without asking, each keeps its own
recovery journal, and the work of one that crashed is offered at the next start."""

from __future__ import annotations

from crisis_desktop.controller.commands import SetCampaignField
from crisis_desktop.storage.campaign_store import CampaignStore


def _rename(window, answers, name: str) -> None:
    answers.queued["text"].append(name)
    window.menus.act_rename.trigger()


def _two_windows(make_window, answers):
    first = make_window()
    answers.queued["yes_no"].append(True)  # "already open in another Crisis Desktop… Open anyway?"
    second = make_window(campaign=str(first.document.path))
    assert any("already open" in text for text in answers.texts("yes_no"))
    assert second.document is not None and second.document.path == first.document.path
    return first, second


def _crash(window) -> None:
    """What a killed window leaves: its journal, and its journal's mark no longer held (the kernel let go)."""
    window.autosave_timer.stop()
    document = window.document
    document.journal.journal.running_mark.release(remove=False)
    if window.lock is not None and window.lock.held:
        window.lock.release()
    document.undo_stack.blockSignals(True)  # a dead window does nothing more to its journal
    document.undo_stack.setClean()
    document.blockSignals(True)
    window.hide()


CHANGED = "File changed on disk: "


def test_two_windows_saving_in_turn_are_asked_and_each_answer_does_what_it_says(make_window, answers, paths,
                                                                                 tmp_path):
    first, second = _two_windows(make_window, answers)
    path = first.document.path
    store = CampaignStore(paths)

    _rename(first, answers, "Named in the first")
    assert first.files.save()
    assert store.load(path).name == "Named in the first"

    # The second window's save: the file is not the version it opened. Asked; Cancel writes nothing.
    _rename(second, answers, "Named in the second")
    saved = path.read_bytes()
    answers.queued["choose"].append("cancel")
    assert not second.files.save()
    [question] = answers.texts("choose")
    assert question.startswith(f"{CHANGED}{path} was changed by another window or program (last changed ")
    assert ("after this window opened or last saved it. Saving here would replace those changes with yours.\n\n"
            "• Save a Copy…: put your changes in a new file, and go on there; the file stays as the other window "
            "saved it.\n• Reload, Losing My Changes: open the file as it is now; the unsaved changes in this window "
            "are lost.\n• Overwrite: replace the file with this window's campaign; the other window's changes are "
            "lost from it (the version it holds now is kept as a backup: File › Restore Earlier Version…).") \
        in question
    assert path.read_bytes() == saved and second.isWindowModified()

    # Overwrite: the second window's campaign replaces the file; the first's version is kept as a backup.
    answers.queued["choose"].append("overwrite")
    assert second.files.save()
    assert store.load(path).name == "Named in the second" and not second.isWindowModified()
    assert "Named in the first" in [store.load(b.path).name for b in store.list_backups(path)]

    # The first window is asked in turn (Save from the menu, which saves in the background otherwise). Reload:
    # the file as the second saved it, the first's unsaved change is gone, and nothing is unsaved.
    _rename(first, answers, "Lost on reload")
    answers.queued["choose"].append("reload")
    first.menus.act_save.trigger()
    first.document.wait_for_save()
    assert len(answers.texts("choose")) == 3
    assert first.document.campaign.name == "Named in the second" and not first.isWindowModified()
    assert store.load(path).name == "Named in the second"

    # Reloaded, the first window holds the version on disk: its next save is not asked about.
    _rename(first, answers, "Saved after reloading")
    assert first.files.save()
    assert len(answers.texts("choose")) == 3

    # Save a Copy…: the second window's changes go to a new file and it goes on there; the file stays as it was.
    first.document.wait_for_save()
    notes = SetCampaignField(second.document.campaign, "notes", "Kept in the copy")
    second.document.push(notes)
    answers.queued["choose"].append("copy")
    answers.queued["text"].append("The second's copy")
    answers.queued["save_file"].append(tmp_path / "copy.json")
    assert second.files.save()
    assert second.document.path == tmp_path / "copy.json" and not second.isWindowModified()
    copy = store.load(tmp_path / "copy.json")
    assert copy.name == "The second's copy" and copy.notes == "Kept in the copy"
    assert store.load(path).name == "Saved after reloading" and store.load(path).notes != "Kept in the copy"


def test_a_save_in_one_window_leaves_the_other_windows_journal(make_window, answers, paths):
    first, second = _two_windows(make_window, answers)
    _rename(first, answers, "Unsaved in the first")
    _rename(second, answers, "Unsaved in the second")
    mine, theirs = first.document.journal.journal.path, second.document.journal.journal.path
    assert mine != theirs and mine.exists() and theirs.exists()

    assert first.files.save()
    assert not mine.exists() and theirs.exists()
    [listed] = CampaignStore(paths).recovery.list_recoveries()
    assert listed.file == theirs and listed.campaign.name == "Unsaved in the second"
    assert listed.running  # the second window runs: not offered at a start
    second.document.undo_stack.setClean()  # let the fixture close it


def test_a_crashed_windows_work_is_offered_at_the_next_start_and_its_save_asks(make_window, answers, paths):
    first, second = _two_windows(make_window, answers)
    path = first.document.path
    _rename(second, answers, "Typed before the crash")
    crashed_journal = second.document.journal.journal.path
    _crash(second)
    _rename(first, answers, "Saved by the first")
    assert first.files.save()
    assert first.close()
    assert crashed_journal.exists()

    answers.queued["yes_no"].append(True)  # "Recover those changes?"
    third = make_window()
    [offer] = [text for text in answers.texts("yes_no") if text.startswith("Recover unsaved changes")]
    assert "“Typed before the crash”" in offer
    assert third.document.path == path and third.document.campaign.name == "Typed before the crash"
    assert third.isWindowModified()
    # Its own journal holds the recovered changes now; the crashed window's is gone.
    assert third.document.journal.journal.path.exists() and not crashed_journal.exists()
    # The changes were made on the version before the first window's save: saving them asks.
    answers.queued["choose"].append("overwrite")
    assert third.files.save()
    assert len(answers.texts("choose")) == 1
    assert CampaignStore(paths).load(path).name == "Typed before the crash"


def test_quitting_a_window_whose_file_another_saved_asks_and_a_copy_keeps_its_work(make_window, answers, paths,
                                                                                   tmp_path):
    first, second = _two_windows(make_window, answers)
    path = first.document.path
    _rename(first, answers, "Saved by the first")
    assert first.files.save()
    _rename(second, answers, "Kept by the second")

    answers.queued["save_discard_cancel"].append("save")  # "Save the changes … before closing?"
    answers.queued["choose"].append("copy")
    answers.queued["text"].append("Kept by the second")
    answers.queued["save_file"].append(tmp_path / "second.json")
    assert second.close()
    assert [text.split(":")[0] for text in answers.texts("choose")] == ["File changed on disk"]
    assert CampaignStore(paths).load(tmp_path / "second.json").name == "Kept by the second"
    assert CampaignStore(paths).load(path).name == "Saved by the first"
    assert second.document is None and not second.isVisible()


def test_a_save_slipping_in_before_a_background_save_is_caught_there_and_asked(make_window, answers, paths,
                                                                                monkeypatch):
    first, second = _two_windows(make_window, answers)
    path = first.document.path
    first.document._warmer.wait()
    _rename(second, answers, "Saved by the second")
    # The second saves between the first's quick look at the file and its write in the background.
    monkeypatch.setattr(first.files.store, "quick_to_replace", lambda *_args: True)
    assert second.files.save()
    _rename(first, answers, "The first's work")
    answers.queued["choose"].append("cancel")
    first.menus.act_save.trigger()
    first.document.wait_for_save()
    assert [text.split(":")[0] for text in answers.texts("choose")] == ["File changed on disk"]
    assert CampaignStore(paths).load(path).name == "Saved by the second"
    assert first.isWindowModified() and not answers.texts("error")
    first.document.undo_stack.setClean()  # let the fixture close it


def test_the_real_question_has_its_three_answers_and_cancel(qtbot):
    from crisis_desktop.ui.campaign_files import CHANGED_CHOICES
    from crisis_desktop.ui.dialogs.ask import choice_box, chosen

    answers = []
    for label in ("Save a Copy…", "Reload, Losing My Changes", "Overwrite", "Cancel", "Esc"):
        box, buttons = choice_box(None, "File changed on disk", "…", CHANGED_CHOICES)
        qtbot.addWidget(box)
        assert sorted(b.text() for b in box.buttons()) == sorted(["Save a Copy…", "Reload, Losing My Changes",
                                                                  "Overwrite", "Cancel"])
        assert box.defaultButton() is buttons["copy"]
        box.show()
        if label == "Esc":
            box.reject()
        else:
            next(b for b in box.buttons() if b.text() == label).click()
        assert not box.isVisible()
        answers.append(chosen(box, buttons))
    assert answers == ["copy", "reload", "overwrite", "cancel", "cancel"]
