"""The main window's menu bar and tool bar: File, Edit, View (the places, the fight's panels, the player display) and
Help, each action with its shortcut and status tip, and what they show as the open campaign changes (which
actions need a campaign, what Undo and Redo would do, the recent campaigns)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtGui import QAction, QKeySequence, QUndoStack
from PySide6.QtWidgets import QMainWindow, QMenu, QTabWidget

from crisis_desktop.storage.settings import AppSettings
from crisis_desktop.ui.campaign_edits import CampaignEdits
from crisis_desktop.ui.campaign_files import CampaignFiles, OpenCampaign
from crisis_desktop.ui.help.help_menu import HelpCommands
from crisis_desktop.ui.plain_text import tooltip

if TYPE_CHECKING:
    from crisis_desktop.ui.player_display.menu import PlayerDisplayMenu
    from crisis_desktop.ui.views.fight_workspace import FightWorkspace


class WindowMenus:
    """The menus and tool bar of `window`, over the commands they trigger: the File menu's (`files`), the Edit
    menu's (`edits`, with `undo` and `redo`), the Help menu's (`help`); `close_campaign` and `open_campaign` (a
    recent campaign) are the window's. View shows each place of `tabs` (Ctrl+1...). The recent campaigns are
    `settings`'."""

    def __init__(self, window: QMainWindow, tabs: QTabWidget, settings: AppSettings, *, files: CampaignFiles,
                 edits: CampaignEdits, help: HelpCommands, undo: Callable[[], None], redo: Callable[[], None],
                 open_campaign: OpenCampaign, close_campaign: Callable[[], bool]) -> None:
        self._window = window
        self._tabs = tabs
        self._settings = settings
        self._open_campaign = open_campaign
        keys = QKeySequence.StandardKey
        self.act_new = self.action("&New Campaign…", files.new_campaign, "Ctrl+Shift+N", "Create an empty campaign")
        self.act_open = self.action("&Open Campaign…", files.pick_campaign, keys.Open, "Choose a campaign")
        self.act_save = self.action("&Save", files.save_in_background, keys.Save, "Save the campaign")
        self.act_save_as = self.action("Save &As…", files.save_as, keys.SaveAs, "Save under a new name")
        self.act_duplicate = self.action("&Duplicate…", files.duplicate, None, "Copy the campaign")
        self.act_rename = self.action("&Rename…", files.rename, None, "Rename the campaign (undoable)")
        self.act_restore = self.action("Restore &Earlier Version…", files.restore_backup, None,
                                       "Go back to one of the last 10 saved versions")
        self.act_rule_options = self.action("Rule &Options…", edits.edit_rule_options, None,
                                            "Choose how the campaign plays where the rules leave a choice")
        self.act_catalogue = self.action("Equipment &Catalogue…", edits.edit_catalogue, "Ctrl+Shift+E",
                                         "Make and change the weapons, armour and gear of this campaign")
        self.act_close = self.action("&Close Campaign", close_campaign, keys.Close)
        self.act_quit = self.action("&Quit", window.close, keys.Quit)
        self.act_guide = self.action("&User Guide", lambda: help.show_user_guide(), "F1", "Open the user guide")
        self.act_log_folder = self.action("Open &Log Folder", help.open_log_folder, None,
                                          "Show the folder of the log, for reporting a problem")
        self.act_about_qt = self.action("About &Qt", help.about_qt)
        self.act_about = self.action("&About Crisis Desktop", help.about)
        self.act_undo = QAction("&Undo", window)
        self.act_undo.setShortcut(keys.Undo)
        self.act_undo.triggered.connect(undo)
        self.act_redo = QAction("&Redo", window)
        self.act_redo.setShortcuts([QKeySequence(keys.Redo), QKeySequence("Ctrl+Y")])
        self.act_redo.triggered.connect(redo)
        self.campaign_actions = [self.act_save, self.act_save_as, self.act_duplicate, self.act_rename,
                                 self.act_restore, self.act_close, self.act_rule_options, self.act_catalogue]
        self._build_menus()

    def action(self, text: str, slot: Callable[[], object],
               shortcut: str | QKeySequence.StandardKey | None = None, tip: str = "") -> QAction:
        """An action of the window: its shortcut, and its tip in the status bar."""
        action = QAction(text, self._window)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        if tip:
            action.setStatusTip(tip)
        action.triggered.connect(slot)
        return action

    def _build_menus(self) -> None:
        bar = self._window.menuBar()
        file = bar.addMenu("&File")
        file.addActions([self.act_new, self.act_open])
        self.recent_menu = QMenu("Open &Recent", self._window)
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
        self.view_menu = bar.addMenu("&View")
        for index in range(self._tabs.count()):
            self._add_place_action(index)
        self._player_separator = self.view_menu.addSeparator()
        help_menu = bar.addMenu("&Help")
        help_menu.addActions([self.act_guide, self.act_log_folder])
        help_menu.addSeparator()
        help_menu.addActions([self.act_about_qt, self.act_about])

        toolbar = self._window.addToolBar("Main")
        toolbar.setObjectName("main-toolbar")
        toolbar.setMovable(False)
        toolbar.addActions([self.act_open, self.act_save, self.act_undo, self.act_redo])

    def _add_place_action(self, index: int) -> None:
        name = self._tabs.tabText(index)
        action = self.action(name, lambda: self._tabs.setCurrentIndex(index), f"Ctrl+{index + 1}",
                             f"Show the {name} place")
        self.view_menu.addAction(action)

    def add_player_display(self, menu: PlayerDisplayMenu) -> None:
        """View › Player display's actions, last in the View menu."""
        menu.add_to(self.view_menu)

    def add_fight_panels(self, workspace: FightWorkspace) -> None:
        """View › Fight panels: show or hide each panel, and put the default layout back."""
        menu = QMenu("Fight &panels", self._window)
        for dock in workspace.docks.values():
            menu.addAction(dock.toggleViewAction())
        menu.addSeparator()
        # The keys are the workspace's own (they work while it shows): the menu only names them.
        for action in (workspace.act_fit, workspace.act_next_target, workspace.act_previous_target, workspace.act_roll,
                       workspace.act_apply):
            shown = f"{action.text()}\t{action.shortcut().toString()}"
            menu.addAction(self.action(shown, action.trigger, None, action.toolTip()))
        menu.addSeparator()
        menu.addAction(self.action("Reset the fight layout", workspace.default_layout, None,
                                   "Turn order and log at the left, map in the middle, actions at the right"))
        self.view_menu.insertMenu(self._player_separator, menu)

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        recent = [p for p in self._settings.recent_paths() if p.exists()]
        for path in recent:
            action = self.recent_menu.addAction(path.stem.replace("&", "&&"))
            action.setToolTip(tooltip(str(path)))
            action.triggered.connect(lambda _=False, p=path: self._open_campaign(p))
        if not recent:
            self.recent_menu.addAction("(none)").setEnabled(False)

    def show_campaign_open(self, is_open: bool, stack: QUndoStack | None) -> None:
        """The actions that need a campaign enabled while one is open; Undo and Redo say what they would do."""
        for action in self.campaign_actions:
            action.setEnabled(is_open)
        self.show_undo(stack)

    def show_undo(self, stack: QUndoStack | None) -> None:
        self.act_undo.setEnabled(stack is not None and stack.canUndo())
        self.act_redo.setEnabled(stack is not None and stack.canRedo())
        undo_text = stack.undoText() if stack else ""
        redo_text = stack.redoText() if stack else ""
        # The steps name characters: "&" doubled shows as itself, not as a shortcut mark; the tooltips are plain.
        self.act_undo.setText(f"&Undo {undo_text.replace('&', '&&')}" if undo_text else "&Undo")
        self.act_redo.setText(f"&Redo {redo_text.replace('&', '&&')}" if redo_text else "&Redo")
        self.act_undo.setToolTip(tooltip(f"Undo {undo_text}" if undo_text else "Undo"))
        self.act_redo.setToolTip(tooltip(f"Redo {redo_text}" if redo_text else "Redo"))
