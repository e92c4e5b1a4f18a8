"""AP economy, the flintlock musket example, turn order with tie rerolls, surprise, end of encounter."""

from __future__ import annotations

import pytest
from classic_helpers import apply, make_actor, weapon
from hypothesis import given, settings
from hypothesis import strategies as st

from crisis_desktop.domain import CharacterKind, Combatant, ConditionState
from crisis_desktop.rules.base import Actor
from crisis_desktop.rules.kernel.dice import RandomDice, TypedDice
from tests.hypothesis_budget import examples


def _musketeer(ap: int):
    actor = make_actor("Hans", ap=ap)
    musket = weapon("Flintlock Musket")
    musket.stats["ammo"] = 0
    actor.character.equipment.append(musket)
    return actor, musket, f"reload:{musket.id}"


def test_flintlock_musket_example_manual(rules):
    """Reload 10 AP begun with 3 AP left: after 2 more rounds it is reloaded with 1 AP left."""
    actor, musket, reload = _musketeer(ap=3)
    res = actor.combatant.resources
    apply(actor, rules.economy.spend_action(actor, reload, {}).effects)
    assert (res["ap"], res["pending_action"], res["pending_progress"]) == (0, reload, 3)
    # The board names the task under way by the rules' label, not by the key it is kept by.
    assert "Reload Flintlock Musket: 3 of 10 AP" in rules.sheet.badges(actor, {})
    for expected_progress in (7,):
        apply(actor, rules.start_turn(actor, {}).effects)
        assert res["ap"] == 4
        apply(actor, rules.economy.spend_action(actor, reload, {}).effects)
        assert (res["ap"], res["pending_progress"]) == (0, expected_progress)
    apply(actor, rules.start_turn(actor, {}).effects)
    result = rules.economy.spend_action(actor, reload, {})
    apply(actor, result.effects)
    assert res["ap"] == 1 and res["pending_action"] is None
    assert musket.stats["ammo"] == 1 and musket.stats["mag"] == 1
    assert "Flintlock Musket reloaded" in result.notes


def test_flintlock_musket_example_auto(rules):
    actor, musket, reload = _musketeer(ap=3)
    options = {"multi_turn_continue": "auto"}
    apply(actor, rules.economy.spend_action(actor, reload, options).effects)
    apply(actor, rules.start_turn(actor, options).effects)
    assert actor.combatant.resources["pending_progress"] == 7
    apply(actor, rules.start_turn(actor, options).effects)
    assert actor.combatant.resources["ap"] == 1 and musket.stats["ammo"] == 1


def test_other_action_cancels_multi_turn_action(rules):
    actor, musket, reload = _musketeer(ap=3)
    apply(actor, rules.economy.spend_action(actor, reload, {}).effects)
    apply(actor, rules.start_turn(actor, {}).effects)
    result = rules.economy.spend_action(actor, "move", {})
    apply(actor, result.effects)
    assert actor.combatant.resources["pending_action"] is None and actor.combatant.resources["ap"] == 3
    assert any("cancelled (3 AP" in n for n in result.notes)
    # Beginning again starts from nothing.
    apply(actor, rules.economy.spend_action(actor, reload, {}).effects)
    assert actor.combatant.resources["pending_progress"] == 3 and musket.stats["ammo"] == 0


def test_short_reload_needs_the_ap_now(rules):
    actor = make_actor(ap=3)
    revolver = weapon("Revolver")
    actor.character.equipment.append(revolver)
    with pytest.raises(ValueError, match="Not enough AP: Reload Revolver costs 4, Vera has 3"):
        rules.economy.spend_action(actor, f"reload:{revolver.id}", {})


@pytest.mark.parametrize(("conditions", "gain"), [((), 4), (("exhausted",), 2), (("stunned",), 0),
                                                  (("exhausted", "stunned"), 0)])
def test_ap_gain_per_turn(rules, conditions, gain):
    actor = make_actor(ap=0, conditions=conditions)
    apply(actor, rules.start_turn(actor, {}).effects)
    assert actor.combatant.resources["ap"] == gain


