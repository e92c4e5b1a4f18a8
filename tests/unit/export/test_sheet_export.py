"""Sheet data, HTML and Markdown exports for both rulesets; safe file names; no silent overwrites."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from html.parser import HTMLParser

import pytest

from crisis_desktop.domain import Campaign, Character, CharacterKind, ConditionState, EquipmentItem, ItemKind
from crisis_desktop.export.html import render_html
from crisis_desktop.export.markdown import render_markdown
from crisis_desktop.export.output import ExportError, target_paths
from crisis_desktop.export.run import export_sheets, pick_characters
from crisis_desktop.export.sheet import build_sheet
from crisis_desktop.resources_access import resource
from crisis_desktop.rules.registry import get_ruleset


def demo() -> Campaign:
    return Campaign.model_validate_json(resource("demo", "campaign.json").read_text(encoding="utf-8"))


def classic() -> Campaign:
    ruleset = get_ruleset("crisis-classic")
    hero = Character(name="Mara Quill", player="Sam", stats=ruleset.sheet.new_stats(CharacterKind.PC),
                     conditions=[ConditionState(key="prone")],
                     equipment=[EquipmentItem(name="Carbine", kind=ItemKind.WEAPON,
                                              stats={"skill": "light_weapons", "damage": 5})])
    brute = Character(name="Brute", kind=CharacterKind.NPC, stats=ruleset.sheet.new_stats(CharacterKind.NPC))
    return Campaign(name="Classic", ruleset="crisis-classic", characters=[hero, brute])


@pytest.mark.parametrize("campaign", [demo(), classic()], ids=["crisis", "crisis-classic"])
def test_sheet_has_every_field_derived_value_and_item(campaign):
    ruleset = get_ruleset(campaign.ruleset)
    for character in campaign.characters:
        sheet = build_sheet(character, ruleset, campaign.rule_options)
        labels = [v.label for g in sheet.groups for v in g.values]
        expected = [f.label for f in ruleset.sheet.character_fields() if character.kind in f.kinds]
        assert labels == expected
        derived = ruleset.sheet.derived(character, ruleset.options_with_defaults(campaign.rule_options))
        assert [(v.label, v.explain) for v in sheet.derived] == [
            (ruleset.sheet.derived_label(k), e.explain()) for k, e in derived.items()]
        carried = [row[0] for t in sheet.tables for row in t.rows]
        assert sorted(carried) == sorted(i.name if i.equipped else f"{i.name} (not equipped)"
                                         for i in character.equipment)


def test_classic_sheet_shows_condition_labels_and_skill_labels():
    campaign = classic()
    sheet = build_sheet(campaign.characters[0], get_ruleset("crisis-classic"))
    assert [c.label for c in sheet.conditions] == ["Prone"]
    weapons = next(t for t in sheet.tables if t.title == "Weapons")
    assert weapons.rows[0][weapons.columns.index("Skill")] == "Light Weapons"


@pytest.mark.parametrize("campaign", [demo(), classic()], ids=["crisis", "crisis-classic"])
def test_html_is_well_formed_and_markdown_has_the_values(campaign):
    ruleset = get_ruleset(campaign.ruleset)
    for character in campaign.characters:
        sheet = build_sheet(character, ruleset, campaign.rule_options)
        page = render_html(sheet)
        root = ET.fromstring(page)  # XHTML-like: every tag closed, every entity XML's own
        text = " ".join(root.itertext())
        assert character.name in text
        for value in sheet.derived:
            assert value.explain in text
        md = render_markdown(sheet)
        assert md.startswith(f"# {character.name}\n")
        assert all(v.explain in md for v in sheet.derived)


def test_names_are_escaped_in_html():
    ruleset = get_ruleset("crisis")
    nasty = Character(name='<b>Bob & "Al"</b>', notes="<script>x</script>\nline 2",
                      stats=ruleset.sheet.new_stats(CharacterKind.PC))
    page = render_html(build_sheet(nasty, ruleset))
    assert "<b>Bob" not in page and "<script>" not in page
    root = ET.fromstring(page)
    assert root.find(".//{http://www.w3.org/1999/xhtml}title").text == '<b>Bob & "Al"</b>'

    class Tags(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.seen: list[str] = []

        def handle_starttag(self, tag, attrs):
            self.seen.append(tag)

    parser = Tags()
    parser.feed(page)
    assert "script" not in parser.seen and "b" not in parser.seen


def test_file_names_stay_inside_the_folder(tmp_path):
    paths = target_paths(tmp_path, ["../../evil", "/etc/passwd", "Wolf", "wolf", "..", "CON"], ".html")
    assert all(p.parent == tmp_path.resolve() for p in paths)
    assert [p.name for p in paths] == ["evil.html", "etc-passwd.html", "wolf.html", "wolf-2.html",
                                       "character.html", "character-con.html"]


@pytest.mark.parametrize("fmt", ["html", "md"])
def test_one_file_per_character_and_no_overwrite_without_force(tmp_path, fmt):
    campaign = demo()
    evil = campaign.characters[0].model_copy(update={"name": "../../evil"})
    campaign.characters[0] = evil
    out = tmp_path / "out"
    written = export_sheets(campaign, campaign.characters, fmt, out)
    assert len(written) == len(campaign.characters)
    assert (out / f"evil.{fmt}").exists() and not (tmp_path / f"evil.{fmt}").exists()
    before = (out / f"evil.{fmt}").read_bytes()
    (out / f"evil.{fmt}").write_text("mine")
    with pytest.raises(ExportError, match="exist already"):
        export_sheets(campaign, campaign.characters, fmt, out)
    assert (out / f"evil.{fmt}").read_text() == "mine"
    export_sheets(campaign, campaign.characters, fmt, out, force=True)
    assert (out / f"evil.{fmt}").read_bytes() == before


def test_user_template_overrides_the_bundled_one(tmp_path):
    (tmp_path / "sheet.md").write_text("NAME={{ sheet.name }}{% for g in sheet.groups %} {{ g.title }}{% endfor %}\n",
                                       encoding="utf-8")
    campaign = demo()
    written = export_sheets(campaign, campaign.characters[:1], "md", tmp_path / "out", template_dir=tmp_path)
    assert written[0].read_text(encoding="utf-8") == \
        "NAME=Vera Kask Attributes Action skills Knowledge skills Social skills Health"  # trim_blocks: no newline


def test_pick_characters_by_name_or_all():
    campaign = demo()
    assert pick_characters(campaign, []) == campaign.characters
    assert [c.name for c in pick_characters(campaign, ["jory", "Vera Kask"])] == ["Jory", "Vera Kask"]
    with pytest.raises(ExportError, match="No character named 'Nobody'"):
        pick_characters(campaign, ["Nobody"])


def test_an_export_waits_for_the_disk_once_not_once_per_sheet(tmp_path, monkeypatch):
    import os

    calls: list[str] = []
    real_sync, real_fsync = os.sync, os.fsync

    def sync() -> None:
        calls.append("sync")
        real_sync()

    def fsync(fd: int) -> None:
        calls.append("fsync")
        real_fsync(fd)

    monkeypatch.setattr(os, "sync", sync)
    monkeypatch.setattr(os, "fsync", fsync)
    campaign = demo()
    written = export_sheets(campaign, campaign.characters, "html", tmp_path / "out")
    assert len(written) == len(campaign.characters) > 5
    # One sync before the sheets take their places, then one fsync of the folder that makes the renames durable.
    assert calls == ["sync", "fsync"]
    assert all(p.read_text(encoding="utf-8").startswith("<!DOCTYPE html>") for p in written)
