"""Opens, places and configures the player display: the chosen screen, its loss and return, the options."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QAction, QGuiApplication, QScreen
from PySide6.QtWidgets import QInputDialog, QWidget

from crisis_desktop.controller.session import ENCOUNTER
from crisis_desktop.ui.player_display.health_modes import HealthMode, modes_from

if TYPE_CHECKING:
    from crisis_desktop.ui.document import CampaignDocument
    from crisis_desktop.ui.models.board_model import BoardModel
    from crisis_desktop.ui.player_display.display import PlayerDisplay

SETTINGS_KEY = "player_display"
DEFAULTS: dict[str, Any] = {"screen": None, "health": {}, "theme": "dark", "fogged_as_unknown": False}


def screen_label(screen: QScreen) -> str:
    """How a screen is offered to the GM: "table — 1280 × 720 at (1920, 0)"."""
    g = screen.geometry()
    primary = " (main screen)" if screen is QGuiApplication.primaryScreen() else ""
    return f"{screen.name() or 'screen'} — {g.width()} × {g.height()} at ({g.x()}, {g.y()}){primary}"


class ScreenPicker:
    """Asks which connected screen the player display goes to (tests replace `ask`)."""

    @classmethod
    def ask(cls, parent: QWidget | None, screens: list[QScreen], current: str | None) -> str | None:
        labels = [screen_label(s) for s in screens]
        names = [s.name() for s in screens]
        # Offer the remembered screen, else the first one that is not the main screen.
        default = names.index(current) if current in names else next(
            (i for i, s in enumerate(screens) if s is not QGuiApplication.primaryScreen()), 0)
        label, ok = QInputDialog.getItem(parent, "Player display", "Show the player display on:", labels,
                                         default, False)
        return names[labels.index(label)] if ok and label in labels else None


class PlayerDisplayHost(QObject):
    """Owns the player display window and its options, stored in `settings` (AppSettings.ui["player_display"]).

    The remembered screen is found by name among the connected ones. When it is unplugged
    (QGuiApplication.screenRemoved) the display falls back to a normal window on the main screen, and
    goes back full screen when a screen of that name is connected again (screenAdded).

    Signals:
        shownChanged(bool): the display was opened or closed.
        message(str): a line for the window's status bar.
    """

    shownChanged = Signal(bool)
    message = Signal(str)

    def __init__(self, model: BoardModel, settings: dict[str, Any], save_settings: Callable[[], None],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model  # the GM board's own model: the display filters it, never copies it
        self._parent = parent
        self._settings = settings
        self._save = save_settings
        self.document: CampaignDocument | None = None
        self.display: PlayerDisplay | None = None
        self.fallback = False
        self.blank = False
        # Actions whose shortcuts must work while the display window has the focus too (blank, close).
        self.shortcuts: list[QAction] = []
        app = QGuiApplication.instance()
        assert isinstance(app, QGuiApplication)
        app.screenRemoved.connect(self.screen_removed)
        app.screenAdded.connect(self.screen_added)
        self._stop_listening: Callable[[], None] | None = None

    # -- options ------------------------------------------------------------------------------
    def option(self, key: str) -> Any:
        stored = self._settings.get(SETTINGS_KEY)
        stored = stored if isinstance(stored, dict) else {}
        return stored.get(key, DEFAULTS[key])

    def _set_option(self, key: str, value: Any) -> None:
        stored = self._settings.get(SETTINGS_KEY)
        self._settings[SETTINGS_KEY] = {**(stored if isinstance(stored, dict) else {}), key: value}
        self._save()

    def health_modes(self) -> dict[str, HealthMode]:
        """How each side's health shows on the players' screen; settings of before the modes (PCs' numbers off)
        read as coloured words for the party."""
        stored = self._settings.get(SETTINGS_KEY)
        stored = stored if isinstance(stored, dict) else {}
        modes = modes_from(stored.get("health"))
        if "health" not in stored and stored.get("pc_numbers") is False:
            modes["party"] = HealthMode.COLOURED
        return modes

    def set_health_mode(self, side: str, mode: HealthMode) -> None:
        """Show the health of `side` ("party", "enemies", "neutral") as `mode`, and remember it."""
        modes = {**self.health_modes(), side: mode}
        self._set_option("health", {key: str(value) for key, value in modes.items()})
        if self.display is not None:
            self.display.set_health_modes(modes)

    def set_fogged_as_unknown(self, on: bool) -> None:
        self._set_option("fogged_as_unknown", on)
        if self.display is not None:
            self.display.proxy.set_fogged_as_unknown(on)

    def set_dark(self, dark: bool) -> None:
        self._set_option("theme", "dark" if dark else "light")
        if self.display is not None:
            self.display.set_theme(self.option("theme"))

    def set_blank(self, blank: bool) -> None:
        self.blank = blank
        if self.display is not None:
            self.display.set_blank(self.blank)

    # -- the campaign -------------------------------------------------------------------------
    def set_document(self, document: CampaignDocument | None) -> None:
        if self.document is not None and self.display is not None:
            self.document.changed.disconnect(self.display.apply_changes)
        if self._stop_listening is not None:
            self._stop_listening()
            self._stop_listening = None
        self.document = document
        if document is not None:
            # The display shows the encounter the GM has on show, wherever it was chosen.
            self._stop_listening = document.session.listen(lambda what: self._follow() if what == ENCOUNTER else None)
        if self.display is not None:
            if document is not None:
                document.changed.connect(self.display.apply_changes)
            self._follow()

    def _follow(self) -> None:
        if self.display is None:
            return
        self.display.show_encounter(self.document.session if self.document is not None else None)

    # -- showing ------------------------------------------------------------------------------
    @property
    def shown(self) -> bool:
        return self.display is not None and self.display.isVisible()

    def toggle(self) -> None:
        if self.shown:
            self.close()
        else:
            self.open()

    def open(self) -> PlayerDisplay:
        """Show the display on the remembered screen; ask for one the first time there are several."""
        from crisis_desktop.ui.player_display.display import PlayerDisplay

        if self.display is None:
            self.display = PlayerDisplay(self.model, self._parent)
            self.display.addActions(self.shortcuts)
            self.display.set_health_modes(self.health_modes())
            self.display.proxy.set_fogged_as_unknown(bool(self.option("fogged_as_unknown")))
            self.display.set_theme(str(self.option("theme")))
            doc, self.document = self.document, None
            self.set_document(doc)
        self.display.set_blank(self.blank)
        screen = self._remembered_screen()
        if screen is None and self.option("screen") is None and len(QGuiApplication.screens()) > 1:
            screen = self.choose_screen(place=False)
        self._place(screen)
        self.shownChanged.emit(True)
        return self.display

    def close(self) -> None:
        if self.display is not None:
            self.display.hide()
        self.shownChanged.emit(False)

    def choose_screen(self, place: bool = True) -> QScreen | None:
        """Ask the GM for the screen, remember it, and move the display there if it is open."""
        screens = QGuiApplication.screens()
        name = ScreenPicker.ask(self._parent, screens, self.option("screen"))
        if name is None:
            return self._remembered_screen()
        self._set_option("screen", name)
        screen = self._remembered_screen()
        if place and self.shown:
            self._place(screen)
        return screen

    def _remembered_screen(self) -> QScreen | None:
        name = self.option("screen")
        return next((s for s in QGuiApplication.screens() if name and s.name() == name), None)

    def _place(self, screen: QScreen | None) -> None:
        assert self.display is not None
        self.fallback = screen is None
        self.display.show_on(screen)
        if screen is None and self.option("screen"):
            self.message.emit(f"The player display's screen “{self.option('screen')}” is not connected: "
                              "showing it in a window on the main screen")

    # -- screens coming and going ---------------------------------------------------------------
    def screen_removed(self, screen: QScreen) -> None:
        """QGuiApplication.screenRemoved: the display's screen is gone, fall back to a window."""
        if self.shown and not self.fallback and screen.name() == self.option("screen"):
            self._place(None)

    def screen_added(self, screen: QScreen) -> None:
        """QGuiApplication.screenAdded: the remembered screen is back, go full screen there again."""
        if self.shown and self.fallback and screen.name() == self.option("screen"):
            self._place(screen)
