"""Damage as the text runs it: the multiplier table, the text's examples, pain, hit locations with the reroll,
critical and supercritical wounds by location with the repeat rules and their effects, bleeding."""

from __future__ import annotations

import pytest

from crisis_desktop.domain import ConditionState
from crisis_desktop.rules.base import AddCondition, Explained, SetResource, SetStatus
from crisis_desktop.rules.kernel.dice import TypedDice
from crisis_desktop.rules.skirmish import plans, sheet, wounds
from tests.unit.rules.skirmish.people import RULES, fighter, gear, plain


@pytest.mark.parametrize(("difference", "multiplier"), [(1, 1), (5, 1), (6, 2), (10, 2), (11, 3), (25, 3)])
def test_multiplier_by_roll_difference(difference: int, multiplier: int) -> None:
    assert wounds.multiplier(difference, {}) == multiplier


def test_a_win_on_the_natural_roll_takes_the_tie_multiplier_option() -> None:
    assert wounds.multiplier(0, {}) == 1
    assert wounds.multiplier(0, {"skirmish_tie_multiplier": "0"}) == 0


def test_the_texts_damage_example_15_against_4_base_7_armour_5_is_16() -> None:
    target = plain("Ana", "Chainmail")
    m = wounds.multiplier(15 - 4, {})
    raw, taken = wounds.damage(m, Explained.of(("base", 7)), wounds.armour_against(target, gear("War axe")[0], {}))
    assert (m, raw.value, taken.value) == (3, 21, 16)
    assert taken.explain().endswith("armour value -5 = 16")


def test_damage_never_goes_below_zero_and_penetration_caps_armour_at_6() -> None:
    knight = plain("Kay", "Plate armour")
    _raw, taken = wounds.damage(1, Explained.of(("base", 4)), wounds.armour_against(knight, gear("Dagger")[0], {}))
    assert taken.value == 0
    _raw, taken = wounds.damage(1, Explained.of(("base", 12)), wounds.armour_against(knight, gear("Heavy maul")[0],
                                                                                     {}))
    assert taken.value == 12 - 6


def test_the_later_text_takes_the_shield_off_damage_unless_the_weapon_curves() -> None:
    bearer = plain("Bo", "Chainmail", "Heater shield")
    later = {"paraverse_text": "later"}
    assert wounds.armour_against(bearer, gear("War axe")[0], {}).value == -5
    assert wounds.armour_against(bearer, gear("War axe")[0], later).value == -7
    assert wounds.armour_against(bearer, gear("Flail")[0], later).value == -5


@pytest.mark.parametrize(("dealt", "fortitude", "pain"), [(6, 5, 2), (6, 6, 1), (5, 5, 1), (1, 5, 1), (0, 5, 0),
                                                          (11, 5, 3)])
def test_pain_is_damage_over_fortitude_rounded_up(dealt: int, fortitude: int, pain: int) -> None:
    assert wounds.pain(dealt, fortitude) == pain


@pytest.mark.parametrize(("faces", "location"), [([2], "torso"), ([3], "arms"), ([4], "legs"), ([1, 1], "head"),
                                                 ([1, 2], "head"), ([1, 3], "torso"), ([1, 4], "torso")])
def test_hit_location_rows_and_the_reroll(faces: list[int], location: str) -> None:
    dice = TypedDice(faces)
    assert wounds.hit_location(dice, "Ana")[0] == location and dice.remaining == 0


def test_hit_location_odds() -> None:
    assert wounds.location_odds() == {"head": 1 / 8, "torso": 3 / 8, "arms": 1 / 4, "legs": 1 / 4}


WOUNDS = [("head", "critical", "Skull fracture"), ("head", "supercritical", "Severed head"),
          ("torso", "critical", "Bleeder"), ("torso", "supercritical", "Crushed torso"),
          ("arms", "critical", "Fractured arm"), ("arms", "supercritical", "Severed arm"),
          ("legs", "critical", "Fractured leg"), ("legs", "supercritical", "Severed leg")]


