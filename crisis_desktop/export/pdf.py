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
    from PySide6.QtGui import QPageLayout, QPainter, QPdfWriter, QTextDocument
    from PySide6.QtPrintSupport import QPrinter

PAPERS = ("a4", "letter")
MARGIN_MM = 12.0
RESOLUTION_DPI = 300
# The width in CSS pixels the HTML is laid out at, scaled to the printable width of the page: the type is the
# same size on every sheet and every page (a long sheet gets more pages, never smaller type).
LAYOUT_WIDTH_PX = 720.0
# How far inside a page's edges drawing is clipped, in layout pixels.
EDGE_PX = 0.5
# Lines of text overlap by at most this much (layout pixels).
OVERLAP_PX = 4.0
# How far above the top Qt reports for a table its border may be drawn (layout pixels).
FRAME_SLACK_PX = 5.0


@dataclass(frozen=True)
class PageJob:
    """One document to lay out from a fresh page: a character's sheet, or a page of NPC blocks."""

    html: str
    title: str
    sheets: tuple[int, ...] = ()     # which of the sheets it prints, by their place in the list


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


def jobs_for(sheets: Sequence[Sheet], template_dir: Path | None = None, npc_blocks: bool = False) -> list[PageJob]:
    """What to print: a full sheet per character; with `npc_blocks`, the NPCs instead together as stat blocks
    after the PCs' sheets."""
    jobs = []
    npcs = [i for i, s in enumerate(sheets) if s.is_npc] if npc_blocks else []
    for i, sheet in enumerate(sheets):
        if i not in npcs:
            jobs.append(PageJob(render_html(sheet, template_dir, browser=False), sheet.name, (i,)))
    if npcs:
        title = f"{len(npcs)} NPC{'s' if len(npcs) != 1 else ''}"
        jobs.append(PageJob(render_npc_blocks_html([sheets[i] for i in npcs], title, template_dir, browser=False),
                            title, tuple(npcs)))
    return jobs


def render_pdf_bytes(sheets: Sequence[Sheet], paper: str = "a4", template_dir: Path | None = None,
                     progress: Callable[[int, Sheet], None] | None = None, *, npc_blocks: bool = False) -> bytes:
    """The PDF of `sheets`, each starting a page of its own; `progress(i, sheet)` is called as each sheet is painted
    (it may raise to stop the export: nothing is returned then)."""
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


@dataclass(frozen=True)
class PageSpan:
    """A page's part of a document in layout pixels: `top` is at the page's top margin; what lies between
    `clip_top` and `bottom` is drawn."""

    top: float
    clip_top: float
    bottom: float


def page_spans(document: QTextDocument, page_height: float) -> list[PageSpan]:
    """Where each page of `document` starts and ends (in layout pixels): pages are cut between lines
    of text and between boxes, never through them. A top-level table (a stat box, an NPC's block, an equipment
    table) moves to the next page whole when it fits on one, as CSS's page-break-inside: avoid (which Qt does not
    read); a heading stays with what follows it. Only what is taller than a page is cut at the page's end."""
    layout = document.documentLayout()
    root = document.rootFrame()
    units: list[tuple[float, float, bool, bool]] = []    # (top, bottom, keep with the next, a line of text)
    frames_seen: set[int] = set()
    block = document.begin()
    while block.isValid():
        frame = document.frameAt(block.position())
        if (frame is None or frame == root) and block.length() <= 1:
            pass                                           # an empty block (Qt puts one after each table)
        elif frame is None or frame == root:
            top = layout.blockBoundingRect(block).top()
            text_layout = block.layout()
            heading = block.blockFormat().headingLevel() > 0
            for i in range(text_layout.lineCount()):
                line = text_layout.lineAt(i)
                y = top + text_layout.position().y() - layout.blockBoundingRect(block).top() + line.y()
                units.append((y, y + line.height(), heading, True))
        else:
            while frame.parentFrame() is not None and frame.parentFrame() != root:
                frame = frame.parentFrame()
            key = frame.firstPosition()
            if key not in frames_seen:
                frames_seen.add(key)
                rect = layout.frameBoundingRect(frame)
                # Qt reports a table a little below its top border (and with its bottom margin below it).
                units.append((max(0.0, rect.top() - FRAME_SLACK_PX), rect.bottom(), False, False))
        block = block.next()
    units.sort()
    end = layout.documentSize().height()
    spans: list[PageSpan] = []
    page_top = clip_top = 0.0
    placed = 0.0                                           # the lowest bottom of what is on the page so far
    for i, (top, bottom, keep, text) in enumerate(units):
        if keep and i + 1 < len(units):
            bottom = max(bottom, units[i + 1][1])
        if bottom > page_top + page_height and top > page_top and bottom - top <= page_height:
            # Fits on a page of its own: start one there. Lines of text overlap a little (their ascent and
            # descent exceed their spacing): the new page is not drawn above the last line of the page before,
            # so neither page draws the other's line.
            spans.append(PageSpan(page_top, clip_top, top))
            page_top, clip_top = top, max(top, min(placed, top + OVERLAP_PX)) if text else top
        while bottom > page_top + page_height:              # taller than a page: cut at the page's end
            spans.append(PageSpan(page_top, clip_top, page_top + page_height))
            page_top = clip_top = page_top + page_height
        placed = max(placed, bottom) if text else 0.0
    if end > page_top or not spans:
        spans.append(PageSpan(page_top, clip_top, max(end, page_top)))
    return spans


