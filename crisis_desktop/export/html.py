"""Renders a Sheet as XHTML-like HTML through a user-customisable string.Template (every value escaped)."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from pathlib import Path
from string import Template

from crisis_desktop.export.output import load_template
from crisis_desktop.export.sheet import Sheet, SheetGroup, SheetTable, SheetValue

TEMPLATE_NAME = "sheet.html"
# Stat groups side by side per row; three fit an A4 page in portrait.
GROUP_COLUMNS = 3


def _e(text: str) -> str:
    return escape(text, quote=True)


def _text_block(text: str) -> str:
    """Free text with its line breaks kept (<br/> is XHTML, so the page stays parseable as XML)."""
    return "<br/>".join(_e(line) for line in text.splitlines())


def _group(group: SheetGroup) -> str:
    rows = "".join(f'<tr><td class="label">{_e(v.label)}</td><td class="value">{_e(v.value)}</td></tr>'
                   for v in group.values)
    return f'<h3>{_e(group.title)}</h3><table class="stats">{rows}</table>'


def render_groups(groups: Sequence[SheetGroup]) -> str:
    cells = [f'<td class="group">{_group(g)}</td>' for g in groups]
    rows = ["<tr>" + "".join(cells[i:i + GROUP_COLUMNS]) + "</tr>" for i in range(0, len(cells), GROUP_COLUMNS)]
    return f'<table class="groups" width="100%">{"".join(rows)}</table>'


def render_derived(values: Sequence[SheetValue]) -> str:
    rows = "".join(f'<tr><td class="label">{_e(v.label)}</td><td class="value">{_e(v.value)}</td>'
                   f'<td class="explain">{_e(v.explain)}</td></tr>' for v in values)
    return f'<table class="derived">{rows}</table>'


def render_table(table: SheetTable) -> str:
    head = "".join(f"<th>{_e(c)}</th>" for c in table.columns)
    if table.rows:
        body = "".join("<tr>" + "".join(f"<td>{_e(c)}</td>" for c in row) + "</tr>" for row in table.rows)
    else:
        body = f'<tr><td colspan="{len(table.columns)}" class="empty">none</td></tr>'
    return (f'<h2>{_e(table.title)}</h2><table class="items" width="100%">'
            f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>")


def render_conditions(values: Sequence[SheetValue]) -> str:
    if not values:
        return '<p class="empty">none</p>'
    items = "".join(f"<li><b>{_e(v.label)}</b>{': ' + _e(v.explain) if v.explain else ''}</li>" for v in values)
    return f"<ul>{items}</ul>"


def placeholders(sheet: Sheet) -> dict[str, str]:
    """The values a sheet.html template can use, each already escaped HTML."""
    portrait = (f'<img class="portrait" src="{_e(sheet.portrait)}" width="128" alt="Portrait"/>'
                if sheet.portrait else "")
    return {
        "name": _e(sheet.name),
        "kind": _e(sheet.kind),
        "player": _e(sheet.player),
        "player_line": f"Player: {_e(sheet.player)}" if sheet.player else "",
        "ruleset": _e(sheet.ruleset),
        "tags": _e(", ".join(sheet.tags)),
        "portrait": portrait,
        "groups": render_groups(sheet.groups),
        "derived": render_derived(sheet.derived),
        "equipment": "".join(render_table(t) for t in sheet.tables),
        "conditions": render_conditions(sheet.conditions),
        "notes": _text_block(sheet.notes) if sheet.notes else '<span class="empty">none</span>',
    }


def render_html(sheet: Sheet, template_dir: Path | None = None, template: str | None = None) -> str:
    """One character's sheet as a complete HTML page; `template` (text) wins over `template_dir`."""
    text = template if template is not None else load_template(TEMPLATE_NAME, template_dir)
    # safe_substitute: a customised template with an unknown $word keeps it as text instead of failing.
    return Template(text).safe_substitute(placeholders(sheet))
