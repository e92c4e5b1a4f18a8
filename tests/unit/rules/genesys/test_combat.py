"""Genesys combat: difficulty by range band, defence as setback dice, the modifiers of the text, damage = weapon
damage (+ Brawn) + net successes - soak, critical injuries, thresholds, minion groups, qualities, spending, odds."""

from __future__ import annotations

import itertools

import pytest

from crisis_desktop.domain import ConditionState
from crisis_desktop.rules.base import AddCondition, AttackRequest, AttackTarget, SetItemStat, SetResource, SetStatus
from crisis_desktop.rules.genesys import combat
from crisis_desktop.rules.kernel.dice import TypedDice
from tests.unit.rules.genesys.people import RULES, actor, boss, enforcer, gear, jax, kara, pc, thugs


def request(attacker, weapon, *targets, band="short", target_inputs=None, **inputs) -> AttackRequest:
    """`attacker` (a character) attacks with its weapon named `weapon` every target (characters) at `band`."""
    item = next(i for i in attacker.equipment if i.name == weapon)
    aimed = tuple(AttackTarget(actor(t), {"range_band": band, **(target_inputs or {})}) for t in targets)
    return AttackRequest(actor(attacker), item, aimed, inputs)


def pool(req, options=None):
    return combat.attack_pool(req, options or {})


def effects_of(result):
    return list(result.effects)


# -- the pool ----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("band", "difficulty"), [("engaged", 1), ("short", 1), ("medium", 2)])
def test_ranged_difficulty_goes_by_range_band(band, difficulty):
    assert pool(request(kara(), "Heavy pistol", enforcer(), band=band)).difficulty == difficulty


def test_long_is_hard_and_extreme_daunting_and_a_weapon_reaches_no_further_than_its_band():
    sniper = pc("Sniper", "Sniper rifle", agility=3)
    assert pool(request(sniper, "Sniper rifle", enforcer(), band="long")).difficulty == 3
    assert pool(request(sniper, "Sniper rifle", enforcer(), band="extreme")).difficulty == 4
    with pytest.raises(ValueError, match="The Heavy pistol reaches medium range; Enforcer is at long range"):
        pool(request(kara(), "Heavy pistol", enforcer(), band="long"))


def test_melee_is_average_and_needs_the_target_engaged():
    assert pool(request(jax(), "Sword", enforcer(), band="engaged")).difficulty == 2
    with pytest.raises(ValueError, match="Enforcer is at short range: a Melee attack with the Sword needs the "
                                         "target engaged"):
        pool(request(jax(), "Sword", enforcer(), band="short"))


def test_defence_adds_setback_dice_up_to_the_cap():
    assert pool(request(kara(), "Heavy pistol", boss())).setback == 1             # armoured clothing: defence 1
    tank = pc("Tank", "Riot armour", extra_ranged_defence=4)
    assert pool(request(kara(), "Heavy pistol", tank)).setback == 4
    assert pool(request(kara(), "Heavy pistol", tank), {"defense_cap": "none"}).setback == 6


def test_the_modifiers_of_the_text():
    # Ranged at an engaged target: the difficulty is upgraded once.
    p = pool(request(kara(), "Heavy pistol", enforcer(), target_inputs={"target_engaged": True}))
    assert (p.difficulty, p.challenge) == (0, 1)
    # Ranged while engaged: Ranged (Light) +1 difficulty, Ranged (Heavy) +2, Gunnery not at all.
    assert pool(request(kara(), "Heavy pistol", enforcer(), attacker_engaged=True)).difficulty == 2
    rifleman = pc("Rifle", "Assault rifle", "Assault cannon")
    assert pool(request(rifleman, "Assault rifle", enforcer(), attacker_engaged=True)).difficulty == 3
    with pytest.raises(ValueError, match="Gunnery cannot be used while engaged"):
        pool(request(rifleman, "Assault cannon", enforcer(), attacker_engaged=True))
    # Prone target: melee gains a boost die, ranged a setback die; attacking while prone in melee: a setback die.
    down = enforcer()
    down.conditions.append(ConditionState(key="prone"))
    assert pool(request(jax(), "Sword", down, band="engaged")).boost == 1
    assert pool(request(kara(), "Heavy pistol", down)).setback == 1
    lying = jax()
    lying.conditions.append(ConditionState(key="prone"))
    assert pool(request(lying, "Sword", enforcer(), band="engaged")).setback == 1


