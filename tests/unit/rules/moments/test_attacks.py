"""Attacks and reactions: a BOD test plus a bonus; no reaction, parry (opposed BOD), block (easy opposed; the shield's
usage die steps down), dodge (hard opposed); the odds of each choice; range bands limit weapons."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crisis_desktop.rules.base import AttackRequest, AttackTarget, SetItemStat
from crisis_desktop.rules.kernel.dice import RandomDice, TypedDice
from tests.hypothesis_budget import examples
from tests.unit.rules.moments.people import RULES, actor, brann, pc, vera


def request(attacker, target, weapon: int = 0, **inputs) -> AttackRequest:
    """The attack with the inputs given, the others at the dialog's defaults."""
    item = attacker.character.equipment[weapon]
    own = {f.key: inputs.get(f.key, f.default) for f in RULES.attacks.attack_inputs(attacker, item, 1, {})}
    aimed = {f.key: inputs.get(f.key, f.default) for f in RULES.attacks.target_inputs(attacker, item, target, 1, {})}
    return AttackRequest(attacker, item, (AttackTarget(target, aimed),), own)


def test_the_attack_goal_is_3_x_bod_plus_the_bonus():
    r = request(actor(vera()), actor(brann()))
    goal = RULES.attacks.to_beat(r, {})
    assert goal.value == 66 and [t.label for t in goal.terms] == ["3 x BOD", "Swords"]
    assert RULES.attacks.attack_modifiers(r, {}) == list(goal.terms)
    fields = {f.key: f for f in RULES.attacks.attack_inputs(actor(vera()), vera().equipment[0], 1, {})}
    assert fields["bonus"].default == "Swords" and fields["difficulty"].default == "normal"


def test_no_reaction_a_success_deals_weapon_damage():
    b = actor(brann())
    result = RULES.attacks.resolve_attack(request(actor(vera()), b), TypedDice([50, 5]), {})
    assert result.hit and result.damage.taken.value == 5 and result.reactions == ()
    assert result.summary == "Vera hits Brann with Sword (50 under 66): 5 HP"
    missed = RULES.attacks.resolve_attack(request(actor(vera()), b), TypedDice([66]), {})
    assert not missed.hit and missed.damage is None


def test_a_parry_is_an_opposed_bod_test():
    b = actor(brann())
    # Brann parries with Axes 20: goal 62. Both succeed, the higher roll (55) wins.
    result = RULES.attacks.resolve_attack(request(actor(vera()), b, reaction="parry"), TypedDice([50, 55]), {})
    assert not result.hit and result.defence.target.value == 62
    assert result.reactions == (("cb-brann", "parries"),)
    assert "Opposed test: parry wins (both succeed: the higher roll)" in result.notes
    assert result.summary.endswith("Brann's parry succeeds")
    won = RULES.attacks.resolve_attack(request(actor(vera()), b, reaction="parry"), TypedDice([60, 55, 3]), {})
    assert won.hit and won.damage.taken.value == 3


def test_a_won_block_steps_the_shields_usage_die_down():
    v = actor(vera())
    shield = v.character.equipment[1]
    # Vera blocks: easy, (36 + Swords 30) x 2 = 132; Brann 40 under 62, Vera 80: both succeed, Vera higher.
    result = RULES.attacks.resolve_attack(request(actor(brann()), v, reaction="block"), TypedDice([40, 80]), {})
    assert not result.hit and result.defence.target.value == 132
    assert SetItemStat("vera", shield.id, "usage_die", 6) in result.effects
    assert "Round shield: usage die d8 -> d6" in result.notes
    lost = RULES.attacks.resolve_attack(request(actor(brann()), v, reaction="block"), TypedDice([40, 20, 4, 4, 1, 1]),
                                        {})
    assert lost.hit and not any(isinstance(e, SetItemStat) and e.key == "usage_die" for e in lost.effects)


def test_a_dodge_is_hard():
    result = RULES.attacks.resolve_attack(request(actor(brann()), actor(vera()), reaction="dodge"), TypedDice([40,
                                                                                                               3]), {})
    assert result.defence.target.value == 33 and result.reactions == (("cb-vera", "dodges"),)
    assert not result.hit and "Opposed test: dodge wins (a critical beats a success)" in result.notes


def test_blocking_needs_a_shield_and_reacting_a_reaction_left():
    with pytest.raises(ValueError, match="Brann has no shield to block with"):
        RULES.attacks.attack_modifiers(request(actor(vera()), actor(brann()), reaction="block"), {})
    spent = actor(brann(), reactions_used=1)
    with pytest.raises(ValueError, match="Brann has no reaction left this moment"):
        RULES.attacks.resolve_attack(request(actor(vera()), spent, reaction="parry"), TypedDice([1, 1]), {})
    twice = actor(brann(), stance="two_reactions", reactions_used=1)
    assert RULES.attacks.resolve_attack(request(actor(vera()), twice, reaction="parry"), TypedDice([50, 55]),
                                        {}).reactions


