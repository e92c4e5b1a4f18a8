"""Derived values (Health, Endurance, Perception, NPC pools), bars, state, and healing."""

from __future__ import annotations

import pytest
from classic_helpers import apply, armour, make_actor, make_character

from crisis_desktop.domain import CharacterKind
from crisis_desktop.rules.base import Term
from crisis_desktop.rules.kernel.dice import TypedDice


def test_pc_pools_from_might(rules):
    d = rules.sheet.derived(make_character(might=12, level=3), {})
    assert (d["health_max"].value, d["endurance_max"].value, d["perception"].value) == (12, 48, 13)


def test_traits_and_perks_change_pools(rules):
    d = rules.sheet.derived(make_character(might=12, trait_enduring=True, perk_healthy=True), {})
    assert d["health_max"].explain() == "Might 12, Healthy +10, Enduring -5 = 17"
    assert d["endurance_max"].explain() == "4 x Might 48, Enduring +10 = 58"


@pytest.mark.parametrize("dl", range(1, 11))
def test_npc_pools_from_difficulty_level(rules, dl):
    d = rules.sheet.derived(make_character(kind=CharacterKind.NPC, difficulty=dl), {})
    assert d["health_max"].value == 20 + 5 * dl and d["endurance_max"].value == 50 + 10 * dl
    assert "fixed_defence" in d


def test_current_pools_and_bars(rules):
    actor = make_actor(ap=3)
    actor.character.status.update(health_damage=4, endurance_damage=15)
    actor.character.equipment.append(armour("Body Armour MK III"))
    bars = {b.key: (b.current, b.maximum) for b in rules.sheet.resources(actor, {})}
    assert bars == {"health": (6, 10), "endurance": (25, 40), "ap": (3, 6), "durability": (8, 8)}


def test_move_distance(rules):
    assert rules.sheet.derived(make_character(speed=13), {})["move_m"].value == 5
    assert rules.sheet.derived(make_character(speed=5), {})["move_m"].value == 1     # at least 1
    assert rules.sheet.derived(make_character(speed=14), {})["sneak_m"].value == 4


def test_state(rules):
    c = make_character()
    assert rules.sheet.state(c, {}).key == "ok"
    c.status["endurance_damage"] = 40
    assert "exhausted" in rules.sheet.state(c, {}).text
    assert rules.sheet.state(make_character(might=0), {}).key == "dead"


# --------------------------------------------------------------------------- healing


@pytest.mark.parametrize(("faces", "extra"), [
    ((2, 3, 3), 6),    # 8 against 12: margin 4 passes DL 6 (-4), not DL 7 (-6)
    ((4, 4, 4), 4),    # margin 0: DL 4 (0)
    ((6, 5, 4), 1),    # margin -3: only DL 1 (+3)
    ((6, 5, 5), 0),    # margin -4: no level
    ((6, 6, 6), 10),   # legendary
    ((1, 1, 1), 0),    # fumble
    ((1, 1, 2), 8),    # margin 8: passes DL 8 (-8), not DL 9 (-10)
])
def test_medicine_result_as_difficulty_level(rules, faces, extra):
    medic = make_actor("Medic", science=2)      # Intelligence 10 + Science 2 = 12
    patient = make_actor("Pat")
    patient.character.status["health_damage"] = 9
    result, effects = rules.healing.heal(medic, patient, TypedDice(faces), {})
    assert result.target.value == 12
    apply(patient, effects.effects)
    assert patient.character.status["health_damage"] == max(0, 9 - 1 - extra)


def test_margin_translation_option(rules):
    medic, patient = make_actor("Medic", science=2), make_actor("Pat")
    patient.character.status["health_damage"] = 9
    _, effects = rules.healing.heal(medic, patient, TypedDice([2, 3, 3]), {"healing_translation": "margin"})
    apply(patient, effects.effects)
    assert patient.character.status["health_damage"] == 4     # 1 natural + margin 4


def test_heal_modifiers_and_cap(rules):
    medic, patient = make_actor("Medic", science=2), make_actor("Pat")
    patient.character.status["health_damage"] = 2
    result, effects = rules.healing.heal(medic, patient, TypedDice([2, 3, 3]), {}, (Term("hospital", 2),))
    assert result.target.value == 14
    apply(patient, effects.effects)
    assert patient.character.status["health_damage"] == 0 and "only 2 was missing" in effects.notes[0]


def test_natural_healing_and_rest(rules):
    patient = make_actor("Pat", conditions=["exhausted"])
    patient.character.status.update(health_damage=3, endurance_damage=40)
    apply(patient, rules.natural_healing(patient).effects)
    apply(patient, rules.full_rest(patient).effects)
    assert patient.character.status == {"health_damage": 2, "endurance_damage": 0}
    assert not patient.character.has_condition("exhausted")
