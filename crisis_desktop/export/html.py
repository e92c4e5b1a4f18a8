"""Renders sheets as XHTML-like HTML through the Jinja2 templates sheet.html and npc-blocks.html (sandboxed,
autoescaped; a user's copies in the template folder win). The templates get the sheet's data, not markup."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from crisis_desktop.export import templating
from crisis_desktop.export.sheet import Sheet

TEMPLATE_NAME = "sheet.html"
BLOCKS_TEMPLATE_NAME = "npc-blocks.html"


def render_html(sheet: Sheet, template_dir: Path | None = None, template: str | None = None, *,
                browser: bool = True) -> str:
    """One character's sheet as a complete HTML page, through its ruleset's template (`sheet.template`); `template`
    (text) wins over `template_dir`. With `browser`
    False the page is for the app's own printing (Qt), which reads no rules for a browser's print (@media)."""
    name = TEMPLATE_NAME if template is not None else sheet.template
    return templating.render(name, {"sheet": sheet, "browser": browser}, template_dir, template)


def render_npc_blocks_html(sheets: Sequence[Sheet], title: str, template_dir: Path | None = None,
                           template: str | None = None, *, browser: bool = True) -> str:
    """Several NPCs as compact stat blocks on one page (several to a printed page), through their ruleset's blocks
    template when they share one; `browser` as for `render_html`."""
    names = {s.blocks_template for s in sheets}
    name = names.pop() if len(names) == 1 and template is None else BLOCKS_TEMPLATE_NAME
    return templating.render(name, {"sheets": list(sheets), "title": title, "browser": browser},
                             template_dir, template)
