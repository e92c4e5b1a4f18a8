"""Drag and drop: a campaign file on the main window opens it; a picture file on the portrait sets it.

The drags are synthetic QDragEnterEvent/QDragMoveEvent/QDropEvent sent with QApplication.sendEvent, to the
widget itself or to the top-level window (which routes them to the widget under the position, as Qt does
for a real drag).
"""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt, QUrl
from PySide6.QtGui import QColor, QDragEnterEvent, QDragMoveEvent, QDropEvent, QImage
from PySide6.QtWidgets import QApplication, QWidget

from crisis_desktop.resources_access import resource


def file_mime(*paths: Path) -> QMimeData:
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(p)) for p in paths])
    return mime


def text_mime(text: str) -> QMimeData:
    mime = QMimeData()
    mime.setText(text)
    return mime


def web_mime(url: str) -> QMimeData:
    mime = QMimeData()
    mime.setUrls([QUrl(url)])
    return mime


def drag_enter(target: QWidget, mime: QMimeData, pos: QPoint | None = None) -> bool:
    """Whether `target` accepts the drag when it enters (the cursor shows a forbidden sign otherwise)."""
    pos = pos if pos is not None else target.rect().center()
    event = QDragEnterEvent(pos, Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton,
                            Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(target, event)
    return event.isAccepted()


def drop(target: QWidget, mime: QMimeData, pos: QPoint | None = None) -> bool:
    """Enter, move and drop at `pos` (default: the centre); whether the drop was accepted."""
    pos = pos if pos is not None else target.rect().center()
    if not drag_enter(target, mime, pos):
        return False
    move = QDragMoveEvent(pos, Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton,
                          Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(target, move)
    event = QDropEvent(QPointF(pos), Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton,
                       Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(target, event)
    return event.isAccepted()


def campaign_file(folder: Path, name: str) -> Path:
    data = json.loads(resource("demo", "campaign.json").read_text(encoding="utf-8"))
    data["name"] = name
    path = folder / f"{name.lower()}.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def picture_file(folder: Path, name: str = "rask.png") -> Path:
    picture = QImage(300, 600, QImage.Format.Format_RGB32)
    picture.fill(QColor("darkred"))
    path = folder / name
    assert picture.save(str(path))
    return path


# -- a campaign file on the main window ------------------------------------------------------------
def test_a_dropped_campaign_file_opens_after_the_unsaved_changes_question(window, answers, qtbot, tmp_path):
    other = campaign_file(tmp_path, "Harbour")
    answers.queued["text"].append("Ridge (edited)")
    window.menus.act_rename.trigger()

    answers.queued["save_discard_cancel"].append("cancel")
    assert drop(window, file_mime(other))
    qtbot.waitUntil(lambda: len(answers.texts("save_discard_cancel")) == 1)
    assert window.document.campaign.name == "Ridge (edited)"  # cancelled: nothing changed

    answers.queued["save_discard_cancel"].append("discard")
    assert drop(window, file_mime(other))
    qtbot.waitUntil(lambda: window.document.campaign.name == "Harbour")
    assert window.document.path == other
    assert "Save the changes to “Ridge (edited)”" in answers.texts("save_discard_cancel")[-1]


def test_a_drop_over_the_notes_field_opens_the_campaign_instead_of_pasting_its_path(window, qtbot, tmp_path):
    other = campaign_file(tmp_path, "Harbour")
    notes = window.overview.notes.viewport()
    centre = notes.mapTo(window, notes.rect().center())
    under = window.childAt(centre)
    assert under is notes  # a text field, which takes dropped files as text
    assert drop(window.windowHandle(), file_mime(other), centre)
    qtbot.waitUntil(lambda: window.document.campaign.name == "Harbour")
    assert str(other) not in window.overview.notes.toPlainText()
    assert not window.document.dirty


def test_the_window_refuses_what_is_not_one_campaign_file(window, tmp_path):
    notes = tmp_path / "notes.txt"
    notes.write_text("not a campaign")
    first, second = campaign_file(tmp_path, "One"), campaign_file(tmp_path, "Two")
    for mime in (text_mime(str(first)), web_mime("https://example.org/raid.json"), file_mime(notes),
                 file_mime(first, second), QMimeData()):
        assert not drag_enter(window, mime)
        assert not drop(window, mime)
    assert window.document.campaign.name != "One"


def test_a_dropped_broken_campaign_file_is_explained(window, answers, qtbot, tmp_path):
    broken = tmp_path / "broken.json"
    broken.write_text('{"name": "x", "characters": [')
    assert drop(window, file_mime(broken))
    qtbot.waitUntil(lambda: len(answers.texts("error")) == 1)
    assert answers.texts("error")[0].startswith("Cannot open campaign: ")
    assert "broken.json" in answers.texts("error")[0]
    assert broken.read_text() == '{"name": "x", "characters": ['


# -- a picture on the portrait ---------------------------------------------------------------------
def show_sheet_of(window, character_id: str):  # type: ignore[no-untyped-def]
    window.tabs.setCurrentIndex(1)
    window.characters.select([character_id])
    return window.characters.sheet


def test_a_dropped_picture_becomes_the_portrait_in_one_undoable_step(window, qtbot, tmp_path):
    sheet = show_sheet_of(window, "pc-vera")
    vera = window.document.campaign.character("pc-vera")
    before = vera.portrait
    steps = window.document.undo_stack.count()

    assert drop(sheet.portrait, file_mime(picture_file(tmp_path)))
    qtbot.waitUntil(lambda: window.document.campaign.character("pc-vera").portrait != before)
    portrait = window.document.campaign.character("pc-vera").portrait
    assert portrait.startswith("data:image/png;base64,")
    assert window.document.undo_stack.count() == steps + 1
    assert window.document.undo_stack.undoText() == sheet_picture_step_text(window)
    assert sheet.portrait.pixmap() is not None and not sheet.portrait.pixmap().isNull()

    window.menus.act_undo.trigger()
    assert window.document.campaign.character("pc-vera").portrait == before


def sheet_picture_step_text(window) -> str:  # type: ignore[no-untyped-def]
    """What the portrait button's command is called, so the drop is shown to use the same one."""
    from crisis_desktop.controller.character_commands import SetCharacterField

    command = SetCharacterField(window.document.campaign, "pc-vera", "portrait", "data:image/png;base64,")
    return command.text


def test_a_drop_over_the_portrait_in_the_window_goes_to_the_portrait(window, qtbot, tmp_path):
    sheet = show_sheet_of(window, "pc-vera")
    qtbot.waitUntil(sheet.portrait.isVisible)
    before = window.document.campaign.character("pc-vera").portrait
    at = sheet.portrait.mapTo(window, sheet.portrait.rect().center())
    assert drop(window.windowHandle(), file_mime(picture_file(tmp_path)), at)
    qtbot.waitUntil(lambda: window.document.campaign.character("pc-vera").portrait != before)
    assert window.document.path.name == "demo.json"  # the picture did not go to the window's campaign drop


def test_the_portrait_refuses_what_is_not_one_picture_file(window, tmp_path):
    sheet = show_sheet_of(window, "pc-vera")
    before = window.document.campaign.character("pc-vera").portrait
    notes = tmp_path / "notes.txt"
    notes.write_text("a text file")
    for mime in (text_mime("rask.png"), web_mime("https://example.org/rask.png"), file_mime(notes),
                 file_mime(picture_file(tmp_path, "a.png"), picture_file(tmp_path, "b.png"))):
        assert not drag_enter(sheet.portrait, mime)
        assert not drop(sheet.portrait, mime)
    QApplication.processEvents()
    assert window.document.campaign.character("pc-vera").portrait == before


def test_a_campaign_file_over_the_portrait_is_the_windows(window, qtbot, tmp_path):
    sheet = show_sheet_of(window, "pc-vera")
    assert drop(sheet.portrait, file_mime(campaign_file(tmp_path, "Harbour")))  # passed up to the window
    qtbot.waitUntil(lambda: window.document.campaign.name == "Harbour")


def test_a_dropped_file_that_is_no_picture_is_explained(window, answers, qtbot, tmp_path):
    sheet = show_sheet_of(window, "pc-vera")
    before = window.document.campaign.character("pc-vera").portrait
    fake = tmp_path / "rask.png"
    fake.write_bytes(b"this is not a PNG")
    assert drop(sheet.portrait, file_mime(fake))
    qtbot.waitUntil(lambda: len(answers.texts("error")) == 1)
    assert answers.texts("error")[0] == \
        "Picture: rask.png is not a picture Crisis Desktop can read (try PNG or JPEG)"
    assert window.document.campaign.character("pc-vera").portrait == before
