"""Sheet templates are Jinja2 in its sandbox: they get the sheet's data, can loop, reorder and leave out, cannot
reach Python or files, and a broken one is named with its line. What the ruleset says a check rolls, what to
tick off, and what stays GM-only reach (or stay off) every sheet of every ruleset."""

from __future__ import annotations

import base64

import pytest

from crisis_desktop.domain import Campaign, Character, CharacterKind, EquipmentItem, ItemKind
from crisis_desktop.export.html import render_html, render_npc_blocks_html
from crisis_desktop.export.markdown import render_markdown, render_npc_blocks_markdown
from crisis_desktop.export.output import ExportError
from crisis_desktop.export.run import export_sheets
from crisis_desktop.export.sheet import build_sheet
from crisis_desktop.rules.registry import get_ruleset

# A 1x1 transparent PNG.
PNG = base64.b64decode("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=")


def hero(ruleset_id: str = "crisis", **update: object) -> Character:
    rules = get_ruleset(ruleset_id)
    fields: dict[str, object] = {"name": "Mara Quill", "player": "Sam",
                                 "stats": rules.sheet.new_stats(CharacterKind.PC)}
    return Character(**(fields | update))


def sheet_of(character: Character, ruleset_id: str = "crisis", options: dict | None = None):
    return build_sheet(character, get_ruleset(ruleset_id), options or {})


# ----------------------------------------------------------------- the sandbox


@pytest.mark.parametrize("source", [
    "{{ ''.__class__.__mro__ }}",
    "{{ sheet.__class__.__init__.__globals__ }}",
    "{{ sheet.groups.__class__ }}",
    "{{ sheet.derived[0].__class__.__init__.__globals__ }}",
    "{{ sheet.groups[0].__dataclass_fields__ }}",
    "{{ cycler.__init__.__globals__.os.popen('id').read() }}",
    "{{ lipsum.__globals__['os'].listdir('/') }}",
    "{{ '{0.__class__.__mro__}'.format(sheet) }}",
])
@pytest.mark.parametrize("render", [render_html, render_markdown], ids=["html", "md"])
def test_a_template_cannot_reach_python(source, render):
    with pytest.raises(ExportError, match=r"^The template sheet\.\w+ failed at line 1: ") as caught:
        render(sheet_of(hero()), template=source)
    assert "unsafe" in str(caught.value) or "undefined" in str(caught.value)


def test_a_browser_s_print_rules_are_in_the_html_file_but_not_in_what_the_app_prints():
    sheet = sheet_of(hero())
    for render in (render_html, lambda s, **kw: render_npc_blocks_html([s], "T", **kw)):
        assert "@media print" in render(sheet)
        printed = render(sheet, browser=False)
        assert "@media" not in printed and "Mara Quill" in printed


