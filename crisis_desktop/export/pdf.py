"""Renders sheets to one PDF through Qt (QTextDocument on a QPdfWriter), one page per character."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from crisis_desktop.export.html import render_html
from crisis_desktop.export.sheet import Sheet

if TYPE_CHECKING:
    from PySide6.QtGui import QPdfWriter
    from PySide6.QtPrintSupport import QPrinter

PAPERS = ("a4", "letter")
MARGIN_MM = 12.0
RESOLUTION_DPI = 300
# The width in CSS pixels the HTML is laid out at; the page is then scaled to fit, so the sheet looks
# the same on A4 and Letter and never spills onto a second page.
LAYOUT_WIDTH_PX = 720.0


def ensure_gui_application() -> object:
    """QTextDocument needs a QGuiApplication for fonts; make one when run from the command line.

    Without a display (a server, ssh, CI) Qt would abort looking for one; rendering a PDF needs none,
    so the offscreen platform is chosen unless the user picked a platform themselves.
    """
    from PySide6.QtGui import QGuiApplication

    if QGuiApplication.instance() is None and sys.platform.startswith("linux") \
            and not any(os.environ.get(v) for v in ("QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY")):
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    return QGuiApplication.instance() or QGuiApplication(["crisis-desktop"])


def render_pdf_bytes(sheets: Sequence[Sheet], paper: str = "a4", template_dir: Path | None = None,
                     progress: Callable[[int, Sheet], None] | None = None) -> bytes:
    """The PDF of `sheets`, each on a page of its own; `progress(i, sheet)` is called before each page."""
    if paper not in PAPERS:
        raise ValueError(f"Unknown paper {paper!r}; use one of {', '.join(PAPERS)}")
    if not sheets:
        raise ValueError("No characters to export")
    ensure_gui_application()
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QMarginsF
    from PySide6.QtGui import QPageLayout, QPageSize, QPdfWriter

    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buffer)
    size = QPageSize.PageSizeId.A4 if paper == "a4" else QPageSize.PageSizeId.Letter
    writer.setPageLayout(QPageLayout(QPageSize(size), QPageLayout.Orientation.Portrait,
                                     QMarginsF(MARGIN_MM, MARGIN_MM, MARGIN_MM, MARGIN_MM),
                                     QPageLayout.Unit.Millimeter))
    writer.setResolution(RESOLUTION_DPI)
    writer.setTitle(sheets[0].name if len(sheets) == 1 else f"{len(sheets)} character sheets")
    writer.setCreator("Crisis Desktop")
    paint_sheets(writer, sheets, template_dir, progress)
    buffer.close()
    return bytes(data.data())


def paint_sheets(device: QPdfWriter | QPrinter, sheets: Sequence[Sheet], template_dir: Path | None = None,
                 progress: Callable[[int, Sheet], None] | None = None) -> None:
    """Paint `sheets` onto a paged device (a PDF writer or a printer), each on a page of its own,
    scaled down to fit its page where a sheet is long."""
    from PySide6.QtCore import QSizeF
    from PySide6.QtGui import QPainter, QTextDocument

    painter = QPainter(device)
    try:
        area = device.pageLayout().paintRectPixels(device.resolution())
        for i, sheet in enumerate(sheets):
            if progress:
                progress(i, sheet)
            if i:
                device.newPage()
            document = QTextDocument()
            document.setDocumentMargin(0)
            document.setHtml(render_html(sheet, template_dir))
            document.setTextWidth(LAYOUT_WIDTH_PX)
            height = document.size().height()
            scale = area.width() / LAYOUT_WIDTH_PX
            if height * scale > area.height():
                scale = area.height() / height
            painter.save()
            painter.scale(scale, scale)
            document.setPageSize(QSizeF(LAYOUT_WIDTH_PX, height))
            document.drawContents(painter)
            painter.restore()
    finally:
        painter.end()