def test_aim_accurate_auto_fire_cumbersome_and_size():
    sniper = pc("Sniper", "Sniper rifle", agility=3)
    assert pool(request(sniper, "Sniper rifle", enforcer(), aim=2)).boost == 4          # Accurate 2 and 2 aims
    rifleman = pc("Rifle", "Assault rifle")
    assert pool(request(rifleman, "Assault rifle", enforcer(), auto_fire=True)).difficulty == 2
    big = pc("Big", "Greatsword", agility=2)                                           # Unwieldy 3, Agility 2
    assert pool(request(big, "Greatsword", enforcer(), band="engaged")).difficulty == 3
    beast = enforcer()
    beast.stats["silhouette"] = 3                     # 2 points bigger than the attacker: one difficulty die less
    assert pool(request(jax(), "Sword", beast, band="engaged")).difficulty == 1
    mouse = enforcer()
    mouse.stats["silhouette"] = 0                     # 1 point smaller: not yet a die
    assert pool(request(jax(), "Sword", mouse, band="engaged")).difficulty == 2


def test_guarded_stance_gives_melee_defence_and_costs_a_setback_die_on_own_attacks():
    target = actor(enforcer(), guarded=True)
    item = jax().equipment[0]
    req = AttackRequest(actor(jax()), item, (AttackTarget(target, {"range_band": "engaged"}),))
    assert pool(req).setback == 1
    guarded = AttackRequest(actor(jax(), guarded=True), item, (AttackTarget(actor(enforcer()),
                                                                            {"range_band": "engaged"}),))
    assert pool(guarded).setback == 1
    assert [t.label for t in pool(guarded).terms()][-1] == "own guarded stance: setback"


@pytest.mark.parametrize(("option", "same", "different"), [("difficulty", 3, 4), ("skill", 3, 4)])
def test_two_weapons_roll_the_lower_characteristic_and_skill_and_a_harder_check(option, same, different):
    duo = pc("Duo", "Knife", "Sword", "Light pistol", brawn=3, agility=2, melee=2, ranged_light=1)
    both_melee = pool(request(duo, "Sword", enforcer(), band="engaged", off_hand="Knife"),
                      {"dual_weapon_penalty": option})
    assert (both_melee.ability, both_melee.proficiency, both_melee.difficulty) == (1, 2, same)
    mixed = pool(request(duo, "Sword", enforcer(), band="engaged", off_hand="Light pistol"),
                 {"dual_weapon_penalty": option})
    # The lower characteristic (Agility 2) and the lower skill (Ranged (Light) 1).
    assert (mixed.ability, mixed.proficiency) == (1, 1)
    assert mixed.difficulty == (different if option == "skill" else 2 + 1 + 1)


# -- damage, criticals, thresholds -------------------------------------------------------------------------------
def test_damage_is_weapon_damage_plus_net_successes_less_soak():
    # Kara's heavy pistol: two proficiency, one ability against one difficulty (short range).
    attack = request(kara(), "Heavy pistol", enforcer())
    result = RULES.attacks.resolve_attack(attack, TypedDice(["ss", "ss", "s", "f"]), {})
    assert result.hit and result.attack.degree == 4
    assert result.damage.damage.explain() == "Heavy pistol damage 6, net successes +4 = 10"
    assert result.damage.taken.explain() == "Heavy pistol damage 6, net successes +4, soak -5 = 5"
    assert SetStatus("enforcer", "wounds", 5) in effects_of(result)
    # The action is the attack's declared price, paid as the rules pay it (by the controller), not in the result.
    assert SetResource("c-kara", "actions_used", 1) not in effects_of(result)
    price, refusal = RULES.attacks.attack_price(attack, {})
    assert (price, refusal) == ({"actions": 1}, None)
    assert RULES.economy.pay(attack.attacker, price, "attack").effects == (SetResource("c-kara", "actions_used", 1),)