def test_a_failed_attack_misses_whatever_the_reaction_unless_the_option_says():
    both_fail = request(actor(vera()), actor(brann()), reaction="parry")
    assert not RULES.attacks.resolve_attack(both_fail, TypedDice([90, 80]), {}).hit
    assert RULES.attacks.resolve_attack(both_fail, TypedDice([90, 80, 4]),
                                        {"reaction_both_fail": "higher_roll_hits"}).hit


def test_an_extra_action_makes_the_attack_harder_and_a_focus_easier():
    harder = RULES.attacks.to_beat(request(actor(vera(), stance="extra_action"), actor(brann())), {})
    assert harder.value == 33 and harder.terms[-1].label == "hard (/ 2)"
    easier = RULES.attacks.to_beat(request(actor(vera(), stance="focus_action"), actor(brann())), {})
    assert easier.value == 132
    # A dodge by a defender who took an extra reaction: hard, and harder still only with multiplicative steps.
    heavy = request(actor(brann()), actor(vera(), stance="extra_reaction"), reaction="dodge")
    assert RULES.attacks.resolve_attack(heavy, TypedDice([99, 1]), {}).defence.target.value == 33
    assert RULES.attacks.resolve_attack(heavy, TypedDice([99, 1]), {"difficulty_steps": "multiplicative"}
                                        ).defence.target.value == 16


def test_an_attack_needs_an_action_left():
    price, reason = RULES.attacks.attack_price(request(actor(vera(), actions_used=1), actor(brann())), {})
    assert RULES.economy.cost_text(price) == "1 action"
    assert reason == "Vera has no action left this moment (Action and reaction)"


def test_the_odds_of_each_reaction():
    odds = RULES.attacks.reaction_odds(request(actor(vera()), actor(brann())), {})
    assert set(odds) == {"No reaction", "Parry", "Dodge"}         # no shield: no block
    assert odds["No reaction"].hit == pytest.approx(0.65)
    assert odds["Parry"].hit < odds["Dodge"].hit < odds["No reaction"].hit
    shielded = RULES.attacks.reaction_odds(request(actor(brann()), actor(vera())), {})
    assert set(shielded) == {"No reaction", "Parry", "Block", "Dodge"}
    assert shielded["Block"].hit < shielded["Parry"].hit
    for one in (*odds.values(), *shielded.values()):
        assert sum(one.damage.values()) == pytest.approx(1)
        assert 0 <= one.drop_target <= one.hit


@settings(max_examples=examples(4), deadline=None)
@given(st.sampled_from(["none", "parry", "dodge"]), st.integers(0, 2**31))
def test_attack_odds_agree_with_sampling(reaction, seed):
    r = request(actor(vera()), actor(brann()), reaction=reaction)
    odds = RULES.attacks.attack_odds(r, {})
    dice = RandomDice(seed)
    n = 1500
    hits = sum(RULES.attacks.resolve_attack(r, dice, {}).hit for _ in range(n))
    assert hits / n == pytest.approx(odds.hit, abs=0.05)


def test_range_bands_limit_weapons():
    archer = pc("Ash", "Shortbow", "Sword", skills="Bows 30")
    with pytest.raises(ValueError, match="Sword reaches close only; the target is near"):
        RULES.attacks.attack_modifiers(request(actor(archer), actor(brann()), weapon=1, range="near"), {})
    far = RULES.attacks.to_beat(request(actor(archer), actor(brann()), range="far"), {})
    assert far.value == 30 and far.terms[-1].label == "hard (/ 2)"           # (30 + 30) / 2
    thrower = pc("Tom", "Throwing dagger")
    with pytest.raises(ValueError, match="thrown to near at most; the target is distant"):
        RULES.attacks.attack_modifiers(request(actor(thrower), actor(brann()), range="distant"), {})


