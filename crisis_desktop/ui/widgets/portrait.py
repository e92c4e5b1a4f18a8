"""Portraits kept inside the campaign as base64 PNG data URIs, the pixmaps shown for them, and the label a picture
file can be dropped on."""

from __future__ import annotations

import base64
import logging
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt, Signal
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent, QImage, QImageReader, QPixmap
from PySide6.QtWidgets import QLabel, QWidget

from crisis_desktop.storage.regular_files import read_regular_file, reason_of
from crisis_desktop.ui.drops import dropped_file

MAX_PORTRAIT_PX = 256
# Larger than any photo a GM would pick; a file beyond it is refused before it is read.
MAX_PICTURE_BYTES = 64 * 1024 * 1024
log = logging.getLogger(__name__)
_PREFIX = "data:image/png;base64,"


def image_to_data_uri(image: QImage, max_px: int = MAX_PORTRAIT_PX) -> str:
    """The image scaled to fit max_px (never enlarged) as a PNG data URI."""
    if image.width() > max_px or image.height() > max_px:
        image = image.scaled(max_px, max_px, Qt.AspectRatioMode.KeepAspectRatio,
                             Qt.TransformationMode.SmoothTransformation)
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")  # type: ignore[call-overload]  # the stubs say bytes; PySide wants str
    buffer.close()
    return _PREFIX + base64.b64encode(bytes(data.data())).decode("ascii")


def read_picture(path: Path | str) -> QImage:
    """The picture in a file; only a regular file is read (a FIFO or a device would hang the window).

    Raises OSError (NotARegularFile, FileTooLarge, ...) for a file that is not read; a null QImage means
    it was read but is no picture Qt knows.
    """
    image = QImage()
    image.loadFromData(read_regular_file(Path(path), MAX_PICTURE_BYTES))
    return image


def file_to_data_uri(path: Path, max_px: int = MAX_PORTRAIT_PX) -> str:
    """A picture file as a portrait data URI; ValueError if it is not a picture file Qt can read."""
    try:
        image = read_picture(path)
    except OSError as exc:
        raise ValueError(f"{Path(path).name} was not read: {reason_of(exc)}") from None
    if image.isNull():
        raise ValueError(f"{Path(path).name} is not a picture Crisis Desktop can read (try PNG or JPEG)")
    return image_to_data_uri(image, max_px)


def portrait_pixmap(portrait: str | None, size: int) -> QPixmap | None:
    """The portrait scaled to fit size x size; None when there is none or it cannot be read."""
    return load_portrait(portrait, size)[0]


def load_portrait(portrait: str | None, size: int) -> tuple[QPixmap | None, str]:
    """The portrait scaled to fit size x size, and why it is not shown ("" when it is, or when there is none).

    A portrait is a data URI; older campaigns may hold a file path instead, which is read as is (only a regular
    file: a FIFO or a device is refused without blocking).
    """
    if not portrait:
        return None, ""
    image = QImage()
    if portrait.startswith("data:"):
        _header, _, payload = portrait.partition(",")
        try:
            raw = base64.b64decode(payload, validate=True)
        except ValueError:
            return None, "the picture held in the campaign is damaged"
        image.loadFromData(raw)
    else:
        try:
            image = read_picture(portrait)
        except OSError as exc:
            log.warning("Portrait %s not shown: %s", portrait, reason_of(exc))
            return None, f"{Path(portrait).name}: {reason_of(exc)}"
        except ValueError as exc:
            return None, str(exc)
    if image.isNull():
        return None, "the picture cannot be read"
    return QPixmap.fromImage(image.scaled(size, size, Qt.AspectRatioMode.KeepAspectRatio,
                                          Qt.TransformationMode.SmoothTransformation)), ""


def picture_suffixes() -> set[str]:
    """File suffixes of the pictures this Qt can read ('.png', '.jpg', ...)."""
    return {"." + bytes(fmt.data()).decode("ascii").lower() for fmt in QImageReader.supportedImageFormats()}


class PortraitLabel(QLabel):
    """Shows a portrait; a picture file dropped on it is offered through `fileDropped`.

    Only one local file with a picture suffix is accepted: text, links, several files or other files
    are refused when the drag enters, so the cursor says so before the drop.

    Signals:
        fileDropped(Path): a picture file was dropped.
    """

    fileDropped = Signal(Path)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAcceptDrops(True)
        self._suffixes = picture_suffixes()

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:  # Override QWidget::dragEnterEvent
        if dropped_file(event.mimeData(), self._suffixes) is not None:
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:  # Override QWidget::dragMoveEvent
        self.dragEnterEvent(event)  # type: ignore[arg-type]  # same question, same answer

    def dropEvent(self, event: QDropEvent) -> None:  # Override QWidget::dropEvent
        path = dropped_file(event.mimeData(), self._suffixes)
        if path is None:
            event.ignore()
            return
        event.acceptProposedAction()
        self.fileDropped.emit(path)
