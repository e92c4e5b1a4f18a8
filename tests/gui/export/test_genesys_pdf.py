"""A Genesys PDF as players print it: characteristics, soak, wounds and strain taken against their thresholds,
defences, skills with characteristic, career mark, rank and the experience of the next rank, weapons with skill,
Brawn damage, crit, range and qualities, talents with ranks and activation, critical injuries with severity, story
and experience; no internal field. Adversaries as compact stat blocks: a strain threshold for a nemesis only."""

from __future__ import annotations

import pytest

from crisis_desktop.domain import Campaign
from crisis_desktop.export.html import render_html
from crisis_desktop.export.pdf import render_pdf_bytes
from crisis_desktop.export.sheet import build_sheet
from crisis_desktop.resources_access import resource
from crisis_desktop.rules.registry import get_ruleset
from tests.gui.export.test_pdf_and_cli_export import page_texts

RULES = get_ruleset("genesys")
INTERNAL = ("Wound threshold base", "Strain threshold base", "Soak from talents", "defence from talents")


@pytest.fixture
def demo() -> Campaign:
    return Campaign.model_validate_json(resource("demo", "genesys.json").read_text(encoding="utf-8"))


def character(campaign: Campaign, name: str):  # type: ignore[no-untyped-def]
    return next(c for c in campaign.characters if c.name == name)


def test_the_pdf_page_of_a_genesys_player_character(qapp, demo):
    jax = character(demo, "Jax Marrow")
    jax.status |= {"wounds": 4, "strain": 3, "criticals": "agony"}
    page, = page_texts(render_pdf_bytes([build_sheet(jax, RULES, demo.rule_options)], "a4"))
    for text in ("Jax Marrow", "Player character · Genesys", "Species: Human · Career: Soldier · "
                 "Specialisations: Bodyguard · Motivations: Strength: steadfast",
                 "BRAWN AGILITY INTELLECT CUNNING WILLPOWER PRESENCE", "SOAK WOUNDS STRAIN DEFENCE",
                 "4 17 4 12 3 1 0",     # soak; wounds: base 12 + Brawn 3 + Toughened 2, 4 taken; strain; defences
                 "threshold taken threshold taken melee ranged", "☒☒☒☒☐ ☐☐☐☐☐ ☐☐☐☐☐", "☒☒☒☐☐ ☐☐☐☐☐ ☐☐",
                 "Skill Char. Career Rank Dice pool Next rank",
                 "Athletics Br ● 1 10 XP", "Cool Pr ○ 0 10 XP", "Melee Br ● 2 15 XP", "Ranged (Light) Ag ○ 1 15 XP",
                 "Weapon Skill Damage Crit Range Qualities Pool",
                 "Sword Melee Brawn + 2 (5) 2 Engaged Defensive 1", "Light pistol Ranged (Light) 5 4 Short –",
                 "Talent Rank Activation Effect", "Toughened 1 Passive",
                 "Injury Severity Effect", "Agony Average",
                 "TOTAL SPENT AVAILABLE 110 100 10", "Encumbrance: 2 of threshold 8"):
        assert text in page, text
    for text in INTERNAL:
        assert text not in page, text


def test_adversaries_print_as_stat_blocks_with_the_fields_of_their_type(qapp, demo):
    npcs = [c for c in demo.characters if c.kind.value == "npc"]
    sheets = [build_sheet(c, RULES, demo.rule_options) for c in npcs]
    page, = page_texts(render_pdf_bytes(sheets, "a4", npc_blocks=True))
    for text in ("Dock thugs [Minion, group of 3]", "Soak 3 · Wound threshold 15 · Defence (melee / ranged) 0 / 0",
                 "Skills (group): Cool",
                 "Brakk the enforcer [Rival]", "Soak 5 · Wound threshold 14 · Defence",
                 "Axe (Melee; Damage Brawn + 2 (5); Critical 4; Range [Engaged]; Vicious 1)", "Adversary 1",
                 "Madame Sable [Nemesis]", "Wound threshold 18 · Strain threshold 15", "Quick Draw"):
        assert text in page, text
    thugs, brakk = page.split("Brakk the enforcer")[0], page.split("Brakk the enforcer")[1].split("Madame Sable")[0]
    assert "Strain" not in thugs and "Strain" not in brakk
    for text in INTERNAL:
        assert text not in page, text


def test_a_single_adversary_sheet_is_its_stat_block(demo):
    html = render_html(build_sheet(character(demo, "Brakk the enforcer"), RULES, demo.rule_options))
    assert "Stat block" in html and "Wound threshold</span> <strong>14</strong>" in html
    assert "Strain threshold" not in html and "Experience" not in html