@pytest.mark.parametrize(("loc", "severity", "name"), WOUNDS)
def test_every_wound_by_location(loc: str, severity: str, name: str) -> None:
    ana = plain("Ana")                                       # CON 10: critical 10..29, supercritical 30+
    dealt = 10 if severity == "critical" else 30
    assert wounds.wound_for(ana, loc, dealt) == severity
    assert wounds.wound_for(ana, loc, 9) is None
    result = wounds.take(ana, Explained.of(("blow", dealt)), Explained.of(("blow", dealt)), loc)
    assert SetStatus("ana", f"wound_{loc}", severity) in result.effects
    assert any(name in note for note in result.notes)
    row = wounds.wound_row(loc, severity)
    assert row["name"] == name
    assert (AddCondition("ana", "bleeding") in result.effects) == row["bleeding"]
    assert (AddCondition("ana", "dead") in result.effects) == row["dead"]


def test_the_effects_of_wounds_on_standing_and_rolls() -> None:
    assert RULES.sheet.state(plain("Ana", status={"wound_head": "critical"}), {}).key == "incapacitated"
    assert RULES.sheet.state(plain("Ana", status={"wound_torso": "supercritical"}), {}).key == "dead"
    assert RULES.sheet.state(plain("Ana", status={"wound_head": "supercritical"}), {}).key == "dead"
    assert RULES.sheet.state(plain("Ana", status={"wound_arms": "supercritical"}), {}).key == "incapacitated"
    legs = plain("Ana", status={"wound_legs": "critical"})
    assert RULES.sheet.state(legs, {}).key == "fighting"
    assert sheet.disadvantaged(legs, "evasion") == ["Fractured leg"] and sheet.disadvantaged(legs, "melee")
    arms = plain("Ana", status={"wound_arms": "critical"})
    assert sheet.disadvantaged(arms, "ranged") == ["Fractured arm"] and not sheet.disadvantaged(arms, "evasion")


def test_repeat_rules_no_second_critical_a_supercritical_still_once() -> None:
    cracked = plain("Ana", status={"wound_arms": "critical"})
    assert wounds.wound_for(cracked, "arms", 15) is None
    assert wounds.wound_for(cracked, "arms", 30) == "supercritical"
    assert wounds.wound_for(cracked, "legs", 15) == "critical"
    severed = plain("Ana", status={"wound_arms": "supercritical"})
    assert wounds.wound_for(severed, "arms", 30) is None and wounds.wound_for(severed, "arms", 15) is None
    note = wounds.take(cracked, Explained.of(("b", 15)), Explained.of(("b", 15)), "arms").notes
    assert "No further wound: the arms already has a critical wound" in note


def test_incapacitated_at_stamina_0_and_dying_when_bleeding_too() -> None:
    ana = plain("Ana", status={"fatigue": 3})                 # Endurance 5, Stamina 2
    result = wounds.take(ana, Explained.of(("b", 9)), Explained.of(("b", 9)), "legs")   # pain 2
    assert SetStatus("ana", "fatigue", 5) in result.effects
    assert "Ana is incapacitated (unconscious, stable)" in result.notes
    assert RULES.sheet.state(plain("Ana", status={"fatigue": 5}), {}).key == "incapacitated"
    dying = plain("Ana", status={"fatigue": 5})
    dying.conditions.append(ConditionState(key="bleeding"))
    assert RULES.sheet.state(dying, {}).key == "dying"


def test_the_end_phase_clears_the_plan_and_bleeds_while_stamina_is_above_0() -> None:
    ana = plain("Ana", "Dagger", status={"fatigue": 3})
    ana.conditions.append(ConditionState(key="bleeding"))
    actor = fighter(ana, plan="misc")
    ended = RULES.end_of_round(actor, {})
    assert ended.effects == (SetResource("cb-ana", plans.PLAN_KEY, ""), SetStatus("ana", "fatigue", 4))
    ana.status["fatigue"] = 5
    assert RULES.end_of_round(fighter(ana), {}).effects == ()
    assert RULES.end_of_round(fighter(plain("Bo")), {}).effects == ()
