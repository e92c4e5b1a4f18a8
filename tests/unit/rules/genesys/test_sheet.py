"""Genesys sheets: characteristics and skills with their characteristics, thresholds, soak and defence with their
breakdowns, adversary types and minion groups, the catalogue and the bestiary, the tables' shape."""

from __future__ import annotations

import json
import typing

import pytest

from crisis_desktop.controller.npc_builder import parse_bestiary
from crisis_desktop.domain import Character, CharacterKind, ItemKind
from crisis_desktop.resources_access import resource
from crisis_desktop.rules.genesys import stats, tables
from crisis_desktop.rules.kernel.tables import load_table
from tests.unit.rules.genesys.people import RULES, boss, enforcer, gear, jax, kara, npc, pc, thugs


def test_the_six_characteristics_run_from_1_to_6_and_a_generic_human_has_2_in_each():
    fields = {f.key: f for f in RULES.sheet.character_fields()}
    keys = ("brawn", "agility", "intellect", "cunning", "willpower", "presence")
    assert all(fields[k].minimum == 1 and fields[k].maximum == 6 for k in keys)
    human = pc("Ann")
    assert all(human.stats[k] == 2 for k in keys) and RULES.sheet.validate_character(human) == []
    # Generic human (rules facts 1.11): WT 10 + Brawn, ST 10 + Willpower.
    derived = RULES.sheet.derived(human, {})
    assert derived["wound_threshold"].explain() == "species base 10, Brawn +2 = 12"
    assert derived["strain_threshold"].explain() == "species base 10, Willpower +2 = 12"


@pytest.mark.parametrize(("skill", "characteristic"), [
    ("cool", "presence"), ("vigilance", "willpower"), ("discipline", "willpower"), ("melee", "brawn"),
    ("brawl", "brawn"), ("resilience", "brawn"), ("ranged_light", "agility"), ("ranged_heavy", "agility"),
    ("gunnery", "agility"), ("medicine", "intellect"), ("perception", "cunning")])
def test_skills_have_the_characteristics_of_the_rules_notes_and_ranks_0_to_5(skill, characteristic):
    assert tables.skills()[skill].characteristic == characteristic
    field = next(f for f in RULES.sheet.character_fields() if f.key == skill)
    assert (field.minimum, field.maximum, field.default) == (0, 5, 0)


def test_soak_is_brawn_plus_armour_and_defence_comes_from_armour_with_its_breakdown():
    j = jax()
    assert RULES.sheet.derived(j, {})["soak"].explain() == "Brawn 3, Heavy clothing soak +1 = 4"
    b = boss()
    b.stats["extra_ranged_defence"] = 1
    derived = RULES.sheet.derived(b, {})
    assert derived["ranged_defence"].explain() == "Armoured clothing defence 1, talents +1 = 2"
    # A Defensive weapon adds to melee defence (the sword: Defensive 1).
    assert RULES.sheet.derived(j, {})["melee_defence"].explain() == "Defensive weapon = 1"


def test_defence_is_capped_at_4_unless_the_option_says_none():
    tank = pc("Tank", "Riot armour", "Sword", extra_melee_defence=4)
    assert RULES.sheet.derived(tank, {})["melee_defence"].value == 4
    assert "defence cap (at most 4)" in RULES.sheet.derived(tank, {})["melee_defence"].explain()
    assert RULES.sheet.derived(tank, {"defense_cap": "none"})["melee_defence"].value == 7


def test_rivals_have_a_wound_threshold_only_nemeses_a_strain_threshold_too():
    assert "strain_threshold" not in RULES.sheet.derived(enforcer(), {})
    assert RULES.sheet.derived(boss(), {})["strain_threshold"].value == 15
    assert RULES.sheet.derived(enforcer(), {})["wound_threshold"].explain() == "adversary profile = 14"


@pytest.mark.parametrize(("wounds", "alive"), [(0, 3), (1, 3), (5, 3), (6, 2), (10, 2), (11, 1), (15, 1), (16, 0)])
def test_a_minion_group_shares_a_wound_pool_and_loses_members_as_it_fills(wounds, alive):
    group = thugs(3)
    group.status["wounds"] = wounds
    assert RULES.sheet.derived(group, {})["wound_threshold"].explain() == "3 minions x 5 wounds = 15"
    assert stats.minions_alive(group) == alive
    # The group rolls its members left but one as ranks in the skills its profile lists (Melee), none in others.
    assert stats.rank(group, "melee") == max(0, alive - 1) and stats.rank(group, "brawl") == 0


def test_minion_skill_ranks_are_at_most_5():
    assert stats.rank(thugs(9), "melee") == 5


def test_carried_critical_injuries_are_read_counted_and_explained():
    k = kara()
    k.status["criticals"] = "agony, horrific:agility, head_blow~, nonsense"
    carried = stats.criticals(k)
    assert [c.text for c in carried] == ["Agony", "Horrific (Agility)", "Head blow (effect over)"]
    assert RULES.sheet.derived(k, {})["criticals"].explain() == \
        "Agony 1, Horrific (Agility) +1, Head blow (effect over) +1 = 3"
    # Horrific lowers the characteristic it picked while it lasts, never below 1.
    assert stats.characteristic(k, "agility") == 2 and k.stats["agility"] == 3


