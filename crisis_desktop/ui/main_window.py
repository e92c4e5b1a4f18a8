"""The main window: menus, toolbar, the Campaign/Characters/Encounter/Battle map places, status bar.

Start-up shows this window before pydantic and the campaign code are imported (they cost more than
Qt itself), so this module imports them where they are first needed, after the first frame.
"""

from __future__ import annotations

import base64
import logging
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, Qt, QTimer
from PySide6.QtGui import QAction, QCloseEvent, QDragEnterEvent, QDragMoveEvent, QDropEvent, QKeySequence, QShowEvent
from PySide6.QtWidgets import QMainWindow, QMenu, QSplitter, QTabWidget, QVBoxLayout, QWidget

from crisis_desktop.storage.paths import AppPaths
from crisis_desktop.storage.settings import AppSettings
from crisis_desktop.ui.campaign_files import CampaignFiles
from crisis_desktop.ui.collector import IdleCollector
from crisis_desktop.ui.dialogs.ask import Ask
from crisis_desktop.ui.drops import CampaignFileDrops
from crisis_desktop.ui.plain_text import tooltip
from crisis_desktop.ui.views.list_place import ListPlace, battle_map_rows
from crisis_desktop.ui.views.overview import CampaignOverview

if TYPE_CHECKING:
    from crisis_desktop.controller.changes import ChangeSet
    from crisis_desktop.storage.locks import CampaignLock
    from crisis_desktop.storage.recovery import Recovery
    from crisis_desktop.ui.battlemap.map_place import MapPlace
    from crisis_desktop.ui.dialogs.catalogue_editor import CatalogueEditor
    from crisis_desktop.ui.document import CampaignDocument
    from crisis_desktop.ui.help.user_guide_window import UserGuideWindow
    from crisis_desktop.ui.player_display.host import PlayerDisplayHost
    from crisis_desktop.ui.views.characters_view import CharactersView
    from crisis_desktop.ui.views.encounter_board import EncounterBoard
    from crisis_desktop.ui.views.fight_workspace import FightWorkspace

AUTOSAVE_MS = 30_000
log = logging.getLogger(__name__)


