"""The main window: menus, toolbar, the Campaign/Characters/Encounter/Battle map places, status bar.

Start-up shows this window before pydantic and the campaign code are imported (they cost more than
Qt itself), so this module imports them where they are first needed, after the first frame.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QCloseEvent, QDragEnterEvent, QDragMoveEvent, QDropEvent, QShowEvent
from PySide6.QtWidgets import QMainWindow, QSplitter, QTabWidget, QVBoxLayout, QWidget

from crisis_desktop.storage.paths import AppPaths
from crisis_desktop.storage.settings import AppSettings
from crisis_desktop.ui.campaign_edits import CampaignEdits
from crisis_desktop.ui.campaign_files import CampaignFiles
from crisis_desktop.ui.collector import IdleCollector, MainThreadSweeps
from crisis_desktop.ui.dialogs.ask import Ask
from crisis_desktop.ui.drops import CampaignFileDrops
from crisis_desktop.ui.help.help_menu import HelpCommands
from crisis_desktop.ui.home_actions import HomeActions
from crisis_desktop.ui.place_memory import PlaceMemory
from crisis_desktop.ui.views.list_place import ListPlace, battle_map_rows
from crisis_desktop.ui.views.overview import CampaignOverview
from crisis_desktop.ui.window_menus import WindowMenus

if TYPE_CHECKING:
    from crisis_desktop.controller.changes import ChangeSet
    from crisis_desktop.storage.locks import CampaignLock
    from crisis_desktop.storage.recovery import Recovery
    from crisis_desktop.ui.battlemap.map_place import MapPlace
    from crisis_desktop.ui.document import CampaignDocument
    from crisis_desktop.ui.player_display.host import PlayerDisplayHost
    from crisis_desktop.ui.views.characters_view import CharactersView
    from crisis_desktop.ui.views.encounter_board import EncounterBoard
    from crisis_desktop.ui.views.fight_workspace import FightWorkspace

AUTOSAVE_MS = 30_000
log = logging.getLogger(__name__)


class MainWindow(QMainWindow):
    """Hosts at most one open campaign (a CampaignDocument) and the places that show it. It opens and closes the
    campaign; its collaborators, each given what it acts on, do the rest: the File menu's commands (`files`), the
    Edit menu's (`edits`), the Help menu's (`help`), the menus and tool bar (`menus`), the player display's menu
    (`player_menu`) and where the GM was in each campaign (`place_memory`)."""

    def __init__(self, paths: AppPaths, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.paths = paths
        self.settings, settings_problem = AppSettings.load(paths.settings_file)
        self.document: CampaignDocument | None = None
        self.files = CampaignFiles(self, paths, self.settings, document=lambda: self.document,
                                   open_campaign=self.open_campaign, close_campaign=self.close_campaign,
                                   settings_problem=settings_problem)
        self.files.status.connect(self._show_status)
        self.collector = IdleCollector(self)
        self.sweeps = MainThreadSweeps(self)
        self.lock: CampaignLock | None = None

        self.overview = CampaignOverview()
        self.overview.notesEdited.connect(self._notes_edited)
        self.overview.notes.refused.connect(self._show_message)
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        self.tabs.addTab(self.overview, "Campaign")
        # The Characters view needs the campaign code; it is built when the first campaign opens.
        self.characters: CharactersView | None = None
        self._characters_host = QWidget()
        self._characters_layout = QVBoxLayout(self._characters_host)
        self._characters_layout.setContentsMargins(0, 0, 0, 0)
        self.tabs.addTab(self._characters_host, "Characters")
        # The fight workspace (the board's panels, the map, the attack panel, the log as docks) is built when the
        # first campaign opens.
        self.encounter_board: EncounterBoard | None = None
        self.workspace: FightWorkspace | None = None
        self._board_host = QWidget()
        self._board_layout = QVBoxLayout(self._board_host)
        self._board_layout.setContentsMargins(0, 0, 0, 0)
        self.tabs.addTab(self._board_host, "Fight")
        self.places = [
            ListPlace(["Battle map", "Grid", "Size", "Cell", "Painted cells", "Tokens"], battle_map_rows),
        ]
        # The map place (the graphics scene and its tools) is the fight workspace's Map panel; this place lists
        # every map of the campaign (double-click shows one in the workspace).
        self.map_place: MapPlace | None = None
        self._map_host = QSplitter(Qt.Orientation.Vertical)
        self._map_host.addWidget(self.places[0])
        self.places[0].itemActivated.connect(lambda item, _column: self._show_map_named(item.text(0)))
        self.tabs.addTab(self._map_host, "Battle maps")
        self.setCentralWidget(self.tabs)
        self.place_memory = PlaceMemory(self, self.settings, self.tabs, self._board_host, lambda: self.workspace,
                                        self._save_settings)
        self.tabs.currentChanged.connect(lambda _index: self._remember_place())
        # A campaign file dropped on the window opens, as File › Open would open it.
        self.setAcceptDrops(True)
        self.campaign_drops = CampaignFileDrops(self)
        self.campaign_drops.dropped.connect(self.open_campaign)
        self.help = HelpCommands(self, paths)
        self.edits = CampaignEdits(self, lambda: self.document)
        self.edits.message.connect(self._show_message)
        self.menus = WindowMenus(self, self.tabs, self.settings, files=self.files, edits=self.edits, help=self.help,
                                 undo=self.undo, redo=self.redo, open_campaign=self.open_campaign,
                                 close_campaign=self.close_campaign)
        self._build_player_display()
        self.home_actions = HomeActions(self)
        self.place_memory.restore_geometry()
        self.autosave_timer = QTimer(self)
        self.autosave_timer.setInterval(AUTOSAVE_MS)
        self.autosave_timer.timeout.connect(self.files.autosave)
        self.autosave_timer.start()
        self._update_title()

    # -- menus --------------------------------------------------------------------------------
    def _build_player_display(self) -> None:
        """View › Player display: the actions exist from the start, the display's code loads on first use."""
        from crisis_desktop.ui.player_display.menu import PlayerDisplayMenu

        self.player_menu = PlayerDisplayMenu(
            self, self.menus.action, self.settings.ui, self._save_settings, self._show_message,
            lambda: self.encounter_board.model if self.encounter_board is not None else None)
        self.menus.add_player_display(self.player_menu)

    @property
    def player_host(self) -> PlayerDisplayHost | None:
        """The player display's host, once a display action has built it."""
        return self.player_menu.host

    # -- opening and closing ------------------------------------------------------------------
    def open_campaign(self, path: Path, quiet: bool = False, recovered: Recovery | None = None) -> bool:
        from crisis_desktop.storage.campaign_store import CampaignFileError
        from crisis_desktop.storage.locks import CampaignLock
        from crisis_desktop.ui.document import CampaignDocument

        path = Path(path)
        if self.document is not None and self.document.path.resolve() == path.resolve():
            return True
        if not self.close_campaign():
            return False
        try:
            campaign, version = self.files.store.load_version(path)
        except CampaignFileError as exc:
            log.warning("Cannot open campaign %s: %s", path, exc)
            if not quiet:
                Ask.error(self, "Cannot open campaign", f"{exc}\n\nThe file was left unchanged.")
            return False
        lock = CampaignLock(path)
        status = lock.acquire()
        if status.held_by_other and not Ask.yes_no(
            self, "Campaign already open",
            f"{status.describe()}\n\nOpening it here too may overwrite changes made there. Open anyway?",
        ):
            return False
        self.lock = lock
        self.document = CampaignDocument(campaign, path, self.files.store, self, version=version)
        # Bound methods, not lambdas: Qt drops these connections when the window goes away.
        self.document.changed.connect(self._on_changed)
        self.document.dirtyChanged.connect(self._update_title)
        self.document.saveFinished.connect(self.files.saved_in_background)
        self.document.undo_stack.indexChanged.connect(self._update_undo_actions)
        if recovered is None and not status.held_by_other:
            recovered = self.files.recovery_for(path)
        if recovered is not None:
            if recovered.base is not None:
                # The recovered changes were made on the version the journal's copy holds: a save asks if the file
                # moved on since (another window saved it), as the crashed window's own save would have.
                self.document.version = self.files.store.version_of(recovered.base) or self.document.version
            self.document.adopt_recovery(recovered.campaign)
            if recovered.file != self.document.journal.journal.path and self.document.journal.journal.started \
                    and not self.document.journal.broken:
                # This window's own journal holds the recovered changes now; the crashed instance's goes.
                self.files.store.recovery.discard_recovery(recovered)
        self._show_everywhere()
        self.place_memory.return_to(self.document)
        # The campaign just opened lives as long as it is open: Python's cyclic collector need not walk its million
        # objects again and again (a full sweep of a 10,000-character campaign is a pause of tens of milliseconds
        # at a random step of the fight); see ui/collector.py.
        self.collector.keep()
        self.document.session.listen(self._session_told)
        problems = self.document.session.sheet_problems()
        if problems:
            shown = "\n".join(f"• {p}" for p in problems[:15])
            more = f"\n… and {len(problems) - 15} more" if len(problems) > 15 else ""
            Ask.info(self, "Values the rules refuse",
                     f"{campaign.name} opened, but its file holds values the rules refuse; fix them in the sheets "
                     f"(an attack with such a weapon is refused until then):\n\n{shown}{more}")
        self.settings.remember(path)
        self._save_settings()
        self._update_title()
        log.info("Opened campaign “%s” from %s%s", campaign.name, path,
                 " with recovered unsaved changes" if recovered is not None else "")
        if status.problem:
            # The lock could not be written (a read-only folder, a lock file that is not ours to replace).
            log.warning(status.problem)
            self.statusBar().showMessage(f"Opened {path}. {status.problem}", 20_000)
        else:
            self.statusBar().showMessage(f"Opened {path}", 5000)
        return True

    def close_campaign(self, *, changes_kept: bool = False) -> bool:
        """Close the open campaign, asking first about unsaved changes; False if the user cancels. With
        changes_kept (they went into a copy: Save As) nothing is asked and the campaign's journal goes. Closing
        writes nothing the disk must take: on a read-only disk a campaign can always be closed (Discard)."""
        if self.document is None:
            return True
        self._remember_place()
        self.document.wait_for_save()
        if changes_kept:
            self.files.store.recovery.discard(self.document.path)
        elif self.document.dirty:
            answer = Ask.save_discard_cancel(
                self, "Unsaved changes",
                f"Save the changes to “{self.document.campaign.name}” before closing?")
            if answer == "cancel" or (answer == "save" and not self.files.save()):
                return False
            if answer == "discard":
                self.files.store.recovery.discard(self.document.path)
        self.document.close_journal()
        if self.lock is not None:
            self.lock.release()
            self.lock = None
        self.edits.close_catalogue()
        document, self.document = self.document, None
        document.undo_stack.blockSignals(True)
        document.blockSignals(True)
        document.deleteLater()
        # What was kept out of the collector's sweeps (see open_campaign) may be collected again: the next full
        # collection, whenever Python makes it, frees what the closed campaign leaves.
        self.collector.release()
        self._show_everywhere()
        self._update_title()
        return True

    def _session_told(self, what: str) -> None:
        from crisis_desktop.controller.session import ENCOUNTER  # loaded with the campaign already

        if what == ENCOUNTER:
            self._remember_place()

    def _remember_place(self) -> None:
        if self.document is not None:
            self.place_memory.remember(self.document)

    def closeEvent(self, event: QCloseEvent) -> None:  # Override QWidget::closeEvent
        try:
            closed = self.close_campaign()
        except Exception:  # noqa: BLE001 - never close over unsaved work because something failed
            closed = False
        if not closed:
            event.ignore()
            return
        self.player_menu.close()
        self.place_memory.remember_layout()
        self._save_settings()
        self.sweeps.stop()
        event.accept()

    # -- undo and redo ------------------------------------------------------------------------
    def undo(self) -> None:
        if self.document is not None:
            self.document.undo_stack.undo()

    def redo(self) -> None:
        if self.document is not None:
            self.document.undo_stack.redo()

    # -- drag and drop ------------------------------------------------------------------------
    def showEvent(self, event: QShowEvent) -> None:  # Override QWidget::showEvent
        super().showEvent(event)
        handle = self.windowHandle()
        if handle is not None:
            # Over the whole window, before the widget under the cursor; installing twice changes nothing.
            handle.installEventFilter(self.campaign_drops)

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:  # Override QWidget::dragEnterEvent
        if not self.campaign_drops.eventFilter(self, event):
            event.ignore()

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:  # Override QWidget::dragMoveEvent
        if not self.campaign_drops.eventFilter(self, event):
            event.ignore()

    def dropEvent(self, event: QDropEvent) -> None:  # Override QWidget::dropEvent
        if not self.campaign_drops.eventFilter(self, event):
            event.ignore()

    # -- updates ------------------------------------------------------------------------------
    def _notes_edited(self, text: str) -> None:
        from pydantic import ValidationError

        from crisis_desktop.controller.commands import SetCampaignField

        if self.document is not None and text != self.document.campaign.notes:
            try:
                command = SetCampaignField(self.document.campaign, "notes", text, "Edit campaign notes")
            except ValidationError as exc:  # beyond what notes may hold: said, the notes stay as they were
                self._show_message(f"Campaign notes: {exc.errors()[0]['msg']}")
                return
            self.document.push(command)

    def _on_changed(self, changes: ChangeSet) -> None:
        self.collector.changed()
        if self.document is not None:
            self.overview.update_campaign(self.document.campaign, changes)
            # Any change may change a count in the lists (a paint stroke, a token placed): they compare rows.
            for place in self.places:
                place.update_campaign(self.document.campaign)
        self._update_title()

    def _show_everywhere(self) -> None:
        campaign = self.document.campaign if self.document else None
        self.overview.show_campaign(campaign, self.document.path if self.document else None,
                                    self.document.session if self.document else None,
                                    self.document.undo_stack if self.document else None)
        for place in self.places:
            place.show_campaign(campaign)
        if self.characters is None and self.document is not None:
            from crisis_desktop.ui.views.characters_view import CharactersView

            self.characters = CharactersView()
            self.characters.message.connect(self._show_message)
            self.characters.use_settings(self.settings.ui, self._save_settings)
            self._characters_layout.addWidget(self.characters)
        if self.characters is not None:
            self.characters.set_document(self.document)
        if self.workspace is None and self.document is not None:
            from crisis_desktop.ui.battlemap.map_place import MapPlace
            from crisis_desktop.ui.views.encounter_board import EncounterBoard
            from crisis_desktop.ui.views.fight_workspace import FightWorkspace

            self.encounter_board = EncounterBoard()
            self.encounter_board.message.connect(self._show_message)
            self.map_place = MapPlace()
            self.map_place.message.connect(self._show_message)
            self.workspace = FightWorkspace(self.encounter_board, self.map_place)
            self.workspace.restore_layout(self.settings.ui.get("fight_layout"))
            self._board_layout.addWidget(self.workspace)
            self.menus.add_fight_panels(self.workspace)
        if self.encounter_board is not None:
            self.encounter_board.set_document(self.document)
        if self.map_place is not None:
            self.map_place.set_document(self.document)
        self.player_menu.set_document(self.document)

    def _show_map_named(self, name: str) -> None:
        if self.map_place is not None and self.document is not None and self.workspace is not None:
            found = next((m.id for m in self.document.campaign.battle_maps if m.name == name), None)
            if found is not None:
                self.map_place.show_map(found)
                self.tabs.setCurrentWidget(self._board_host)
                self.workspace.show_panel("map")

    def _show_message(self, text: str) -> None:
        self.statusBar().showMessage(text, 6000)

    def _show_status(self, text: str, timeout: int) -> None:
        """A line in the status bar for `timeout` ms (0: until another); an empty line clears it."""
        if text:
            self.statusBar().showMessage(text, timeout)
        else:
            self.statusBar().clearMessage()

    def _update_undo_actions(self) -> None:
        self.menus.show_undo(self.document.undo_stack if self.document else None)

    def _update_title(self) -> None:
        self.menus.show_campaign_open(self.document is not None, self.document.undo_stack if self.document else None)
        if self.document is None:
            self.setWindowTitle("Crisis Desktop")
            self.setWindowModified(False)
            return
        self.setWindowTitle(f"{self.document.campaign.name}[*] — Crisis Desktop")
        self.setWindowModified(self.document.dirty)

    def _save_settings(self) -> None:
        try:
            self.settings.save(self.paths.settings_file)
        except OSError as exc:
            self.statusBar().showMessage(f"Could not save settings: {exc}", 10_000)
