"""Exported Markdown read by a CommonMark reader (Qt's): a hostile name and notes come out as the text they are,
with no tag, link, heading or list made of them."""

from __future__ import annotations

from PySide6.QtGui import QTextDocument

from crisis_desktop.controller.encounter_log import to_markdown
from crisis_desktop.domain import Campaign, Character, CharacterKind, Encounter
from crisis_desktop.export.markdown import render_markdown
from crisis_desktop.export.sheet import build_sheet
from crisis_desktop.rules.registry import get_ruleset

NAME = '<img src="x.png"> *Vex* _the_ `Sly` [home](http://x) | &amp; ~~gone~~ \\o/'
NOTES = ["# not a heading", "- not a list", "1. not numbered", "<script>alert(1)</script>", "> not a quote"]


def read(markdown: str) -> QTextDocument:
    document = QTextDocument()
    document.setMarkdown(markdown)
    return document


def test_a_hostile_sheet_reads_as_written(qapp):
    rules = get_ruleset("crisis")
    sheet = build_sheet(Character(name=NAME, notes="\n".join(NOTES), stats=rules.sheet.new_stats(CharacterKind.PC)),
                        rules)
    document = read(render_markdown(sheet))
    lines = document.toPlainText().splitlines()
    assert lines[0] == NAME
    for note in NOTES:
        assert note in lines
    html = document.toHtml()
    for made in ("<img", "<a ", "<script", "<li", "<h1>Vex", "<em>", "<code", "<s>"):
        assert made not in html, made


def test_a_hostile_combat_log_reads_as_written(qapp):
    encounter = Encounter(name=NAME, notes="\n".join(NOTES))
    document = read(to_markdown(Campaign(ruleset="crisis", name="C", encounters=[encounter]), encounter))
    lines = document.toPlainText().splitlines()
    assert lines[0] == NAME and all(note in lines for note in NOTES)
    assert "<img" not in document.toHtml() and "<a " not in document.toHtml()
