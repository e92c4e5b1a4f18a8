"""Sheets made for paper: no word broken inside a table cell, a long sheet continues at full size on a second
page, printing gives the exported PDF's pages and margins, NPCs as stat blocks several to a page; the export
dialog's choices and its remembered folder."""

from __future__ import annotations

import io
import json
import unicodedata

import pypdf
import pytest
from PySide6.QtCore import QMarginsF
from PySide6.QtGui import QPageLayout
from PySide6.QtPrintSupport import QPrinter
from PySide6.QtWidgets import QAbstractButton, QLabel

from crisis_desktop.domain import Campaign, Character, CharacterKind, EquipmentItem, ItemKind
from crisis_desktop.export.pdf import MARGIN_MM, paint_sheets, render_pdf_bytes
from crisis_desktop.export.sheet import build_sheet
from crisis_desktop.resources_access import resource
from crisis_desktop.rules.registry import get_ruleset
from crisis_desktop.ui.dialogs.export_dialog import ExportChoice, ExportDialog

MM = 72 / 25.4


def demo() -> Campaign:
    return Campaign.model_validate_json(resource("demo", "campaign.json").read_text(encoding="utf-8"))


def campaign_of(ruleset_id: str) -> Campaign:
    """Two PCs and an NPC of a ruleset, the first carrying each item of its catalogue's first weapon and armour."""
    if ruleset_id == "crisis":
        return demo()
    rules = get_ruleset(ruleset_id)
    catalogue = rules.equipment_catalogue()
    gear = [next(i for i in catalogue if i.kind is kind) for kind in (ItemKind.WEAPON, ItemKind.ARMOUR)
            if any(i.kind is kind for i in catalogue)]
    return Campaign(name="Paper", ruleset=ruleset_id, characters=[
        Character(name="Mara Quill", stats=rules.sheet.new_stats(CharacterKind.PC),
                  equipment=[EquipmentItem(**i.model_dump(exclude={"id"})) for i in gear]),
        Character(name="Tam Ruen", stats=rules.sheet.new_stats(CharacterKind.PC)),
        Character(name="Brute", kind=CharacterKind.NPC, stats=rules.sheet.new_stats(CharacterKind.NPC)),
    ])


def page_words(data: bytes) -> list[set[str]]:
    pages = pypdf.PdfReader(io.BytesIO(data)).pages
    return [set(unicodedata.normalize("NFKC", page.extract_text()).split()) for page in pages]


def spans(data: bytes) -> list[list[tuple[str, float, float, float]]]:
    """Per page, each piece of text with its size and position in points (as printed)."""
    out = []
    for page in pypdf.PdfReader(io.BytesIO(data)).pages:
        items: list[tuple[str, float, float, float]] = []

        def visit(text, cm, tm, _font, size, items=items):
            if text.strip():
                items.append((" ".join(text.split()), round(size * tm[3] * cm[3], 1),
                              round(tm[4] * cm[0] + cm[4], 1), round(tm[5] * cm[3] + cm[5], 1)))

        page.extract_text(visitor_text=visit)
        out.append(items)
    return out


def test_the_weapon_table_that_broke_words_keeps_them_whole(qapp):
    campaign = demo()
    orlov = next(c for c in campaign.characters if c.name.startswith("Dmitri"))
    words = page_words(render_pdf_bytes([build_sheet(orlov, get_ruleset("crisis"))]))[0]
    assert {"Light", "Weapons", "HIT", "Battle", "Rifle"} <= words
    assert not {"Weapon", "HI", "T"} & words


