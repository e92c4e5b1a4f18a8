"""Genesys talents: the catalogue, talents on the sheet with their ranks (unknown names kept without effect), and the
talents that change combat numbers, each with the numbers the rules give."""

from __future__ import annotations

import itertools

import pytest

from crisis_desktop.rules.base import AttackRequest, AttackTarget, SetStatus
from crisis_desktop.rules.genesys import combat, talents
from crisis_desktop.rules.kernel.dice import TypedDice
from tests.unit.rules.genesys.people import RULES, actor, boss, enforcer, jax, kara, pc
from tests.unit.rules.genesys.test_combat import Faces


def request(attacker, weapon, target, band="short") -> AttackRequest:
    item = next(i for i in attacker.equipment if i.name == weapon)
    return AttackRequest(actor(attacker), item, (AttackTarget(actor(target), {"range_band": band}),), {})


# -- the catalogue and the sheet ---------------------------------------------------------------------------------
def test_the_catalogue_gives_each_talent_its_tier_ranks_and_activation():
    known = talents.catalogue()
    assert {"adversary", "toughened", "grit", "durable", "swift", "quick_draw", "barrage", "brace", "dodge",
            "parry", "reflect", "surgeon", "side_step", "defensive_stance", "precise_aim", "sniper_shot",
            "lethal_blows"} <= set(known)
    dodge = known["dodge"]
    assert (dodge.name, dodge.tier, dodge.ranked, dodge.activation) == ("Dodge", 2, True, "incidental (out of turn)")
    assert (known["swift"].ranked, known["swift"].activation) == (False, "passive")
    assert all(t.description and t.activation in ("passive", "incidental", "incidental (out of turn)", "maneuver",
                                                  "action") for t in known.values())


def test_talents_on_the_sheet_are_parsed_with_ranks_and_unknown_names_kept_and_said():
    hero = pc("Hero", talents="Adversary 2, toughened 1, Grit, Quick-Draw, Force Rating 2, Grit")
    held = talents.held(hero)
    assert [(h.name, h.rank, h.talent is not None) for h in held] == [
        ("Adversary", 2, True), ("Toughened", 1, True), ("Grit", 2, True), ("Quick Draw", 1, True),
        ("Force Rating", 2, False)]
    assert talents.rank(hero, "grit") == 2 and talents.rank(hero, "durable") == 0
    assert RULES.sheet.notes(hero) == ["Talent 'Force Rating' is not in the Genesys talent catalogue: kept on the "
                                       "sheet, without effect"]
    assert talents.summary(hero).startswith("Adversary 2 (passive), Toughened 1 (passive), Grit 2 (passive), "
                                            "Quick Draw (incidental)")
    # A note is not a refusal: the sheet stays valid.
    assert RULES.sheet.validate_character(hero) == []


def test_a_rank_on_a_talent_without_ranks_is_counted_once_and_said():
    hero = pc("Hero", talents="Swift 2")
    assert talents.rank(hero, "swift") == 1
    assert RULES.sheet.notes(hero) == ["Swift has no ranks: counted once"]


# -- thresholds --------------------------------------------------------------------------------------------------
def test_toughened_adds_2_wounds_per_rank_to_the_threshold():
    derived = RULES.sheet.derived(pc("Hero", talents="Toughened 2"), {})
    assert derived["wound_threshold"].explain() == "species base 10, Brawn +2, Toughened 2 +4 = 16"


def test_grit_adds_1_strain_per_rank_to_the_threshold():
    derived = RULES.sheet.derived(pc("Hero", talents="Grit 3"), {})
    assert derived["strain_threshold"].explain() == "species base 10, Willpower +2, Grit 3 +3 = 15"


def test_an_adversary_profile_already_counts_its_toughened():
    rival = enforcer()
    rival.stats["talents"] = "Toughened 2"
    assert RULES.sheet.derived(rival, {})["wound_threshold"].explain() == "adversary profile = 14"


# -- attacks ------------------------------------------------------------------------------------------------------
def test_adversary_upgrades_the_difficulty_of_attacks_against_it_once_per_rank():
    rival = enforcer()
    plain = combat.attack_pool(request(kara(), "Heavy pistol", rival), {})
    assert (plain.difficulty, plain.challenge) == (1, 0)
    rival.stats["talents"] = "Adversary 2"
    pool = combat.attack_pool(request(kara(), "Heavy pistol", rival), {})
    # Short range: one difficulty die; the first upgrade turns it into a challenge die, the second adds a difficulty.
    assert (pool.difficulty, pool.challenge) == (1, 1)
    assert ("Enforcer: Adversary 2: upgrade difficulty", 2) in [(t.label, t.value) for t in pool.terms()]