class MainWindow(QMainWindow):
    """Hosts at most one open campaign (a CampaignDocument) and the places that show it; the File menu's commands
    are its `files` (ui/campaign_files.py)."""

    def __init__(self, paths: AppPaths, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.paths = paths
        self.settings, settings_problem = AppSettings.load(paths.settings_file)
        self.document: CampaignDocument | None = None
        self.files = CampaignFiles(self, paths, self.settings, document=lambda: self.document,
                                   open_campaign=self.open_campaign, close_campaign=self.close_campaign)
        self.files.status.connect(self._show_status)
        self.collector = IdleCollector(self)
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
        self.tabs.currentChanged.connect(lambda _index: self._remember_place())
        # A campaign file dropped on the window opens, as File › Open would open it.
        self.setAcceptDrops(True)
        self.campaign_drops = CampaignFileDrops(self)
        self.campaign_drops.dropped.connect(self.open_campaign)
        self.user_guide: UserGuideWindow | None = None
        self.catalogue_editor: CatalogueEditor | None = None
        self._build_actions()
        self._build_menus()
        self._restore_geometry()
        self.autosave_timer = QTimer(self)
        self.autosave_timer.setInterval(AUTOSAVE_MS)
        self.autosave_timer.timeout.connect(self.files.autosave)
        self.autosave_timer.start()
        self._update_title()
        if settings_problem:
            self.statusBar().showMessage(settings_problem, 15_000)

    # -- actions and menus ------------------------------------------------------------------
    def _action(self, text: str, slot: Callable[[], object],
                shortcut: str | QKeySequence.StandardKey | None = None, tip: str = "") -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        if tip:
            action.setStatusTip(tip)
        action.triggered.connect(slot)
        return action

    def _build_actions(self) -> None:
        keys = QKeySequence.StandardKey
        files = self.files
        self.act_new = self._action("&New Campaign…", files.new_campaign, "Ctrl+Shift+N", "Create an empty campaign")
        self.act_open = self._action("&Open Campaign…", files.pick_campaign, keys.Open, "Choose a campaign")
        self.act_save = self._action("&Save", files.save_in_background, keys.Save, "Save the campaign")
        self.act_save_as = self._action("Save &As…", files.save_as, keys.SaveAs, "Save under a new name")
        self.act_duplicate = self._action("&Duplicate…", files.duplicate, None, "Copy the campaign")
        self.act_rename = self._action("&Rename…", files.rename, None, "Rename the campaign (undoable)")
        self.act_restore = self._action("Restore &Earlier Version…", files.restore_backup, None,
                                        "Go back to one of the last 10 saved versions")
        self.act_rule_options = self._action("Rule &Options…", self.edit_rule_options, None,
                                             "Choose how the campaign plays where the rules leave a choice")
        self.act_catalogue = self._action("Equipment &Catalogue…", self.edit_catalogue, "Ctrl+Shift+E",
                                          "Make and change the weapons, armour and gear of this campaign")
        self.act_close = self._action("&Close Campaign", self.close_campaign, keys.Close)
        self.act_quit = self._action("&Quit", self.close, keys.Quit)
        self.act_guide = self._action("&User Guide", lambda: self.show_user_guide(), "F1", "Open the user guide")
        self.act_log_folder = self._action("Open &Log Folder", self.open_log_folder, None,
                                           "Show the folder of the log, for reporting a problem")
        self.act_about_qt = self._action("About &Qt", self.about_qt)
        self.act_about = self._action("&About Crisis Desktop", self.about)
        self.act_undo = QAction("&Undo", self)
        self.act_undo.setShortcut(keys.Undo)
        self.act_undo.triggered.connect(self.undo)
        self.act_redo = QAction("&Redo", self)
        self.act_redo.setShortcuts([QKeySequence(keys.Redo), QKeySequence("Ctrl+Y")])
        self.act_redo.triggered.connect(self.redo)
        self.campaign_actions = [self.act_save, self.act_save_as, self.act_duplicate, self.act_rename,
                                 self.act_restore, self.act_close, self.act_rule_options, self.act_catalogue]

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file = bar.addMenu("&File")
        file.addActions([self.act_new, self.act_open])
        self.recent_menu = QMenu("Open &Recent", self)
        self.recent_menu.aboutToShow.connect(self._fill_recent)
        file.addMenu(self.recent_menu)
        file.addSeparator()
        file.addActions([self.act_save, self.act_save_as, self.act_duplicate, self.act_rename])
        file.addSeparator()
        file.addActions([self.act_restore, self.act_close])
        file.addSeparator()
        file.addAction(self.act_quit)
        edit = bar.addMenu("&Edit")
        edit.addActions([self.act_undo, self.act_redo])
        edit.addSeparator()
        edit.addActions([self.act_catalogue, self.act_rule_options])
        view = bar.addMenu("&View")
        self.view_menu = view
        for index in range(self.tabs.count()):
            self._add_place_action(index)
        self._player_separator = view.addSeparator()
        self._build_player_display_actions(view)
        help_menu = bar.addMenu("&Help")
        help_menu.addActions([self.act_guide, self.act_log_folder])
        help_menu.addSeparator()
        help_menu.addActions([self.act_about_qt, self.act_about])

        toolbar = self.addToolBar("Main")
        toolbar.setObjectName("main-toolbar")
        toolbar.setMovable(False)
        toolbar.addActions([self.act_open, self.act_save, self.act_undo, self.act_redo])

    def _add_place_action(self, index: int) -> None:
        name = self.tabs.tabText(index)
        action = self._action(name, lambda: self.tabs.setCurrentIndex(index), f"Ctrl+{index + 1}",
                              f"Show the {name} place")
        self.view_menu.addAction(action)

    def _build_player_display_actions(self, view: QMenu) -> None:
        """View › Player display: the actions exist from the start, the display's code loads on first use."""
        from crisis_desktop.ui.player_display.menu import PlayerDisplayMenu

        menu = PlayerDisplayMenu(
            self, self._action, self.settings.ui, self._save_settings, self._show_message,
            lambda: self.encounter_board.model if self.encounter_board is not None else None)
        menu.add_to(view)
        self.player_menu = menu
        self.act_player, self.act_player_blank = menu.act_player, menu.act_blank
        self.act_player_numbers, self.act_player_dark = menu.act_numbers, menu.act_dark

    @property
    def player_host(self) -> PlayerDisplayHost | None:
        """The player display's host, once a display action has built it."""
        return self.player_menu.host

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        recent = [p for p in self.settings.recent_paths() if p.exists()]
        for path in recent:
            action = self.recent_menu.addAction(path.stem.replace("&", "&&"))
            action.setToolTip(tooltip(str(path)))
            action.triggered.connect(lambda _=False, p=path: self.open_campaign(p))
        if not recent:
            self.recent_menu.addAction("(none)").setEnabled(False)

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
            campaign = self.files.store.load(path)
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
        self.document = CampaignDocument(campaign, path, self.files.store, self)
        # Bound methods, not lambdas: Qt drops these connections when the window goes away.
        self.document.changed.connect(self._on_changed)
        self.document.dirtyChanged.connect(self._update_title)
        self.document.saveFinished.connect(self.files.saved_in_background)
        self.document.undo_stack.indexChanged.connect(self._update_undo_actions)
        if recovered is None and not status.held_by_other:
            recovered = self.files.recovery_for(path)
        if recovered is not None:
            self.document.adopt_recovery(recovered.campaign)
        self._show_everywhere()
        self._return_to_place()
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

    # -- where the GM was ----------------------------------------------------------------------
    def _return_to_place(self) -> None:
        """Back where the GM was in this campaign: its place (tab) and encounter as last remembered (kept as they
        change, so a crash loses nothing of it); a running fight wins over a remembered encounter that is not
        running, and shows the Fight place."""
        document = self.document
        if document is None:
            return
        places = self.settings.ui.get("places")
        remembered = places.get(str(document.path), {}) if isinstance(places, dict) else {}
        remembered = remembered if isinstance(remembered, dict) else {}
        encounters = {e.id: e for e in document.campaign.encounters}
        running = [e.id for e in document.campaign.encounters if e.started and not e.ended]
        chosen = remembered.get("encounter")
        if chosen not in encounters or (running and chosen not in running):
            chosen = running[0] if running else None
        if chosen is not None:
            document.session.show_encounter(chosen)
        tab = remembered.get("tab")
        if running:
            self.tabs.setCurrentWidget(self._board_host)
        elif isinstance(tab, int) and 0 <= tab < self.tabs.count():
            self.tabs.setCurrentIndex(tab)

    def _session_told(self, what: str) -> None:
        from crisis_desktop.controller.session import ENCOUNTER  # loaded with the campaign already

        if what == ENCOUNTER:
            self._remember_place()

    def _remember_place(self) -> None:
        """Keep the place and the encounter shown for this campaign, and the window's layout, in the settings."""
        document = self.document
        if document is None:
            return
        places = self.settings.ui.get("places")
        places = dict(places) if isinstance(places, dict) else {}
        places[str(document.path)] = {"tab": self.tabs.currentIndex(), "encounter": document.session.encounter_id}
        self.settings.ui["places"] = dict(list(places.items())[-20:])
        self._remember_layout()
        self._save_settings()

    def _remember_layout(self) -> None:
        if self.workspace is not None:
            self.settings.ui["fight_layout"] = self.workspace.layout_state()
        self.settings.ui["geometry"] = base64.b64encode(bytes(self.saveGeometry().data())).decode()
        self.settings.ui["state"] = base64.b64encode(bytes(self.saveState().data())).decode()

    def close_campaign(self) -> bool:
        """Close the open campaign, asking first about unsaved changes; False if the user cancels."""
        if self.document is None:
            return True
        self._remember_place()
        self.document.wait_for_save()
        if self.document.dirty:
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
        if self.catalogue_editor is not None:
            self.catalogue_editor.reject()
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

    def closeEvent(self, event: QCloseEvent) -> None:  # Override QWidget::closeEvent
        try:
            closed = self.close_campaign()
        except Exception:  # noqa: BLE001 - never close over unsaved work because something failed
            closed = False
        if not closed:
            event.ignore()
            return
        self.player_menu.close()
        self._remember_layout()
        self._save_settings()
        event.accept()

    # -- file commands ------------------------------------------------------------------------
    def edit_rule_options(self) -> None:
        from crisis_desktop.controller.commands import SetCampaignField
        from crisis_desktop.rules.registry import get_ruleset
        from crisis_desktop.ui.dialogs.rule_options import RuleOptionsDialog

        if self.document is None:
            return
        campaign = self.document.campaign
        try:
            ruleset = get_ruleset(campaign.ruleset)
        except KeyError as exc:
            Ask.error(self, "Rule options", str(exc))
            return
        chosen = RuleOptionsDialog.ask(ruleset, campaign.rule_options, self)
        if chosen is not None and chosen != campaign.rule_options:
            self.document.push(SetCampaignField(campaign, "rule_options", chosen, "Change rule options"))

    def edit_catalogue(self) -> None:
        """Edit › Equipment Catalogue: one editor window per open campaign, raised if already open."""
        from crisis_desktop.rules.registry import get_ruleset
        from crisis_desktop.ui.dialogs.catalogue_editor import CatalogueEditor

        if self.document is None:
            return
        if self.catalogue_editor is not None and self.catalogue_editor.document is self.document:
            self.catalogue_editor.raise_()
            self.catalogue_editor.activateWindow()
            return
        try:
            ruleset = get_ruleset(self.document.campaign.ruleset)
        except KeyError as exc:
            Ask.error(self, "Equipment catalogue", str(exc))
            return
        editor = CatalogueEditor(self.document, ruleset, self)
        editor.message.connect(self._show_message)
        editor.finished.connect(lambda _r: setattr(self, "catalogue_editor", None))
        self.catalogue_editor = editor
        editor.show()

    def undo(self) -> None:
        if self.document is not None:
            self.document.undo_stack.undo()

    def redo(self) -> None:
        if self.document is not None:
            self.document.undo_stack.redo()

    # -- help -----------------------------------------------------------------------------------
    def show_user_guide(self, page: str = "index.md") -> None:
        from crisis_desktop.ui.help.user_guide_window import UserGuideWindow

        if self.user_guide is None:
            self.user_guide = UserGuideWindow(self)
        self.user_guide.show_page(page)
        self.user_guide.show()
        self.user_guide.raise_()
        self.user_guide.activateWindow()

    def open_log_folder(self) -> None:
        from crisis_desktop.ui.desktop import Desktop

        Desktop.open_folder(self, self.paths.logs)

    def about_qt(self) -> None:
        from PySide6.QtWidgets import QMessageBox

        QMessageBox.aboutQt(self, "About Qt")

    def about(self) -> None:
        from crisis_desktop.ui.help.about_dialog import AboutDialog

        AboutDialog.ask(self.paths.data_dir, self.paths.logs, self)

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
        self.overview.show_campaign(campaign, self.document.path if self.document else None)
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
            self._add_panel_actions(self.workspace)
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

    def _add_panel_actions(self, workspace: FightWorkspace) -> None:
        """View › Fight panels: show or hide each panel, and put the default layout back."""
        menu = QMenu("Fight &panels", self)
        for dock in workspace.docks.values():
            menu.addAction(dock.toggleViewAction())
        menu.addSeparator()
        menu.addAction(self._action("Reset the fight layout", workspace.default_layout, None,
                                    "Turn order on top; map, actions and log side by side below"))
        self.view_menu.insertMenu(self._player_separator, menu)

    def _show_message(self, text: str) -> None:
        self.statusBar().showMessage(text, 6000)

    def _show_status(self, text: str, timeout: int) -> None:
        """A line in the status bar for `timeout` ms (0: until another); an empty line clears it."""
        if text:
            self.statusBar().showMessage(text, timeout)
        else:
            self.statusBar().clearMessage()

    def _update_undo_actions(self) -> None:
        stack = self.document.undo_stack if self.document else None
        self.act_undo.setEnabled(stack is not None and stack.canUndo())
        self.act_redo.setEnabled(stack is not None and stack.canRedo())
        undo_text = stack.undoText() if stack else ""
        redo_text = stack.redoText() if stack else ""
        # The steps name characters: "&" doubled shows as itself, not as a shortcut mark; the tooltips are plain.
        self.act_undo.setText(f"&Undo {undo_text.replace('&', '&&')}" if undo_text else "&Undo")
        self.act_redo.setText(f"&Redo {redo_text.replace('&', '&&')}" if redo_text else "&Redo")
        self.act_undo.setToolTip(tooltip(f"Undo {undo_text}" if undo_text else "Undo"))
        self.act_redo.setToolTip(tooltip(f"Redo {redo_text}" if redo_text else "Redo"))

    def _update_title(self) -> None:
        for action in self.campaign_actions:
            action.setEnabled(self.document is not None)
        self._update_undo_actions()
        if self.document is None:
            self.setWindowTitle("Crisis Desktop")
            self.setWindowModified(False)
            return
        self.setWindowTitle(f"{self.document.campaign.name}[*] — Crisis Desktop")
        self.setWindowModified(self.document.dirty)

    def _restore_geometry(self) -> None:
        geometry = self.settings.ui.get("geometry")
        state = self.settings.ui.get("state")
        if isinstance(geometry, str) and self.restoreGeometry(QByteArray(base64.b64decode(geometry))):
            if isinstance(state, str):
                self.restoreState(QByteArray(base64.b64decode(state)))
        else:
            self.resize(1280, 800)

    def _save_settings(self) -> None:
        try:
            self.settings.save(self.paths.settings_file)
        except OSError as exc:
            self.statusBar().showMessage(f"Could not save settings: {exc}", 10_000)
