"""A moments character's exported sheet suits its system: the stats with their goals (and the easy and hard ones),
HP to tick off, weapons by damage die and type, usage dice as dice ("d8", "used up"), armour points, the wounds taken;
in HTML, Markdown and the NPC stat blocks."""

from __future__ import annotations

import re
from html.parser import HTMLParser

from crisis_desktop.domain import Character
from crisis_desktop.export.html import render_html, render_npc_blocks_html
from crisis_desktop.export.markdown import render_markdown, render_npc_blocks_markdown
from crisis_desktop.export.sheet import Sheet, build_sheet
from tests.unit.rules.moments.people import RULES, brann, vera


def wounded_vera() -> Character:
    """Vera after a fight: three wounds (one major) took 11 HP, medical attention gave 2 back; her shield is used
    up."""
    character = vera()
    character.status.update(hp_lost=9,
                            wounds="6 slicing major 3 right; 3 crushing treated; 2 piercing barred")
    character.equipment[1].stats["usage_die"] = 0
    return character


def sheet() -> Sheet:
    return build_sheet(wounded_vera(), RULES, {})


class Cells(HTMLParser):
    """The text of every table row of an HTML page, cell by cell."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[list[str]] = []
        self._cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list) -> None:  # type: ignore[type-arg]
        if tag == "tr":
            self.rows.append([])
        elif tag in ("td", "th"):
            self._cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._cell is not None and self.rows:
            self.rows[-1].append(" ".join("".join(self._cell).split()))
            self._cell = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)


def html_rows(text: str) -> list[list[str]]:
    parser = Cells()
    parser.feed(text)
    return parser.rows


def md_rows(text: str) -> list[list[str]]:
    return [[c.strip() for c in line.strip().strip("|").split("|")] for line in text.splitlines()
            if line.startswith("|") and not re.fullmatch(r"\|[-| ]+\|", line.strip())]


def test_the_sheet_data_has_the_goals_hp_weapons_usage_dice_and_wounds():
    s = sheet()
    stats = {v.key: v for g in s.groups for v in g.values}
    # BOD 12: goal 36, easy 72, hard 18; INT 11: 33, 66, 16; POW 10: 30, 60, 15.
    assert [(stats[k].value, stats[k].roll.text) for k in ("bod", "int", "pow")] == [
        ("12", "72 / 18"), ("11", "66 / 16"), ("10", "60 / 15")]
    assert s.roll_heading == "Easy / hard" and s.roll_legend.startswith("Easy / hard: the stat's goal")
    derived = {v.key: v for v in s.derived}
    assert [derived[k].value for k in ("goal_bod", "goal_int", "goal_pow", "hp_max", "armour_points")] == [
        "36", "33", "30", "11", "2"]
    assert derived["wounds"].label == "Wounds taken" and derived["wounds"].value == "11"
    assert derived["wounds"].explain == ("Hand (right): Hand cut off (d6+1) 6, crushing wound (treated) +3, "
                                         "piercing wound (no more medical attention) +2 = 11")
    # 2 HP left: a blow of 1 HP is a major wound now; one major wound of three boxes marked.
    assert [(t.label, t.boxes, t.marked) for t in s.tracks] == [
        ("Hit points", 11, 9),
        ("Major wounds (half the current HP or more in one blow: d12 table, death test)", 3, 1)]
    weapons = next(t for t in s.tables if t.title == "Weapons")
    assert [h.label for h in weapons.heads] == ["Name", "Damage", "Damage type", "Reach", "Skill", "Shield",
                                                "Usage die"]
    assert weapons.rows == (("Sword", "1d8", "Slicing", "Melee", "Swords", "no", "d8"),
                            ("Round shield", "1d6", "Crushing", "Melee", "Shields", "yes", "used up"))
    armour = next(t for t in s.tables if t.title == "Armour")
    assert armour.rows == (("Padded hauberk", "2", "d8", "Cheap"),)


def test_html_shows_them_in_its_tables():
    rows = html_rows(render_html(sheet()))
    assert ["BOD", "12", "72 / 18"] in rows and ["POW", "10", "60 / 15"] in rows
    assert ["BOD goal", "36", "3 x BOD = 36"] in rows
    assert ["HP max", "11", "(BOD 12 + POW 10) / 2, rounded up = 11"] in rows
    assert ["Sword", "1d8", "Slicing", "Melee", "Swords", "no", "d8"] in rows
    assert ["Round shield", "1d6", "Crushing", "Melee", "Shields", "yes", "used up"] in rows
    assert ["Padded hauberk", "2", "d8", "Cheap"] in rows
    assert any(r[:2] == ["Wounds taken", "11"] and "Hand cut off (d6+1)" in r[2] for r in rows)
    assert ["Hit points", "☒☒☒☒☒ ☒☒☒☒☐ ☐"] in rows


def test_markdown_shows_them_in_its_tables():
    text = render_markdown(sheet())
    rows = md_rows(text)
    assert ["BOD", "12", "72 / 18"] in rows and ["INT", "11", "66 / 16"] in rows
    assert ["Sword", "1d8", "Slicing", "Melee", "Swords", "no", "d8"] in rows
    assert ["Round shield", "1d6", "Crushing", "Melee", "Shields", "yes", "used up"] in rows
    assert ["Padded hauberk", "2", "d8", "Cheap"] in rows
    assert ["Hit points", "☒☒☒☒☒ ☒☒☒☒☐ ☐"] in rows
    assert "DT: Damage type; UD: Usage die" in text
    assert any(r[:2] == ["Wounds taken", "11"] for r in rows)


def test_npc_stat_blocks_carry_the_goals_and_the_weapons():
    npc = build_sheet(brann(), RULES, {})
    md = render_npc_blocks_markdown([npc], "Foes")
    assert "BOD 14 (84 / 21)" in md and "Greataxe" in md and "2d6" in md
    html = render_npc_blocks_html([npc], "Foes")
    assert "Greataxe" in html and "84 / 21" in html and "Slicing" in html
