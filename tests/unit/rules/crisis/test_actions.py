"""Crisis action economy: AP limits, costs from the action table, multi-turn actions, NPC actions, conditions."""

from __future__ import annotations

import pytest
from conftest import actor, npc, pc, weapon
from hypothesis import example, given, settings
from hypothesis import strategies as st

from crisis_desktop.domain import ConditionState
from crisis_desktop.rules.base import Actor, AddCondition, RemoveCondition, SetResource, SetStatus
from crisis_desktop.rules.crisis import tables
from tests.hypothesis_budget import examples

COSTS = {"move": 1, "run": 2, "crawl": 1, "crouch": 1, "kneel": 1, "stand_from_kneel": 1, "go_prone": 2,
         "stand_from_prone": 2, "hide": 3, "sneak": 1, "attack": 2, "draw_light": 0, "draw_heavy": 2, "take_aim": 2,
         "use_item": 2, "reload": 2, "overwatch": 2, "execute": 2, "first_aid": 2}


def apply(a: Actor, effects) -> Actor:
    """The actor after the effects (enough of the controller for these tests)."""
    c, cb = a.character, a.combatant
    resources, status = dict(cb.resources), dict(c.status)
    conditions = list(c.conditions)
    for e in effects:
        if isinstance(e, SetResource):
            resources[e.key] = e.value
        elif isinstance(e, SetStatus):
            status[e.key] = e.value
        elif isinstance(e, AddCondition):
            conditions = [x for x in conditions if x.key != e.key] + [ConditionState(key=e.key, rounds=e.rounds)]
        elif isinstance(e, RemoveCondition):
            conditions = [x for x in conditions if x.key != e.key]
    return Actor(c.model_copy(update={"status": status, "conditions": conditions}),
                 cb.model_copy(update={"resources": resources}))


@pytest.mark.parametrize(("key", "cost"), sorted(COSTS.items()))
def test_each_action_cost(rules, key, cost):
    assert tables.actions()[key].cost == cost
    shooter = actor(pc(light_weapons=6, equipment=(weapon(cap=7, ammo=3, reload_ap=2),),
                       conditions=("prone",) if key in ("crawl", "stand_from_prone") else
                       ("kneeling",) if key == "stand_from_kneel" else ()), ap=6)
    avail = {a.action.key: a for a in rules.economy.available_actions(shooter, {})}
    assert avail[key].allowed, avail[key].reason
    assert avail[key].price == {"ap": cost}
    after = apply(shooter, rules.economy.spend_action(shooter, key, {}).effects)
    assert after.combatant.resources["ap"] == 6 - cost


def test_weapon_specific_attack_and_reload_cost(rules, catalogue):
    sniper = actor(pc(equipment=(catalogue["sniper-rifle"],)), ap=6)
    avail = {a.action.key: a for a in rules.economy.available_actions(sniper, {})}
    assert avail["attack"].price == {"ap": 3} and avail["reload"].price == {"ap": 1}


def test_ap_per_turn_and_overflow(rules):
    a = actor(pc(), ap=0)
    a = apply(a, rules.start_encounter(a, {}).effects)
    assert a.combatant.resources["ap"] == 0
    a = apply(a, rules.start_turn(a, {}).effects)
    assert a.combatant.resources["ap"] == 4
    notes = rules.start_turn(a, {}).notes
    a = apply(a, rules.start_turn(a, {}).effects)
    assert a.combatant.resources["ap"] == 6 and "2 AP over 6 lost" in notes


def test_not_enough_ap_says_why(rules):
    a = actor(pc(name="Vera", equipment=(weapon(),)), ap=1)
    with pytest.raises(ValueError, match="Not enough AP: Attack costs 2, Vera has 1"):
        rules.economy.spend_action(a, "attack", {})


def test_stunned_gains_no_ap_and_cannot_act(rules):
    a = actor(pc(conditions=("stunned",)), ap=1)
    assert not any(e.key == "ap" for e in rules.start_turn(a, {}).effects if isinstance(e, SetResource))
    assert all(not x.allowed and "stunned" in x.reason for x in rules.economy.available_actions(a, {}))


def test_take_aim_not_after_moving(rules):
    a = actor(pc(equipment=(weapon(),)), ap=6)
    a = apply(a, rules.economy.spend_action(a, "take_aim", {}).effects)
    assert a.combatant.resources["aim"] == 1
    a = apply(a, rules.economy.spend_action(a, "move", {}).effects)
    assert a.combatant.resources["aim"] == 0
    with pytest.raises(ValueError, match="moved"):
        rules.economy.spend_action(a, "take_aim", {})