def test_a_brawn_weapon_adds_brawn_and_pierce_takes_soak_off():
    result = RULES.attacks.resolve_attack(request(jax(), "Sword", enforcer(), band="engaged"),
                                          TypedDice(["s", "s", "blank", "blank", "blank"]), {})
    assert result.damage.damage.explain() == "Brawn 3, Sword +2 +2, net successes +2 = 7"
    big = pc("Big", "Greatsword", brawn=3, agility=3, melee=1)
    pierced = RULES.attacks.resolve_attack(request(big, "Greatsword", enforcer(), band="engaged"),
                                           TypedDice(["s", "s", "s", "blank", "blank"]), {})
    assert pierced.damage.taken.explain() == "Brawn 3, Greatsword +4 +4, net successes +3, soak -4 = 6"


def test_a_miss_deals_nothing_and_lists_the_threat_to_spend():
    result = RULES.attacks.resolve_attack(request(kara(), "Heavy pistol", enforcer()), TypedDice(["blank", "a", "a",
                                                                                                  "fth"]),
                                          {})
    assert not result.hit and result.damage is None
    assert any(n.startswith("1 advantage to spend: Recover 1 strain") for n in result.notes)


def test_advantage_equal_to_the_crit_rating_rolls_a_critical_plus_10_per_injury_carried():
    target = enforcer()
    target.status["criticals"] = "nick"
    # 3 advantage (crit 3) and a hit: a critical; d100 42 + 10 for the Nick carried = 52: Shaken.
    result = RULES.attacks.resolve_attack(request(kara(), "Heavy pistol", target),
                                          TypedDice(["sa", "sa", "sa", "blank", 42]), {})
    assert "Spent 3 advantage: critical injury (crit 3)" in result.notes
    assert SetStatus("enforcer", "criticals", "nick, shaken") in effects_of(result)
    assert any("d100 42, 1 critical injury carried +10 = 52: Shaken" in n for n in result.damage.notes)


def test_a_triumph_activates_a_critical_and_vicious_adds_10_per_rank():
    shotgunner = pc("Gunner", "Shotgun", agility=2, ranged_heavy=1)
    # Shotgun (crit 3, Vicious 2, Blast, Knockdown): proficiency tr, ability s, against one difficulty: a hit with a
    # triumph and no advantage: the triumph buys the critical; d100 70 + 20 = 90: Compromised.
    result = RULES.attacks.resolve_attack(request(shotgunner, "Shotgun", enforcer()), TypedDice(["tr", "s", "blank",
                                                                                                 70]),
                                          {})
    assert "Spent 1 triumph: critical injury (crit 3)" in result.notes
    assert SetStatus("enforcer", "criticals", "compromised") in effects_of(result)


def test_extra_activations_add_10_each_unless_the_option_says_no():
    # Aiming twice adds two boost dice. 7 advantage, crit 3: one critical, one more activation and 1 advantage left;
    # d100 10 + 10 = 20: Distracted.
    dice = ["sa", "aa", "aa", "aa", "blank", "blank", 10]
    result = RULES.attacks.resolve_attack(request(kara(), "Heavy pistol", enforcer(), aim=2), TypedDice(dice), {})
    assert "3 advantage: another critical activation (+10)" in result.notes[0]
    assert SetStatus("enforcer", "criticals", "distracted") in effects_of(result)
    assert any(n.startswith("1 advantage to spend") for n in result.notes)
    plain = RULES.attacks.resolve_attack(request(kara(), "Heavy pistol", enforcer(), aim=2), TypedDice(dice),
                                         {"crit_extra_activation_plus10": "false"})
    assert SetStatus("enforcer", "criticals", "slowed") in effects_of(plain)


def test_no_critical_without_a_wound_past_soak():
    tough = enforcer()
    tough.stats["extra_soak"] = 10
    result = RULES.attacks.resolve_attack(request(kara(), "Heavy pistol", tough), TypedDice(["sa", "sa", "sa",
                                                                                             "blank"]), {})
    assert result.hit and result.damage.taken.value == 0
    assert not any("critical" in n for n in result.notes)


