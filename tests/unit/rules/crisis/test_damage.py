"""Crisis damage: DR and durability, the non-lethal minimum, wounds, Dying, death, incapacitation."""

from __future__ import annotations

import pytest
from conftest import armour, npc, pc

from crisis_desktop.rules.base import Actor, AddCondition, SetItemStat, SetStatus
from crisis_desktop.rules.crisis.damage import Vitals, hit


def test_dr_3_durability_10_example(rules):
    target = pc(equipment=(armour(dr=3, durability=10),))
    result = rules.attacks.apply_damage(Actor(target), 5, {})
    assert result.taken.value == 2
    assert SetStatus(target.id, "wounds", 2) in result.effects
    item = target.equipment[0]
    assert SetItemStat(target.id, item.id, "durability", 7) in result.effects
    assert "Armour durability 10 -> 7" in result.notes


def test_hit_smaller_than_dr_costs_2_durability_and_1_nonlethal(rules):
    target = pc(equipment=(armour(dr=3, durability=10),))
    result = rules.attacks.apply_damage(Actor(target), 2, {})
    assert SetItemStat(target.id, target.equipment[0].id, "durability", 8) in result.effects
    assert SetStatus(target.id, "nonlethal", 1) in result.effects
    assert not any(isinstance(e, AddCondition) for e in result.effects)  # no status effects
    assert result.taken.value == 1


@pytest.mark.parametrize(("rule", "raw", "wear"), [("flat_2", 1, 2), ("flat_2", 7, 2), ("blocked_min_2", 1, 2),
                                                   ("blocked_min_2", 7, 7)])
def test_small_hit_wear_option(rule, raw, wear):
    result = hit(Vitals(24, dr=8, durability=50), raw, wear_rule=rule)
    assert result.wear == wear and result.after.durability == 50 - wear


def test_worn_out_armour_gives_no_dr(rules):
    target = pc(equipment=(armour(dr=3, durability=0),))
    assert rules.attacks.apply_damage(Actor(target), 5, {}).taken.value == 5


def test_armour_piercing_ignores_dr():
    assert hit(Vitals(24, dr=3, durability=10), 5, ignore_dr=True).taken == 5


def test_zero_health_is_dying_and_incapacitated(rules):
    target = pc(status={"wounds": 20, "nonlethal": 0})   # Health 24, 4 left
    result = rules.attacks.apply_damage(Actor(target), 4, {})
    assert AddCondition(target.id, "dying") in result.effects
    assert AddCondition(target.id, "incapacitated") in result.effects


def test_minus_ten_health_is_dead(rules):
    target = pc(status={"wounds": 20, "nonlethal": 0})
    result = rules.attacks.apply_damage(Actor(target), 14, {})
    assert AddCondition(target.id, "dead") in result.effects
    assert AddCondition(target.id, "dying") not in result.effects


def test_more_than_12_in_one_hit_incapacitates():
    big = hit(Vitals(40), 13)
    assert big.incapacitated and not big.dying
    assert not hit(Vitals(40), 12).incapacitated


def test_nonlethal_pool_above_health_incapacitates(rules):
    target = pc(status={"wounds": 10, "nonlethal": 10})   # Health 24 - 10 = 14
    result = rules.attacks.apply_damage(Actor(target), 5, {}, lethal=False)
    assert SetStatus(target.id, "nonlethal", 15) in result.effects
    assert AddCondition(target.id, "incapacitated") in result.effects
    assert not result.lethal


def test_killing_blow_made_nonlethal():
    spared = hit(Vitals(15, wounds=10), 20, spare_life=True)
    assert spared.spared and spared.after.wounds == 10 and spared.after.nonlethal == 20
    assert spared.incapacitated and not spared.dead
    # under the "dead" threshold only an outright kill is spared
    dying = hit(Vitals(15, wounds=10), 6, spare_life=True, spare_threshold="dead")
    assert dying.dying and not dying.spared


def test_npc_health():
    wolf = hit(Vitals(15), 15)
    assert wolf.dying
    assert Vitals(15).health_now == 15
    assert npc().stats["difficulty"] == 1


def test_terms_add_up(rules):
    target = pc(equipment=(armour(dr=3, durability=10),))
    result = rules.attacks.apply_damage(Actor(target), 1, {})
    assert sum(t.value for t in result.taken.terms) == result.taken.value == 1