def test_the_odds_against_an_adversary_count_every_roll_of_the_upgraded_pool():
    shooter = pc("Shooter", "Light pistol", agility=2, ranged_light=1)
    rival = enforcer()
    rival.stats["talents"] = "Adversary 1"
    req = request(shooter, "Light pistol", rival)
    kinds = combat.attack_pool(req, {}).dice()
    combos = list(itertools.product(*(k.faces for k in kinds)))
    hits = sum(RULES.attacks.resolve_attack(req, Faces([f.text for f in combo]), {}).hit for combo in combos)
    assert RULES.attacks.attack_odds(req, {}).hit == pytest.approx(hits / len(combos))


def test_durable_takes_10_per_rank_off_the_critical_roll_against_it():
    target = enforcer()
    target.status["criticals"] = "nick"
    target.stats["talents"] = "Durable 2"
    # 3 advantage (crit 3) and a hit: d100 42, +10 for the Nick carried, -20 for Durable 2 = 32: Stunned.
    result = RULES.attacks.resolve_attack(request(kara(), "Heavy pistol", target),
                                          TypedDice(["sa", "sa", "sa", "blank", 42]), {})
    assert any("d100 42, 1 critical injury carried +10, Durable 2 -20 = 32: Stunned" in n for n in result.damage.notes)
    assert SetStatus("enforcer", "criticals", "nick, stunned") in result.effects


def test_durable_never_takes_the_roll_below_the_first_row():
    target = enforcer()
    target.stats["talents"] = "Durable 1"
    result = RULES.attacks.resolve_attack(request(kara(), "Heavy pistol", target),
                                          TypedDice(["sa", "sa", "sa", "blank", 4]), {})
    assert SetStatus("enforcer", "criticals", "nick") in result.effects


def test_lethal_blows_adds_10_per_rank_to_the_critical_roll_it_inflicts():
    shooter = kara()
    shooter.stats["talents"] = "Lethal Blows 2"
    # d100 12 + 20 = 32: Stunned (without the talent, 12 is a Jolt).
    result = RULES.attacks.resolve_attack(request(shooter, "Heavy pistol", enforcer()),
                                          TypedDice(["sa", "sa", "sa", "blank", 12]), {})
    assert any("d100 12, Lethal Blows 2 +20 = 32: Stunned" in n for n in result.damage.notes)


def test_barrage_adds_1_damage_per_rank_at_long_and_extreme_range_with_ranged_heavy():
    sniper = pc("Sniper", "Sniper rifle", agility=3, talents="Barrage 2")
    far = RULES.attacks.resolve_attack(request(sniper, "Sniper rifle", enforcer(), band="long"),
                                       TypedDice(["s", "s", "s", "blank", "blank", "blank", "blank", "blank"]), {})
    assert far.damage.damage.explain() == "Sniper rifle damage 9, Barrage 2 +2, net successes +3 = 14"
    near = RULES.attacks.resolve_attack(request(sniper, "Sniper rifle", enforcer(), band="medium"),
                                        TypedDice(["s", "s", "s", "blank", "blank", "blank", "blank"]), {})
    assert near.damage.damage.explain() == "Sniper rifle damage 9, net successes +3 = 12"


# -- the target's reactions ---------------------------------------------------------------------------------------
def aimed_at(attacker, weapon, target, band="short", **target_inputs) -> AttackRequest:
    item = next(i for i in attacker.equipment if i.name == weapon)
    return AttackRequest(actor(attacker), item, (AttackTarget(actor(target), {"range_band": band, **target_inputs}),),
                         {})


def input_keys(attacker, weapon, target):
    item = next(i for i in attacker.equipment if i.name == weapon)
    return [s.key for s in RULES.attacks.target_inputs(actor(attacker), item, actor(target), 1, {})]


