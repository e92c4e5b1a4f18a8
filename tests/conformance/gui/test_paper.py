"""Sheets made for paper, in every system: no word broken inside a table cell, every table drawn inside the printable
width, a sheet's first page drawn whole from its top."""

from __future__ import annotations

from html.parser import HTMLParser

from crisis_desktop.export.html import render_html
from crisis_desktop.export.pdf import render_pdf_bytes
from crisis_desktop.export.sheet import build_sheet
from crisis_desktop.rules.registry import get_ruleset
from tests.gui.export.test_paper_sheets import campaign_of, page_words


class _CellText(HTMLParser):
    """The text of each table cell of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.cells: list[str] = []
        self._open: list[list[str]] = []

    def handle_starttag(self, tag: str, attrs: object) -> None:
        if tag in ("td", "th"):
            self._open.append([])

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._open:
            self.cells.append(" ".join("".join(self._open.pop()).split()))

    def handle_data(self, data: str) -> None:
        if self._open:
            self._open[-1].append(data)


def _cells(html: str) -> list[str]:
    parser = _CellText()
    parser.feed(html)
    return [c for c in parser.cells if c]


def test_no_word_is_split_inside_a_table_cell(qapp, ruleset_id):
    campaign = campaign_of(ruleset_id)
    rules = get_ruleset(ruleset_id)
    sheets = [build_sheet(c, rules, campaign.rule_options) for c in campaign.characters]
    words = page_words(render_pdf_bytes(sheets))
    assert len(words) == len(sheets)     # one page per character: none of these is long
    for sheet, found in zip(sheets, words, strict=True):
        if sheet.layout is None:
            cells = [h.short for t in sheet.tables for h in t.heads] + [c for t in sheet.tables for r in t.rows
                                                                          for c in r]
            cells += [v.label for g in sheet.groups for v in g.values]
        else:       # a system's own template lays out its own tables: every cell it draws
            cells = _cells(render_html(sheet, browser=False))
        for cell in cells:
            for word in cell.split():
                assert word in found, f"{word!r} of {cell!r} is broken on the page of {sheet.name}"


def test_every_table_is_drawn_inside_the_printable_width(qapp, ruleset_id):
    """Nothing of a sheet reaches past the page's printable width (the PDF clips there): a wide equipment table's
    right edge would be cut off."""
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QColor, QImage, QPainter

    from crisis_desktop.export.html import render_html
    from crisis_desktop.export.pdf import LAYOUT_WIDTH_PX, _document

    campaign = campaign_of(ruleset_id)
    rules = get_ruleset(ruleset_id)
    for character in campaign.characters:
        document = _document(render_html(build_sheet(character, rules, campaign.rule_options)))
        document.setTextWidth(LAYOUT_WIDTH_PX)
        height = int(document.size().height()) + 1
        image = QImage(int(LAYOUT_WIDTH_PX) + 40, height, QImage.Format.Format_RGB32)
        image.fill(0xFFFFFFFF)
        painter = QPainter(image)
        document.drawContents(painter, QRectF(0, 0, image.width(), height))
        painter.end()
        inked = [x for x in range(int(LAYOUT_WIDTH_PX) - 20, image.width())
                 if any(QColor(image.pixel(x, y)).lightness() < 250 for y in range(0, height, 2))]
        assert inked, "the sheet's tables reach the right side of the page"
        assert max(inked) < LAYOUT_WIDTH_PX, f"{character.name}'s sheet is drawn {max(inked) + 1} px wide"


def test_a_sheet_s_first_page_is_drawn_whole_from_its_top(qapp, ruleset_id):
    """The first page draws exactly what the laid-out sheet shows down to the page's cut: the name at the top is
    not clipped (a blank line above the header table once made the page start below the name's first half)."""
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QColor, QImage, QPainter

    from crisis_desktop.export.html import render_html
    from crisis_desktop.export.pdf import LAYOUT_WIDTH_PX, _document, draw_span, page_spans

    campaign = campaign_of(ruleset_id)
    sheet = build_sheet(campaign.characters[0], get_ruleset(ruleset_id), campaign.rule_options)
    document = _document(render_html(sheet))
    document.setTextWidth(LAYOUT_WIDTH_PX)
    first = page_spans(document, 1000.0)[0]
    assert first.top == first.clip_top == 0

    def painted(draw) -> QImage:  # type: ignore[no-untyped-def]
        image = QImage(int(LAYOUT_WIDTH_PX), 120, QImage.Format.Format_ARGB32)
        image.fill(QColor("white"))
        painter = QPainter(image)
        draw(painter)
        painter.end()
        return image

    by_page = painted(lambda p: draw_span(document, p, first))
    whole = painted(lambda p: document.drawContents(p, QRectF(0, 0, LAYOUT_WIDTH_PX, 120)))
    assert by_page == whole
    assert any(whole.pixelColor(x, y) != QColor("white") for x in range(0, 200, 2) for y in range(0, 14))
