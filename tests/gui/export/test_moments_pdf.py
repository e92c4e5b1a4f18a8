"""A moments character's PDF page: its goals with the easy and hard ones, HP to tick off, weapons by damage die and
type with their usage dice, armour points and the wounds taken, as text on the page."""

from __future__ import annotations

from crisis_desktop.export.pdf import render_pdf_bytes
from crisis_desktop.export.sheet import build_sheet
from tests.gui.export.test_pdf_and_cli_export import page_texts
from tests.unit.export.test_moments_sheets import wounded_vera
from tests.unit.rules.moments.people import RULES, brann


def test_the_pdf_page_of_a_moments_character(qapp):
    sheets = [build_sheet(wounded_vera(), RULES, {}), build_sheet(brann(), RULES, {})]
    vera_page, brann_page = page_texts(render_pdf_bytes(sheets, "a4"))
    for text in ("Vera", "Moments (Pentola)", "BOD 12 72 / 18", "INT 11 66 / 16", "POW 10 60 / 15",
                 "BOD goal 36 3 x BOD = 36", "HP max 11", "Armour points 2 Padded hauberk = 2",
                 "Sword 1d8 Slicing Melee Swords no d8", "Round shield 1d6 Crushing Melee Shields yes used up",
                 "Padded hauberk 2 d8 Cheap", "Wounds taken 11 Hand (right): Hand cut off (d6+1) 6",
                 "Hit points ☒☒☒☒☒ ☒☒☒☒☐ ☐", "Easy / hard: the stat's goal"):
        assert text in vera_page, text
    assert "Greataxe 2d6 Slicing Melee Axes no d8" in brann_page and "Wounds taken" not in brann_page