def test_dodge_is_offered_to_a_target_with_it_and_upgrades_once_per_strain_suffered():
    nemesis = boss()
    assert "dodge" not in input_keys(jax(), "Sword", nemesis)
    nemesis.stats["talents"] = "Dodge 2"
    spec = next(s for s in RULES.attacks.target_inputs(actor(jax()), jax().equipment[0], actor(nemesis), 1, {})
                if s.key == "dodge")
    assert (spec.minimum, spec.maximum) == (0, 2)
    req = aimed_at(jax(), "Sword", nemesis, band="engaged", dodge=2)
    pool = combat.attack_pool(req, {})
    assert (pool.difficulty, pool.challenge) == (0, 2)        # melee: 2 difficulty dice, both upgraded
    # Jax (one ability, two proficiency) against two challenge dice and a setback die (armoured clothing): a miss.
    result = RULES.attacks.resolve_attack(req, TypedDice(["blank"] * 6), {})
    assert SetStatus("boss", "strain", 2) in result.effects
    assert "Boss suffers 2 strain (Dodge)" in result.notes
    # More than the ranks is not taken.
    assert combat.attack_pool(aimed_at(jax(), "Sword", nemesis, band="engaged", dodge=5), {}).challenge == 2


def test_defensive_stance_upgrades_melee_attacks_and_side_step_ranged_ones():
    rival = enforcer()
    rival.stats["talents"] = "Defensive Stance 2, Side Step 1"
    assert "defensive_stance" in input_keys(jax(), "Sword", rival)
    assert "side_step" in input_keys(kara(), "Heavy pistol", rival)
    melee = combat.attack_pool(aimed_at(jax(), "Sword", rival, band="engaged", defensive_stance=2), {})
    assert (melee.difficulty, melee.challenge) == (0, 2)
    ranged = combat.attack_pool(aimed_at(kara(), "Heavy pistol", rival, side_step=1), {})
    assert (ranged.difficulty, ranged.challenge) == (0, 1)


def test_parry_takes_2_plus_ranks_off_a_melee_hit_for_3_strain():
    rival = enforcer()                                          # an axe in hand: a Melee weapon
    rival.stats["talents"] = "Parry 1"
    assert "parry" in input_keys(jax(), "Sword", rival) and "reflect" not in input_keys(jax(), "Sword", rival)
    result = RULES.attacks.resolve_attack(aimed_at(jax(), "Sword", rival, band="engaged", parry=True),
                                          TypedDice(["s", "s", "blank", "blank", "blank"]), {})
    assert result.damage.damage.explain() == "Brawn 3, Sword +2 +2, net successes +2, Parry 1 -3 = 4"
    # A rival takes strain as wounds: the 3 strain of the Parry are 3 wounds; 4 damage less soak 5 adds none.
    assert SetStatus("enforcer", "wounds", 3) in result.effects
    assert "Enforcer suffers 3 wounds instead of strain (Parry)" in result.notes


def test_reflect_takes_2_plus_ranks_off_a_ranged_hit_and_a_miss_costs_no_strain():
    rival = enforcer()
    rival.stats["talents"] = "Reflect 2"
    hit = RULES.attacks.resolve_attack(aimed_at(kara(), "Heavy pistol", rival, reflect=True),
                                       TypedDice(["ss", "ss", "s", "f"]), {})
    assert hit.damage.taken.explain() == "Heavy pistol damage 6, net successes +4, Reflect 2 -4, soak -5 = 1"
    miss = RULES.attacks.resolve_attack(aimed_at(kara(), "Heavy pistol", rival, reflect=True),
                                        TypedDice(["blank", "blank", "blank", "f"]), {})
    assert not miss.hit and not any(isinstance(e, SetStatus) for e in miss.effects)


def test_the_odds_count_dodge_and_reflect_exactly_with_their_strain():
    shooter = pc("Shooter", "Light pistol", agility=2, ranged_light=1)
    rival = enforcer()
    rival.stats["talents"] = "Dodge 1, Reflect 1"
    rival.status["wounds"] = 12                                 # threshold 14: Dodge's 1 and Reflect's 3 count
    req = aimed_at(shooter, "Light pistol", rival, dodge=1, reflect=True)
    kinds = combat.attack_pool(req, {}).dice()
    combos = list(itertools.product(*(k.faces for k in kinds)))
    hits, drops, counted = 0, 0, {}
    for combo in combos:
        result = RULES.attacks.resolve_attack(req, Faces([f.text for f in combo]), {})
        taken = int(result.damage.taken.value) if result.damage else 0
        counted[taken] = counted.get(taken, 0) + 1
        hits += result.hit
        wounds = [e.value for e in result.effects if isinstance(e, SetStatus) and e.key == "wounds"]
        drops += bool(wounds) and wounds[-1] > 14
    priced = RULES.attacks.attack_odds(req, {})
    assert priced.hit == pytest.approx(hits / len(combos))
    assert priced.damage == pytest.approx({k: v / len(combos) for k, v in counted.items()})
    assert priced.drop_target == pytest.approx(drops / len(combos))
    assert priced.drop_target == pytest.approx(priced.hit)            # 12 + 1 + 3 > 14 on every hit, 13 on a miss


