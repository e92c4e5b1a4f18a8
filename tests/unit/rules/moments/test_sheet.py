"""Moments sheets: HP from BOD and POW, goals, armour points, bonuses, the catalogue, Quick NPC and the bestiary."""

from __future__ import annotations

import json

import pytest

from crisis_desktop.domain import Character, CharacterKind, ItemKind
from crisis_desktop.resources_access import resource
from crisis_desktop.rules.moments import sheet
from tests.unit.rules.moments.people import RULES, gear, pc, vera


@pytest.mark.parametrize(("bod", "pow_", "hp"), [(10, 10, 10), (12, 10, 11), (3, 4, 4), (21, 20, 21), (11, 10, 11)])
def test_hp_is_half_of_bod_and_pow_rounded_up(bod, pow_, hp):
    h = sheet.hp_max(pc("A", bod=bod, pow=pow_))
    assert h.value == hp and sum(t.value for t in h.terms) == hp
    assert h.terms[0].label == "BOD" and h.terms[1].label == "POW"


def test_derived_values_explain_themselves():
    d = RULES.sheet.derived(vera(), {})
    assert d["goal_bod"].value == 36 and d["goal_int"].value == 33 and d["goal_pow"].value == 30
    assert d["hp_max"].value == 11 and d["pp_max"].value == 11
    assert d["armour_points"].value == 2 and d["armour_points"].terms[0].label == "Padded hauberk"
    assert d["best_bonus"].terms[0].label == "Swords" and d["best_bonus"].value == 30
    assert RULES.sheet.derived_label("hp_max") == "HP max"


def test_used_up_armour_protects_nothing_and_pieces_add_up():
    c = pc("A", "Padded hauberk", "Padded cap")
    assert sheet.armour_points(c).value == 3
    c.equipment[1].stats["usage_die"] = 0
    ap = sheet.armour_points(c)
    assert ap.value == 2 and ap.terms[1].label == "Padded cap (used up)"


def test_bonuses_never_stack_and_bad_entries_are_named():
    c = pc("A", skills="Swords 30, Athletics 20", vocations="Soldier 25, Swords 35")
    assert sheet.bonuses(c) == {"Swords": 35, "Athletics": 20, "Soldier": 25}
    bad = pc("B", skills="Swords, Athletics 20", vocations="A 25, B 25, C 25")
    problems = RULES.sheet.validate_character(bad)
    assert "Skills: 'Swords' should read as a name and a bonus, like 'Swords 40'" in problems
    assert "Vocations: at most two" in problems
    assert RULES.sheet.validate_character(vera()) == []


def test_stats_are_bounded():
    assert "BOD must be at most 21, not 22" in RULES.sheet.validate_character(pc("A", bod=22))


def test_usage_dice_step_down_to_used_up():
    assert [sheet.step_down(d) for d in (20, 12, 10, 8, 6, 4, 0)] == [12, 10, 8, 6, 4, 0, 0]


def test_the_catalogue_has_the_texts_weapons_and_validates():
    items = {i.name: i for i in RULES.equipment_catalogue()}
    assert items["Halberd"].stats["damage"] == "2d6" and items["Halberd"].stats["damage_type"] == "slicing"
    assert items["Mace"].stats["damage_type"] == "crushing" and items["Dagger"].stats["damage_type"] == "piercing"
    assert items["Round shield"].stats["shield"] is True and items["Round shield"].stats["usage_die"] == 8
    assert items["Plate breastplate"].stats["ap"] == 4
    for item in items.values():
        assert RULES.sheet.validate_item(item) == [], item.name
    assert RULES.sheet.item_summary(items["Sword"]) == "1d8 slicing, melee, usage d8"
    assert RULES.sheet.item_summary(items["Padded cap"]) == "1 AP, usage d4"


@pytest.mark.parametrize("level", [1, 2, 3, 4])
def test_quick_npcs_are_legal_and_armed(level):
    npc = RULES.quick_npc("Guard", level)
    assert npc.kind is CharacterKind.NPC and RULES.sheet.validate_character(npc) == []
    assert any(i.kind is ItemKind.WEAPON for i in npc.equipment)


def test_the_bestiary_is_legal():
    with resource("bestiary", "moments.json").open(encoding="utf-8") as f:
        rows = json.load(f)
    assert len(rows) >= 3
    for row in rows:
        assert RULES.sheet.validate_character(Character.model_validate(row)) == [], row["name"]


