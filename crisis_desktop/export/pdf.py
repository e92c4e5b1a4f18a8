"""Renders sheets to paper through Qt (QTextDocument on a QPdfWriter or a QPrinter): the same pages, margins and
type size either way. Each sheet starts on a new page; a long one continues on the next page at full size (never
shrunk). NPCs may be printed as compact stat blocks, several to a page."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from crisis_desktop.export.html import render_html, render_npc_blocks_html
from crisis_desktop.export.sheet import Sheet

if TYPE_CHECKING:
    from PySide6.QtGui import QPageLayout, QPdfWriter, QTextDocument
    from PySide6.QtPrintSupport import QPrinter

PAPERS = ("a4", "letter")
MARGIN_MM = 12.0
RESOLUTION_DPI = 300
# The width in CSS pixels the HTML is laid out at, scaled to the printable width of the page: the type is the
# same size on every sheet and every page (a long sheet gets more pages, never smaller type).
LAYOUT_WIDTH_PX = 720.0
# How far inside a page's edges drawing is clipped, in layout pixels.
EDGE_PX = 0.5


@dataclass(frozen=True)
class PageJob:
    """One document to lay out from a fresh page: a character's sheet, or a page of NPC blocks."""

    html: str
    title: str


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


def page_layout(paper: str | None = None, current: QPageLayout | None = None) -> QPageLayout:
    """Portrait A4 or Letter with MARGIN_MM on every side. With `paper` None the page size of `current` (what the
    print dialog chose) is kept and only the margins are set."""
    from PySide6.QtCore import QMarginsF
    from PySide6.QtGui import QPageLayout, QPageSize

    if paper is not None:
        if paper not in PAPERS:
            raise ValueError(f"Unknown paper {paper!r}; use one of {', '.join(PAPERS)}")
        size = QPageSize(QPageSize.PageSizeId.A4 if paper == "a4" else QPageSize.PageSizeId.Letter)
    else:
        size = current.pageSize() if current is not None else QPageSize(QPageSize.PageSizeId.A4)
    return QPageLayout(size, QPageLayout.Orientation.Portrait,
                       QMarginsF(MARGIN_MM, MARGIN_MM, MARGIN_MM, MARGIN_MM), QPageLayout.Unit.Millimeter)


def jobs_for(sheets: Sequence[Sheet], template_dir: Path | None = None, npc_blocks: bool = False,
             progress: Callable[[int, Sheet], None] | None = None) -> list[PageJob]:
    """What to print: a full sheet per character; with `npc_blocks`, the NPCs instead together as stat blocks
    after the PCs' sheets."""
    jobs = []
    npcs = [s for s in sheets if s.is_npc] if npc_blocks else []
    for i, sheet in enumerate(sheets):
        if progress:
            progress(i, sheet)
        if sheet not in npcs:
            jobs.append(PageJob(render_html(sheet, template_dir), sheet.name))
    if npcs:
        title = f"{len(npcs)} NPC{'s' if len(npcs) != 1 else ''}"
        jobs.append(PageJob(render_npc_blocks_html(npcs, title, template_dir), title))
    return jobs


def render_pdf_bytes(sheets: Sequence[Sheet], paper: str = "a4", template_dir: Path | None = None,
                     progress: Callable[[int, Sheet], None] | None = None, *, npc_blocks: bool = False) -> bytes:
    """The PDF of `sheets`, each starting a page of its own; `progress(i, sheet)` is called before each sheet."""
    if paper not in PAPERS:
        raise ValueError(f"Unknown paper {paper!r}; use one of {', '.join(PAPERS)}")
    if not sheets:
        raise ValueError("No characters to export")
    ensure_gui_application()
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice
    from PySide6.QtGui import QPdfWriter

    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buffer)
    writer.setPageLayout(page_layout(paper))
    writer.setResolution(RESOLUTION_DPI)
    writer.setTitle(sheets[0].name if len(sheets) == 1 else f"{len(sheets)} character sheets")
    writer.setCreator("Crisis Desktop")
    paint_sheets(writer, sheets, template_dir, progress, npc_blocks=npc_blocks, layout_set=True)
    buffer.close()
    return bytes(data.data())


def _document(html: str) -> QTextDocument:
    from PySide6.QtGui import QTextDocument, QTextOption

    document = QTextDocument()
    document.setDocumentMargin(0)
    # Words are never broken inside a table cell ("Light Weapon s"): a cell wraps between words only.
    option = QTextOption()
    option.setWrapMode(QTextOption.WrapMode.WordWrap)
    document.setDefaultTextOption(option)
    document.setHtml(html)
    return document


def keep_boxes_whole(document: QTextDocument, page_height: float) -> None:
    """Move each top-level table (a stat box, an NPC's block, an equipment table) that a page break would cut
    to the next page, where it fits on one page (as CSS's page-break-inside: avoid, which Qt does not read)."""
    from PySide6.QtGui import QTextFormat

    layout = document.documentLayout()
    for frame in document.rootFrame().childFrames():
        rect = layout.frameBoundingRect(frame)
        if rect.height() >= page_height or rect.height() <= 0:
            continue
        if int(rect.top() // page_height) != int((rect.bottom() - 1) // page_height):
            fmt = frame.frameFormat()
            fmt.setPageBreakPolicy(QTextFormat.PageBreakFlag.PageBreak_AlwaysBefore)
            frame.setFrameFormat(fmt)


def paint_sheets(device: QPdfWriter | QPrinter, sheets: Sequence[Sheet],
                 template_dir: Path | None = None, progress: Callable[[int, Sheet], None] | None = None, *,
                 npc_blocks: bool = False, layout_set: bool = False) -> int:
    """Paint `sheets` onto a paged device (a PDF writer or a printer): each sheet from a new page, continued on
    further pages at the same size when long. A printer keeps the paper its dialog chose and gets the export's
    margins, so print and PDF give the same pages. Returns the number of pages painted.

    Templates are rendered before the first page, so a template error leaves the device untouched."""
    from PySide6.QtCore import QPointF, QRectF, QSizeF
    from PySide6.QtGui import QPainter

    jobs = jobs_for(sheets, template_dir, npc_blocks, progress)
    if not layout_set:
        device.setPageLayout(page_layout(None, device.pageLayout()))
    area = device.pageLayout().paintRectPixels(device.resolution())
    scale = area.width() / LAYOUT_WIDTH_PX
    page_height = area.height() / scale          # a page's height in layout pixels
    painter = QPainter(device)
    pages = 0
    try:
        for job in jobs:
            document = _document(job.html)
            document.setTextWidth(LAYOUT_WIDTH_PX)
            document.setPageSize(QSizeF(LAYOUT_WIDTH_PX, page_height))
            keep_boxes_whole(document, page_height)
            for page in range(document.pageCount()):
                if pages:
                    device.newPage()
                pages += 1
                painter.save()
                # The painter's origin is the printable area's corner (the margins are the device's).
                painter.scale(scale, scale)
                top = page * page_height
                painter.translate(QPointF(0, -top))
                # Qt draws a line that only touches the clip's edge: kept just inside the page, the lines moved to
                # the next page (or left on the one before) are not drawn here too, as invisible text.
                document.drawContents(painter, QRectF(0, top + EDGE_PX, LAYOUT_WIDTH_PX, page_height - 2 * EDGE_PX))
                painter.restore()
    finally:
        painter.end()
    return pages
