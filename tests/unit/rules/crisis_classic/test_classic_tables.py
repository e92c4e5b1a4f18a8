"""Every row of the crisis-classic tables as the source text and the rules notes give it."""

from __future__ import annotations

import pytest
from classic_helpers import make_actor, make_character

from crisis_desktop.domain import CharacterKind, ItemKind
from crisis_desktop.rules.base import CheckRequest, FieldKind
from crisis_desktop.rules.crisis_classic import tables
from crisis_desktop.rules.crisis_classic.checks import check_target
from crisis_desktop.rules.registry import get_ruleset

DIFFICULTY = [
    (1, "Mundane", 3), (2, "Routine", 2), (3, "Simple", 1), (4, "Easy", 0), (5, "Normal", -2),
    (6, "Demanding", -4), (7, "Challenging", -6), (8, "Hard", -8), (9, "Very Hard", -10), (10, "Impossible", -12),
]


@pytest.mark.parametrize(("level", "name", "change"), DIFFICULTY)
def test_difficulty_row(rules, level, name, change):
    row = tables.difficulty(level)
    assert (row.level, row.name, row.target_change) == (level, name, change)
    # A Might check at that level: rank 10 + the row's change.
    t = check_target(CheckRequest(make_actor(might=10), "might", level))
    assert t.value == 10 + change
    assert t.terms[-1].label.startswith(f"Difficulty Level {level} {name}")


def test_difficulty_outside_table_refused():
    with pytest.raises(ValueError, match="1 to 10"):
        tables.difficulty(11)


ACTIONS = [("attack", "Attack", 2), ("hide", "Hide", 3), ("search", "Search", 0), ("move", "Move", 1),
           ("overwatch", "Overwatch", 0),
           ("take_aim", "Take Aim", 2), ("sneak", "Sneak", 1), ("stand_up", "Stand Up", 2),
           ("use_item", "Use Item", 2), ("adrenalin_shot", "Adrenalin Shot", 1)]


def test_action_table(rules):
    assert [(a.key, a.label, a.cost["ap"]) for a in rules.economy.actions()] == ACTIONS


def test_conditions_table(rules):
    conditions = {c.key: c for c in rules.sheet.conditions()}
    assert list(conditions) == ["drunk", "exhausted", "prone", "stunned"]
    assert "-2" in conditions["drunk"].effect
    rows = tables.condition_by_key()
    assert rows["drunk"].check_modifier == -2
    assert rows["exhausted"].ap_gain == 2 and rows["exhausted"].hits_are_critical
    assert rows["prone"].no_melee_attack
    assert rows["stunned"].ap_gain == 0 and rows["stunned"].cannot_act


WEAPONS = [  # name, HIT, END, DMG, RNG, RoF, CAP, REL (rules notes)
           ("Unarmed", -2, 5, 2, 0, 2, None, None),
           ("Improvised Weapon (blunt)", 0, 8, 3, 0, 1, None, None),
           ("Improvised Weapon (sharp)", 0, 5, 5, 0, 1, None, None),
           ("Knife", 0, 12, 6, 0, 1, None, None),
           ("Baton", 0, 15, 4, 0, 1, None, None),
           ("Sword", 1, 20, 10, 0, 1, None, None),
           ("Pistol", 0, 15, 6, 5, 1, 7, 2),
           ("Revolver", 0, 15, 6, 5, 1, 6, 4),
           ("Flintlock Pistol", 0, 15, 6, 4, 1, 1, 8),
           ("Flintlock Musket", 1, 15, 12, 15, 1, 1, 10),
]


@pytest.mark.parametrize("row", WEAPONS, ids=[w[0] for w in WEAPONS])
def test_weapon_row(rules, row):
    item = next(w for w in rules.catalogue("weapons") if w.name == row[0])
    s = item.stats
    assert (s["hit"], s["end_damage"], s["damage"], s["range"], s["rof"], s["cap"], s["reload_ap"]) == row[1:]
    assert item.kind is ItemKind.WEAPON
    for spec in rules.sheet.item_fields(ItemKind.WEAPON):
        assert spec.validate(s.get(spec.key)) is None, spec.key


@pytest.mark.parametrize(("name", "durability"), [("Body Armour MK I", 2), ("Body Armour MK II", 4),
                                                  ("Body Armour MK III", 8), ("Juggernaut MK I", 15)])
def test_armour_row(rules, name, durability):
    item = next(a for a in rules.catalogue("armour") if a.name == name)
    assert item.stats["durability"] == item.stats["durability_max"] == durability
    for spec in rules.sheet.item_fields(ItemKind.ARMOUR):
        assert spec.validate(item.stats.get(spec.key)) is None, spec.key


def test_adrenalin_shot_in_gear(rules):
    shot = rules.catalogue("gear")[0]
    assert shot.name == "Adrenalin Shot" and shot.stats["restores_endurance"] == 15 and shot.stats["use_ap"] == 1


def test_registry_finds_the_ruleset():
    assert get_ruleset("crisis-classic").id == "crisis-classic"


def test_character_fields_cover_every_stat_key(rules):
    keys = {f.key for f in rules.sheet.character_fields()}
    expected = {"might", "speed", "intelligence", "charisma", "athletics", "force", "melee", "heavy_weapons",
                "acrobatics", "light_weapons", "stealth", "operate", "search", "science", "engineering",
                "back_story", "oratory", "tactics", "command", "level", "difficulty", "trait_enduring",
                "trait_vigilant", "perk_fighter", "perk_lightning_reflexes", "perk_martial_arts_master",
                "perk_healthy"}
    assert keys == expected
    for f in rules.sheet.character_fields():
        assert f.label and f.group and f.help, f.key
        if f.kind is FieldKind.INT:
            assert f.minimum is not None and f.maximum is not None
    melee = next(f for f in rules.sheet.character_fields() if f.key == "melee")
    assert melee.group == "Skills (Might)" and "Might -5" in melee.help


def test_new_stats_are_valid(rules):
    for kind in CharacterKind:
        c = make_character(kind=kind)
        assert rules.sheet.validate_character(c) == []
    assert "difficulty" not in rules.sheet.new_stats(CharacterKind.PC)
    assert rules.sheet.new_stats(CharacterKind.NPC)["difficulty"] == 4
    bad = make_character(might=25)
    assert rules.sheet.validate_character(bad) == ["Might must be at most 20, not 25"]


def test_rule_options_have_defaults(rules):
    options = {o.key: o for o in rules.rule_options()}
    assert set(options) == {"initiative_formula", "stunt_face", "npc_defence", "cover_applies_to",
                            "fighter_penalty", "melee_damage_ability", "healing_translation",
                            "multi_turn_continue"}
    for o in options.values():
        assert o.default in o.choices and o.help
    assert options["stunt_face"].default == "6"
    assert options["initiative_formula"].default == "speed_intelligence"
