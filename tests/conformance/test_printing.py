"""Printing, for every system: PCs export as one sheet each and NPCs as stat blocks on one page, in HTML and
Markdown, each naming the system. (Paper: tests/conformance/gui/test_paper.py.)"""

from __future__ import annotations

import pytest

from crisis_desktop.domain import Campaign, Character, CharacterKind
from crisis_desktop.export.markdown_text import inline
from crisis_desktop.export.run import export_sheets
from crisis_desktop.rules.registry import get_ruleset


@pytest.mark.parametrize("kind", list(CharacterKind))
def test_every_ruleset_exports_html_markdown_and_npc_blocks(tmp_path, ruleset_id, kind):
    rules = get_ruleset(ruleset_id)
    campaign = Campaign(name="Every", ruleset=ruleset_id, characters=[
        Character(name=f"Someone {i}", kind=kind, stats=rules.sheet.new_stats(kind)) for i in range(2)])
    for fmt in ("html", "md"):
        written = [p for p in export_sheets(campaign, campaign.characters, fmt, tmp_path / fmt, npc_blocks=True)
                   if p.suffix != ".svg"]   # the drawings of dice of symbols, beside a Markdown sheet
        texts = [p.read_text(encoding="utf-8") for p in written]
        if kind is CharacterKind.NPC:
            assert [p.name for p in written] == [f"every-npcs.{fmt}"]
            assert "Someone 0" in texts[0] and "Someone 1" in texts[0]
        else:
            assert len(written) == 2
        assert all((rules.name if fmt == "html" else inline(rules.name)) in t for t in texts)