def test_wear_after_the_fight_parrying_weapons_soaked_weapons_and_armour_damage_got_past():
    from crisis_desktop.rules.moments import wear

    v = actor(vera())
    sword, shield, hauberk = v.character.equipment
    parried = RULES.attacks.resolve_attack(request(actor(brann()), v, reaction="parry"), TypedDice([40, 60]), {})
    assert not parried.hit and SetItemStat("vera", sword.id, wear.DUE, True) in parried.effects
    soaked = RULES.attacks.resolve_attack(request(actor(brann()), v), TypedDice([40, 1, 1]), {})   # 2 - 2 AP
    axe = brann().equipment[0]
    assert SetItemStat("brann", axe.id, wear.DUE, True) in soaked.effects
    past = RULES.attacks.resolve_attack(request(actor(brann()), v), TypedDice([40, 2, 2]), {})     # 4 - 2 AP
    assert SetItemStat("vera", hauberk.id, wear.DUE, True) in past.effects
    # After the fight: the sword's d8 rolls 1 and steps down to d6; the hauberk's d8 holds.
    sword.stats[wear.DUE] = hauberk.stats[wear.DUE] = True
    offered = {t.key: t for t in RULES.healing.treatments(v, {}, fighting=False)}
    assert offered["usage"].allowed and not offered["usage"].healer
    assert not {t.key: t for t in RULES.healing.treatments(v, {}, fighting=True)}["usage"].allowed
    _none, rolled = RULES.healing.treat("usage", v, v, TypedDice([1, 5]), {})
    assert SetItemStat("vera", sword.id, "usage_die", 6) in rolled.effects
    assert rolled.notes == ("Sword: usage d8 rolls 1: now d6", "Padded hauberk: usage d8 rolls 5: it holds")
    assert SetItemStat("vera", hauberk.id, wear.DUE, False) in rolled.effects
    with pytest.raises(ValueError, match="Nothing of Brann's needs a usage roll"):
        RULES.healing.treat("usage", actor(brann()), actor(brann()), TypedDice([1]), {})


def test_a_ranged_weapon_parries_a_melee_attack_and_its_usage_die_steps_down_at_once():
    from crisis_desktop.rules.moments import wear

    # "You can parry a melee attack with a ranged weapon but its usage die automatically decreases by one."
    archer = actor(pc("Ash", "Longbow", skills="Bows 30"))
    bow = archer.character.equipment[0]
    lost = RULES.attacks.resolve_attack(request(actor(brann()), archer, reaction="parry"), TypedDice([40, 20, 1, 1]),
                                        {})
    won = RULES.attacks.resolve_attack(request(actor(brann()), archer, reaction="parry"), TypedDice([40, 50]), {})
    for parried in (lost, won):                              # won or lost, the parry costs the bow a step
        assert SetItemStat(archer.character.id, bow.id, "usage_die", 4) in parried.effects
        assert "Longbow parried: usage die d6 -> d4" in parried.notes
        # No second wear roll after the fight for it.
        assert SetItemStat(archer.character.id, bow.id, wear.DUE, True) not in parried.effects
    assert lost.hit and not won.hit
    # A held melee weapon parries before the bow, and wears as any parrying weapon: a roll after the fight.
    both = actor(pc("Ash", "Longbow", "Handaxe", skills="Bows 30, Axes 20"))
    axe = both.character.equipment[1]
    fields = {f.key: f for f in RULES.attacks.target_inputs(actor(brann()), brann().equipment[0], both, 1, {})}
    assert fields["defence_bonus"].default == "Axes"
    parried = RULES.attacks.resolve_attack(request(actor(brann()), both, reaction="parry"), TypedDice([40, 45]), {})
    assert SetItemStat(both.character.id, axe.id, wear.DUE, True) in parried.effects
    assert not any(isinstance(e, SetItemStat) and e.key == "usage_die" for e in parried.effects)


def test_a_ranged_weapon_cannot_parry_a_shot_nor_parry_once_used_up():
    archer = actor(pc("Ash", "Longbow", skills="Bows 30"))
    bowman = actor(pc("Bo", "Shortbow", skills="Bows 30"))
    with pytest.raises(ValueError, match="^Ash can parry only a melee attack with Longbow$"):
        RULES.attacks.attack_modifiers(request(bowman, archer, reaction="parry", range="near"), {})
    assert "Parry" not in RULES.attacks.reaction_odds(request(bowman, archer, range="near"), {})
    archer.character.equipment[0].stats["usage_die"] = 0
    with pytest.raises(ValueError, match="^Ash's Longbow is used up: it cannot parry$"):
        RULES.attacks.attack_modifiers(request(actor(brann()), archer, reaction="parry"), {})


def test_the_headline_says_what_the_reaction_did_as_the_breakdown_does():
    # Both fail: the attack misses on its own roll, and the dodge lost its own hard test: it does not "succeed".
    both_fail = RULES.attacks.resolve_attack(request(actor(vera()), actor(brann()), reaction="dodge"),
                                             TypedDice([90, 80]), {})
    assert not both_fail.hit and not both_fail.defence.outcome.succeeded
    assert both_fail.summary.endswith("Brann's dodge fails")
    won = RULES.attacks.resolve_attack(request(actor(brann()), actor(vera()), reaction="dodge"), TypedDice([40, 3]), {})
    assert not won.hit and won.summary.endswith("Vera's dodge succeeds")
