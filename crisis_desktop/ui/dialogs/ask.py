"""Every question the UI asks the user goes through here, so tests can answer in its place.

Tests replace these classmethods with monkeypatch (the pytest-qt pattern for modal dialogs).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

# The dialog classes are imported where a question is asked: the main window imports this module
# before its first frame, and nothing is asked before that.
if TYPE_CHECKING:
    from PySide6.QtWidgets import QMessageBox, QPushButton, QWidget


class Ask:
    """The questions every place asks; the text is shown as plain text, since it may quote a name."""

    @classmethod
    def save_discard_cancel(cls, parent: QWidget | None, title: str, text: str) -> str:
        """'save', 'discard' or 'cancel'."""
        from PySide6.QtWidgets import QMessageBox

        from crisis_desktop.ui.plain_text import ask_button, message_box

        answer = ask_button(message_box(
            parent, QMessageBox.Icon.Question, title, text,
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Save,
        ))
        return {
            QMessageBox.StandardButton.Save: "save",
            QMessageBox.StandardButton.Discard: "discard",
        }.get(answer, "cancel")

    @classmethod
    def choose(cls, parent: QWidget | None, title: str, text: str, choices: Sequence[tuple[str, str]]) -> str:
        """One of `choices` (key, button label), the first being the default, or 'cancel' (Cancel, Esc, the box
        closed)."""
        box, buttons = choice_box(parent, title, text, choices)
        box.exec()
        return chosen(box, buttons)

    @classmethod
    def yes_no(cls, parent: QWidget | None, title: str, text: str, default_yes: bool = False) -> bool:
        from PySide6.QtWidgets import QMessageBox

        from crisis_desktop.ui.plain_text import ask_button, message_box

        default = QMessageBox.StandardButton.Yes if default_yes else QMessageBox.StandardButton.No
        answer = ask_button(message_box(parent, QMessageBox.Icon.Question, title, text,
                                        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, default))
        return answer == QMessageBox.StandardButton.Yes

    @classmethod
    def text(cls, parent: QWidget | None, title: str, label: str, value: str = "") -> str | None:
        """The text entered, stripped; None if cancelled or left empty."""
        from PySide6.QtWidgets import QDialog

        from crisis_desktop.ui.plain_text import input_dialog

        dialog = input_dialog(parent, title, label)
        dialog.setTextValue(value)
        ok = dialog.exec() == QDialog.DialogCode.Accepted
        text = dialog.textValue().strip()
        return text if ok and text else None

    @classmethod
    def save_file(cls, parent: QWidget | None, title: str, suggested: str) -> Path | None:
        """Where to save a campaign file, in any folder (the dialog asks before replacing a file); None if
        cancelled. `suggested` is the full path offered first."""
        from PySide6.QtWidgets import QFileDialog

        path, _ = QFileDialog.getSaveFileName(parent, title, suggested, "Campaign files (*.json)")
        if not path:
            return None
        chosen = Path(path)
        return chosen if chosen.suffix.lower() == ".json" else chosen.with_name(f"{chosen.name}.json")

    @classmethod
    def error(cls, parent: QWidget | None, title: str, text: str) -> None:
        from PySide6.QtWidgets import QMessageBox

        from crisis_desktop.ui.plain_text import message_box

        message_box(parent, QMessageBox.Icon.Critical, title, text).exec()

    @classmethod
    def info(cls, parent: QWidget | None, title: str, text: str) -> None:
        from PySide6.QtWidgets import QMessageBox

        from crisis_desktop.ui.plain_text import message_box

        message_box(parent, QMessageBox.Icon.Information, title, text).exec()


def choice_box(parent: QWidget | None, title: str, text: str,
               choices: Sequence[tuple[str, str]]) -> tuple[QMessageBox, dict[str, QPushButton]]:
    """The box Ask.choose shows: a button per choice (the first the default) and Cancel; the buttons by key."""
    from PySide6.QtWidgets import QMessageBox

    from crisis_desktop.ui.plain_text import message_box

    box = message_box(parent, QMessageBox.Icon.Warning, title, text, QMessageBox.StandardButton.Cancel)
    buttons = {key: box.addButton(label, QMessageBox.ButtonRole.AcceptRole) for key, label in choices}
    if choices:
        box.setDefaultButton(buttons[choices[0][0]])
    return box, buttons


def chosen(box: QMessageBox, buttons: dict[str, QPushButton]) -> str:
    """The key of the button that closed the box; 'cancel' for Cancel, Esc or the box closed."""
    clicked = box.clickedButton()
    return next((key for key, button in buttons.items() if button is clicked), "cancel")
