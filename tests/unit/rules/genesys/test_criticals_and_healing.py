"""The critical injury table row by row, and healing: Medicine by wounds against the threshold, injuries by their
severity, a night's rest, the weekly Resilience check, strain after the fight."""

from __future__ import annotations

import pytest

from crisis_desktop.domain import ConditionState
from crisis_desktop.rules.base import AddCondition, RemoveCondition, SetResource, SetStatus
from crisis_desktop.rules.genesys import damage, healing, tables
from crisis_desktop.rules.kernel.dice import TypedDice
from tests.unit.rules.genesys.people import RULES, actor, boss, enforcer, gear, jax, kara, thugs

# Rules facts 1.1: (first roll, last roll, severity, name).
TABLE = [(1, 5, 1, "Nick"), (6, 10, 1, "Slowed"), (11, 15, 1, "Jolt"), (16, 20, 1, "Distracted"),
         (21, 25, 1, "Off balance"), (26, 30, 1, "Disheartened"), (31, 35, 1, "Stunned"), (36, 40, 1, "Stinger"),
         (41, 45, 2, "Knocked down"), (46, 50, 2, "Head blow"), (51, 55, 2, "Shaken"), (56, 60, 2, "Agony"),
         (61, 65, 2, "Dazed"), (66, 70, 2, "Senses scattered"), (71, 75, 2, "Hamstrung"), (76, 80, 2, "Opened up"),
         (81, 85, 2, "Winded"), (86, 90, 2, "Compromised"), (91, 95, 3, "At the brink"),
         (96, 100, 3, "Crippled limb"), (101, 105, 3, "Maimed"), (106, 110, 3, "Horrific"), (111, 115, 3, "Disabled"),
         (116, 120, 3, "Blinded"), (121, 125, 3, "Senseless"), (126, 130, 4, "Gruesome"),
         (131, 140, 4, "Bleeding out"), (141, 150, 4, "Mortal"), (151, None, None, "Dead")]


def test_the_critical_injury_table_is_the_rules_facts_table_with_no_gap():
    assert [(r.low, r.high, r.severity, r.name) for r in tables.criticals()] == TABLE
    for roll in (-20, 0, 1, 5, 6, 100, 150, 151, 400):
        row = tables.critical_row(roll)
        assert row.covers(max(1, roll))                 # a result below 1 counts as 1


def test_the_variants_word_their_rows_differently():
    rows = tables.critical_by_key()
    assert rows["disheartened"].text(eote=True).startswith("One light side Destiny point flips to dark")
    assert rows["disheartened"].text(eote=False).startswith("One story point moves")
    assert rows["disabled"].text(eote=True) == "Takes at most 1 maneuver per turn."
    assert rows["at_the_brink"].text(eote=True) == "Suffers 1 strain each time it performs an action."


@pytest.mark.parametrize(("face", "vicious", "condition", "rounds"), [
    (33, 0, "staggered", 1), (43, 0, "prone", None), (63, 0, "disoriented", None), (93, 2, "immobilized", None),
    (83, 4, "staggered", None), (60, 10, "dead", None)])
def test_injuries_that_bring_a_condition(face, vicious, condition, rounds):
    crit = damage.critical(actor(kara()), TypedDice([face]), {}, vicious=vicious)
    assert AddCondition("kara", condition, rounds) in crit.effects


def test_horrific_picks_a_characteristic_with_a_d10_and_nick_costs_a_strain():
    crit = damage.critical(actor(kara()), TypedDice([88, 5]), {}, vicious=2)
    assert SetStatus("kara", "criticals", "horrific:agility") in crit.effects
    assert "Horrific: d10 5 picks Agility" in crit.notes
    nick = damage.critical(actor(kara()), TypedDice([3]), {})
    assert SetStatus("kara", "strain", 1) in nick.effects
    assert SetStatus("enforcer", "wounds", 1) in damage.critical(actor(enforcer()), TypedDice([3]), {}).effects
    assert SetResource("c-kara", "distracted", True) in damage.critical(actor(kara()), TypedDice([18]), {}).effects


def test_every_injury_carried_adds_10_and_the_dead_row_kills():
    k = kara()
    k.status["criticals"] = "agony, shaken, compromised, maimed, blinded"
    crit = damage.critical(actor(k), TypedDice([100]), {})                    # 100 + 50 = 150: Mortal
    assert crit.row is not None and crit.row.key == "mortal"
    dead = damage.critical(actor(k), TypedDice([1, 1]), {}, vicious=10)       # 1 + 50 + 100
    assert dead.row is not None and dead.row.key == "dead" and AddCondition("kara", "dead") in dead.effects
    k.conditions.append(ConditionState(key="dead"))
    assert RULES.sheet.state(k, {}).key == "dead" and not RULES.sheet.state(k, {}).fighting