def draw_span(document: QTextDocument, painter: QPainter, span: PageSpan) -> None:
    """Draw the part of `document` in `span` (the painter's origin at the span's top).

    Qt draws every block that reaches into the clip, and of a paragraph also the line just above the clip
    (invisible, but its text would be in the PDF twice). So a paragraph that the page's top cuts has its lines
    of this page drawn one by one, and the rest of the page from below that paragraph."""
    from PySide6.QtCore import QPointF, QRectF

    layout = document.documentLayout()
    top = span.clip_top + EDGE_PX
    block = document.begin()
    while block.isValid():
        rect = layout.blockBoundingRect(block)
        # Only a paragraph that starts above the page's top is cut by it (on a sheet's first page nothing is).
        if rect.top() < span.clip_top < rect.bottom() and document.frameAt(block.position()) == document.rootFrame():
            text = block.layout()
            origin = text.position() if text.position().y() else rect.topLeft()
            painter.save()
            painter.setPen(block.charFormat().foreground().color())
            for i in range(text.lineCount()):
                line = text.lineAt(i)
                y = origin.y() + line.y()
                if y >= span.clip_top - 0.01 and y + line.height() <= span.bottom + 0.01:
                    line.draw(painter, QPointF(origin.x(), origin.y()))
            painter.restore()
            top = max(top, rect.bottom() + EDGE_PX)
        elif rect.top() >= top:
            break
        block = block.next()
    bottom = span.bottom - EDGE_PX
    if bottom > top:
        document.drawContents(painter, QRectF(0, top, LAYOUT_WIDTH_PX, bottom - top))


def paint_sheets(device: QPdfWriter | QPrinter, sheets: Sequence[Sheet],
                 template_dir: Path | None = None, progress: Callable[[int, Sheet], None] | None = None, *,
                 npc_blocks: bool = False, layout_set: bool = False) -> int:
    """Paint `sheets` onto a paged device (a PDF writer or a printer): each sheet from a new page, continued on
    further pages at the same size when long. A printer keeps the paper its dialog chose and gets the export's
    margins, so print and PDF give the same pages. Returns the number of pages painted.

    Templates are rendered before the first page, so a template error leaves the device untouched. `progress` may
    raise to stop (Cancel): a printer's job is then aborted, not sent half done."""
    from PySide6.QtCore import QPointF
    from PySide6.QtGui import QPainter

    jobs = jobs_for(sheets, template_dir, npc_blocks)
    if not layout_set:
        device.setPageLayout(page_layout(None, device.pageLayout()))
    area = device.pageLayout().paintRectPixels(device.resolution())
    scale = area.width() / LAYOUT_WIDTH_PX
    page_height = area.height() / scale          # a page's height in layout pixels
    painter = QPainter(device)
    pages = 0
    try:
        for job in jobs:
            if progress:
                for i in job.sheets:
                    progress(i, sheets[i])
            document = _document(job.html)
            document.setTextWidth(LAYOUT_WIDTH_PX)
            for span in page_spans(document, page_height):
                if pages:
                    device.newPage()
                pages += 1
                painter.save()
                # The painter's origin is the printable area's corner (the margins are the device's).
                painter.scale(scale, scale)
                painter.translate(QPointF(0, -span.top))
                draw_span(document, painter, span)
                painter.restore()
    except BaseException:
        # Stopped part-way (Cancel, an error): a print job is aborted rather than sent with the pages so far.
        from PySide6.QtPrintSupport import QPrinter

        if isinstance(device, QPrinter):
            device.abort()
        raise
    finally:
        painter.end()
    return pages