def test_a_long_sheet_continues_on_a_second_page_at_full_size(qapp):
    rules = get_ruleset("crisis")
    short = Character(name="Short Sheet", stats=rules.sheet.new_stats(CharacterKind.PC), notes="One line.")
    long = Character(name="Long Sheet", stats=rules.sheet.new_stats(CharacterKind.PC),
                     notes="\n".join(f"Line {i} of a long backstory." for i in range(70)))
    short_spans = spans(render_pdf_bytes([build_sheet(short, rules)]))
    long_data = render_pdf_bytes([build_sheet(long, rules), build_sheet(short, rules)])
    long_spans = spans(long_data)
    assert len(long_spans) == 3          # the long sheet on two pages, the next sheet from a new page
    # Same type sizes and places as a one-page sheet: nothing shrunk to fit.
    assert [s[1:] for s in long_spans[0][:12]] == [s[1:] for s in short_spans[0][:12]]
    assert long_spans[2][0][0] == "Short Sheet"
    continued = [s for s in long_spans[1] if s[0].startswith("Line ")]
    assert continued and continued[-1][0] == "Line 69 of a long backstory."
    note_size = next(s[1] for s in long_spans[0] if s[0].startswith("Line 0"))
    assert {s[1] for s in continued} == {note_size}
    # The second page starts at the top margin, as the first does, and nothing is drawn in the margins.
    top_edge = 842 - MARGIN_MM * MM
    for page in long_spans:
        assert top_edge - 20 < max(s[3] for s in page) <= top_edge
        assert min(s[3] for s in page) >= MARGIN_MM * MM
    # No line is printed twice (once visibly, once clipped at the page's edge).
    lines = [s[0] for page in long_spans[:2] for s in page if s[0].startswith("Line ")]
    assert lines == [f"Line {i} of a long backstory." for i in range(70)]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_print_gives_the_same_pages_and_margins_as_the_pdf(qapp, tmp_path, paper):
    from PySide6.QtGui import QPageSize

    campaign = demo()
    rules = get_ruleset("crisis")
    sheets = [build_sheet(c, rules, campaign.rule_options) for c in campaign.characters[:3]]
    exported = render_pdf_bytes(sheets, paper)
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(tmp_path / "printed.pdf"))
    printer.setPageSize(QPageSize(QPageSize.PageSizeId.A4 if paper == "a4" else QPageSize.PageSizeId.Letter))
    # Whatever margins the print dialog left (4 mm), the sheets get the export's.
    printer.setPageMargins(QMarginsF(4, 4, 4, 4), QPageLayout.Unit.Millimeter)
    assert paint_sheets(printer, sheets) == 3
    printed = (tmp_path / "printed.pdf").read_bytes()
    a, b = pypdf.PdfReader(io.BytesIO(exported)), pypdf.PdfReader(io.BytesIO(printed))
    assert len(a.pages) == len(b.pages) == 3
    for pa, pb in zip(a.pages, b.pages, strict=True):
        assert (round(float(pa.mediabox.width)), round(float(pa.mediabox.height))) == \
            (round(float(pb.mediabox.width)), round(float(pb.mediabox.height)))
    for sa, sb in zip(spans(exported), spans(printed), strict=True):
        assert len(sa) == len(sb)
        for x, y in zip(sa, sb, strict=True):
            assert x[0] == y[0] and x[1:] == pytest.approx(y[1:], abs=0.5)
        left = min(s[2] for s in sa)
        assert left == pytest.approx(MARGIN_MM * MM, abs=1) and MARGIN_MM >= 12


def test_npcs_as_stat_blocks_several_to_a_page(qapp):
    campaign = demo()
    rules = get_ruleset("crisis")
    sheets = [build_sheet(c, rules, campaign.rule_options) for c in campaign.characters]
    npcs = [s.name for s in sheets if s.is_npc]
    data = render_pdf_bytes(sheets, npc_blocks=True)
    reader = pypdf.PdfReader(io.BytesIO(data))
    pcs = len(sheets) - len(npcs)
    assert pcs < len(reader.pages) < len(sheets)
    texts = [" ".join(unicodedata.normalize("NFKC", p.extract_text()).split()) for p in reader.pages]
    assert all(name not in " ".join(texts[:pcs]) for name in npcs)
    per_page = [sum(name in text for name in npcs) for text in texts[pcs:]]
    assert sum(per_page) == len(npcs) and max(per_page) >= 3


