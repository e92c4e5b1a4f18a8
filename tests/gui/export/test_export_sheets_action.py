"""The Characters place's "Export Sheets…" action: selection or everyone, and asking before replacing."""

from __future__ import annotations

import pypdf
from PySide6.QtWidgets import QCheckBox

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

    from crisis_desktop.ui.dialogs.export_dialog import PrintAsk, PrintChoice

    printed = tmp_path / "printed.pdf"
    asked: list[int] = []

    def to_file(_cls, _parent, count, npcs=0):  # the GM picked "print to file" in the system dialog
        asked.append(count)
        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
        printer.setOutputFileName(str(printed))
        return PrintChoice(printer)

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


def test_print_sheets_can_print_the_npcs_as_stat_blocks(window, monkeypatch, tmp_path):
    """The print dialog's Sheets tab offers the NPCs as compact stat blocks when NPCs are printed; ticked, the
    demo's NPCs share pages instead of a page each."""
    from PySide6.QtPrintSupport import QPrintDialog, QPrinter

    from crisis_desktop.domain import CharacterKind
    from crisis_desktop.ui.dialogs.export_dialog import PrintAsk, PrintChoice

    campaign = window.document.campaign
    npcs = sum(1 for c in campaign.characters if c.kind is CharacterKind.NPC)
    offered: list[str] = []

    def tick_blocks(dialog: QPrintDialog) -> int:        # the GM ticks the box on the Sheets tab, then Print
        box = next(w for w in dialog.findChildren(QCheckBox) if "stat blocks" in w.text())
        offered.append(box.text())
        box.setChecked(True)
        return QPrintDialog.DialogCode.Accepted

    monkeypatch.setattr(QPrintDialog, "exec", tick_blocks)
    choice = PrintAsk.printer(window, len(campaign.characters), npcs)
    assert choice is not None and choice.npc_blocks
    assert offered == [f"The {npcs} NPCs as compact stat blocks, several to a page"]

    printed = tmp_path / "blocks.pdf"

    def to_file(_cls, _parent, count, npcs=0):
        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
        printer.setOutputFileName(str(printed))
        return PrintChoice(printer, npc_blocks=True)

    monkeypatch.setattr(PrintAsk, "printer", classmethod(to_file))
    window.characters.select([])
    window.characters.act_print.trigger()
    pages = len(pypdf.PdfReader(printed).pages)
    pcs = len(campaign.characters) - npcs
    assert pcs < pages < len(campaign.characters)


def test_export_runs_on_a_thread_shows_its_progress_and_cancel_writes_nothing(window, monkeypatch, tmp_path):
    import threading
    import time

    from PySide6.QtWidgets import QProgressDialog

    import crisis_desktop.export.html as html

    view = window.characters
    campaign = window.document.campaign
    out = tmp_path / "sheets"
    monkeypatch.setattr(ExportDialog, "ask", classmethod(lambda *_a: ExportChoice("html", "a4", out)))
    seen: list[tuple[int, int, str]] = []
    rendered_on: set[str] = set()
    real_render = html.render_html
    real_set_value = QProgressDialog.setValue

    def slow_render(*args, **kwargs):
        rendered_on.add(threading.current_thread().name)
        time.sleep(0.03)                         # slow enough for the dialog to show each step or so
        return real_render(*args, **kwargs)

    def set_value(dialog, value):
        real_set_value(dialog, value)
        seen.append((value, dialog.maximum(), dialog.labelText()))
        if value >= 3 and cancel:
            dialog.cancel()                      # the GM presses Cancel at the third sheet

    monkeypatch.setattr(html, "render_html", slow_render)
    monkeypatch.setattr(QProgressDialog, "setValue", set_value)
    cancel = True
    view.act_sheets.trigger()
    assert rendered_on == {"Exporting sheets"}, "the sheets were not rendered on a thread of their own"
    assert seen[0] == (0, len(campaign.characters), f"Preparing {len(campaign.characters)} sheets…")
    done = [v for v, _m, _t in seen]
    assert done == sorted(done) and 3 <= done[-1] < len(campaign.characters)
    assert any(t.startswith("Sheet ") and t.endswith(tuple(c.name for c in campaign.characters))
               for _v, _m, t in seen)
    assert not out.exists() or not any(out.iterdir()), "a cancelled export wrote something"
    assert "Export cancelled" in window.statusBar().currentMessage()
    assert not [t for t in threading.enumerate() if t.name == "Exporting sheets"]
    cancel, seen[:] = False, []
    view.act_sheets.trigger()
    assert seen[-1][0] == len(campaign.characters)
    assert seen[-1][2] == f"Sheet {len(campaign.characters)} of {len(campaign.characters)}: " \
        f"{campaign.characters[-1].name}"
    assert len(list(out.glob("*.html"))) == len(campaign.characters)


