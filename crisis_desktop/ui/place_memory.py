"""Where the GM was: the place (tab) and encounter shown for each campaign, and the window's layout, kept in the
settings as they change (a crash loses nothing of them) and brought back when the campaign opens again."""

from __future__ import annotations

import base64
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray
from PySide6.QtWidgets import QMainWindow, QTabWidget, QWidget

from crisis_desktop.storage.settings import AppSettings

if TYPE_CHECKING:
    from crisis_desktop.ui.document import CampaignDocument
    from crisis_desktop.ui.views.fight_workspace import FightWorkspace

KEPT_CAMPAIGNS = 20


class PlaceMemory:
    """Keeps, in `settings` (written by `save_settings()`), the `window`'s geometry and state, the fight
    `workspace()`'s layout (None until the first campaign opens), and per campaign the place shown in `tabs` and
    the encounter on show; `fight_place` is the Fight tab, where a running fight brings the GM back."""

    def __init__(self, window: QMainWindow, settings: AppSettings, tabs: QTabWidget, fight_place: QWidget,
                 workspace: Callable[[], FightWorkspace | None], save_settings: Callable[[], None]) -> None:
        self._window = window
        self._settings = settings
        self._tabs = tabs
        self._fight_place = fight_place
        self._workspace = workspace
        self._save_settings = save_settings

    def return_to(self, document: CampaignDocument) -> None:
        """Back where the GM was in this campaign: its place (tab) and encounter as last remembered; a running fight
        wins over a remembered encounter that is not running, and shows the Fight place."""
        places = self._settings.ui.get("places")
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
            self._tabs.setCurrentWidget(self._fight_place)
        elif isinstance(tab, int) and 0 <= tab < self._tabs.count():
            self._tabs.setCurrentIndex(tab)

    def remember(self, document: CampaignDocument) -> None:
        """Keep the place and the encounter shown for this campaign, and the window's layout, in the settings."""
        places = self._settings.ui.get("places")
        places = dict(places) if isinstance(places, dict) else {}
        places[str(document.path)] = {"tab": self._tabs.currentIndex(), "encounter": document.session.encounter_id}
        self._settings.ui["places"] = dict(list(places.items())[-KEPT_CAMPAIGNS:])
        self.remember_layout()
        self._save_settings()

    def remember_layout(self) -> None:
        workspace = self._workspace()
        if workspace is not None:
            self._settings.ui["fight_layout"] = workspace.layout_state()
        self._settings.ui["geometry"] = base64.b64encode(bytes(self._window.saveGeometry().data())).decode()
        self._settings.ui["state"] = base64.b64encode(bytes(self._window.saveState().data())).decode()

    def restore_geometry(self) -> None:
        """The window's size, place and tool bars as they were last (else a size of its own)."""
        geometry = self._settings.ui.get("geometry")
        state = self._settings.ui.get("state")
        if isinstance(geometry, str) and self._window.restoreGeometry(QByteArray(base64.b64decode(geometry))):
            if isinstance(state, str):
                self._window.restoreState(QByteArray(base64.b64decode(state)))
        else:
            self._window.resize(1280, 800)
