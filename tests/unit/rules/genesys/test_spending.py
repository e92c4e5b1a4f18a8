"""Spending a genesys roll as the GM picks: the choices and their costs (a triumph pays for any advantage choice,
triumph-only choices, the GM's threat and despair), the budget, the effects, and dice left on a next check."""

from __future__ import annotations

import pytest

from crisis_desktop.domain.encounter import Side
from crisis_desktop.rules.base import AddCondition, AttackRequest, AttackTarget, SetResource, SetStatus, SpendPick
from crisis_desktop.rules.genesys import checks, combat, damage, tables
from crisis_desktop.rules.kernel.dice import RandomDice, TypedDice
from tests.unit.rules.genesys.people import RULES, actor, enforcer, jax, kara


def attack(attacker, target, *, band="short", weapon="Heavy pistol", **resources) -> AttackRequest:
    item = next(i for i in attacker.equipment if i.name == weapon)
    return AttackRequest(actor(attacker, **resources), item, (AttackTarget(actor(target), {"range_band": band}),))


def by_key(choices):
    return {c.key: c for c in choices}


def fighters(*actors):
    return list(actors)


# Kara (1 ability, 2 proficiency) at short range against the Enforcer (1 difficulty): faces in that order.
THREE_ADVANTAGE = ["sa", "sa", "sa", "blank"]


def test_the_default_plan_is_pre_selected_and_the_table_follows():
    result = RULES.attacks.resolve_attack(attack(kara(), enforcer()), TypedDice([*THREE_ADVANTAGE, 42]), {})
    choices = by_key(RULES.attacks.spend_choices(result, {}))
    crit = choices["crit"]
    assert crit.cost == {"advantage": 3} and crit.default == 1 and crit.spender == "roller"
    assert choices["recover_strain"].most == 3 and choices["recover_strain"].default == 0
    assert choices["setback_target"].cost == {"advantage": 2}
    assert "upgrade_target" not in choices                     # no triumph rolled: no triumph-only choice
    assert "suffer_strain" not in choices                      # no threat: nothing for the GM
    assert RULES.attacks.spending_left(result, [SpendPick("crit")], {}).left["advantage"] == 0


def test_manual_pre_selects_nothing():
    result = RULES.attacks.resolve_attack(attack(kara(), enforcer()), TypedDice(THREE_ADVANTAGE), {"advantage_spending":
                                                                                              "manual"})
    assert all(c.default == 0 for c in RULES.attacks.spend_choices(result, {"advantage_spending": "manual"}))
    assert not any(isinstance(e, SetStatus) and e.key == "criticals" for e in result.effects)


def test_spending_otherwise_replays_the_same_dice_and_lands_the_picks():
    shooter = kara()
    shooter.status["strain"] = 3
    ally = actor(jax())
    request = attack(shooter, enforcer())
    result = RULES.attacks.resolve_attack(request, TypedDice([*THREE_ADVANTAGE, 42]), {})
    assert any(isinstance(e, SetStatus) and e.key == "criticals" for e in result.effects)
    everyone = fighters(request.attacker, ally, request.targets[0].actor)
    picks = [SpendPick("recover_strain", 2), SpendPick("boost_next_ally", 1, ally.combatant.id)]
    # No die is needed again: RandomDice would show if one were drawn.
    fresh = RandomDice(1)
    spent = RULES.attacks.resolve_spending(result, picks, fresh, {}, everyone)
    assert fresh.rolled == []
    assert spent.attack.tally == result.attack.tally and spent.damage.taken == result.damage.taken
    assert not any(isinstance(e, SetStatus) and e.key == "criticals" for e in spent.effects)
    assert SetStatus("kara", "strain", 1) in spent.effects
    assert SetResource(ally.combatant.id, "next_boost", 1) in spent.effects
    assert "Kara recovers 2 strain (advantage)" in spent.notes
    assert not any("advantage to spend" in n for n in spent.notes)


def test_a_critical_picked_later_rolls_its_d100_from_the_dice_given():
    request = attack(kara(), enforcer())
    result = RULES.attacks.resolve_attack(request, TypedDice(THREE_ADVANTAGE), {"advantage_spending": "manual"})
    spent = RULES.attacks.resolve_spending(result, [SpendPick("crit")], TypedDice([42]),
                                           {"advantage_spending": "manual"})
    assert SetStatus("enforcer", "criticals", "knocked_down") in spent.effects        # d100 42
    assert "Spent 3 advantage: Activate a critical injury (crit 3): again for +10 each" in spent.notes


