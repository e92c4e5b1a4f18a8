"""Handing a folder to the desktop's file manager and a web link to its browser, through classmethods tests
replace."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QWidget

from crisis_desktop.ui.dialogs.ask import Ask


class Desktop:
    @classmethod
    def open_folder(cls, parent: QWidget | None, folder: Path) -> bool:
        """Show `folder` in the file manager (created first if missing); say so when that is not possible."""
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            Ask.error(parent, "Open folder", f"Cannot create {folder}: {exc.strerror or exc}")
            return False
        if QDesktopServices.openUrl(QUrl.fromLocalFile(str(folder))):
            return True
        Ask.error(parent, "Open folder", f"No file manager could be started to show the folder.\n\n"
                  f"It is {folder}")
        return False

    @classmethod
    def open_url(cls, parent: QWidget | None, url: QUrl) -> bool:
        """Open a web or mail link in the desktop's browser or mail program."""
        if QDesktopServices.openUrl(url):
            return True
        Ask.error(parent, "Open link", f"No program could be started to open {url.toString()}")
        return False
