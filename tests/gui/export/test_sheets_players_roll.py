"""The sheet a player plays from, in four systems: per weapon what the player rolls and against what, the defences
and reactions with their goals, the state tracks with boxes, as text on the PDF page (pypdf) of a demo character."""

from __future__ import annotations

import pytest

from crisis_desktop.domain import Campaign, Character, CharacterKind
from crisis_desktop.export.html import render_html
from crisis_desktop.export.markdown import render_markdown
from crisis_desktop.export.pdf import render_pdf_bytes
from crisis_desktop.export.sheet import Sheet, build_sheet
from crisis_desktop.resources_access import resource
from crisis_desktop.rules.crisis_classic import CrisisClassicRuleset
from crisis_desktop.rules.registry import get_ruleset
from tests.gui.export.test_pdf_and_cli_export import page_texts


def demo(name: str) -> Campaign:
    return Campaign.model_validate_json(resource("demo", f"{name}.json").read_text(encoding="utf-8"))


def sheet_of(campaign: Campaign, name: str) -> Sheet:
    character = next(c for c in campaign.characters if c.name == name)
    return build_sheet(character, get_ruleset(campaign.ruleset), campaign.rule_options)


def classic_mara() -> Character:
    """A crisis-classic fighter with a pistol, a knife and body armour from the catalogue: Speed 12, Might 11,
    Light Weapons 2, Melee 1."""
    rules = CrisisClassicRuleset()
    stats = rules.sheet.new_stats(CharacterKind.PC)
    stats.update(speed=12, might=11, light_weapons=2, melee=1)
    gear = [next(w for w in rules.catalogue("weapons") if w.name == "Pistol"),
            next(w for w in rules.catalogue("weapons") if w.name == "Knife")]
    return Character(name="Mara Quill", player="Sam", stats=stats, equipment=gear)


def pdf_text(sheet: Sheet) -> str:
    (text,) = [" ".join(page_texts(render_pdf_bytes([sheet], "a4")))]
    return text


def assert_in(text: str, parts: tuple[str, ...]) -> None:
    for part in parts:
        assert part in text, part


def test_crisis_sheet_says_die_modifiers_and_dl_or_parry_per_weapon_and_dying_boxes(qapp):
    text = pdf_text(sheet_of(demo("campaign"), "Ines Moreau"))
    assert_in(text, (
        # Carbine: her Light Weapons d8 against the ranged Difficulty of 4, d10 damage, RoF 3.
        "Carbine Light Weapons d8 DL 4 d10 range 5 tiles a step, 10 steps; RoF 3 (+1 AP, -2 per extra attack)",
        # Knife: Melee d6 against the target's Parry; DMG "Body" is her Body d8.
        "Knife Melee d6 the target's Parry d8 (Body) 2 AP",
        "Parry 6 melee attack's goal, -1 per extra foe (to -4)",
        "Dodge d8 Athletics against an area attack, once a round",
        "Dying (Health 0 to -10) ☐☐☐☐☐ ☐☐☐☐☐",
        "Skill die (top face explodes) + modifiers must reach Against",
    ))


def test_crisis_dying_track_marks_the_health_below_zero():
    campaign = demo("campaign")
    vera = next(c for c in campaign.characters if c.name == "Vera Kask")
    vera.status["wounds"] = 27          # Health 24: 3 below 0
    sheet = build_sheet(vera, get_ruleset("crisis"), campaign.rule_options)
    dying = next(t for t in sheet.tracks if t.label.startswith("Dying"))
    assert (dying.boxes, dying.marked) == (10, 3)


def test_crisis_classic_sheet_says_the_roll_under_target_and_the_defence(qapp):
    text = pdf_text(build_sheet(classic_mara(), get_ruleset("crisis-classic"), {}))
    assert_in(text, (
        # Pistol: Speed 12 + Light Weapons 2 = 3d6 at or under 14, then the target's defence roll.
        "Pistol 3d6 ≤ 14 then the target's ranged defence (Speed), or an NPC's DL",
        "END 15, DMG 6 per critical hit Speed 12, Light Weapons rank +2 = 14; range increment 5 m; 2 AP",
        # Knife: Might 11 + Melee 1 = 12, against the melee defence.
        "Knife 3d6 ≤ 12 then the target's melee defence, or an NPC's DL",
        # Her own defences: melee with the better of Might and Speed, ranged with Speed.
        "Melee defence 3d6 ≤ 13 against a melee attack that hits (Speed 12, Melee rank +1 = 13)",
        "Ranged defence 3d6 ≤ 12 against a ranged attack that hits (Speed = 12)",
        "Health ☐☐☐☐☐ ☐☐☐☐☐ ☐",
    ))