def test_gear_helper_copies():
    assert gear("Sword")[0].catalogue_id == "moments-sword"


@pytest.mark.parametrize("level", [1, 2, 3, 4])
def test_quick_npcs_are_trained_in_every_weapon_they_carry(level):
    npc = RULES.quick_npc("Guard", level)
    trained = sheet.bonuses(npc)
    for weapon in (i for i in npc.equipment if i.kind is ItemKind.WEAPON):
        assert weapon.stats["skill"] in trained, weapon.name


# The text's weapons and shields table (02/i; the damage types are the rule notes' default): name -> (usage die,
# damage, type, reach, shield). The sling has no usage die in the text: the catalogue gives it a d20.
WEAPONS = {
           "Dagger": (4, "1d6", "piercing", "melee", False), "Sword": (8, "1d8", "slicing", "melee", False),
           "Spear": (6, "1d8", "piercing", "balanced", False), "Halberd": (6, "2d6", "slicing", "melee", False),
           "Pike": (6, "1d10", "piercing", "melee", False), "Throwing dagger": (8, "1d4", "piercing", "balanced",
                                                                                False),
           "Khopesh": (8, "1d8", "slicing", "melee", False), "Kopis": (8, "1d10", "slicing", "melee", False),
           "Mace": (10, "2d4", "crushing", "melee", False), "Club": (6, "1d6", "crushing", "melee", False),
           "Handaxe": (8, "1d8", "slicing", "balanced", False), "Greataxe": (8, "2d6", "slicing", "melee", False),
           "Buckler": (6, "1d4", "crushing", "melee", True), "Round shield": (8, "1d6", "crushing", "melee", True),
           "Figure-eight shield": (10, "1d8", "crushing", "melee", True),
           "Tower shield": (12, "1d8", "crushing", "melee", True),
           "Shortbow": (4, "1d8", "piercing", "ranged", False), "Longbow": (6, "2d6", "piercing", "ranged", False),
           "Light crossbow": (6, "2d4", "piercing", "ranged", False),
           "Heavy crossbow": (8, "2d8", "piercing", "ranged", False), "Hand crossbow": (4, "1d6", "piercing",
                                                                                        "ranged", False),
           "Repeating crossbow": (4, "1d8", "piercing", "ranged", False),
           "Sling": ("none", "1d10", "crushing", "ranged", False),
}
# The text's armour table: name -> (AP, usage die).
ARMOUR = {
          "Bone cap": (1, 4), "Bone open helm": (1, 6), "Bone shirt": (2, 6), "Bone skirt": (1, 6),
          "Enamelled breastplate": (2, 8), "Enamelled open helm": (1, 8), "Enamelled greaves": (1, 8),
          "Enamelled vambraces": (1, 8), "Padded shirt": (1, 6), "Padded trews": (1, 6), "Padded hauberk": (2, 8),
          "Padded cap": (1, 4), "Plate breastplate": (4, 10), "Plate greaves": (1, 10), "Plate open helm": (2, 10),
          "Plate closed helm": (2, 10), "Plate vambraces": (1, 10), "Plated cap": (1, 8), "Plated coat": (3, 8),
          "Scale shirt": (3, 8), "Scale skirt": (2, 8), "Scale hauberk": (4, 8), "Linen shirt": (2, 6),
          "Linen skirt": (1, 6), "Linen greaves": (1, 6), "Linen vambraces": (1, 6), "Linen open helm": (1, 6),
}


@pytest.mark.parametrize("name", WEAPONS)
def test_the_catalogue_has_every_weapon_of_the_text_row_by_row(name):
    item = next(i for i in RULES.equipment_catalogue() if i.name == name)
    s = item.stats
    assert (s["usage_die"], s["damage"], s["damage_type"], s["reach"], s["shield"]) == WEAPONS[name]


@pytest.mark.parametrize("name", ARMOUR)
def test_the_catalogue_has_every_piece_of_armour_of_the_text_row_by_row(name):
    item = next(i for i in RULES.equipment_catalogue() if i.name == name)
    assert (item.stats["ap"], item.stats["usage_die"]) == ARMOUR[name]


def test_the_catalogue_holds_nothing_but_the_texts_gear_and_unarmed():
    assert {i.name for i in RULES.equipment_catalogue()} == {*WEAPONS, *ARMOUR, "Unarmed"}
