"""Text from the campaign (names, notes, reasons that quote them) shown as it is: never read as rich text by Qt.

Qt reads a label's, a message box's or a tooltip's text as HTML whenever it looks like markup, so a character
named "<img src=...>" would load a picture into "X's turn". Labels and message boxes that show such text are
set to plain text; a tooltip cannot be, so its text is turned into escaped HTML when it would be misread.
"""

from __future__ import annotations

from typing import overload

from PySide6.QtCore import Qt
from PySide6.QtGui import Qt as GuiQt  # QtGui's Qt namespace: mightBeRichText, convertFromPlainText
from PySide6.QtWidgets import QInputDialog, QLabel, QMessageBox, QWidget

# A tooltip longer than this (a long note) is cut, with a word saying so: a tooltip is a glance.
TOOLTIP_MAX = 600


def plain(label: QLabel) -> QLabel:
    """The label, set to show its text as plain text."""
    label.setTextFormat(Qt.TextFormat.PlainText)
    return label


def plain_label(text: str = "", parent: QWidget | None = None) -> QLabel:
    """A label that shows its text as plain text."""
    return plain(QLabel(text, parent))


@overload
def tooltip(text: str) -> str: ...


@overload
def tooltip(text: None) -> None: ...


def tooltip(text: str | None) -> str | None:
    """`text` as a tooltip shows it as written: cut to TOOLTIP_MAX characters, and escaped HTML where Qt would
    take it for markup (anything else is left as it is)."""
    if not text:
        return text
    if len(text) > TOOLTIP_MAX:
        text = text[:TOOLTIP_MAX] + f"… ({len(text) - TOOLTIP_MAX:,} more characters)"
    if GuiQt.mightBeRichText(text):
        return GuiQt.convertFromPlainText(text, Qt.WhiteSpaceMode.WhiteSpaceNormal)
    return text


def message_box(parent: QWidget | None, icon: QMessageBox.Icon, title: str, text: str,
                buttons: QMessageBox.StandardButton = QMessageBox.StandardButton.Ok,
                default: QMessageBox.StandardButton = QMessageBox.StandardButton.NoButton) -> QMessageBox:
    """A message box that shows `text` as plain text."""
    box = QMessageBox(icon, title, text, buttons, parent)
    box.setTextFormat(Qt.TextFormat.PlainText)
    if default != QMessageBox.StandardButton.NoButton:
        box.setDefaultButton(default)
    return box


def ask_button(box: QMessageBox) -> QMessageBox.StandardButton:
    """Show the box until answered; the standard button clicked (NoButton when closed otherwise)."""
    box.exec()
    clicked = box.clickedButton()
    return box.standardButton(clicked) if clicked is not None else QMessageBox.StandardButton.NoButton


def input_dialog(parent: QWidget | None, title: str, label: str) -> QInputDialog:
    """An input dialog whose prompt shows as plain text (it may quote a name)."""
    dialog = QInputDialog(parent)
    dialog.setWindowTitle(title)
    dialog.setLabelText(label)
    for child in dialog.findChildren(QLabel):
        plain(child)
    return dialog
