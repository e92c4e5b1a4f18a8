"""The Help menu's commands: the user guide (one window, raised again), the log's folder, About Qt, About."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QWidget

from crisis_desktop.storage.paths import AppPaths

if TYPE_CHECKING:
    from crisis_desktop.ui.help.user_guide_window import UserGuideWindow


class HelpCommands(QObject):
    """The Help menu over the app's `paths`; `window` is the parent of what it shows. The user guide's window
    (`user_guide`) is made when first asked for."""

    def __init__(self, window: QWidget, paths: AppPaths) -> None:
        super().__init__(window)
        self._window = window
        self.paths = paths
        self.user_guide: UserGuideWindow | None = None

    def show_user_guide(self, page: str = "index.md") -> None:
        from crisis_desktop.ui.help.user_guide_window import UserGuideWindow

        if self.user_guide is None:
            self.user_guide = UserGuideWindow(self._window)
        self.user_guide.show_page(page)
        self.user_guide.show()
        self.user_guide.raise_()
        self.user_guide.activateWindow()

    def open_log_folder(self) -> None:
        from crisis_desktop.ui.desktop import Desktop

        Desktop.open_folder(self._window, self.paths.logs)

    def about_qt(self) -> None:
        from PySide6.QtWidgets import QMessageBox

        QMessageBox.aboutQt(self._window, "About Qt")

    def about(self) -> None:
        from crisis_desktop.ui.help.about_dialog import AboutDialog

        AboutDialog.ask(self.paths.data_dir, self.paths.logs, self._window)