def test_endurance_zero_counts_as_exhausted_for_ap(rules):
    actor = make_actor(ap=0)
    actor.character.status["endurance_damage"] = 40
    apply(actor, rules.start_turn(actor, {}).effects)
    assert actor.combatant.resources["ap"] == 2


def test_ap_never_above_six(rules):
    actor = make_actor(ap=5)
    result = rules.start_turn(actor, {})
    apply(actor, result.effects)
    assert actor.combatant.resources["ap"] == 6 and "3 AP above 6 are lost" in result.notes


def test_first_turn_brings_four(rules):
    c = make_actor(ap=None).character
    actor = Actor(c, Combatant(character_id=c.id))
    apply(actor, rules.start_encounter(actor, {}).effects)
    assert actor.combatant.resources["ap"] == 0
    apply(actor, rules.start_turn(actor, {}).effects)
    assert actor.combatant.resources["ap"] == 4


def test_stunned_cannot_act_and_recovers_after_its_turn(rules):
    actor = make_actor(ap=4, conditions=["stunned"])
    assert all(not a.allowed for a in rules.economy.available_actions(actor, {}))
    with pytest.raises(ValueError, match="stunned"):
        rules.economy.spend_action(actor, "move", {})
    apply(actor, rules.end_turn(actor, {}).effects)
    assert not actor.character.has_condition("stunned")


def test_take_aim_and_stand_up(rules):
    actor = make_actor(ap=6, conditions=["prone"])
    apply(actor, rules.economy.spend_action(actor, "take_aim", {}).effects)
    apply(actor, rules.economy.spend_action(actor, "take_aim", {}).effects)
    assert actor.combatant.resources["aim"] == 2 and actor.combatant.resources["ap"] == 2
    apply(actor, rules.economy.spend_action(actor, "stand_up", {}).effects)
    assert not actor.character.has_condition("prone")
    reasons = {a.action.key: a.reason for a in rules.economy.available_actions(make_actor(ap=6), {})}
    assert reasons["stand_up"] == "Stand Up: Vera is not prone"


def test_available_actions_explain_costs(rules):
    actor, _, reload = _musketeer(ap=1)
    listed = {a.action.key: a for a in rules.economy.available_actions(actor, {})}
    assert listed["hide"].reason == "Not enough AP: Hide costs 3, Hans has 1"
    assert listed["move"].allowed and listed[reload].allowed and listed[reload].price == {"ap": 10}


def test_adrenalin_shot_restores_fifteen_endurance_for_one_ap(rules):
    actor = make_actor(ap=2, conditions=["exhausted"])
    actor.character.status["endurance_damage"] = 40
    apply(actor, rules.economy.spend_action(actor, "adrenalin_shot", {}).effects)
    assert actor.character.status["endurance_damage"] == 25 and actor.combatant.resources["ap"] == 1
    assert not actor.character.has_condition("exhausted")
    medic, patient = make_actor("Medic", ap=4), make_actor("Pat", ap=0)
    patient.character.status["endurance_damage"] = 10
    result = rules.adrenalin_shot(medic, patient)
    apply(medic, result.effects)
    apply(patient, result.effects)
    assert medic.combatant.resources["ap"] == 3 and patient.character.status["endurance_damage"] == 0


ACTION_KEYS = ["attack", "hide", "move", "overwatch", "take_aim", "sneak", "use_item", "adrenalin_shot", "reload"]


@settings(max_examples=examples(150), deadline=None)
@given(steps=st.lists(st.one_of(st.just("turn"), st.sampled_from(ACTION_KEYS),
                                st.tuples(st.just("use_item"), st.integers(0, 12))), max_size=40),
       conditions=st.sets(st.sampled_from(["exhausted", "stunned", "drunk"])),
       start=st.integers(0, 6))
