"""View › Player display: the menu's actions from the start, the display itself built on first use."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QMenu, QWidget

from crisis_desktop.ui.player_display.health_modes import SIDES, HealthMode, modes_from

if TYPE_CHECKING:
    from crisis_desktop.ui.document import CampaignDocument
    from crisis_desktop.ui.models.board_model import BoardModel
    from crisis_desktop.ui.player_display.host import PlayerDisplayHost

ActionMaker = Callable[[str, Callable[[], object], str | None, str], QAction]


class PlayerDisplayMenu:
    """The player display's actions (open, screen, blank, how each side's health shows, NPCs in the fog, theme)
    and the host they drive.

    The host, and with it the display's code, is built the first time an action needs it; `board_model`
    gives the board's model to show (None while no campaign is open).
    """

    def __init__(self, window: QWidget, make_action: ActionMaker, settings: dict[str, Any],
                 save_settings: Callable[[], None], show_message: Callable[[str], None],
                 board_model: Callable[[], BoardModel | None]) -> None:
        self._window = window
        self._settings = settings
        self._save_settings = save_settings
        self._show_message = show_message
        self._board_model = board_model
        self.host: PlayerDisplayHost | None = None
        self.document: CampaignDocument | None = None
        stored = settings.get("player_display")
        stored = stored if isinstance(stored, dict) else {}
        self.act_player = make_action(
            "&Player Display", lambda: self._run(lambda h: h.toggle()), "Ctrl+Shift+P",
            "Show the fight to the players, full screen on the chosen screen")
        self.act_screen = make_action(
            "Player Display S&creen…", lambda: self._run(lambda h: h.choose_screen()), None,
            "Choose the screen the player display goes to")
        self.act_blank = make_action(
            "&Blank Player Display", lambda: self._run(lambda h: h.set_blank(self.act_blank.isChecked())),
            "Ctrl+B", "Blank the players' screen, or show the fight again")
        self.health_menu = QMenu("Players' &Health Display", window)
        self.health_actions = self._health_actions(window, make_action, stored)
        self.act_fog_unknown = make_action(
            "Show NPCs in the &Fog as “Unknown”",
            lambda: self._run(lambda h: h.set_fogged_as_unknown(self.act_fog_unknown.isChecked())), None,
            "NPCs the fog of war hides keep their place in the players' turn order, without name or health; "
            "otherwise they are not listed")
        self.act_dark = make_action(
            "Player Display &Dark Theme", lambda: self._run(lambda h: h.set_dark(self.act_dark.isChecked())),
            None, "Dark or light colours on the players' screen")
        for action, on in ((self.act_player, False), (self.act_blank, False),
                           (self.act_fog_unknown, stored.get("fogged_as_unknown", False) is True),
                           (self.act_dark, stored.get("theme", "dark") != "light")):
            action.setCheckable(True)
            action.setChecked(on)

    def add_to(self, menu: QMenu) -> None:
        menu.addActions([self.act_player, self.act_screen, self.act_blank])
        menu.addMenu(self.health_menu)
        menu.addActions([self.act_fog_unknown, self.act_dark])

    def _health_actions(self, window: QWidget, make_action: ActionMaker,
                        stored: dict[str, Any]) -> dict[tuple[str, HealthMode], QAction]:
        """Per side, one checkable action per mode, exclusive within the side (the `health_menu`)."""
        modes = modes_from(stored.get("health"))
        if "health" not in stored and stored.get("pc_numbers") is False:   # settings of before the modes
            modes["party"] = HealthMode.COLOURED
        actions: dict[tuple[str, HealthMode], QAction] = {}
        for side, side_label in SIDES:
            self.health_menu.addSection(side_label)
            group = QActionGroup(window)
            for mode in HealthMode:
                action = make_action(f"{side_label}: {mode.label}",
                                     partial(self._run, partial(_set_mode, side=side, mode=mode)), None,
                                     f"How the players' screen shows the health of the {side_label.lower()}")
                action.setCheckable(True)
                action.setChecked(modes[side] is mode)
                group.addAction(action)
                self.health_menu.addAction(action)
                actions[side, mode] = action
        return actions

    def set_document(self, document: CampaignDocument | None) -> None:
        self.document = document
        if self.host is not None:
            self.host.set_document(document)

    def close(self) -> None:
        if self.host is not None:
            self.host.close()

    def _run(self, action: Callable[[PlayerDisplayHost], object]) -> None:
        """Run one of the display's actions, building its host (and importing its code) the first time."""
        if self.host is None:
            model = self._board_model()
            if model is None:
                self.act_player.setChecked(False)
                self._show_message("Open a campaign first: the player display shows its encounter")
                return
            from crisis_desktop.ui.player_display.host import PlayerDisplayHost

            host = PlayerDisplayHost(model, self._settings, self._save_settings, self._window)
            host.shortcuts = [self.act_player, self.act_blank]
            host.shownChanged.connect(self.act_player.setChecked)
            host.message.connect(self._show_message)
            host.set_document(self.document)
            host.set_blank(self.act_blank.isChecked())
            self.host = host
        action(self.host)


def _set_mode(host: PlayerDisplayHost, *, side: str, mode: HealthMode) -> None:
    host.set_health_mode(side, mode)
