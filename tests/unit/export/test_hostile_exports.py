"""Exports of hostile names and notes: Markdown escapes markup and raw HTML; long names are shortened to what the
file system allows; an export writes all its files or none, and a failed one leaves the folder as it was."""

from __future__ import annotations

import errno
import os
import re

import pytest

from crisis_desktop.controller.encounter_log import to_markdown
from crisis_desktop.domain import Campaign, Character, CharacterKind, Encounter, EquipmentItem, ItemKind
from crisis_desktop.domain.encounter import LogEntry
from crisis_desktop.export import output
from crisis_desktop.export.markdown import render_markdown
from crisis_desktop.export.markdown_text import block, inline
from crisis_desktop.export.output import NAME_MAX_BYTES, ExportError, target_paths
from crisis_desktop.export.run import export_sheets
from crisis_desktop.export.sheet import build_sheet
from crisis_desktop.rules.registry import get_ruleset

HOSTILE = '<img src="/tmp/x.png"><h1 style="font-size:200px">Vex</h1> *bold* _it_ `code` [link](http://x) | &amp; ~~s~~'
NOTES = "# not a heading\n- not a list\n1. not numbered\n    not code\n> not a quote\n<script>alert(1)</script>\n==="


def hostile_character() -> Character:
    rules = get_ruleset("crisis")
    return Character(name=HOSTILE, player="<b>Sam</b>", notes=NOTES, stats=rules.sheet.new_stats(CharacterKind.PC),
                     equipment=[EquipmentItem(name="<i>Knife</i> | x", kind=ItemKind.WEAPON, notes="*sharp*",
                                              stats={"skill": "melee", "damage": "d6"})])


def test_inline_and_block_escape_every_markup_character():
    assert inline("<b>a</b> *b* _c_ `d` [e](f) | & ~ \\") == \
        "\\<b\\>a\\</b\\> \\*b\\* \\_c\\_ \\`d\\` \\[e\\](f) \\| \\& \\~ \\\\"
    assert block(NOTES).splitlines() == [
        "\\# not a heading\\", "\\- not a list\\", "1\\. not numbered\\", "not code\\", "\\> not a quote\\",
        "\\<script\\>alert(1)\\</script\\>\\", "\\==="]
    assert inline("two\nlines") == "two lines"


def test_a_hostile_sheet_in_markdown_has_no_raw_html_nor_markup():
    sheet = build_sheet(hostile_character(), get_ruleset("crisis"))
    page = render_markdown(sheet)
    # No tag, no entity: every < and & of the campaign's text is escaped (the template has none of its own).
    assert re.search(r"(?<!\\)[<&]", page) is None
    assert page.startswith("# " + inline(HOSTILE) + "\n")
    assert "\\<i\\>Knife\\</i\\> \\| x" in page
    assert "\\# not a heading" in page and "\\- not a list" in page


def test_the_combat_log_in_markdown_escapes_names_and_notes():
    encounter = Encounter(name=HOSTILE, notes=NOTES, log=[LogEntry(kind="note", text=f"{HOSTILE} attacks",
                                                                  details=["<b>hit</b>"])])
    page = to_markdown(Campaign(ruleset="crisis", name="C", encounters=[encounter]), encounter)
    assert page.startswith("# " + inline(HOSTILE) + "\n")
    assert re.search(r"(?<!\\)[<&]", page) is None
    assert "\\# not a heading" in page


def test_long_names_are_shortened_to_what_the_file_system_allows(tmp_path):
    long_cjk = "\U00020000" * 90          # 4 bytes each in UTF-8: 360 bytes
    names = [long_cjk + str(i % 3) for i in range(10)] + [long_cjk] * 3
    paths = target_paths(tmp_path, names, ".html")
    assert len(set(paths)) == len(paths)
    for path in paths:
        assert len(path.name.encode()) <= NAME_MAX_BYTES
        assert len(output.temp_name_for(path).name.encode()) <= NAME_MAX_BYTES
    # Names that differ only beyond the cut are numbered like any two names with the same slug.
    assert paths[1].name.endswith("-2.html") and paths[-1].name.endswith("-13.html")


def campaign_of(names: list[str]) -> Campaign:
    rules = get_ruleset("crisis")
    return Campaign(ruleset="crisis", name="Many",
                    characters=[Character(name=n, stats=rules.sheet.new_stats(CharacterKind.PC)) for n in names])


def test_ten_long_cjk_names_are_all_written(tmp_path):
    campaign = campaign_of([f"{'龍' * 120}{i}" for i in range(10)])
    written = export_sheets(campaign, campaign.characters, "html", tmp_path / "out")
    assert len(written) == 10 and all(p.is_file() for p in written)
    assert sorted(os.listdir(tmp_path / "out")) == sorted(p.name for p in written)


def failing_at(monkeypatch: pytest.MonkeyPatch, name: str, call: int, error: int = errno.ENOSPC) -> None:
    """The `call`-th call of output.<name> fails with `error` (a full disk by default)."""
    real = getattr(output, name) if name != "replace" else os.replace
    calls = [0]

    def failing(*args, **kwargs):
        calls[0] += 1
        if calls[0] == call:
            raise OSError(error, os.strerror(error))
        return real(*args, **kwargs)

    if name == "replace":
        monkeypatch.setattr(output.os, "replace", failing)
    else:
        monkeypatch.setattr(output, name, failing)


@pytest.mark.parametrize("fmt", ["html", "md"])
def test_a_failure_midway_writes_nothing_and_the_rerun_needs_no_force(tmp_path, monkeypatch, fmt):
    campaign = campaign_of([f"Fighter {i}" for i in range(10)])
    out = tmp_path / "out"
    with monkeypatch.context() as patched:
        failing_at(patched, "_stage", 4)
        with pytest.raises(ExportError, match=r"^Could not write fighter-3\.\w+: No space left on device\. "
                                               r"Nothing was written\.$"):
            export_sheets(campaign, campaign.characters, fmt, out)
    assert not out.exists()  # the folder it made is gone too, no temporary file left
    written = export_sheets(campaign, campaign.characters, fmt, out)
    assert len(written) == 10


def test_a_failure_while_the_files_take_their_places_puts_the_old_ones_back(tmp_path, monkeypatch):
    campaign = campaign_of([f"Fighter {i}" for i in range(5)])
    out = tmp_path / "out"
    export_sheets(campaign, campaign.characters, "md", out)
    for path in out.iterdir():
        path.write_text(f"mine: {path.name}")
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    with monkeypatch.context() as patched:
        failing_at(patched, "replace", 6, errno.EIO)   # the third file: moved aside, then the new one fails
        with pytest.raises(ExportError, match="Nothing was written"):
            export_sheets(campaign, campaign.characters, "md", out, force=True)
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before
    export_sheets(campaign, campaign.characters, "md", out, force=True)
    assert all(p.read_text().startswith("# Fighter") for p in out.iterdir())