def test_ap_stays_within_0_and_6(rules, steps, conditions, start):
    actor, _, reload = _musketeer(ap=start)
    for c in conditions:
        actor.character.conditions.append(ConditionState(key=c))
    for step in steps:
        try:
            if step == "turn":
                apply(actor, rules.start_turn(actor, {"multi_turn_continue": "auto"}).effects)
            elif isinstance(step, tuple):
                apply(actor, rules.economy.spend_action(actor, step[0], {}, cost=step[1]).effects)
            else:
                apply(actor, rules.economy.spend_action(actor, reload if step == "reload" else step, {}).effects)
        except ValueError:
            pass
        ap = actor.combatant.resources["ap"]
        assert 0 <= ap <= 6
        res = actor.combatant.resources
        if res.get("pending_action"):
            assert 0 < res["pending_progress"] < res["pending_cost"]


# --------------------------------------------------------------------------- turn order


def test_initiative_formula_and_vigilant(rules):
    c = make_actor(speed=13, intelligence=11, might=7, trait_vigilant=True).character
    assert rules.sheet.derived(c, {})["initiative"].value == 6 + 1        # (13 + 11) // 4 + Vigilant
    assert rules.sheet.derived(c, {"initiative_formula": "speed_might"})["initiative"].value == 5 + 1


def test_turn_order_ties_rerolled_keeping_the_result(rules):
    a, b, c = make_actor("A"), make_actor("B"), make_actor("C", speed=14)   # Init 5, 5, 6
    # A 3+3+3=9+5=14, B 4+3+2=9+5=14, C 2+2+2=6+6=12; tie A/B rerolled: A 1+1+1, B 6+6+6.
    entries = rules.roll_initiative([a, b, c], TypedDice([3, 3, 3, 4, 3, 2, 2, 2, 2, 1, 1, 1, 6, 6, 6]), {})
    order = [e.combatant_id for e in entries]
    assert order == [b.combatant.id, a.combatant.id, c.combatant.id]
    assert [e.roll.value for e in entries] == [14, 14, 12]
    assert entries[0].tie_note == "tie reroll 18"


def test_repeated_tie_rerolls(rules):
    a, b = make_actor("A"), make_actor("B")
    entries = rules.roll_initiative([a, b], TypedDice([3, 3, 3, 3, 3, 3, 2, 2, 2, 2, 2, 2, 1, 1, 1, 5, 5, 5]), {})
    assert [e.combatant_id for e in entries] == [b.combatant.id, a.combatant.id]
    assert entries[0].tie_note == "tie reroll 6, 15"


def test_group_shares_one_roll(rules):
    wolves = [make_actor(f"Wolf {i}", kind=CharacterKind.NPC) for i in range(3)]
    for w in wolves:
        w.combatant.group = "wolves"
    hero = make_actor("Hero")
    dice = RandomDice(5)
    entries = rules.roll_initiative([*wolves, hero], dice, {})
    assert len(dice.rolled) in (6, 12, 18)        # two rolls of 3d6, plus any tie rerolls
    assert len({e.roll.value for e in entries if e.combatant_id != hero.combatant.id}) == 1
    assert sorted(e.rank for e in entries) == [0, 1, 2, 3]


def test_surprise_round(rules):
    a, b, c = make_actor("A"), make_actor("B"), make_actor("C")
    assert rules.surprise_round([a, b, c]) == []
    c.combatant.setup["surprised"] = True
    assert rules.surprise_round([a, b, c]) == [a.combatant.id, b.combatant.id]


def test_end_encounter_costs_ten_endurance_once(rules):
    actor = make_actor()
    apply(actor, rules.end_encounter(actor, {}).effects)
    assert actor.character.status["endurance_damage"] == 10
    assert rules.sheet.derived(actor.character, {})["endurance"].value == 30
    apply(actor, rules.end_encounter(actor, {}).effects)
    assert actor.character.status["endurance_damage"] == 10


def test_end_encounter_can_exhaust(rules):
    actor = make_actor()
    actor.character.status["endurance_damage"] = 35
    apply(actor, rules.end_encounter(actor, {}).effects)
    assert actor.character.status["endurance_damage"] == 40 and actor.character.has_condition("exhausted")