def test_the_demo_still_prints_one_page_per_character(qapp):
    campaign = demo()
    rules = get_ruleset("crisis")
    data = render_pdf_bytes([build_sheet(c, rules, campaign.rule_options) for c in campaign.characters])
    assert len(pypdf.PdfReader(io.BytesIO(data)).pages) == len(campaign.characters) == 10


# ----------------------------------------------------------------- the export dialog


def test_the_dialog_asks_all_or_the_selection_without_stray_mnemonics(qtbot, tmp_path):
    dialog = ExportDialog(10, 0, tmp_path)
    qtbot.addWidget(dialog)
    assert dialog.everyone.isChecked() and not dialog.selected.isEnabled()
    assert dialog.choice() == ExportChoice("pdf", "a4", tmp_path, selection=False, npc_blocks=False)
    dialog = ExportDialog(10, 3, tmp_path)
    qtbot.addWidget(dialog)
    assert dialog.selected.isChecked() and dialog.selected.text() == "The selection (3)"
    dialog.everyone.setChecked(True)
    dialog.npc_blocks.setChecked(True)
    dialog.format.setCurrentIndex(dialog.format.findData("md"))
    assert dialog.choice() == ExportChoice("md", "a4", tmp_path, selection=False, npc_blocks=True)
    assert not dialog.paper.isEnabled()
    texts = [w.text() for w in dialog.findChildren(QLabel)] + [w.text() for w in dialog.findChildren(QAbstractButton)]
    assert texts and not [t for t in texts if "&" in t]
    assert not [t for t in texts if "--" in t]


def test_export_uses_the_choice_and_remembers_the_folder(window, monkeypatch, tmp_path, paths, answers):
    view = window.characters
    campaign = window.document.campaign
    first, second = tmp_path / "first", tmp_path / "second"
    offered = []
    choices = [ExportChoice("md", "a4", first, selection=False), ExportChoice("md", "a4", second, selection=True),
               ExportChoice("md", "a4", second, selection=True)]

    def ask(_cls, _parent, all_count, selected_count, folder):
        offered.append((all_count, selected_count, folder))
        return choices.pop(0)

    monkeypatch.setattr(ExportDialog, "ask", classmethod(ask))
    view.select([campaign.characters[0].id])
    view.act_sheets.trigger()                       # "all characters", although one is selected
    assert len(list(first.glob("*.md"))) == len(campaign.characters)
    view.act_sheets.trigger()                       # "the selection"
    assert [p.name for p in second.glob("*.md")] == ["vera-kask.md"]
    assert json.loads(paths.settings_file.read_text(encoding="utf-8"))["ui"]["export_folder"] == str(second)
    answers.queued["yes_no"].append(False)          # the same files again: the GM is asked, in plain words
    view.act_sheets.trigger()
    asked = answers.texts("yes_no")[-1]
    assert "exist already" in asked and "--force" not in asked
    assert [o[2] for o in offered] == [offered[0][2], first, second]
    assert offered[0][:2] == (len(campaign.characters), 1)


def test_a_paragraph_longer_than_a_page_is_cut_between_lines_and_printed_once(qapp):
    rules = get_ruleset("crisis")
    words = [f"w{i:04d}" for i in range(2500)]
    character = Character(name="Chatty", stats=rules.sheet.new_stats(CharacterKind.PC), notes=" ".join(words))
    data = render_pdf_bytes([build_sheet(character, rules)])
    pages = spans(data)
    assert len(pages) >= 3
    text = " ".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(data)).pages)
    # Every word once, in order: no line drawn on two pages (pypdf may split a word where a line starts, so
    # the text is compared without its spaces).
    assert "".join(words) in "".join(text.split()) and text.count("w1234") == 1
    for page in pages:                               # and no line in the margins, cut in half by the page's end
        assert max(s[3] for s in page) <= 842 - MARGIN_MM * MM
        assert min(s[3] for s in page) >= MARGIN_MM * MM
