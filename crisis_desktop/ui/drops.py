"""What a drag carries (one local file of an accepted kind), and the main window's claim on campaign files."""

from __future__ import annotations

from collections.abc import Collection
from pathlib import Path

from PySide6.QtCore import QEvent, QMimeData, QObject, Qt, Signal
from PySide6.QtGui import QDropEvent

CAMPAIGN_SUFFIXES = frozenset({".json"})


def dropped_file(mime: QMimeData | None, suffixes: Collection[str]) -> Path | None:
    """The single local file in the drag if its suffix (lower case, with the dot) is accepted; else None.

    Text, web links, several files and other kinds of file are refused.
    """
    if mime is None or not mime.hasUrls():
        return None
    urls = mime.urls()
    if len(urls) != 1 or not urls[0].isLocalFile():
        return None
    path = Path(urls[0].toLocalFile())
    return path if path.suffix.lower() in suffixes else None


class CampaignFileDrops(QObject):
    """Takes drags of one campaign file for the whole window, wherever they are over it.

    Installed as an event filter on the window's QWindow, it sees a drag before the widget under the
    cursor does, so a notes field there does not take the file as text. Anything else passes on to
    that widget (a picture for a portrait). The window's own drag handlers ask it too.

    Signals:
        dropped(Path): a campaign file was dropped; queued, so it opens after the drop has returned.
    """

    dropped = Signal(Path)
    _drop = Signal(Path)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        # Queued: opening may ask about unsaved changes, which must not hold the program the file came from.
        self._drop.connect(self.dropped, Qt.ConnectionType.QueuedConnection)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # Override QObject::eventFilter
        if event.type() not in (QEvent.Type.DragEnter, QEvent.Type.DragMove, QEvent.Type.Drop):
            return False
        assert isinstance(event, QDropEvent)  # QDragEnterEvent and QDragMoveEvent are QDropEvents
        path = dropped_file(event.mimeData(), CAMPAIGN_SUFFIXES)
        if path is None:
            return False
        event.acceptProposedAction()
        if event.type() == QEvent.Type.Drop:
            self._drop.emit(path)
        return True