def test_a_triumph_pays_for_an_advantage_choice_and_buys_its_own():
    # tr on a proficiency die, one ability success: a hit with 1 triumph, no advantage.
    result = RULES.attacks.resolve_attack(attack(kara(), enforcer()), TypedDice(["tr", "blank", "s", "blank"]),
                                          {"advantage_spending": "manual"})
    choices = by_key(RULES.attacks.spend_choices(result, {}))
    assert choices["upgrade_target"].cost == {"triumph": 1}
    assert choices["setback_target"].most == 1                 # 0 advantage, but a triumph pays for it
    assert RULES.attacks.spending_left(result, [SpendPick("setback_target")], {}).left == \
        {"advantage": 0, "triumph": 0, "threat": 0, "despair": 0}
    too_much = RULES.attacks.spending_left(result, [SpendPick("setback_target"), SpendPick("upgrade_target")], {})
    assert too_much.problem == "Not enough advantage: the picks cost 2 advantage, the roll shows 0 and 0 triumph " \
                               "to spare"
    spent = RULES.attacks.resolve_spending(result, [SpendPick("upgrade_target")], RandomDice(1), {})
    assert SetResource("c-enforcer", "next_upgrade_difficulty", 1) in spent.effects


def test_threat_and_despair_are_the_gms_to_spend_against_the_attacker():
    shooter = kara()
    request = attack(shooter, enforcer())
    result = RULES.attacks.resolve_attack(request, TypedDice(["s", "s", "blank", "thth"]), {})
    choices = by_key(RULES.attacks.spend_choices(result, {}, fighters(request.attacker)))
    strain = choices["suffer_strain"]
    assert strain.spender == "opponent" and strain.cost == {"threat": 1} and strain.most == 2
    assert choices["boost_target"].cost == {"threat": 2}
    assert "out_of_ammo" not in choices                        # no despair rolled
    spent = RULES.attacks.resolve_spending(result, [SpendPick("suffer_strain", 2)], RandomDice(1), {},
                                           fighters(request.attacker))
    assert SetStatus("kara", "strain", 2) in spent.effects
    assert "The other side spent 2 threat: The attacker suffers 1 strain (may be chosen more than once) ×2" \
        in spent.notes
    prone = RULES.attacks.resolve_attack(request, TypedDice(["s", "s", "blank", "thth"]), {})
    with pytest.raises(ValueError, match=r"This roll cannot buy 'The attacker falls prone' \(3 threat\)"):
        RULES.attacks.resolve_spending(prone, [SpendPick("attacker_prone")], RandomDice(1), {})


def test_a_despair_buys_its_own_choices_and_any_threat_choice():
    # The difficulty upgraded once: its challenge die shows despair.
    shooter = kara()
    item = next(i for i in shooter.equipment if i.name == "Heavy pistol")
    request = AttackRequest(actor(shooter), item, (AttackTarget(actor(enforcer()), {"range_band": "short"}),),
                            {"upgrade_difficulty": 1})
    result = RULES.attacks.resolve_attack(request, TypedDice(["ss", "s", "blank", "de"]), {})
    choices = by_key(RULES.attacks.spend_choices(result, {}, fighters(request.attacker)))
    assert choices["upgrade_attacker"].cost == {"despair": 1} and choices["upgrade_attacker"].spender == "opponent"
    assert choices["attacker_prone"].most == 1                 # 3 threat, or the despair
    spent = RULES.attacks.resolve_spending(result, [SpendPick("attacker_prone")], RandomDice(1), {},
                                           fighters(request.attacker))
    assert AddCondition("kara", "prone") in spent.effects
    assert spent.notes[-1] == "Kara falls prone (threat)"
    ammo = RULES.attacks.resolve_spending(result, [SpendPick("out_of_ammo")], RandomDice(1), {})
    assert "Despair: the Heavy pistol is out of ammunition for the encounter (only an extra reload readies it)" \
        in ammo.notes
    assert SetResource("c-kara", "out_of_ammo", item.id) in ammo.effects


def test_an_ally_choice_needs_an_ally_and_refuses_a_stranger():
    request = attack(kara(), enforcer())
    result = RULES.attacks.resolve_attack(request, TypedDice([*THREE_ADVANTAGE, 42]), {})
    assert "boost_next_ally" not in by_key(RULES.attacks.spend_choices(result, {}, fighters(request.attacker)))
    ally = actor(jax())
    foe = request.targets[0].actor
    everyone = fighters(request.attacker, ally, foe)
    choice = by_key(RULES.attacks.spend_choices(result, {}, everyone))["boost_any_ally"]
    assert choice.whom == (("c-kara", "Kara"), ("c-jax", "Jax"))
    with pytest.raises(ValueError, match=r"pick whom it goes to \(Kara, Jax\)"):
        RULES.attacks.resolve_spending(result, [SpendPick("boost_any_ally", 1, foe.combatant.id)], RandomDice(1), {},
                                       everyone)
    bad = RULES.attacks.spending_left(result, [SpendPick("recover_strain", 4)], {}, everyone)
    assert bad.problem == "Recover 1 strain (may be chosen more than once): at most 3 times, not 4"


