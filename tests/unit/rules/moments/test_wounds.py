"""Injury and recovery: damage minus armour off HP, 0 HP is death, major wounds row by row for each damage type with
their death tests and sides, medical attention and natural healing."""

from __future__ import annotations

import pytest

from crisis_desktop.rules.base import AddCondition, Explained, SetStatus
from crisis_desktop.rules.kernel.dice import TypedDice
from crisis_desktop.rules.moments import sheet, wounds
from tests.unit.rules.moments.people import RULES, actor, brann, ilse, pc, vera

# The table as the text prints it (moments-combat.md), cell by cell: d12 -> (part, crushing, slicing, piercing).
TABLE = {
    1: ("Foot", "Foot crushed, walk slowly with a limp", "Foot cut off (d6+1)",
        "Foot stabbed through, limp til healed (d10)"),
    2: ("Leg", "Femur cracked, walk slowly until healed", "Femoral artery sliced (d4+1)",
        "Thigh pierced, painful flesh wound, slowing movement til healed (d6)"),
    3: ("Hand", "Fingers crushed, unable to hold anything securely", "Hand cut off (d6+1)",
        "Hand stabbed through, unable to hold anything til healed (d10)"),
    4: ("Arm", "Forearm broken, can't hold anything heavy til healed", "Arm cut off at the elbow (d4+1)",
        "Forearm pierced, painful flesh wound, hard to hold anything til healed (d8+1)"),
    5: ("Belly", "Ruptured Spleen (d6+1)", "Intestines falling out (d6+2)", "Aorta severed (d4+2)"),
    6: ("Chest", "Collapsed Lung (d6+1)", "Sliced pectoral (d10)", "Pierced Heart, death"),
    7: ("Neck", "Broken Neck (d4+2)", "Slit throat, death", "Stabbed in the throat (d4+2)"),
    8: ("Cheek", "Shattered cheek, concussion (d4)", "Cheek sliced open to mouth (d10)",
        "Broken teeth and severed tongue (d6)"),
    9: ("Eye", "Broken eye socket, eye pulverized (d6+1)", "Ear cut off", "Lost eye (d4+1)"),
    10: ("Skull", "Shattered skull (d4+2)", "Skull cracked (d6)", "Pierced skull (d4)"),
    11: ("Nose", "Crushed face (d6)", "Nose cut off (d10)", "Nose split (d4+1)"),
    12: ("Ear", "Oozing Brains, death", "Ear cut off (d10)", "Ear split (d4+2)"),
}
SEED = {"slicing_eye_fix": "off"}


def printed(cell: wounds.WoundRow) -> str:
    """The cell as the text prints it."""
    if cell.death:
        return f"{cell.text}, death"
    return f"{cell.text} (d{cell.die}{f'+{cell.bonus}' if cell.bonus else ''})" if cell.die else cell.text


@pytest.mark.parametrize("roll", range(1, 13))
@pytest.mark.parametrize("column", [1, 2, 3])
def test_the_major_wound_table_row_by_row(roll, column):
    damage_type = ("crushing", "slicing", "piercing")[column - 1]
    cell = wounds.row(roll, damage_type, SEED)
    assert cell.part == TABLE[roll][0]
    assert printed(cell) == TABLE[roll][column]


def test_the_later_texts_eye_replaces_the_duplicated_ear_by_default():
    assert printed(wounds.row(9, "slicing", {})) == "Eye ruined"
    assert wounds.row(9, "slicing", {}).die is None


@pytest.mark.parametrize(("roll", "damage_type", "face", "dies"), [
    (1, "slicing", 5, True), (1, "slicing", 4, False),       # d6+1: 5 + 1 = 6 >= 6
    (6, "slicing", 10, True), (6, "slicing", 9, False),      # d10: only a 10
    (7, "crushing", 2, True), (7, "crushing", 1, False),     # d4+2
    (8, "crushing", 4, True), (8, "crushing", 3, False),     # d4
    (4, "piercing", 7, True), (4, "piercing", 6, False),     # d8+1
])
def test_the_death_test_is_die_plus_bonus_against_the_die(roll, damage_type, face, dies):
    assert wounds.death_test(wounds.row(roll, damage_type, {}), TypedDice([face]), "Vera")[0] is dies


def test_death_outright_and_no_test_without_a_die():
    assert wounds.death_test(wounds.row(6, "piercing", {}), TypedDice([]), "Vera") == \
        (True, "Vera: Pierced Heart: death")
    assert wounds.death_test(wounds.row(1, "crushing", {}), TypedDice([]), "Vera") == (False, "Vera: no death test")


def test_sides_follow_the_last_tests_parity():
    assert wounds.side_of(42) == "left" and wounds.side_of(41) == "right"


def test_half_the_current_hp_from_one_source_is_major():
    assert wounds.is_major(6, 11) and not wounds.is_major(5, 11) and wounds.is_major(5, 10)


def test_damage_minus_armour_comes_off_hp():
    v = vera()                                                # 11 HP, 2 AP
    result = wounds.take_damage(v, Explained.of(("1d8", 6)), "slicing", 10, TypedDice([]), {})
    assert result.taken.value == 4 and [t.label for t in result.taken.terms] == ["1d8", "armour points"]
    assert SetStatus("vera", "hp_lost", 4) in result.effects
    assert SetStatus("vera", "wounds", "4 slicing") in result.effects
    soaked = wounds.take_damage(v, Explained.of(("1d4", 2)), "crushing", 10, TypedDice([]), {})
    assert soaked.taken.value == 0 and soaked.effects == () and soaked.notes == ("Vera's armour soaks it all",)


