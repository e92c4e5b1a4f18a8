"""Ranged attacks and skirmishes as the text resolves them, the plan an attack must match, Limited weapons."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from crisis_desktop.domain.encounter import Side
from crisis_desktop.rules.base import AddCondition, AttackRequest, AttackTarget, SetResource, SetStatus
from crisis_desktop.rules.kernel.dice import RandomDice, TypedDice
from crisis_desktop.rules.skirmish import fighters, plans
from tests.unit.rules.skirmish.people import RULES, attack, brann, fighter, plain, vera, weapon

ENEMY = Side.ENEMIES


def test_a_ranged_attack_hits_when_strictly_higher_and_deals_multiplier_x_base_less_armour() -> None:
    v, b = fighter(vera()), fighter(brann(), ENEMY)
    result = RULES.attacks.resolve_attack(attack(v, "Longbow", b), TypedDice([10, 9, 3]), {})   # 14 against 9: x1
    assert result.hit and result.damage is not None and result.damage.taken.value == 10 - 2
    assert result.effects == (SetStatus("brann", "fatigue", 2),)                      # ceil(8 / 5)
    assert result.summary == "Vera hits Brann with the Longbow (14 against 9): 8 damage to the arms"
    assert result.attack.total.explain() == "d20 10, DEX +12, base -10, Marksman training +2 = 14"


def test_a_ranged_attack_misses_on_a_tie() -> None:
    v, b = fighter(vera()), fighter(brann(), ENEMY)
    result = RULES.attacks.resolve_attack(attack(v, "Longbow", b), TypedDice([5, 9]), {})      # 9 against 9
    assert not result.hit and result.effects == () and "misses" in result.summary


def test_the_shield_adds_to_evasion_unless_the_weapon_curves() -> None:
    v, bearer = fighter(vera()), fighter(plain("Bo", "Dagger", "Tower shield"), ENEMY)
    terms = RULES.attacks.resolve_attack(attack(v, "Longbow", bearer), TypedDice([10, 9, 3]), {}).defence.total.terms
    assert ("Tower shield", 3) in [(t.label, t.value) for t in terms]


def test_a_defender_attacked_during_a_miscellaneous_action_evades_at_disadvantage() -> None:
    v, b = fighter(vera()), fighter(brann(), ENEMY, plan=plans.MISC)
    dice = TypedDice([10, 15, 5, 3])                      # 14 against the lower of 15 and 5: difference 9, x2
    result = RULES.attacks.resolve_attack(attack(v, "Longbow", b), dice, {})
    assert dice.remaining == 0 and result.hit
    assert result.damage.taken.value == 2 * 10 - 2
    assert SetStatus("brann", "wound_arms", "critical") in result.effects           # 18 >= CON 12
    assert "Brann rolls at disadvantage: attacked during a miscellaneous action" in result.notes
    plain_odds = RULES.attacks.attack_odds(attack(v, "Longbow", fighter(brann(), ENEMY)), {})
    assert RULES.attacks.attack_odds(attack(v, "Longbow", b), {}).hit > plain_odds.hit


def test_a_one_against_one_skirmish() -> None:
    v, b = fighter(vera()), fighter(brann(), ENEMY)
    result = RULES.attacks.resolve_attack(attack(v, "Longsword", b), TypedDice([15, 10, 4]), {})   # 17 against 15
    assert result.hit and result.target is b and result.damage.taken.value == 8 - 2
    assert result.summary == "Skirmish: Vera deals 6 damage to Brann with the Longsword (legs)"
    lost = RULES.attacks.resolve_attack(attack(v, "Longsword", b), TypedDice([5, 10, 2]), {})    # 7 against 15: x2
    assert not lost.hit and lost.followups[-1].target is v and lost.followups[-1].damage.taken.value == 20 - 5
    assert lost.effects == (SetStatus("vera", "fatigue", 3), SetStatus("vera", "wound_torso", "critical"),
                            AddCondition("vera", "bleeding"))
    assert lost.notes[-1] == "Vera can fight (Stamina 2), bleeding"


def test_two_against_one_the_highest_roller_of_the_winning_side_deals_the_damage() -> None:
    v, b, ana = fighter(vera()), fighter(brann(), ENEMY), fighter(plain("Ana", "Shortsword"))
    # Vera 3 + 2 = 5, Brann 12 + 5 = 17, Ana 18: the party wins on Ana's 18, with her shortsword (B 6)
    result = RULES.attacks.resolve_attack(attack(v, "Longsword", b, ana), TypedDice([3, 12, 18, 3]), {})
    assert result.hit and result.damage.taken.value == 6 - 2
    assert result.summary == "Skirmish: Ana deals 4 damage to Brann with the Shortsword (arms)"
    assert [f.target.name for f in result.followups] == ["Ana"] and not result.followups[0].hit
    assert RULES.skirmish_participants(attack(v, "Longsword", b, ana)) == ["cb-vera", "cb-brann", "cb-ana"]


def test_the_losing_sides_lowest_natural_roll_takes_the_blow() -> None:
    b, v, ana = fighter(brann(), ENEMY), fighter(vera()), fighter(plain("Ana", "Shortsword"))
    # Brann 18 + 5 = 23; Vera 10 + 2 = 12; Ana 5: Ana takes it, difference 23 - 12 = 11, x3: 30 to the torso
    result = RULES.attacks.resolve_attack(attack(b, "Greataxe", v, ana), TypedDice([18, 10, 5, 2]), {})
    assert not result.hit and result.followups[0].target is ana and result.followups[0].hit
    assert SetStatus("ana", "wound_torso", "supercritical") in result.effects
    assert AddCondition("ana", "dead") in result.effects


def test_equal_totals_the_higher_natural_roll_wins_with_the_tie_multiplier() -> None:
    v, b = fighter(vera()), fighter(brann(), ENEMY)
    result = RULES.attacks.resolve_attack(attack(v, "Longsword", b), TypedDice([13, 10, 2]), {})   # 15 and 15; 13 > 10
    assert result.hit and result.damage.taken.value == 8 - 2
    assert "equal totals, won on the natural roll: x1" in result.notes[1]
    none = RULES.attacks.resolve_attack(attack(v, "Longsword", b), TypedDice([13, 10, 2]),
                                        {"skirmish_tie_multiplier": "0"})
    assert none.damage.taken.value == 0


def test_a_full_tie_hurts_nobody() -> None:
    ana, bo = fighter(plain("Ana", "Club")), fighter(plain("Bo", "Club"), ENEMY)
    dice = TypedDice([7, 7])
    result = RULES.attacks.resolve_attack(attack(ana, "Club", bo), dice, {})
    assert dice.remaining == 0 and not result.hit and result.effects == ()
    assert result.summary == "Skirmish: a tie on the totals and on the natural rolls; nobody is hurt"


def test_a_fighter_downed_earlier_in_the_phase_still_rolls_its_part() -> None:
    v, b = fighter(vera()), fighter(brann(status={"fatigue": 6}), ENEMY)
    assert RULES.sheet.state(b.character, {}).key == "incapacitated"
    result = RULES.attacks.resolve_attack(attack(b, "Greataxe", v), TypedDice([19, 2, 4]), {})
    assert result.hit and result.damage.taken.value == 3 * 10 - 5


def test_attack_price_refuses_what_does_not_match_the_plan() -> None:
    v = vera()
    b = fighter(brann(), ENEMY)
    bow = weapon(fighter(v), "Longbow")
    planned_bow = fighter(v, plan=f"ranged:{bow.id}")
    _cost, reason = RULES.attacks.attack_price(attack(planned_bow, "Longsword", b), {})
    assert reason == "Vera planned a ranged attack with the Longbow, not a melee attack with the Longsword"
    assert RULES.attacks.attack_price(attack(planned_bow, "Longbow", b), {}) == ({}, None)
    moving = fighter(v, plan=plans.MOVE)
    assert RULES.attacks.attack_price(attack(moving, "Longbow", b), {})[1] == \
        "Vera planned to move to an adjacent area, not a ranged attack with the Longbow"
    assert RULES.attacks.attack_price(attack(fighter(v), "Longsword", b), {}) == ({}, None)


def test_limited_weapons_throw_so_many_missiles_per_target() -> None:
    thrower = plain("Ana", "Javelin", throwing=2)
    b = fighter(brann(), ENEMY)
    first = attack(fighter(thrower), "Javelin", b)
    assert RULES.attacks.attack_price(first, {})[1] is None
    result = RULES.attacks.resolve_attack(first, TypedDice([1, 20]), {})
    key = f"limited:{first.weapon.id}:cb-brann"
    assert SetResource("cb-ana", key, 1) in result.effects
    again = fighter(thrower)
    again.combatant.resources[key] = 1
    assert RULES.attacks.attack_price(attack(again, "Javelin", b), {})[1] == \
        "Javelin is Limited 1: Ana has thrown all of them at Brann this engagement"
    assert RULES.attacks.attack_price(attack(again, "Javelin", b), {"limited_default": "2"})[1] is None


def test_cumbersome_simple_and_over_wield_are_terms_of_the_roll() -> None:
    flailer = fighter(plain("Ana", "Flail", one_handed=2, phy=7))       # Wield 7, the flail costs 8
    terms = {t.label: t.value for t in RULES.attacks.attack_modifiers(attack(flailer, "Flail", fighter(brann(), ENEMY)),
                                                                      {})}
    assert terms["Cumbersome 1"] == -1 and terms["1 over Wield"] == -1
    assert {t.label: t.value for t in RULES.attacks.attack_modifiers(
        attack(flailer, "Flail", fighter(brann(), ENEMY)), {"wield_over_penalty": "2"})}["1 over Wield"] == -2
    crossbowman = fighter(plain("Bo", "Crossbow", marksman=1))          # Marksman 1 < Simple 5: +2
    terms = {t.label: t.value for t in RULES.attacks.attack_modifiers(attack(crossbowman, "Crossbow",
                                                                             fighter(brann(), ENEMY)), {})}
    assert terms["Simple 5"] == 2


def test_the_later_text_a_natural_20_beats_any_roll_with_at_least_x2_and_two_cancel() -> None:
    v, b = fighter(vera()), fighter(brann(), ENEMY)
    seed = RULES.attacks.resolve_attack(attack(v, "Longsword", b), TypedDice([20, 19, 3]), {})     # 22 against 24
    assert not seed.hit and seed.followups[-1].target is v
    later = RULES.attacks.resolve_attack(attack(v, "Longsword", b), TypedDice([20, 19, 3]), {"paraverse_text": "later"})
    assert later.hit and later.damage.taken.value == 2 * 8 - 2
    assert "a natural 20, difference -2: x2" in later.notes[1]
    both = RULES.attacks.resolve_attack(attack(v, "Longsword", b), TypedDice([20, 20, 3]), {"paraverse_text": "later"})
    assert not both.hit and both.followups[-1].target is v                                 # 22 against 25


@given(st.integers(0, 10_000), st.sampled_from(["Longbow", "Longsword"]), st.sampled_from(["seed", "later"]))
@settings(max_examples=40, deadline=None)
def test_every_number_of_a_result_adds_up(seed: int, weapon_name: str, text: str) -> None:
    v, b = fighter(vera()), fighter(brann(), ENEMY)
    targets = (b,) if weapon_name == "Longbow" else (b, fighter(plain("Ana", "Shortsword")),
                                                      fighter(plain("Olaf", "Club", one_handed=2), ENEMY))
    result = RULES.attacks.resolve_attack(attack(v, weapon_name, *targets), RandomDice(seed), {"paraverse_text": text})
    for r in (result, *result.followups):
        for value in (r.attack.total, r.attack.target, *((r.defence.total,) if r.defence else ())):
            assert sum(t.value for t in value.terms) == value.value
        if r.damage is not None:
            assert sum(t.value for t in r.damage.taken.terms) == r.damage.taken.value >= 0
    assert sum(r.hit for r in (result, *result.followups)) <= 1


def test_the_attackers_and_each_targets_inputs_never_share_a_key() -> None:
    v, b = fighter(vera()), fighter(brann(), Side.ENEMIES)
    bow = weapon(v, "Longbow")
    own = {s.key for s in RULES.attacks.attack_inputs(v, bow, 1, {})}
    theirs = {s.key for s in RULES.attacks.target_inputs(v, bow, b, 1, {})}
    assert own and theirs and not own & theirs
    # The target's disadvantage reaches the target's roll, not the attacker's.
    request = AttackRequest(v, bow, (AttackTarget(b, {"target_edge": "disadvantage"}),))
    attacker, defender = fighters.ranged_rollers(request, {})
    assert defender.edge_why == ("the GM's ruling",) and attacker.edge_why == ()