def test_skirmish_sheet_says_d20_and_skill_against_evasion_damage_and_the_multiplier_table(qapp):
    text = pdf_text(sheet_of(demo("skirmish"), "Mira Fenn"))
    assert_in(text, (
        "Longbow d20+9 the target's d20 + Evasion base 10 x multiplier DEX 14, base -10, Marksman training +5 = 9",
        "Dagger d20+1 the other side's d20 + skill base 4 x multiplier",
        "Damage = base x multiplier - armour value; the multiplier by how much the winner's total beats the other: "
        "1-5: x1, 6-10: x2, 11+: x3 (x1 won on the natural roll)",
        "Evasion d20+7 ranged attacks must roll higher",
        "Critical wound 10 / 30 one blow: 10+ critical, 30+ supercritical",
        "Head wound: critical, supercritical ☐☐", "Legs wound: critical, supercritical ☐☐",
        "Death checks failed (d20 + Stamina against 15) ☐☐☐",
        "Endurance 5 (CON 10 - 7) / 2, down, + 4 = 5", "Evasion 7 DEX 14 - 10 + training 3 = 7",
    ))
    assert "halved" not in text


def test_skirmish_wound_boxes_mark_critical_and_supercritical_and_evasion_counts_the_shield():
    campaign = demo("skirmish")
    aldric = next(c for c in campaign.characters if c.name == "Aldric Vane")
    aldric.status.update(wound_arms="critical", wound_legs="supercritical")
    sheet = build_sheet(aldric, get_ruleset("skirmish"))
    tracks = {t.label.split(" wound")[0]: t.marked for t in sheet.tracks if " wound:" in t.label}
    assert tracks == {"Head": 0, "Torso": 0, "Arms": 1, "Legs": 2}
    # Evasion 1 and the heater shield's 2 against a ranged attack.
    evasion = sheet.defences[0]
    assert (evasion.name, evasion.goal, evasion.note) == (
        "Evasion", "d20+3", "ranged attacks must roll higher; shield +2 (not against Curving)")


def test_moments_sheet_says_goal_easy_hard_critical_range_damage_and_reactions(qapp):
    text = pdf_text(sheet_of(demo("moments"), "Vera Stone"))
    assert_in(text, (
        # Sword: 3 x BOD 13 + Swords 35 = 74; easy doubles, hard halves; a critical under a tenth (01-07).
        "Sword d100 under 74 the goal; opposed if the target reacts d8 slicing 3 x BOD 39 + Swords 35 = 74; "
        "critical 01-07; easy 148, hard 37",
        "Round shield d100 under 69",
        "Parry d100 under 74 3 x BOD 39 + Swords 35 = 74; critical 01-07. Opposed BOD test with Sword",
        "Block d100 under 138 (3 x BOD 39 + Shields 30) x 2 = 138; critical 01-13. Easy opposed BOD test",
        "Dodge d100 under 19 3 x BOD 39 / 2, rounded down = 19; critical 01. Hard opposed BOD test",
        "HP max 12 (BOD 13 + POW 10) / 2, rounded up = 12",
        "death test) ☐☐☐",
        "A blow of half the current HP or more is a major wound (now 6 HP)",
    ))
    assert "halved, rounded up" not in text and "-11" not in text


@pytest.mark.parametrize("render", [render_html, render_markdown], ids=["html", "markdown"])
def test_html_and_markdown_sheets_carry_the_attacks_and_defences(render):
    text = render(sheet_of(demo("skirmish"), "Mira Fenn"))
    assert_in(text, ("Against", "Longbow", "d20+9", "base 10 x multiplier", "Defences and reactions", "d20+7"))


def test_a_moments_archer_parries_with_the_handaxe_not_the_bow():
    sheet = sheet_of(demo("moments"), "Corvin Ash")
    parry = next(d for d in sheet.defences if d.name == "Parry")
    # BOD 11: 33, + Axes 20 = 53 (the bow's Bows 40 would give 73); a ranged weapon parries only as a last resort.
    assert parry.goal == "d100 under 53" and "with Handaxe" in parry.note
    assert [d.name for d in sheet.defences] == ["Parry", "Dodge"]       # no shield: no Block