def test_zero_hp_is_death():
    b = brann(bod=4, pow=4)                                   # 4 HP, no armour
    result = wounds.take_damage(b, Explained.of(("2d6", 9)), "slicing", 10, TypedDice([]), {})
    assert AddCondition("brann", "dead") in result.effects and SetStatus("brann", "hp_lost", 4) in result.effects
    b.status["hp_lost"] = 4
    assert RULES.sheet.state(b, {}).key == "dead"


def test_a_major_wound_rolls_the_table_by_type_and_side_then_the_death_test():
    v = vera()
    # 8 slicing - 2 AP = 6 of 11 HP: major. d12 3: Hand cut off (d6+1), right (the last test 41 is odd); d6 2 lives.
    result = wounds.take_damage(v, Explained.of(("2d6", 8)), "slicing", 41, TypedDice([3, 2]), {})
    assert result.notes == ("Major wound for Vera (6 of 11 HP): d12 = 3: Hand (right): Hand cut off (d6+1)",
                            "Vera: death test d6 + 1 = 2 + 1 = 3 against 6: survives, if medical attention "
                            "comes quickly")
    assert SetStatus("vera", "wounds", "6 slicing major 3 right") in result.effects
    assert not any(isinstance(e, AddCondition) for e in result.effects)
    fatal = wounds.take_damage(v, Explained.of(("2d6", 8)), "slicing", 41, TypedDice([3, 5]), {})
    assert AddCondition("vera", "dead") in fatal.effects
    # Belly has no side.
    belly = wounds.take_damage(v, Explained.of(("2d6", 8)), "crushing", 42, TypedDice([5, 1]), {})
    assert "d12 = 5: Belly: Ruptured Spleen (d6+1)" in belly.notes[0]


def test_wounds_round_trip_through_the_status_text():
    items = [wounds.Wound(6, "slicing", 3, "right"), wounds.Wound(2, "crushing", state=wounds.BARRED)]
    c = pc("A", wounds=None)
    c.status["wounds"] = wounds.wounds_text(items)
    assert wounds.wounds(c) == items


def test_medical_attention_is_a_hard_int_test_per_wound():
    patient = vera()
    patient.status.update(hp_lost=7, wounds="4 slicing; 3 crushing")
    healer = actor(ilse())                                    # (42 + Medicine 30) / 2 = 36
    check, effects = RULES.healing.heal(healer, actor(patient), TypedDice([20, 3]), {})
    assert check.target.value == 36 and [t.label for t in check.target.terms] == ["3 x INT", "Medicine", "hard (/ 2)"]
    assert SetStatus("vera", "hp_lost", 4) in effects.effects
    assert SetStatus("vera", "wounds", "4 slicing treated; 3 crushing") in effects.effects
    patient.status.update(hp_lost=4, wounds="4 slicing treated; 3 crushing")
    failed = RULES.healing.treat("medical", healer, actor(patient), TypedDice([50]), {})[1]
    assert SetStatus("vera", "wounds", "4 slicing treated; 3 crushing barred") in failed.effects
    assert not any(e.key == "hp_lost" for e in failed.effects)
    patient.status["wounds"] = "4 slicing treated; 3 crushing barred"
    with pytest.raises(ValueError, match="Vera has no wound that medical attention may still treat"):
        RULES.healing.heal(healer, actor(patient), TypedDice([1]), {})
    assert not RULES.healing.treatments(actor(patient), {}, fighting=False)[0].allowed


def test_medical_attention_heals_no_more_than_was_lost():
    patient = vera()
    patient.status.update(hp_lost=1, wounds="1 piercing")
    _check, effects = RULES.healing.treat("medical", actor(ilse()), actor(patient), TypedDice([5, 4]), {})
    assert SetStatus("vera", "hp_lost", 0) in effects.effects


def test_natural_healing_a_week_of_rest_gives_1_hp():
    patient = vera()
    patient.status["hp_lost"] = 3
    rest = next(t for t in RULES.healing.treatments(actor(patient), {}, fighting=False) if t.key == "rest")
    assert rest.allowed and not rest.healer
    assert RULES.healing.treat("rest", actor(patient), actor(patient), TypedDice([]), {})[1].effects == \
        (SetStatus("vera", "hp_lost", 2),)
    assert not next(t for t in RULES.healing.treatments(actor(patient), {}, fighting=True) if t.key == "rest").allowed
    patient.status["hp_lost"] = 0
    with pytest.raises(ValueError, match="Vera has lost no HP"):
        RULES.healing.treat("rest", actor(patient), actor(patient), TypedDice([]), {})
    assert sheet.hp(patient) == 11


def test_damage_dealt_by_hand_notes_a_major_wound_due():
    result = RULES.attacks.apply_damage(actor(vera()), 8, {}, damage_type="slicing")
    assert result.notes == ("A major wound is due for Vera (6 of 11 HP): roll the d12 and its death test",)
