"""Renders a Sheet as Markdown through a user-customisable string.Template."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from string import Template

from crisis_desktop.export.markdown_text import block, inline, link_target
from crisis_desktop.export.output import load_template
from crisis_desktop.export.sheet import Sheet, SheetTable, SheetValue

TEMPLATE_NAME = "sheet.md"


def _cell(text: str) -> str:
    """Text safe inside a Markdown table cell: markup and pipes escaped, line breaks and runs of blanks folded."""
    return inline(" ".join(text.split()))


def _table(columns: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    lines = ["| " + " | ".join(_cell(c) for c in columns) + " |", "|" + "---|" * len(columns)]
    lines += ["| " + " | ".join(_cell(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


def _values(values: Sequence[SheetValue], explain: bool) -> str:
    if explain:
        return _table(("", "Value", "How"), [(v.label, v.value, v.explain) for v in values])
    return _table(("", "Value"), [(v.label, v.value) for v in values])


def _equipment(table: SheetTable) -> str:
    body = _table(table.columns, table.rows) if table.rows else "none"
    return f"### {inline(table.title)}\n\n{body}"


def placeholders(sheet: Sheet) -> dict[str, str]:
    """The values a sheet.md template can use, each escaped so that it reads as written (no markup, no HTML)."""
    conditions = "\n".join(f"- **{inline(c.label)}**" + (f": {inline(c.explain)}" if c.explain else "")
                           for c in sheet.conditions)
    return {
        "name": inline(sheet.name),
        "kind": inline(sheet.kind),
        "player": inline(sheet.player),
        "player_line": f"Player: {inline(sheet.player)}" if sheet.player else "",
        "ruleset": inline(sheet.ruleset),
        "tags": inline(", ".join(sheet.tags)),
        "portrait": f"![Portrait]({link_target(sheet.portrait)})" if sheet.portrait else "",
        "groups": "\n\n".join(f"### {inline(g.title)}\n\n{_values(g.values, False)}" for g in sheet.groups),
        "derived": _values(sheet.derived, True),
        "equipment": "\n\n".join(_equipment(t) for t in sheet.tables),
        "conditions": conditions or "none",
        "notes": block(sheet.notes) if sheet.notes else "none",
    }


def render_markdown(sheet: Sheet, template_dir: Path | None = None, template: str | None = None) -> str:
    """One character's sheet as Markdown; `template` (text) wins over `template_dir`."""
    text = template if template is not None else load_template(TEMPLATE_NAME, template_dir)
    return Template(text).safe_substitute(placeholders(sheet))