def test_a_rival_past_its_threshold_is_defeated_a_pc_is_knocked_out_with_a_critical():
    rival = enforcer()
    rival.status["wounds"] = 12
    result = RULES.attacks.resolve_attack(request(kara(), "Heavy pistol", rival), TypedDice(["ss", "s", "blank",
                                                                                             "blank"]),
                                          {})
    assert "Enforcer is defeated: 16 wounds over its threshold 14" in result.damage.notes
    rival.status["wounds"] = 15
    assert RULES.sheet.state(rival, {}).key == "defeated" and not RULES.sheet.state(rival, {}).fighting
    victim = kara()
    victim.status["wounds"] = 11
    shooter = pc("Shooter", "Heavy pistol", agility=2, ranged_light=2)
    hit = RULES.attacks.resolve_attack(request(shooter, "Heavy pistol", victim), TypedDice(["s", "s", "blank", 5]), {})
    assert any(n.startswith("Kara is knocked out: 15 wounds over its threshold 12") for n in hit.damage.notes)
    assert SetStatus("kara", "criticals", "nick") in effects_of(hit)         # d100 5: the critical of going down
    victim.status["wounds"] = 14
    assert RULES.sheet.state(victim, {}).key == "knocked_out" and RULES.sheet.state(victim, {}).role.value == "down"


def test_wounds_over_the_threshold_are_tracked_up_to_twice_it():
    victim = kara()
    victim.status["wounds"] = 20
    shooter = pc("Shooter", "Heavy pistol", agility=2, ranged_light=2)
    hit = RULES.attacks.resolve_attack(request(shooter, "Heavy pistol", victim), TypedDice(["ss", "ss", "blank"]), {})
    assert SetStatus("kara", "wounds", 24) in effects_of(hit)


def test_a_minion_group_loses_members_as_its_pool_fills_and_a_critical_takes_one_more():
    group = thugs(3)                                  # soak 3: Brawn 2 + heavy clothing
    result = RULES.attacks.resolve_attack(request(kara(), "Heavy pistol", group), TypedDice(["s", "s", "s", "blank"]),
                                          {})
    assert result.damage.taken.value == 6 and "1 minion of Thugs falls: 2 left" in result.damage.notes
    crit = RULES.attacks.resolve_attack(request(kara(), "Heavy pistol", thugs(3)),
                                        TypedDice(["sa", "sa", "a", "blank"]), {})
    # 2 successes: 8 - 3 = 5 wounds (all 3 stand); the critical takes one out: wounds to 6.
    assert SetStatus("thugs", "wounds", 6) in effects_of(crit)
    assert "A critical injury takes one minion of Thugs out: 2 left" in crit.damage.notes


def test_strain_damage_and_stun():
    boxer = pc("Boxer", "Unarmed", brawn=3, brawl=2)
    req = request(boxer, "Unarmed", boss(), band="engaged", to_strain=True)
    result = RULES.attacks.resolve_attack(req, TypedDice(["s", "s", "blank", "blank", "blank", "blank"]), {})
    assert SetStatus("boss", "strain", 2) in effects_of(result)          # Brawn 3 + 2 - soak 3
    # A rival takes strain as wounds.
    as_wounds = RULES.attacks.resolve_attack(request(boxer, "Unarmed", enforcer(), band="engaged", to_strain=True),
                                             TypedDice(["ss", "s", "blank", "blank", "blank"]), {})
    assert SetStatus("enforcer", "wounds", 1) in effects_of(as_wounds)
    stunner = pc("Stunner", "Light pistol", agility=2, ranged_light=2)
    stunner.equipment[0].stats["qualities"] = "Stun 2"
    stunned = RULES.attacks.resolve_attack(request(stunner, "Light pistol", boss()),
                                           TypedDice(["s", "aa", "blank",
                                                      "blank"]), {"advantage_spending": "qualities_first"})
    assert SetStatus("boss", "strain", 2) in effects_of(stunned)        # Stun 2: 2 strain, no soak


