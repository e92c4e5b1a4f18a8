"""What the campaign home's buttons do in the window: each opens the place it names and starts the step there."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from crisis_desktop.ui.main_window import MainWindow


class HomeActions:
    """Connects the home's signals (CampaignOverview.home) to the window's places: the Fight place for encounters
    and maps, the Characters place for characters. The places exist once a campaign is open, as do the home's
    buttons."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window
        home = window.overview.home
        home.openEncounter.connect(self.open_encounter)
        home.startEncounter.connect(self.start_encounter)
        home.openCharacter.connect(self.open_character)
        home.addPc.connect(self.add_pc)
        home.addNpcFromBestiary.connect(self.add_npc_from_bestiary)
        home.newEncounter.connect(self.new_encounter)
        home.newMap.connect(self.new_map)

    def _show_place(self, widget: QWidget | None) -> bool:
        """Bring the place holding `widget` to the front; False while there is none (no campaign open)."""
        host = widget.parentWidget() if widget is not None else None
        index = self.window.tabs.indexOf(host) if host is not None else -1
        if index < 0:
            return False
        self.window.tabs.setCurrentIndex(index)
        return True

    # -- encounters and maps: the Fight place -------------------------------------------------
    def open_encounter(self, encounter_id: str) -> None:
        board, workspace = self.window.encounter_board, self.window.workspace
        if board is None or workspace is None or not self._show_place(workspace):
            return
        board.show_encounter(encounter_id)

    def start_encounter(self, encounter_id: str) -> None:
        """Show the encounter and start it, as the board's Start does (it rolls initiative)."""
        self.open_encounter(encounter_id)
        board = self.window.encounter_board
        if board is not None and board.act_start.isEnabled():
            board.act_start.trigger()

    def new_encounter(self) -> None:
        board, workspace = self.window.encounter_board, self.window.workspace
        if board is not None and workspace is not None and self._show_place(workspace):
            board.act_new.trigger()

    def new_map(self) -> None:
        map_place, workspace = self.window.map_place, self.window.workspace
        if map_place is not None and workspace is not None and self._show_place(workspace):
            workspace.show_panel("map")
            map_place.new_map()

    # -- characters: the Characters place -----------------------------------------------------
    def open_character(self, character_id: str) -> None:
        view = self.window.characters
        if view is not None and self._show_place(view):
            view.select([character_id])

    def add_pc(self) -> None:
        view = self.window.characters
        if view is not None and self._show_place(view):
            view.act_new_pc.trigger()

    def add_npc_from_bestiary(self) -> None:
        view = self.window.characters
        if view is not None and self._show_place(view):
            view.act_bestiary.trigger()
