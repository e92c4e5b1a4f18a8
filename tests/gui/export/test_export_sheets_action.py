"""The Characters place's "Export Sheets…" action: selection or everyone, and asking before replacing."""

from __future__ import annotations

import pypdf

from crisis_desktop.ui.dialogs.export_dialog import ExportChoice, ExportDialog


def test_export_sheets_of_selection_then_all_with_replace_question(window, answers, monkeypatch, tmp_path):
    view = window.characters
    campaign = window.document.campaign
    out = tmp_path / "sheets"
    choices = [ExportChoice("pdf", "letter", out, selection=True), ExportChoice("pdf", "a4", out),
               ExportChoice("md", "a4", out)]
    asked: list[tuple[int, int]] = []

    def ask(_cls, _parent, all_count, selected_count, _folder):
        asked.append((all_count, selected_count))
        return choices.pop(0)

    monkeypatch.setattr(ExportDialog, "ask", classmethod(ask))

    view.select([campaign.characters[0].id, campaign.characters[2].id])
    view.act_sheets.trigger()
    pdf = out / "demo-the-ridge-road-sheets.pdf"
    assert len(pypdf.PdfReader(pdf).pages) == 2
    assert asked == [(len(campaign.characters), 2)]

    answers.queued["yes_no"].append(True)
    view.select([])
    view.act_sheets.trigger()
    assert any("exist already" in text for text in answers.texts("yes_no"))
    assert len(pypdf.PdfReader(pdf).pages) == len(campaign.characters)

    view.act_sheets.trigger()
    assert len(list(out.glob("*.md"))) == len(campaign.characters)


def test_print_sheets_prints_one_page_per_selected_character(window, monkeypatch, tmp_path):
    from PySide6.QtPrintSupport import QPrinter

    from crisis_desktop.ui.dialogs.export_dialog import PrintAsk

    printed = tmp_path / "printed.pdf"
    asked: list[int] = []

    def to_file(_cls, _parent, count):  # the GM picked "print to file" in the system dialog
        asked.append(count)
        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
        printer.setOutputFileName(str(printed))
        return printer

    monkeypatch.setattr(PrintAsk, "printer", classmethod(to_file))
    view = window.characters
    campaign = window.document.campaign
    view.select([campaign.characters[1].id, campaign.characters[3].id, campaign.characters[4].id])
    view.act_print.trigger()
    assert asked == [3]
    reader = pypdf.PdfReader(printed)
    assert len(reader.pages) == 3
    names = {campaign.characters[i].name for i in (1, 3, 4)}
    text = " ".join(" ".join(page.extract_text() for page in reader.pages).split())  # printers may use tabs
    assert all(name in text for name in names)
