"""A Genesys '+X' weapon's damage is written as the rules write it, 'Brawn + 2', in the item summary, the rules'
reading of the stat (the sheet editor's tables and key values use it) and on paper."""

from __future__ import annotations

from crisis_desktop.domain import ItemKind
from crisis_desktop.export.markdown import render_markdown
from crisis_desktop.export.sheet import build_sheet
from tests.unit.rules.genesys.people import RULES, jax, kara


def test_a_brawn_weapon_reads_brawn_plus_its_damage_everywhere():
    sword = next(i for i in jax().equipment if i.name == "Sword")
    assert RULES.sheet.item_stat_text(sword, "damage") == "Brawn + 2"
    assert RULES.sheet.item_summary(sword).startswith("Damage Brawn + 2")
    pistol = next(i for i in kara().equipment if i.name == "Heavy pistol")
    assert RULES.sheet.item_stat_text(pistol, "damage") is None          # shown as stored: 6
    sheet = build_sheet(jax(), RULES, {})
    weapons = next(t for t in sheet.tables if t.title == "Weapons")
    row = next(r for r in weapons.rows if r[0] == "Sword")
    assert "Brawn + 2" in row
    assert "Brawn + 2" in render_markdown(sheet)
    assert RULES.sheet.item_fields(ItemKind.WEAPON)[1].key == "damage"
