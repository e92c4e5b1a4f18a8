"""Help › About Crisis Desktop: version, folders, the MIT licence and the third-party notices."""

from __future__ import annotations

import html
import platform
from pathlib import Path

import PySide6
from PySide6.QtCore import Qt, qVersion
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QTabWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from crisis_desktop import __version__, legal

DESCRIPTION = ("Prepare characters, run fights on an encounter board and a cover/range grid, show the players a "
               "second screen, print sheets.")


class AboutDialog(QDialog):
    def __init__(self, data_folder: Path, log_folder: Path, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("About Crisis Desktop")
        icon = QLabel()
        app_icon = QApplication.windowIcon()
        if not app_icon.isNull():
            icon.setPixmap(app_icon.pixmap(64, 64))
        heading = QLabel(f"<h2>Crisis Desktop {__version__}</h2><p>{DESCRIPTION}</p>")
        heading.setWordWrap(True)
        self.folders = QLabel(f"Data folder: {html.escape(str(data_folder))}<br>"
                              f"Log folder: {html.escape(str(log_folder))}<br>"
                              f"Python {platform.python_version()}, Qt {qVersion()}, PySide6 {PySide6.__version__}")
        self.folders.setObjectName("about-folders")
        self.folders.setTextFormat(Qt.TextFormat.RichText)
        self.folders.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        text = QVBoxLayout()
        text.addWidget(heading)
        text.addWidget(self.folders)
        top = QHBoxLayout()
        top.addWidget(icon, 0, Qt.AlignmentFlag.AlignTop)
        top.addLayout(text, 1)

        self.licence = QPlainTextEdit(legal.licence_text())
        self.licence.setObjectName("about-licence")
        self.licence.setReadOnly(True)
        self.licence.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.notices = QTextBrowser()
        self.notices.setObjectName("about-notices")
        self.notices.setOpenExternalLinks(True)
        notices = legal.third_party_notices()
        if notices is None:
            self.notices.setPlainText(legal.missing_notices_text())
        else:
            self.notices.setMarkdown(notices)
        self.tabs = QTabWidget()
        self.tabs.addTab(self.licence, "Licence (MIT)")
        self.tabs.addTab(self.notices, "Third-party notices")

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(buttons)
        self.resize(640, 520)

    @classmethod
    def ask(cls, data_folder: Path, log_folder: Path, parent: QWidget | None = None) -> None:
        cls(data_folder, log_folder, parent).exec()