def test_dice_left_on_a_next_check_are_used_by_it_and_cleared():
    boosted = actor(kara(), next_boost=1, next_setback=2, next_upgrade_difficulty=1)
    request = RULES.checks.check_request(boosted, "ranged_light", {"difficulty": 2})
    pool = checks.check_pool(request)
    assert (pool.boost, pool.setback, pool.challenge) == (1, 2, 1)
    assert checks.next_check_text(boosted) == "+1 boost die, +2 setback dies, +1 difficulty upgrade"
    result = RULES.checks.check(request, RandomDice(3), {})
    assert RULES.checks.check_effects(request, result, {}) == [SetResource("c-kara", "next_boost", 0),
                                                               SetResource("c-kara", "next_setback", 0),
                                                               SetResource("c-kara", "next_upgrade_difficulty", 0)]
    item = next(i for i in kara().equipment if i.name == "Heavy pistol")
    shot = AttackRequest(boosted, item, (AttackTarget(actor(enforcer()), {"range_band": "short"}),))
    assert combat.attack_pool(shot, {}).boost == 1
    fired = RULES.attacks.resolve_attack(shot, RandomDice(4), {})
    assert SetResource("c-kara", "next_boost", 0) in fired.effects


def test_a_plain_check_spends_on_strain_and_allies_only():
    me = actor(kara())
    ally = actor(jax(), Side.PARTY)
    request = RULES.checks.check_request(me, "cool", {"difficulty": 1})
    result = RULES.checks.check(request, TypedDice(["sa", "aa", "blank"]), {})
    choices = by_key(RULES.checks.check_spend_choices(request, result, {}, [me, ally]))
    assert set(choices) == {"recover_strain", "boost_next_ally", "free_maneuver", "boost_any_ally"}
    effects = RULES.checks.resolve_check_spending(request, result, [SpendPick("boost_any_ally", 1, "c-jax")], {},
                                                  [me, ally])
    assert effects.effects == (SetResource("c-jax", "next_boost", 1),)


def test_critical_injuries_of_a_next_check_and_those_left_as_notes():
    target = actor(enforcer())
    rows = tables.critical_by_key()
    assert rows["off_balance"].next_check == (("next_setback", 1),)
    assert rows["stinger"].next_check == (("next_difficulty", 1),)
    hurt = damage.critical(target, TypedDice([23]), {})
    assert hurt.row.key == "off_balance" and SetResource("c-enforcer", "next_setback", 1) in hurt.effects
    stung = damage.critical(target, TypedDice([38]), {})
    assert SetResource("c-enforcer", "next_difficulty", 1) in stung.effects
    assert damage.note_only_criticals() == ["slowed", "jolt", "disheartened", "opened_up", "crippled_limb",
                                             "gruesome", "mortal"]


def test_a_free_maneuver_bought_with_advantage_is_granted_and_dice_waiting_show_as_a_badge():
    request = attack(kara(), enforcer())
    result = RULES.attacks.resolve_attack(request, TypedDice([*THREE_ADVANTAGE, 42]), {})
    spent = RULES.attacks.resolve_spending(result, [SpendPick("free_maneuver")], RandomDice(1), {})
    assert SetResource("c-kara", "maneuvers_granted", 1) in spent.effects
    assert "Kara may perform a free maneuver (advantage; at most 2 maneuvers a turn)" in spent.notes
    waiting = actor(jax(), next_boost=1, next_difficulty=1)
    assert "next check +1 boost die, +1 difficulty die" in RULES.sheet.badges(waiting, {})


def test_a_medicine_check_uses_the_healers_waiting_dice_and_initiative_leaves_them():
    from crisis_desktop.rules.genesys import healing, initiative

    healer = actor(kara(), next_boost=1)
    patient = actor(jax())
    patient.character.status["wounds"] = 4
    assert healing.medicine_pool(healer, patient, 1, "Easy").boost == 1
    _, treated = healing.heal(healer, patient, RandomDice(2), {})
    assert SetResource("c-kara", "next_boost", 0) in treated.effects
    entries = initiative.roll_initiative([healer], TypedDice(["blank", "blank"]), {})    # Cool 1, Presence 2
    assert entries[0].roll.value == 0        # two dice read: no boost die was rolled for initiative
