"""Renders sheets as Markdown through the Jinja2 templates sheet.md and npc-blocks.md (sandboxed; every value
printed is escaped so that it reads as written). A portrait is linked as a file next to the sheet."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from crisis_desktop.export import templating
from crisis_desktop.export.sheet import Sheet

TEMPLATE_NAME = "sheet.md"
BLOCKS_TEMPLATE_NAME = "npc-blocks.md"


def render_markdown(sheet: Sheet, template_dir: Path | None = None, template: str | None = None) -> str:
    """One character's sheet as Markdown; `template` (text) wins over `template_dir`."""
    return templating.render(TEMPLATE_NAME, {"sheet": sheet}, template_dir, template)


def render_npc_blocks_markdown(sheets: Sequence[Sheet], title: str, template_dir: Path | None = None,
                               template: str | None = None) -> str:
    return templating.render(BLOCKS_TEMPLATE_NAME, {"sheets": list(sheets), "title": title}, template_dir,
                             template)
