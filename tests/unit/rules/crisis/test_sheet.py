"""Crisis sheet: field metadata, default stats, derived values, conditions and rule options."""

from __future__ import annotations

import pytest
from conftest import actor, npc, pc, weapon

from crisis_desktop.domain import CharacterKind, ItemKind
from crisis_desktop.rules.base import Actor, FieldKind
from crisis_desktop.rules.crisis import sheet, stats
from crisis_desktop.rules.kernel.dice import TypedDice


def test_fields_cover_every_stat_key(rules):
    keys = {f.key for f in rules.sheet.character_fields()}
    assert {"body", "mind", "soul", "health_roll", "difficulty"} <= keys
    assert set(stats.SKILL_ATTRIBUTE) <= keys
    groups = {f.group for f in rules.sheet.character_fields()}
    assert {"Attributes", "Action skills", "Knowledge skills", "Social skills"} <= groups
    melee = next(f for f in rules.sheet.character_fields() if f.key == "melee")
    assert melee.kind is FieldKind.DIE and melee.choices == (4, 6, 8, 10, 12) and not melee.required
    assert melee.validate(7) and melee.validate(None) is None


def test_demo_characters_are_valid(rules, demo):
    for character in demo.characters:
        assert rules.sheet.validate_character(character) == [], character.name


def test_item_fields(rules, catalogue):
    weapon_keys = {f.key for f in rules.sheet.item_fields(ItemKind.WEAPON)}
    assert weapon_keys == set(catalogue["pistol"].stats)
    armour_keys = {f.key for f in rules.sheet.item_fields(ItemKind.ARMOUR)}
    assert armour_keys == set(catalogue["armour-light"].stats)


def test_new_stats(rules):
    assert rules.sheet.new_stats(CharacterKind.PC)["health_roll"] == 4
    assert rules.sheet.new_stats(CharacterKind.PC, TypedDice([6, 3]))["health_roll"] == 9
    assert rules.sheet.new_stats(CharacterKind.NPC)["difficulty"] == 4


def test_pc_derived_values(rules):
    c = pc(body=8, mind=10, melee=8, health_roll=5, equipment=(weapon("Knife", skill="melee", range=0),),
           status={"wounds": 3, "nonlethal": 0})
    d = rules.sheet.derived(c, {})
    assert d["health"].value == 25 and d["health_current"].value == 22
    assert d["pace"].value == 4 and d["parry"].value == 8 and d["perception"].value == 5
    for value in d.values():
        assert sum(t.value for t in value.terms) == value.value


def test_wolf_from_the_notes(rules):
    wolf = npc(difficulty=1, body=8, melee=6)
    d = rules.sheet.derived(wolf, {})
    assert d["health"].value == 15 and d["parry"].value == 3 and d["perception"].value == 3


def test_parry_options_and_limits(rules):
    fighter = pc(melee=10, equipment=(weapon("Knife", skill="melee", range=0),))
    assert rules.sheet.derived(fighter, {"parry_formula": "half_melee_plus_2"})["parry"].value == 7
    unarmed = pc(melee=4)
    assert rules.sheet.derived(unarmed, {})["parry"].value == 2       # d4 - 2 without a melee weapon
    crowded = sheet.parry(unarmed, {}, extra_enemies=3)
    assert crowded.value == 2 and any("at least 2" in t.label for t in crowded.terms)
    assert sum(t.value for t in crowded.terms) == 2


@pytest.mark.parametrize("condition", ["helpless", "incapacitated", "dying", "dead"])
def test_helpless_conditions_have_no_parry(rules, condition):
    assert rules.sheet.derived(npc(difficulty=5, conditions=(condition,)), {})["parry"].value == 0


def test_slowed_halves_pace(rules):
    assert rules.sheet.derived(pc(body=10, conditions=("slowed",)), {})["pace"].value == 2


def test_conditions_listed(rules):
    keys = {c.key for c in rules.sheet.conditions()}
    assert {"drunk", "dying", "fatigued", "exhausted", "helpless", "kneeling", "prone", "slowed", "stunned",
            "incapacitated", "dead"} <= keys


def test_rule_options_defaults(rules):
    defaults = {o.key: o.default for o in rules.rule_options()}
    assert defaults["contest_tie"] == "reroll" and defaults["npc_actions"] == "two_actions"
    assert defaults["parry_formula"] == "melee_sides" and defaults["range_bands"] == "increments"
    assert defaults["untrained_skill"] == "d4"
    assert all(o.default in o.choices for o in rules.rule_options())


def test_state_and_resources(rules):
    assert rules.sheet.state(pc(), {}).key == "ok"
    assert rules.sheet.state(pc(status={"wounds": 30, "nonlethal": 0}, conditions=("dying",)), {}).key == "dying"
    assert rules.sheet.state(pc(status={"wounds": 34, "nonlethal": 0}), {}).key == "dead"
    assert rules.sheet.state(pc(status={"wounds": 0, "nonlethal": 25}), {}).key == "incapacitated"
    bars = {b.key: b for b in rules.sheet.resources(actor(pc(), ap=3), {})}
    assert bars["ap"].current == 3 and bars["ap"].maximum == 6 and bars["health"].maximum == 24
    npc_bars = {b.key for b in rules.sheet.resources(actor(npc()), {})}
    assert "actions" in npc_bars and "ap" not in npc_bars
    assert {b.key for b in rules.sheet.resources(Actor(pc()), {})} == {"health", "nonlethal"}
