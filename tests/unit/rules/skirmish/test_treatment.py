"""Death checks, Stabilization, Trauma treatment and rest."""

from __future__ import annotations

import pytest

from crisis_desktop.domain import ConditionState
from crisis_desktop.rules.base import Actor, AddCondition, RemoveCondition, SetStatus
from crisis_desktop.rules.kernel.dice import TypedDice
from tests.unit.rules.skirmish.people import RULES, plain


def dying(**status) -> Actor:
    c = plain("Ana", status={"fatigue": 5, **status})         # Stamina 0
    c.conditions.append(ConditionState(key="bleeding"))
    return Actor(c)


def allowed(patient: Actor, fighting: bool = False) -> dict[str, str]:
    return {t.key: t.reason for t in RULES.healing.treatments(patient, {}, fighting=fighting)}


def test_a_death_check_of_exactly_15_passes_by_default_and_fails_under_gt() -> None:
    patient = dying()
    check, done = RULES.healing.treat("death_check", patient, patient, TypedDice([15]), {})
    assert check.outcome.succeeded and SetStatus("ana", "death_failures", 0) in done.effects
    check, done = RULES.healing.treat("death_check", patient, patient, TypedDice([15]), {"death_check_success": "gt"})
    assert not check.outcome.succeeded and SetStatus("ana", "death_failures", 1) in done.effects


def test_three_failed_death_checks_kill_and_three_checks_survived_stabilize() -> None:
    patient = dying(death_checks=2, death_failures=2)
    _check, done = RULES.healing.treat("death_check", patient, patient, TypedDice([3]), {})
    assert AddCondition("ana", "dead") in done.effects and "Ana dies" in done.notes
    survivor = dying(death_checks=2, death_failures=1)
    _check, done = RULES.healing.treat("death_check", survivor, survivor, TypedDice([3]), {})
    assert RemoveCondition("ana", "bleeding") in done.effects
    _check, done = RULES.healing.treat("death_check", survivor, survivor, TypedDice([3]),
                                       {"death_check_survivor": "continue"})
    assert RemoveCondition("ana", "bleeding") not in done.effects


def test_stabilization_stops_the_bleeding_a_partial_failure_retries_a_failure_bars() -> None:
    patient, healer = dying(), Actor(plain("Ilse", cog=12, stabilization=3))     # +5
    check, done = RULES.healing.treat("stabilization", healer, patient, TypedDice([11]), {})   # 16 > 15
    assert check.outcome.succeeded and RemoveCondition("ana", "bleeding") in done.effects
    _check, done = RULES.healing.treat("stabilization", healer, patient, TypedDice([7]), {})    # 12: within 5
    assert done.effects == () and "try again next watch" in done.notes[0]
    _check, done = RULES.healing.treat("stabilization", healer, patient, TypedDice([2]), {})    # 7
    assert done.effects == (SetStatus("ana", "stabilization_barred", True),)
    barred = dying(stabilization_barred=True)
    assert "no medical check can stabilize" in allowed(barred)["stabilization"]
    with pytest.raises(ValueError, match="no medical check"):
        RULES.healing.treat("stabilization", healer, barred, TypedDice([20]), {})


def test_trauma_treatment_heals_a_critical_wound_or_costs_a_pain() -> None:
    patient = Actor(plain("Ana", status={"wound_arms": "critical"}))
    healer = Actor(plain("Ilse", cog=12, trauma_treatment=3))
    treatment = next(t for t in RULES.healing.treatments(patient, {}, fighting=False) if t.key == "trauma_treatment")
    assert treatment.choices == (("arms", "Fractured arm"),)
    _check, done = RULES.healing.treat("trauma_treatment", healer, patient, TypedDice([12]), {}, "arms")
    assert done.effects == (SetStatus("ana", "wound_arms", "none"),)
    _check, done = RULES.healing.treat("trauma_treatment", healer, patient, TypedDice([3]), {}, "arms")
    assert done.effects == (SetStatus("ana", "fatigue", 1),)


def test_what_cannot_be_given_says_why() -> None:
    fine = Actor(plain("Bo"))
    reasons = allowed(fine)
    assert reasons["death_check"] == "Bo is not dying" and reasons["stabilization"] == "Bo is not bleeding"
    assert reasons["trauma_treatment"] == "Bo has no critical wound to treat" and reasons["rest"] == "Bo has no Fatigue"
    assert allowed(dying(), fighting=True)["death_check"] == "given during a rest, after the fight"
    tired = Actor(plain("Bo", status={"fatigue": 3}))
    assert RULES.healing.treat("rest", tired, tired, TypedDice([]), {})[1].effects == (SetStatus("bo", "fatigue", 2),)
    assert RULES.healing.treat("camp", tired, tired, TypedDice([]), {})[1].effects == (SetStatus("bo", "fatigue", 0),)
    with pytest.raises(ValueError, match="rest or a camp"):
        RULES.healing.heal(tired, tired, TypedDice([]), {})