def test_posture_actions_set_conditions(rules):
    a = actor(pc(), ap=6)
    a = apply(a, rules.economy.spend_action(a, "kneel", {}).effects)
    assert a.character.has_condition("kneeling")
    a = apply(a, rules.economy.spend_action(a, "go_prone", {}).effects)
    assert a.character.has_condition("prone") and not a.character.has_condition("kneeling")
    with pytest.raises(ValueError, match="already prone"):
        rules.economy.spend_action(a, "go_prone", {})


def test_multi_turn_action_and_cancel(rules):
    a = actor(pc(), ap=4)
    a = apply(a, rules.economy.spend_action(a, "repair_engine", {}, cost=10).effects)
    assert a.combatant.resources["pending_progress"] == 4 and a.combatant.resources["ap"] == 0
    assert "Repair Engine: 4 of 10 AP" in rules.sheet.badges(a, {})
    a = apply(a, rules.start_turn(a, {}).effects)
    a = apply(a, rules.economy.spend_action(a, "repair_engine", {}).effects)     # cost remembered
    assert a.combatant.resources["pending_progress"] == 8
    a = apply(a, rules.start_turn(a, {}).effects)
    done = rules.economy.spend_action(a, "repair_engine", {})
    a = apply(a, done.effects)
    assert "Repair Engine is done" in done.notes and a.combatant.resources["ap"] == 2
    assert a.combatant.resources["pending_action"] is None
    b = actor(pc(), ap=4)
    b = apply(b, rules.economy.spend_action(b, "repair_engine", {}, cost=10).effects)
    b = apply(b, rules.start_turn(b, {}).effects)
    moved = rules.economy.spend_action(b, "move", {})
    assert "Repair Engine is cancelled" in moved.notes
    assert apply(b, moved.effects).combatant.resources["pending_progress"] == 0


def test_custom_action_costs_at_least_one(rules):
    a = actor(pc(), ap=6)
    assert apply(a, rules.economy.spend_action(a, "shout", {}, cost=0).effects).combatant.resources["ap"] == 5


def test_npcs_take_two_actions(rules):
    wolf = actor(npc(equipment=(weapon("Bite", skill="melee", range=0, damage="d8"),)), ap=0)
    wolf = apply(wolf, rules.economy.spend_action(wolf, "run", {}).effects)
    wolf = apply(wolf, rules.economy.spend_action(wolf, "attack", {}).effects)
    with pytest.raises(ValueError, match="both actions"):
        rules.economy.spend_action(wolf, "move", {})
    # under the "ap" option the NPC spends AP like a PC (and has none yet)
    hide = {a.action.key: a for a in rules.economy.available_actions(wolf, {"npc_actions": "ap"})}["hide"]
    assert not hide.allowed and "Not enough AP" in hide.reason
    wolf = apply(wolf, rules.start_turn(wolf, {}).effects)
    assert wolf.combatant.resources["actions_taken"] == 0


def test_dying_bleeds_and_dies_at_minus_ten(rules):
    a = actor(pc(conditions=("dying",), status={"wounds": 24, "nonlethal": 0}), ap=0)   # Health 24 -> 0
    effects = rules.start_turn(a, {}).effects
    assert SetStatus(a.character.id, "wounds", 25) in effects
    last = actor(pc(conditions=("dying",), status={"wounds": 33, "nonlethal": 0}), ap=0)
    assert AddCondition(last.character.id, "dead") in rules.start_turn(last, {}).effects


def test_end_turn_counts_down_conditions(rules):
    c = pc()
    c = c.model_copy(update={"conditions": [ConditionState(key="stunned", rounds=1),
                                            ConditionState(key="incapacitated", rounds=3)]})
    effects = rules.end_turn(Actor(c, actor(c).combatant), {}).effects
    assert RemoveCondition(c.id, "stunned") in effects and AddCondition(c.id, "incapacitated", 2) in effects


@given(st.lists(st.one_of(st.just("turn"), st.sampled_from(sorted(COSTS)), st.integers(1, 14)), max_size=40))
@settings(max_examples=examples(80), deadline=None)
# Continuing a multi-turn action at another cost once charged negative AP and reached 7.
@example(["turn", 7, "turn", 9, "turn", "turn", 7])
def test_ap_stays_within_0_and_6(steps):
    from crisis_desktop.rules.crisis import CrisisRuleset

    rules = CrisisRuleset()
    a = actor(pc(light_weapons=6, equipment=(weapon(cap=7, ammo=7, reload_ap=2),)), ap=0)
    for step in steps:
        if step == "turn":
            effects = rules.start_turn(a, {}).effects
        else:
            key, cost = (step, None) if isinstance(step, str) else ("long_task", step)
            try:
                effects = rules.economy.spend_action(a, key, {}, cost).effects
            except ValueError:
                continue
        a = apply(a, effects)
        assert 0 <= a.combatant.resources.get("ap", 0) <= 6
