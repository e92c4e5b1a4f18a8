"""Crisis healing: Medicine penalties, Extras, dying patients, non-lethal healing, natural healing."""

from __future__ import annotations

import pytest
from conftest import pc

from crisis_desktop.domain import EquipmentItem, ItemKind
from crisis_desktop.rules.base import Actor, AddCondition, RemoveCondition, SetStatus
from crisis_desktop.rules.crisis.healing import hourly_recovery, medicine_terms
from crisis_desktop.rules.kernel.dice import TypedDice

MEDKIT = EquipmentItem(name="Field medkit", kind=ItemKind.GEAR)


def test_medicine_penalties():
    assert sum(t.value for t in medicine_terms(True, [])) == -4
    assert sum(t.value for t in medicine_terms(False, ["medkit"])) == 0   # the asset only cancels
    assert sum(t.value for t in medicine_terms(False, ["medkit", "splint", "Medkit"])) == 1


def test_heal_one_wound_plus_extras(rules):
    healer = pc("Vera", medicine=10, equipment=(MEDKIT,))
    patient = pc("Dim", status={"wounds": 5, "nonlethal": 0})
    result, effects = rules.healing.heal(Actor(healer), Actor(patient), TypedDice([9]), {})   # 9: 1 Extra
    assert result.degree == 1
    assert SetStatus(patient.id, "wounds", 3) in effects.effects


def test_self_treatment_without_aids(rules):
    healer = pc("Vera", medicine=10, status={"wounds": 5, "nonlethal": 0})
    result, effects = rules.healing.heal(Actor(healer), Actor(healer), TypedDice([7]), {})
    assert result.total.value == 3 and not result.outcome.succeeded
    assert effects.effects == ()


def test_nonlethal_heals_double(rules):
    healer = pc("Vera", medicine=10, equipment=(MEDKIT,))
    patient = pc("Dim", status={"wounds": 0, "nonlethal": 7})
    _, effects = rules.healing.heal(Actor(healer), Actor(patient), TypedDice([9]), {})   # 2 points -> 4 non-lethal
    assert SetStatus(patient.id, "nonlethal", 3) in effects.effects


def test_dying_patient_is_stabilised(rules):
    healer = pc("Vera", medicine=10, equipment=(MEDKIT,))
    patient = pc("Dim", conditions=("dying", "incapacitated"), status={"wounds": 26, "nonlethal": 0})
    _, effects = rules.healing.heal(Actor(healer), Actor(patient), TypedDice([5]), {})
    assert RemoveCondition(patient.id, "dying") in effects.effects
    assert AddCondition(patient.id, "incapacitated", 10) in effects.effects


@pytest.mark.parametrize(("circumstances", "roll", "wounds"), [
    ((), 4, 4), (("no_medical_attention",), 4, 5), (("hospital",), 2, 4), (("rough_travel", "doctor"), 5, 4),
])
def test_natural_healing(rules, circumstances, roll, wounds):
    patient = pc(status={"wounds": 5, "nonlethal": 0})
    _, effects = rules.natural_healing(Actor(patient), TypedDice([roll]), {}, circumstances)
    got = next((e.value for e in effects.effects if isinstance(e, SetStatus)), 5)
    assert got == wounds


def test_natural_healing_critical_failure_adds_a_wound(rules):
    patient = pc(status={"wounds": 5, "nonlethal": 0})
    _, effects = rules.natural_healing(Actor(patient), TypedDice([1, 1]), {})
    assert SetStatus(patient.id, "wounds", 6) in effects.effects


def test_unknown_circumstance_is_named(rules):
    with pytest.raises(KeyError, match="sauna"):
        rules.natural_healing(Actor(pc()), TypedDice([4]), {}, ("sauna",))


def test_hourly_recovery():
    patient = pc(status={"wounds": 0, "nonlethal": 3})
    assert hourly_recovery(Actor(patient)).effects == (SetStatus(patient.id, "nonlethal", 2),)
