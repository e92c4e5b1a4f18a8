"""The Characters place's "Export Sheets…" action: selection or everyone, and asking before replacing."""

from __future__ import annotations

import pypdf

from crisis_desktop.ui.dialogs.export_dialog import ExportChoice, ExportDialog


def test_export_sheets_of_selection_then_all_with_replace_question(window, answers, monkeypatch, tmp_path):
    view = window.characters
    campaign = window.document.campaign
    out = tmp_path / "sheets"
    choices = [ExportChoice("pdf", "letter", out), ExportChoice("pdf", "a4", out), ExportChoice("md", "a4", out)]
    monkeypatch.setattr(ExportDialog, "ask", classmethod(lambda _cls, _parent, _count, _folder: choices.pop(0)))

    view.select([campaign.characters[0].id, campaign.characters[2].id])
    view.act_sheets.trigger()
    pdf = out / "demo-the-ridge-road-sheets.pdf"
    assert len(pypdf.PdfReader(pdf).pages) == 2

    answers.queued["yes_no"].append(True)
    view.select([])
    view.act_sheets.trigger()
    assert any("exist already" in text for text in answers.texts("yes_no"))
    assert len(pypdf.PdfReader(pdf).pages) == len(campaign.characters)

    view.act_sheets.trigger()
    assert len(list(out.glob("*.md"))) == len(campaign.characters)