# -- healing -----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("wounds", "difficulty"), [(0, 1), (6, 1), (7, 2), (12, 2), (13, 3)])
def test_medicine_is_easy_to_half_the_threshold_average_above_hard_past_it(wounds, difficulty):
    patient = kara()                                  # wound threshold 12
    patient.status["wounds"] = wounds
    assert healing.wound_difficulty(patient)[0] == difficulty


def test_medicine_heals_a_wound_per_success_and_a_strain_per_advantage_once_per_encounter():
    doctor = jax()
    doctor.equipment += gear("Medkit")
    doctor.stats |= {"intellect": 2, "medicine": 1}
    patient = kara()
    patient.status |= {"wounds": 8, "strain": 3}
    # Intellect 2, Medicine 1: one proficiency, one ability against Average (8 of 12 wounds).
    result, treated = RULES.healing.heal(actor(doctor), actor(patient), TypedDice(["ss", "sa", "blank", "blank"]), {})
    assert result.outcome.succeeded
    assert SetStatus("kara", "wounds", 5) in treated.effects and SetStatus("kara", "strain", 2) in treated.effects
    assert SetResource("c-kara", "medicine_treated", True) in treated.effects
    with pytest.raises(ValueError, match="Kara has had a Medicine check this encounter already"):
        RULES.healing.heal(actor(doctor), actor(patient, medicine_treated=True), TypedDice([]), {})


def test_treating_oneself_is_two_dice_harder_and_no_medkit_one():
    k = kara()
    pool = healing.medicine_pool(actor(k), actor(k), 1, "wounds")
    assert pool.difficulty == 1 + 2 + 1
    k.equipment += gear("Medkit")
    assert healing.medicine_pool(actor(k), actor(jax()), 1, "wounds").difficulty == 1


def test_an_injury_heals_with_medicine_at_its_severity():
    patient = kara()
    patient.status["criticals"] = "nick, senseless"
    patient.conditions.append(ConditionState(key="staggered"))
    doctor = jax()
    doctor.equipment += gear("Medkit")
    assert healing.medicine_pool(actor(doctor), actor(patient), 3, "x").difficulty == 3
    result, healed = healing.heal_critical(actor(doctor), actor(patient), "senseless",
                                           TypedDice(["ss", "s", "blank", "blank", "blank"]), {})
    assert result.outcome.succeeded
    assert healed.effects == (SetStatus("kara", "criticals", "nick"), RemoveCondition("kara", "staggered"))
    with pytest.raises(ValueError, match="Kara carries no critical injury 'agony'"):
        healing.heal_critical(actor(doctor), actor(patient), "agony", TypedDice([]), {})


def test_a_night_heals_a_wound_and_clears_strain_and_stimpacks():
    patient = kara()
    patient.status |= {"wounds": 4, "strain": 5, "stimpacks": 3}
    rested = healing.night_rest(actor(patient), {})
    assert rested.effects == (SetStatus("kara", "wounds", 3), SetStatus("kara", "strain", 0),
                              SetStatus("kara", "stimpacks", 0))


def test_the_weekly_resilience_check_heals_the_worst_injury_and_a_triumph_one_more():
    patient = jax()                                   # Brawn 3
    patient.status["criticals"] = "nick, maimed, head_blow"
    # Maimed: severity 3, Hard: three ability dice against three difficulty dice and Maimed's setback die.
    dice = TypedDice(["ss", "s", "blank", "f", "blank", "blank", "blank"])
    result, healed = healing.weekly_resilience(actor(patient), dice, {})
    assert result.outcome.succeeded and healed.effects == (SetStatus("jax", "criticals", "nick, head_blow"),)


def test_strain_recovers_after_the_fight_by_a_simple_cool_or_discipline_check():
    patient = boss()
    patient.status["strain"] = 5
    _result, recovered = healing.recover_strain(actor(patient), TypedDice(["ss", "s", "blank"]), {}, "cool")
    assert recovered.effects == (SetStatus("boss", "strain", 2),)
    with pytest.raises(ValueError, match="Strain is recovered with Cool or Discipline, not medicine"):
        healing.recover_strain(actor(patient), TypedDice([]), {}, "medicine")


def test_a_minion_group_takes_no_strain_of_its_own():
    assert "strain" not in [f.key for f in RULES.sheet.override_fields(actor(thugs()), {})]
    assert "strain" in [f.key for f in RULES.sheet.override_fields(actor(kara()), {})]