def test_weapon_qualities_are_parsed_and_unknown_ones_refused():
    found, problems = stats.parse_qualities("Accurate 2, Limited Ammo 4, Pierce 2, Knockdown")
    assert found == {"accurate": 2, "limited_ammo": 4, "pierce": 2, "knockdown": 1} and problems == []
    _found, problems = stats.parse_qualities("Accurate, Knockdown 2, Sparkly 3")
    assert problems == ["Accurate needs a rank (Accurate 2)", "Knockdown has no rank", "unknown quality 'Sparkly 3'"]
    odd = pc("Odd")
    odd.equipment = gear("Knife")
    odd.equipment[0].stats["qualities"] = "Sparkly 3"
    assert RULES.sheet.validate_character(odd) == ["Knife: unknown quality 'Sparkly 3'"]


# Rules facts 1.5 and 1.7: (skill, damage, adds Brawn, crit, range, qualities) and (defence, soak).
WEAPONS = {
           "Unarmed": ("brawl", 0, True, 5, "engaged", "Disorient 1, Knockdown"),
           "Brass knuckles": ("brawl", 1, True, 4, "engaged", "Disorient 3"),
           "Knife": ("melee", 1, True, 3, "engaged", ""),
           "Axe": ("melee", 2, True, 4, "engaged", ""),
           "Greatsword": ("melee", 4, True, 2, "engaged", "Defensive 1, Pierce 1, Unwieldy 3"),
           "Sword": ("melee", 2, True, 2, "engaged", "Defensive 1"),
           "Light pistol": ("ranged_light", 5, False, 4, "short", ""),
           "Heavy pistol": ("ranged_light", 6, False, 3, "medium", ""),
           "Assault rifle": ("ranged_heavy", 8, False, 3, "long", "Auto-fire"),
           "Sniper rifle": ("ranged_heavy", 9, False, 2, "extreme", "Accurate 2, Limited Ammo 4, Pierce 2"),
           "Shotgun": ("ranged_heavy", 8, False, 3, "short", "Blast 4, Knockdown, Vicious 2"),
           "Assault cannon": ("gunnery", 15, False, 3, "long", "Auto-fire"),
           "Frag grenade": ("ranged_light", 8, False, 4, "short", "Blast 6, Limited Ammo 1"),
}
ARMOUR = {"Heavy clothing": (0, 1), "Padded armour": (0, 2), "Armoured clothing": (1, 1),
          "Heavy battle armour": (1, 2), "Personal deflector": (2, 0), "Riot armour": (2, 1)}


def test_the_catalogue_has_the_weapons_and_armour_of_the_rules_facts():
    catalogue = {i.name: i for i in RULES.equipment_catalogue()}
    for name, (skill, dmg, brawn, crit, band, qualities) in WEAPONS.items():
        s = catalogue[name].stats
        assert (s["skill"], s["damage"], s["brawn_damage"], s["crit"], s["range_band"], s["qualities"]) == \
            (skill, dmg, brawn, crit, band, qualities), name
    for name, (defence, soak) in ARMOUR.items():
        assert (catalogue[name].stats["defence"], catalogue[name].stats["soak"]) == (defence, soak), name
    holder = pc("Holder")
    holder.equipment = list(catalogue.values())
    assert RULES.sheet.validate_character(holder) == []


def test_the_bestiary_has_a_minion_group_a_rival_and_a_nemesis_that_the_rules_accept():
    entries = parse_bestiary(json.loads(resource("bestiary", "genesys.json").read_text(encoding="utf-8")))
    assert sorted(set(stats.adversary(e) for e in entries)) == ["minion", "nemesis", "rival"]   # counts: test_bestiary
    for entry in entries:
        assert RULES.sheet.validate_character(entry) == [], entry.name
        assert RULES.sheet.state(entry, {}).fighting
    group = next(e for e in entries if stats.is_minion(e))
    assert RULES.sheet.derived(group, {})["minions_left"].value == stats.group_size(group) == 3


def test_new_stat_blocks_are_legal_for_both_kinds_and_npcs_are_rivals_by_default():
    for kind in CharacterKind:
        character = Character(name="New", kind=kind, stats=RULES.sheet.new_stats(kind))
        assert RULES.sheet.validate_character(character) == []
    assert stats.adversary(Character(name="N", kind=CharacterKind.NPC,
                                     stats=RULES.sheet.new_stats(CharacterKind.NPC))) \
        == "rival"
    assert npc("Odd", "nemesis").stats["adversary"] == "nemesis"


def test_item_fields_per_kind():
    assert [f.key for f in RULES.sheet.item_fields(ItemKind.ARMOUR)] == ["soak", "defence", "qualities", "encumbrance"]
    assert "qualities" in [f.key for f in RULES.sheet.item_fields(ItemKind.WEAPON)]


def test_the_tables_have_the_shape_their_readers_expect():
    for name, typed in (("combat", tables.CombatTable), ("healing", tables.HealingTable)):
        assert set(load_table("genesys", name)) == set(typing.get_type_hints(typed)), name