def test_knockdown_and_disorient_by_their_advantage():
    boxer = pc("Boxer", "Unarmed", brawn=3, brawl=2)
    # Unarmed: crit 5, Disorient 1, Knockdown. 4 advantage, qualities first: Knockdown and Disorient (2 each).
    result = RULES.attacks.resolve_attack(request(boxer, "Unarmed", enforcer(), band="engaged"),
                                          TypedDice(["sa", "aa", "a", "blank", "blank"]),
                                          {"advantage_spending": "qualities_first"})
    assert AddCondition("enforcer", "prone") in effects_of(result)
    assert AddCondition("enforcer", "disoriented", 1) in effects_of(result)


def test_blast_hits_everyone_engaged_with_the_target_and_on_a_miss_with_3_advantage():
    shotgunner = pc("Gunner", "Shotgun", agility=2, ranged_heavy=1)
    req = request(shotgunner, "Shotgun", enforcer(), thugs(3))
    # A hit with 2 advantage, qualities first: Blast 4 on the thugs: 4 + 1 success - soak 3 = 2.
    hit = RULES.attacks.resolve_attack(req, TypedDice(["sa", "a", "blank"]), {"advantage_spending": "qualities_first"})
    assert [f.target.name for f in hit.followups] == ["Thugs"]
    assert hit.followups[0].damage.taken.explain() == "Blast 4 4, net successes +1, soak -3 = 2"
    miss = RULES.attacks.resolve_attack(req, TypedDice(["aa", "a", "f"]), {})
    assert not miss.hit and "3 advantage: Blast 4 on a miss" in miss.notes[0]
    assert [(r.target.name, r.damage.taken.value) for r in (miss, *miss.followups) if r.damage] == \
        [("Enforcer", 0), ("Thugs", 1)]


def test_auto_fire_turns_every_2_advantage_into_another_hit():
    rifleman = pc("Rifle", "Assault rifle", agility=3, ranged_heavy=1)
    req = request(rifleman, "Assault rifle", enforcer(), thugs(3), band="medium", auto_fire=True)
    # 1 proficiency, 2 ability against 3 difficulty (medium + Auto-fire): 1 success, 4 advantage, qualities first.
    result = RULES.attacks.resolve_attack(req, TypedDice(["sa", "aa", "a", "blank", "blank", "blank"]),
                                          {"advantage_spending": "qualities_first"})
    assert [f.target.name for f in result.followups] == ["Thugs", "Enforcer"]
    assert result.followups[0].damage.damage.explain() == "Assault rifle damage 8, net successes +1 = 9"


def test_a_single_target_weapon_takes_one_target():
    with pytest.raises(ValueError, match="The Heavy pistol takes one target"):
        RULES.attacks.attack_modifiers(request(kara(), "Heavy pistol", enforcer(), thugs()), {})
    assert RULES.attacks.max_targets(gear("Shotgun")[0]) is None and RULES.attacks.max_targets(gear("Knife")[0]) == 1


def test_an_improvised_weapon_adds_a_threat_and_breaks_on_two():
    brute = pc("Brute", "Knife", brawn=3, melee=1)
    brute.equipment[0].stats["improvised"] = True
    result = RULES.attacks.resolve_attack(request(brute, "Knife", enforcer(), band="engaged"),
                                          TypedDice(["s", "s", "s", "th", "blank"]), {})
    assert result.attack.tally.get("threat") == 2 and "The improvised Knife breaks" in result.notes


def test_the_attack_uses_the_action_the_aim_and_a_shot_and_is_refused_without_them():
    sniper = pc("Sniper", "Sniper rifle", agility=3)
    sniper.equipment[0].stats["ammo"] = 1
    item = sniper.equipment[0]
    req = AttackRequest(actor(sniper, aim=1), item, (AttackTarget(actor(enforcer()), {"range_band": "long"}),))
    result = RULES.attacks.resolve_attack(req, TypedDice(["blank"] * 10), {})
    assert SetItemStat("sniper", item.id, "ammo", 0) in effects_of(result)
    assert SetResource("c-sniper", "aim", 0) in effects_of(result)
    item.stats["ammo"] = 0
    assert RULES.attacks.attack_price(req, {}) == ({"actions": 1}, "The Sniper rifle is out of ammunition: reload it "
                                                            "(a maneuver)")
    done = AttackRequest(actor(kara(), actions_used=1), kara().equipment[0], (AttackTarget(actor(enforcer())),))
    with pytest.raises(ValueError, match="Kara has taken its action this turn"):
        RULES.attacks.resolve_attack(done, TypedDice([]), {})


