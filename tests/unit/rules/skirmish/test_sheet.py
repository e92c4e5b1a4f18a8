"""Skirmish sheets: the stats and skills, Endurance and Fortitude, Stamina, Wield, armour and shield values, the
catalogue and the rules between fields."""

from __future__ import annotations

import pytest

from crisis_desktop.domain import CharacterKind, ItemKind
from crisis_desktop.rules.skirmish import sheet
from tests.unit.rules.skirmish.people import RULES, gear, person, plain, vera


@pytest.mark.parametrize(("con", "endurance"), [(3, 2), (7, 4), (8, 4), (9, 5), (10, 5), (11, 6), (12, 6), (14, 7),
                                                (17, 9)])
def test_endurance_is_con_minus_7_halved_down_plus_4(con: int, endurance: int) -> None:
    found = sheet.endurance(plain("Ana", con=con))
    assert found.value == endurance == (con - 7) // 2 + 4
    assert sum(t.value for t in found.terms) == found.value


@pytest.mark.parametrize(("wil", "fortitude"), [(6, 3), (7, 4), (10, 5), (11, 6), (13, 7)])
def test_fortitude_is_wil_minus_7_halved_down_plus_4(wil: int, fortitude: int) -> None:
    assert sheet.fortitude(plain("Ana", wil=wil)).value == fortitude


def test_stamina_is_endurance_less_fatigue_and_every_derived_value_adds_up() -> None:
    c = plain("Ana", "Shortsword", "Heater shield", "Chainmail", status={"fatigue": 2})
    d = RULES.sheet.derived(c, {})
    assert d["stamina"].value == 3 and d["stamina"].explain().endswith("Fatigue -2 = 3")
    assert d["armour_value"].value == 5 and d["shield_value"].value == 2
    assert d["wield"].value == 10 and d["critical_threshold"].value == 10
    for value in d.values():
        assert sum(t.value for t in value.terms) == value.value


def test_skill_value_is_governing_stat_minus_10_plus_training() -> None:
    c = vera()
    assert sheet.skill_value(c, "marksman").value == 12 - 10 + 2
    assert sheet.skill_value(c, "evasion").explain() == "DEX 12, base -10, Evasion training +1 = 3"
    assert RULES.printing.roll(c, "marksman", {}).text == "d20+4"


def test_wield_is_phy_in_the_seed_and_half_phy_plus_con_later() -> None:
    c = plain("Ana", phy=13, con=10)
    assert sheet.wield(c, {}).value == 13
    assert sheet.wield(c, {"paraverse_text": "later"}).value == 11


def test_versatile_weapons_and_disrepair_change_the_base_damage() -> None:
    hammer = gear("Warhammer")[0]
    assert sheet.base_damage(hammer).value == 7
    hammer.stats["skill"] = "two_handed"
    assert sheet.base_damage(hammer).value == 8
    hammer.stats["disrepair"] = True
    assert sheet.base_damage(hammer).explain() == "Warhammer two-handed 8, disrepair -2 = 6"


def test_the_catalogue_is_legal_and_has_the_weapons_shields_and_armour_of_the_equipment_page() -> None:
    items = RULES.equipment_catalogue()
    assert all(RULES.sheet.validate_item(i) == [] for i in items)
    names = {i.name for i in items}
    assert {"Longbow", "Heavy crossbow", "Javelin", "Heavy maul", "Tower shield", "Plate armour"} <= names
    by_name = {i.name: i for i in items}
    assert by_name["Flail"].stats["curving"] is True and by_name["Flail"].stats["cumbersome"] == 1
    assert by_name["Crossbow"].stats["simple"] == 5
    assert RULES.sheet.item_summary(by_name["Heavy flail"]) == "B 11 i, melee, Curving, 2H, Cumbersome 1"
    assert RULES.sheet.item_summary(by_name["Tower shield"]) == "shield, SV 3"


def test_rules_between_fields() -> None:
    shield = gear("Buckler")[0]
    shield.stats["av"] = 2
    assert RULES.sheet.validate_item(shield) == ["A shield has a shield value, not an armour value"]
    bow = gear("Longbow")[0]
    bow.stats["skill"] = "one_handed"
    assert RULES.sheet.validate_item(bow) == ["A marksman weapon uses the Marksman skill"]
    two = person("Ana", "Chainmail", "Plate armour")
    assert RULES.sheet.validate_character(two) == ["One suit of armour is worn at a time, not Chainmail, Plate armour"]
    assert RULES.sheet.validate_character(person("Bo", kind=CharacterKind.NPC)) == []


def test_quick_npc_is_armed_from_the_catalogue() -> None:
    npc = RULES.quick_npc("Guard", 3)
    assert RULES.sheet.validate_character(npc) == []
    assert {i.kind for i in npc.equipment} == {ItemKind.WEAPON, ItemKind.ARMOUR}
