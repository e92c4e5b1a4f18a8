"""Child process of test_two_screens.py: run under QT_QPA_PLATFORM=offscreen:configfile=<two screens>.

Opens the player display the way View › Player display does and prints, as one JSON object, where it went
after each step: the first choice of screen, the remembered one, the screen lost, the screen back.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))

from PySide6.QtGui import QGuiApplication  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from crisis_desktop.resources_access import resource  # noqa: E402
from crisis_desktop.storage.campaign_store import CampaignStore  # noqa: E402
from crisis_desktop.storage.paths import AppPaths  # noqa: E402
from crisis_desktop.ui.document import CampaignDocument  # noqa: E402
from crisis_desktop.ui.player_display.host import PlayerDisplayHost, ScreenPicker  # noqa: E402
from crisis_desktop.ui.views.encounter_board import EncounterBoard  # noqa: E402


def where(host: PlayerDisplayHost) -> dict[str, object]:
    QApplication.processEvents()
    display = host.display
    assert display is not None
    g = display.geometry()
    handle = display.windowHandle()
    return {"screen": handle.screen().name() if handle else None, "geometry": [g.x(), g.y(), g.width(), g.height()],
            "fullscreen": display.isFullScreen(), "visible": display.isVisible(), "fallback": host.fallback,
            "frameless": bool(display.windowFlags() & display.windowFlags().FramelessWindowHint)}


def main() -> int:
    app = QApplication(sys.argv)
    report: dict[str, object] = {"screens": [s.name() for s in QGuiApplication.screens()]}
    paths = AppPaths(Path(tempfile.mkdtemp())).ensure()
    path = paths.campaigns / "demo.json"
    path.write_bytes(resource("demo", "campaign.json").read_bytes())
    store = CampaignStore(paths)
    document = CampaignDocument(store.load(path), path, store)
    board = EncounterBoard()
    board.set_document(document)
    board.show_encounter("enc-ambush")
    settings: dict[str, object] = {}
    saves: list[dict[str, object]] = []
    asked: list[list[str]] = []

    def pick(_cls, _parent, screens, _current):  # type: ignore[no-untyped-def]
        asked.append([s.name() for s in screens])
        return "table"

    ScreenPicker.ask = classmethod(pick)  # type: ignore[method-assign, assignment]
    host = PlayerDisplayHost(board.model, settings, lambda: saves.append(json.loads(json.dumps(settings))))
    host.set_document(document)
    host.open()
    report["first_open"] = where(host)
    report["asked"] = asked
    report["remembered"] = settings.get("player_display")
    host.close()
    host.open()
    report["reopen"] = where(host)
    report["asked_again"] = len(asked) > 1
    table = next(s for s in QGuiApplication.screens() if s.name() == "table")
    # The offscreen platform cannot unplug a screen at run time: call the slot screenRemoved is connected to.
    host.screen_removed(table)
    report["removed"] = where(host)
    host.screen_added(table)
    report["back"] = where(host)
    report["rows"] = host.display.proxy.rowCount() if host.display else None
    print(json.dumps(report))
    app.processEvents()
    return 0


if __name__ == "__main__":
    sys.exit(main())