def test_a_template_cannot_read_a_file_nor_call_open(tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP SECRET", encoding="utf-8")
    folder = tmp_path / "templates"
    folder.mkdir()
    sheet = sheet_of(hero())
    for source in ('{% include "../secret.txt" %}', f'{{% include "{secret}" %}}', '{{ open("/etc/passwd") }}',
                   '{% import "/etc/passwd" as x %}'):
        (folder / "sheet.html").write_text(source, encoding="utf-8")
        with pytest.raises(ExportError) as caught:
            render_html(sheet, folder)
        assert "TOP SECRET" not in str(caught.value) and "root:" not in str(caught.value)


def test_a_template_cannot_change_the_data():
    sheets = [sheet_of(hero())]
    with pytest.raises(ExportError, match="unsafe"):
        render_npc_blocks_html(sheets, "T", template="{% set _ = sheets.append(1) %}")
    with pytest.raises(ExportError, match="unsafe"):
        render_npc_blocks_markdown(sheets, "T", template="{{ sheets.pop() }}")
    with pytest.raises(ExportError, match="has no attribute 'append'"):   # the sheet's own data is frozen
        render_html(sheets[0], template="{{ sheet.groups.append(1) }}")


def test_a_failing_template_is_named_with_its_line(tmp_path):
    sheet = sheet_of(hero())
    (tmp_path / "sheet.html").write_text("<p>\n{{ sheet.name }}\n{% for g in sheet.groups %}\n", encoding="utf-8")
    with pytest.raises(ExportError, match=rf"^The template {tmp_path / 'sheet.html'} has an error at line 3: "):
        render_html(sheet, tmp_path)
    (tmp_path / "sheet.md").write_text("# {{ sheet.name }}\n\n{{ sheet.nickname }}\n", encoding="utf-8")
    with pytest.raises(ExportError, match=rf"^The template {tmp_path / 'sheet.md'} failed at line 3: "
                                          r".*has no attribute 'nickname'"):
        render_markdown(sheet, tmp_path)
    # The export stops before writing anything.
    campaign = Campaign(ruleset="crisis", name="C", characters=[hero()])
    with pytest.raises(ExportError, match="line 3"):
        export_sheets(campaign, campaign.characters, "md", tmp_path / "out", template_dir=tmp_path)
    assert not (tmp_path / "out").exists()


def test_a_template_loops_reorders_and_leaves_out_sections():
    sheet = sheet_of(hero(notes="Private to the page"))
    source = ("{% for g in sheet.groups | reverse %}[{{ g.title }}: "
              "{% for v in g.values if v.trained %}{{ v.label }}={{ v.value }} {% endfor %}]{% endfor %}")
    page = render_markdown(sheet, template=source)
    assert page.startswith("[Health: Health roll=") and page.index("[Social skills") < page.index("[Attributes")
    assert "Body=d6" in page and "Force=" not in page          # an untrained skill left out by the template
    assert "Private" not in page                               # the notes section left out


def test_html_autoescapes_every_value():
    sheet = sheet_of(hero(name='<script>alert("x")</script>', notes="<b>bold</b>"))
    page = render_html(sheet, template="{{ sheet.name }}|{{ sheet.notes }}")
    assert page == "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;|&lt;b&gt;bold&lt;/b&gt;"


# ----------------------------------------------------------------- what the rulesets put on the sheet


def test_crisis_untrained_skills_show_the_die_they_roll_under_the_option():
    character = hero(stats={"body": 8, "mind": 6, "soul": 6, "health_roll": 5, "melee": 10})
    for option, die in (("d4", "d4"), ("attribute", "d8"), ("attribute_halved", "d4")):
        sheet = sheet_of(character, options={"untrained_skill": option})
        values = {v.key: v for g in sheet.groups for v in g.values}
        assert values["force"].roll is not None and values["force"].roll.text == die   # Force: Body's skill
        assert not values["force"].trained
        assert values["melee"].roll is None and values["melee"].value == "d10"
        md = render_markdown(sheet)
        assert f"| Force | {die} (untrained) |" in md and "| Melee | d10 |" in md


def test_crisis_classic_skills_show_their_roll_under_targets():
    rules = get_ruleset("crisis-classic")
    stats = {**rules.sheet.new_stats(CharacterKind.PC), "might": 12, "melee": 2}
    sheet = sheet_of(hero("crisis-classic", stats=stats), "crisis-classic")
    values = {v.key: v for g in sheet.groups for v in g.values}
    assert values["might"].roll.text == "12"
    assert values["melee"].roll.text == "14" and values["melee"].value == "2"
    # Untrained: Might plus the untrained penalty of the skill's learning difficulty.
    assert not values["force"].trained and int(values["force"].roll.text) < 12
    assert sheet.roll_heading == "3d6 ≤" and "3d6" in sheet.roll_legend
    html = render_html(sheet)
    assert "3d6 ≤" in html and ">14<" in html


def test_genesys_skills_carry_their_dice_pool_for_symbols():
    rules = get_ruleset("genesys")
    stats = {**rules.sheet.new_stats(CharacterKind.PC), "agility": 3, "ranged_light": 2}
    sheet = sheet_of(hero("genesys", stats=stats), "genesys")
    values = {v.key: v for g in sheet.groups for v in g.values}
    assert values["ranged_light"].roll.pool == (("proficiency", 2), ("ability", 1))
    assert values["ranged_light"].roll.text == "2 Proficiency, 1 Ability"
    assert [t.label for t in sheet.tracks][:2] == ["Wounds", "Strain"]


def test_tracks_for_wounds_ammunition_and_durability():
    pistol = EquipmentItem(name="Pistol", kind=ItemKind.WEAPON,
                           stats={"skill": "light_weapons", "damage": "d6", "cap": 7, "ammo": 3, "mag": 2})
    vest = EquipmentItem(name="Vest", kind=ItemKind.ARMOUR, stats={"durability_max": 10, "durability": 6})
    character = hero(equipment=[pistol, vest], status={"wounds": 5})
    tracks = {t.label: t for t in sheet_of(character).tracks}
    assert tracks["Health"].marked == 5 and tracks["Health"].boxes >= 20
    assert (tracks["Pistol rounds"].boxes, tracks["Pistol rounds"].marked) == (7, 4)
    assert tracks["Pistol spare magazines"].boxes == 2
    assert (tracks["Vest durability"].boxes, tracks["Vest durability"].marked) == (10, 4)
    md = render_markdown(sheet_of(character))
    assert "| Pistol rounds | ☒☒☒☒☐ ☐☐ |" in md


def test_gm_notes_and_catalogue_notes_are_never_printed(tmp_path):
    knife = EquipmentItem(name="Knife", kind=ItemKind.WEAPON, notes="HOUSE-RULE-NOTE",
                          stats={"skill": "melee", "damage": "d4"})
    character = hero(gm_notes="GM-ONLY-SECRET", equipment=[knife], kind=CharacterKind.NPC)
    campaign = Campaign(ruleset="crisis", name="C", characters=[character])
    for fmt, blocks in (("html", False), ("md", False), ("html", True), ("md", True)):
        for path in export_sheets(campaign, campaign.characters, fmt, tmp_path / f"{fmt}{blocks}", npc_blocks=blocks):
            text = path.read_text(encoding="utf-8")
            assert "Knife" in text
            assert "GM-ONLY-SECRET" not in text and "HOUSE-RULE-NOTE" not in text


def test_wide_tables_abbreviate_their_headings_with_a_legend():
    weapons = next(t for t in sheet_of(hero()).tables if t.title == "Weapons")
    assert "RL" in weapons.columns and "Rounds loaded" not in weapons.columns
    assert ("RL", "Rounds loaded") in [(item.label, item.value) for item in weapons.legend]
    assert all(len(c) <= 6 for c in weapons.columns)


def test_markdown_links_the_portrait_as_a_file_beside_it(tmp_path):
    portrait = "data:image/png;base64," + base64.b64encode(PNG).decode()
    campaign = Campaign(ruleset="crisis", name="C", characters=[hero(portrait=portrait)])
    written = export_sheets(campaign, campaign.characters, "md", tmp_path)
    assert sorted(p.name for p in written) == ["mara-quill-portrait.png", "mara-quill.md"]
    page = (tmp_path / "mara-quill.md").read_text(encoding="utf-8")
    assert "![Portrait](mara-quill-portrait.png)" in page and "base64" not in page
    assert (tmp_path / "mara-quill-portrait.png").read_bytes() == PNG
    html = export_sheets(campaign, campaign.characters, "html", tmp_path / "html")
    assert "data:image/png;base64," in html[0].read_text(encoding="utf-8")   # HTML stays one file


# ----------------------------------------------------------------- dice of symbols drawn on the sheet


def test_a_dice_pool_is_drawn_as_its_dice_in_every_format(tmp_path):
    """A genesys skill's pool prints as its dice drawn (an image per die, as the rules say the die looks), in HTML
    (and so the PDF) inline and in Markdown as drawings written beside the sheet; crisis prints no dice."""
    character = hero("genesys")
    character.stats["agility"] = 3
    character.stats["ranged_light"] = 2
    sheet = sheet_of(character, "genesys")
    roll = next(v.roll for g in sheet.groups for v in g.values if v.key == "ranged_light")
    assert roll is not None and dict(roll.pool) == {"proficiency": 2, "ability": 1}
    assert {d.key for d in sheet.dice} >= {"ability", "proficiency"}
    assert all(d.svg.startswith("<svg") and d.uri.startswith("data:image/svg+xml;base64,") for d in sheet.dice)

    html = render_html(sheet)
    row = html[html.index("Ranged (Light)"):]
    row = row[:row.index("</tr>")]
    assert row.count('alt="Proficiency die"') == 2 and row.count('alt="Ability die"') == 1
    assert row.count(sheet.die_images["proficiency"]) == 2

    written = export_sheets(Campaign(name="G", ruleset="genesys", characters=[character]), [character], "md",
                            tmp_path)
    svgs = sorted(p.name for p in written if p.suffix == ".svg")
    assert svgs == ["mara-quill-ability.svg", "mara-quill-proficiency.svg"]
    text = next(p for p in written if p.suffix == ".md").read_text(encoding="utf-8")
    row = next(line for line in text.splitlines() if "Ranged (Light)" in line)
    assert row.count("![Proficiency die](mara-quill-proficiency.svg)") == 2
    assert row.count("![Ability die](mara-quill-ability.svg)") == 1
    assert (tmp_path / "mara-quill-ability.svg").read_text(encoding="utf-8").startswith("<svg")

    assert sheet_of(hero()).dice == () and "<img class=\"die\"" not in render_html(sheet_of(hero()))


def test_a_template_is_compiled_once_and_again_after_the_user_edits_it(tmp_path, monkeypatch):
    from jinja2.sandbox import ImmutableSandboxedEnvironment

    compiled: list[str] = []
    real = ImmutableSandboxedEnvironment.compile

    def counting(self, source, name=None, filename=None, raw=False, defer_init=False):
        compiled.append(str(name))
        return real(self, source, name, filename, raw, defer_init)

    monkeypatch.setattr(ImmutableSandboxedEnvironment, "compile", counting)
    sheet = sheet_of(hero())
    template = tmp_path / "sheet.html"
    template.write_text("<p>{{ sheet.name }}</p>", encoding="utf-8")
    assert [render_html(sheet, tmp_path) for _ in range(3)] == ["<p>Mara Quill</p>"] * 3
    assert compiled == ["sheet.html"]
    template.write_text("<h1>{{ sheet.name }}!</h1>", encoding="utf-8")
    assert render_html(sheet, tmp_path) == "<h1>Mara Quill!</h1>"
    assert compiled == ["sheet.html", "sheet.html"]