def test_an_export_error_on_the_thread_is_told_and_writes_nothing(window, monkeypatch, tmp_path, answers):
    import crisis_desktop.export.html as html
    from crisis_desktop.export.output import ExportError

    out = tmp_path / "sheets"
    monkeypatch.setattr(ExportDialog, "ask", classmethod(lambda *_a: ExportChoice("html", "a4", out)))

    def broken(*_args, **_kwargs):
        raise ExportError("The template sheet.html failed at line 3: boom")

    monkeypatch.setattr(html, "render_html", broken)
    window.characters.act_sheets.trigger()
    assert any("were not exported" in t and "line 3: boom" in t for t in answers.texts("error"))
    assert not out.exists() or not any(out.iterdir())


def test_printing_runs_on_a_thread_with_progress_and_cancel_aborts_the_job(window, monkeypatch, tmp_path):
    """Print Sheets lays out and paints on a thread of its own (the window keeps repainting), shows which sheet it
    is on, and Cancel aborts the print job instead of sending the pages painted so far."""
    import threading
    import time

    from PySide6.QtPrintSupport import QPrinter
    from PySide6.QtWidgets import QProgressDialog

    import crisis_desktop.export.pdf as pdf
    from crisis_desktop.ui.dialogs.export_dialog import PrintAsk, PrintChoice

    campaign = window.document.campaign
    printers: list[QPrinter] = []

    def to_file(_cls, _parent, count, npcs=0):
        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
        printer.setOutputFileName(str(tmp_path / f"printed-{len(printers)}.pdf"))
        printers.append(printer)
        return PrintChoice(printer)

    painted_on: set[str] = set()
    real_document = pdf._document

    def slow_document(html_text):
        painted_on.add(threading.current_thread().name)
        time.sleep(0.03)
        return real_document(html_text)

    seen: list[tuple[int, str]] = []
    real_set_value = QProgressDialog.setValue

    def set_value(dialog, value):
        real_set_value(dialog, value)
        seen.append((value, dialog.labelText()))
        if value >= 2 and cancel:
            dialog.cancel()                      # the GM presses Cancel at the second sheet

    aborted: list[QPrinter] = []
    real_abort = QPrinter.abort

    def abort(printer):                          # the system's printers abort; Qt's PDF file output cannot
        aborted.append(printer)
        return real_abort(printer)

    monkeypatch.setattr(QPrinter, "abort", abort)
    monkeypatch.setattr(PrintAsk, "printer", classmethod(to_file))
    monkeypatch.setattr(pdf, "_document", slow_document)
    monkeypatch.setattr(QProgressDialog, "setValue", set_value)
    cancel = True
    window.characters.select([])
    window.characters.act_print.trigger()
    assert painted_on == {"Printing sheets"}, "the sheets were not painted on a thread of their own"
    assert aborted == [printers[0]], "the cancelled print job was not aborted"
    assert "Printing cancelled" in window.statusBar().currentMessage()
    assert not [t for t in threading.enumerate() if t.name == "Printing sheets"]
    assert any(text.startswith("Sheet 2 of ") for _v, text in seen)

    cancel = False
    window.characters.act_print.trigger()
    assert aborted == [printers[0]]
    assert len(pypdf.PdfReader(tmp_path / "printed-1.pdf").pages) == len(campaign.characters)
    assert window.statusBar().currentMessage() == f"Sent {len(campaign.characters)} sheet(s) to the printer"
