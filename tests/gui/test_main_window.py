"""The main window shell: open the demo, rename, undo, redo, save, reopen, restore, close, recover."""

from __future__ import annotations

import hashlib

from crisis_desktop.storage.demo import DEMO_FILE_NAME
from crisis_desktop.ui.dialogs.backups import BackupPicker
from crisis_desktop.ui.main_window import MainWindow


def demo_name(window: MainWindow) -> str:
    assert window.document is not None
    return window.document.campaign.name


def test_opens_the_demo_with_its_places(window):
    assert window.document is not None
    assert window.document.path.name == DEMO_FILE_NAME
    assert window.windowTitle() == f"{demo_name(window)}[*] — Crisis Desktop"
    assert not window.isWindowModified()
    assert [window.tabs.tabText(i) for i in range(window.tabs.count())] == \
        ["Campaign", "Characters", "Fight", "Battle maps"]
    assert window.characters is not None and window.characters.model.rowCount() == 10
    assert window.encounter_board is not None
    assert window.places[0].topLevelItemCount() == 1  # the battle map


def test_rename_undo_redo_save_reopen_restore(window, answers, make_window, paths):
    original = demo_name(window)
    answers.queued["text"].append("Ashes of the Ridge")
    window.menus.act_rename.trigger()
    assert demo_name(window) == "Ashes of the Ridge"
    assert window.isWindowModified()
    assert window.menus.act_undo.text() == "&Undo Rename to “Ashes of the Ridge”"

    window.menus.act_undo.trigger()
    assert demo_name(window) == original
    assert not window.isWindowModified()
    window.menus.act_redo.trigger()
    assert demo_name(window) == "Ashes of the Ridge"

    told = []
    window.document.saveFinished.connect(told.append)
    window.menus.act_save.trigger()  # in the background: the window is unsaved until it is on disk
    window.document.wait_for_save()
    assert told == [None] and not window.isWindowModified()
    window.close()

    reopened = make_window()
    assert demo_name(reopened) == "Ashes of the Ridge"

    # Restore the version saved before the rename (the newest backup).
    backups = reopened.files.store.list_backups(reopened.document.path)
    assert backups, "saving over the demo kept the previous version"
    monkey_pick = backups[0]
    original_ask = BackupPicker.ask
    try:
        BackupPicker.ask = classmethod(lambda cls, store, path, parent=None: monkey_pick)
        reopened.menus.act_restore.trigger()
    finally:
        BackupPicker.ask = original_ask
    assert demo_name(reopened) == original
    assert not reopened.isWindowModified()
    assert reopened.characters.model.rowCount() == 10


def test_notes_typing_is_one_undo_step(window, qtbot):
    before = window.document.campaign.notes
    window.overview.notes.setFocus()
    qtbot.keyClicks(window.overview.notes, "Ambush at dusk")
    assert window.document.campaign.notes.endswith("Ambush at dusk")
    assert window.document.undo_stack.count() == 1
    window.menus.act_undo.trigger()
    assert window.document.campaign.notes == before
    assert window.overview.notes.toPlainText() == before


def test_closing_with_unsaved_changes_asks(window, answers):
    answers.queued["text"].append("Changed")
    window.menus.act_rename.trigger()
    answers.queued["save_discard_cancel"].append("cancel")
    assert not window.close()
    assert window.document is not None and demo_name(window) == "Changed"
    answers.queued["save_discard_cancel"].append("discard")
    assert window.close()
    assert any("Save the changes" in t for t in answers.texts("save_discard_cancel"))


def test_unsaved_changes_survive_a_crash(make_window, answers, paths):
    first = make_window()
    path = first.document.path
    saved_bytes = path.read_bytes()
    answers.queued["text"].append("Typed before the crash")
    first.menus.act_rename.trigger()
    first.files.autosave()
    first.lock.release()  # the crashed process is gone; its lock would be stale
    first.document.journal.journal.running_mark.release(remove=False)  # and the kernel let go of its journal's mark
    first.document.undo_stack.blockSignals(True)  # a dead process does nothing more to its journal
    first.document.undo_stack.setClean()  # let the test tear the first window down quietly
    first.hide()

    answers.queued["yes_no"].append(True)  # "Recover those changes?"
    second = make_window()
    assert any("Recover" in t for t in answers.texts("yes_no"))
    assert demo_name(second) == "Typed before the crash"
    assert second.isWindowModified()
    assert path.read_bytes() == saved_bytes  # nothing written until the GM saves
    second.menus.act_undo.trigger()  # recovery is one undoable step back to the saved file
    assert demo_name(second) != "Typed before the crash"


def test_a_second_instance_is_warned(make_window, answers):
    first = make_window()
    assert first.document is not None
    answers.queued["yes_no"].append(False)  # do not open it twice
    second = make_window(campaign=str(first.document.path))
    assert any("already open" in t for t in answers.texts("yes_no"))
    assert second.document is None


def test_a_corrupt_campaign_is_reported_and_left_alone(make_window, answers, paths):
    bad = paths.campaigns / "broken.json"
    bad.write_text('{"schema_version": 2, "name": "Broken", "characters": [{"name": 5}]}')
    digest = hashlib.sha256(bad.read_bytes()).hexdigest()
    window = make_window(campaign=str(bad))
    assert window.document is None
    [message] = answers.texts("error")
    assert "broken.json" in message and "characters[0].name" in message
    assert hashlib.sha256(bad.read_bytes()).hexdigest() == digest


def test_window_geometry_is_remembered(make_window):
    first = make_window()
    # The offscreen platform's screen is 800 x 600: stay inside it.
    size = (720, 520)
    first.resize(*size)
    assert (first.width(), first.height()) == size
    first.close()
    second = make_window()
    assert (second.width(), second.height()) == size


def test_new_campaign_opens_empty_and_is_listed_as_recent(window, answers, paths):
    answers.queued["new_campaign"].append(("Night Shift", "crisis-classic"))
    window.menus.act_new.trigger()
    assert demo_name(window) == "Night Shift"
    assert window.document.campaign.ruleset == "crisis-classic"
    catalogue = {item.name for item in window.document.campaign.equipment}
    assert {"Flintlock Musket", "Pistol", "Knife"} <= catalogue  # seeded from the system's own tables
    assert window.characters.model.rowCount() == 0
    assert window.document.path.parent == paths.campaigns
    assert window.settings.recent_paths()[0] == window.document.path