# -- odds --------------------------------------------------------------------------------------------------------
class Faces:
    """Typed dice for the pool's faces, then 1 for every further die (critical injury rolls)."""

    def __init__(self, faces):
        self.typed = TypedDice(faces)

    def roll(self, sides, label="", kind=None):
        return self.typed.roll(sides, label, kind) if self.typed.remaining else 1


def test_attack_odds_are_every_roll_of_the_pool_counted():
    shooter = pc("Shooter", "Light pistol", agility=2, ranged_light=1)
    req = request(shooter, "Light pistol", enforcer())
    kinds = combat.attack_pool(req, {}).dice()
    counted: dict[int, float] = {}
    hits = 0.0
    combos = list(itertools.product(*(k.face_texts() and k.faces for k in kinds)))
    for combo in combos:
        result = RULES.attacks.resolve_attack(req, Faces([f.text for f in combo]), {})
        taken = int(result.damage.taken.value) if result.damage else 0
        counted[taken] = counted.get(taken, 0.0) + 1 / len(combos)
        hits += result.hit / len(combos)
    priced = RULES.attacks.attack_odds(req, {})
    assert priced.hit == pytest.approx(hits)
    assert priced.damage == pytest.approx(counted)
    assert sum(priced.damage.values()) == pytest.approx(1.0)


def test_attack_odds_price_every_target_and_dropping_it():
    shotgunner = pc("Gunner", "Shotgun", agility=3, ranged_heavy=2)
    weak = thugs(1)
    weak.status["wounds"] = 4                     # one more wound past its 5 takes the last minion out
    priced = RULES.attacks.attack_odds(request(shotgunner, "Shotgun", enforcer(), weak), {"advantage_spending":
                                                                                "qualities_first"})
    assert len(priced.further) == 1
    assert sum(priced.further[0].damage.values()) == pytest.approx(1.0)
    assert 0 < priced.further[0].drop_target <= priced.further[0].hit
    assert priced.further[0].drop_target == pytest.approx(1 - priced.further[0].damage.get(0, 0.0) -
                                                          priced.further[0].damage.get(1, 0.0))


def test_the_second_weapon_hits_for_2_advantage_with_its_own_damage():
    duo = pc("Duo", "Sword", "Knife", brawn=3, melee=2)
    req = request(duo, "Sword", enforcer(), band="engaged", off_hand="Knife")
    # Brawn 3, Melee 2: one ability, two proficiency against Average + 1 (two melee weapons alike): 1 success and
    # 4 advantage, qualities first: the knife hits too (2 advantage), then the sword's critical (crit 2; d100 1).
    result = RULES.attacks.resolve_attack(req, TypedDice(["sa", "aa", "a", "blank", "blank", "blank", 1]),
                                          {"advantage_spending": "qualities_first"})
    assert "2 advantage: the Knife hits too" in result.notes[0]
    second = next(f for f in result.followups if f.summary.startswith("second weapon"))
    assert second.damage.damage.explain() == "Brawn 3, Knife +1 +1, net successes +1 = 5"


def test_damage_dealt_by_hand_takes_soak_and_non_lethal_goes_to_strain():
    hurt = RULES.attacks.apply_damage(actor(kara()), 7, {})
    assert hurt.taken.explain() == "damage 7, soak -4 = 3" and SetStatus("kara", "wounds", 3) in hurt.effects
    dazed = RULES.attacks.apply_damage(actor(kara()), 7, {}, lethal=False)
    assert SetStatus("kara", "strain", 3) in dazed.effects and not dazed.lethal