def test_surgeon_heals_one_more_wound_per_rank_on_a_successful_medicine_check():
    from tests.unit.rules.genesys.people import gear

    doctor = jax()
    doctor.equipment += gear("Medkit")
    doctor.stats |= {"intellect": 2, "medicine": 1, "talents": "Surgeon 2"}
    patient = kara()
    patient.status |= {"wounds": 8, "strain": 3}
    # 3 net successes heal 3 wounds, Surgeon 2 two more: 8 - 5 = 3.
    result, treated = RULES.healing.heal(actor(doctor), actor(patient), TypedDice(["ss", "sa", "blank", "blank"]), {})
    assert SetStatus("kara", "wounds", 3) in treated.effects
    assert treated.notes == ("Kara heals 5 wounds (Jax's Surgeon 2: +2) and 1 strain",)
    # A failed check heals nothing, Surgeon or not.
    _, failed = RULES.healing.heal(actor(doctor), actor(patient), TypedDice(["blank", "blank", "f", "f"]), {})
    assert not any(isinstance(e, SetStatus) and e.key == "wounds" for e in failed.effects)


# -- the attacker's own talents -----------------------------------------------------------------------------------
def attack(attacker, weapon, target, band="short", **inputs) -> AttackRequest:
    item = next(i for i in attacker.equipment if i.name == weapon)
    return AttackRequest(actor(attacker), item, (AttackTarget(actor(target), {"range_band": band}),), inputs)


def test_sniper_shot_reaches_a_band_further_per_rank_used_each_upgrading_the_difficulty():
    shooter = kara()                                           # heavy pistol: reaches medium range
    with pytest.raises(ValueError, match="reaches medium range; Enforcer is at long range"):
        combat.attack_pool(attack(shooter, "Heavy pistol", enforcer(), band="long", sniper_shot=1), {})
    shooter.stats["talents"] = "Sniper Shot 1"
    item = shooter.equipment[0]
    assert "sniper_shot" in [s.key for s in RULES.attacks.attack_inputs(actor(shooter), item, 1, {})]
    pool = combat.attack_pool(attack(shooter, "Heavy pistol", enforcer(), band="long", sniper_shot=1), {})
    assert (pool.difficulty, pool.challenge) == (2, 1)         # long: 3 difficulty dice, one upgraded
    with pytest.raises(ValueError, match="reaches medium range and 1 band further; Enforcer is at extreme range"):
        combat.attack_pool(attack(shooter, "Heavy pistol", enforcer(), band="extreme", sniper_shot=1), {})


def test_precise_aim_takes_a_point_of_defence_off_per_strain_after_aiming():
    shooter = kara()
    shooter.stats["talents"] = "Precise Aim 2"
    nemesis = boss()                                           # armoured clothing: ranged defence 1
    assert combat.attack_pool(attack(shooter, "Heavy pistol", nemesis, aim=1), {}).setback == 1
    req = attack(shooter, "Heavy pistol", nemesis, aim=1, precise_aim=2)
    assert combat.attack_pool(req, {}).setback == 0            # at most the defence there is
    result = RULES.attacks.resolve_attack(req, TypedDice(["blank"] * 5), {})
    assert SetStatus("kara", "strain", 2) in result.effects
    with pytest.raises(ValueError, match="Kara must Aim first to use Precise Aim"):
        combat.attack_pool(attack(shooter, "Heavy pistol", nemesis, aim=0, precise_aim=1), {})


def test_brace_takes_setback_from_the_circumstances_off_up_to_its_ranks():
    shooter = kara()
    shooter.stats["talents"] = "Brace 1"
    assert combat.attack_pool(attack(shooter, "Heavy pistol", enforcer(), setback=2), {}).setback == 2
    assert combat.attack_pool(attack(shooter, "Heavy pistol", enforcer(), setback=2, brace=1), {}).setback == 1
    assert combat.attack_pool(attack(shooter, "Heavy pistol", enforcer(), brace=1), {}).setback == 0
