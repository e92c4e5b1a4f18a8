"""Attacks: modifiers, defence contest, NPC fixed defence, cover, criticals, Endurance/Health, armour, odds."""

from __future__ import annotations

import math

import pytest
from attack_requests import request_of
from classic_helpers import apply, armour, make_actor, weapon

from crisis_desktop.domain import CharacterKind
from crisis_desktop.rules.base import CoverLevel
from crisis_desktop.rules.crisis_classic import combat as classic_combat
from crisis_desktop.rules.crisis_classic.checks import contest_winner
from crisis_desktop.rules.crisis_classic.threed6 import classify
from crisis_desktop.rules.kernel.dice import RandomDice, TypedDice
from crisis_desktop.rules.qstar.context import AttackContext


def req(*args, **kw):
    return request_of(AttackContext(*args, **kw))


def _duel(**target_stats):
    attacker = make_actor("Vera", melee=1)
    target = make_actor("Otto", speed=12, melee=0, **target_stats)
    return attacker, target


def _labels(terms):
    return [(t.label, t.value) for t in terms]


def test_melee_attack_and_defence_terms(rules):
    vera, otto = _duel()
    ctx = AttackContext(vera, weapon("Sword"), otto)
    assert _labels(rules.attacks.attack_modifiers(request_of(ctx), {})) == [("Might", 10), ("Melee rank", 1),
                                                                            ("Sword HIT", 1)]
    assert _labels(classic_combat.defence_modifiers(ctx, {})) == [("Speed", 12), ("Melee rank", 0)]


def test_defender_wins_ties(rules):
    vera, otto = _duel()
    ctx = AttackContext(vera, weapon("Sword"), otto)
    tie = rules.attacks.resolve_attack(request_of(ctx), TypedDice([2, 3, 4, 3, 3, 3]), {})     # margins 3 and 3
    assert tie.attack.degree == tie.defence.degree == 3 and not tie.hit and tie.damage is None
    hit = rules.attacks.resolve_attack(request_of(ctx), TypedDice([2, 3, 4, 4, 4, 3]), {})     # 3 beats 1
    assert hit.hit and hit.damage.taken.value == 20
    apply(otto, hit.effects)
    assert otto.character.status["endurance_damage"] == 20 and "health_damage" not in otto.character.status


def test_failed_attack_misses_without_a_defence_roll(rules):
    vera, otto = _duel()
    dice = TypedDice([6, 6, 5])
    request = req(vera, weapon("Sword"), otto)
    result = rules.attacks.resolve_attack(request, dice, {})
    assert not result.hit and result.defence is None and dice.remaining == 0
    # The rules declare the attack's price and the controller pays it as the rules pay (Ruleset.pay): not by hand.
    ap = vera.combatant.resources["ap"]
    assert not [e for e in result.effects if getattr(e, "key", None) == "ap"]
    assert rules.attacks.attack_price(request, {}) == ({"ap": 2}, None)
    assert [(e.key, e.value) for e in rules.economy.pay(vera, {"ap": 2}, "attack").effects] == [("ap", ap - 2)]


@pytest.mark.parametrize(("enemies", "fighter", "option", "penalty"), [
    (1, False, "beyond_two", 0), (2, False, "beyond_two", -2), (3, False, "beyond_two", -4),
    (2, True, "beyond_two", 0), (3, True, "beyond_two", -2), (4, True, "beyond_two", -4),
    (3, True, "full", -4), (2, True, "full", 0)])
def test_extra_enemies_in_reach(rules, enemies, fighter, option, penalty):
    vera, otto = _duel(perk_fighter=fighter)
    terms = classic_combat.defence_modifiers(AttackContext(vera, weapon("Knife"), otto, enemies_in_reach=enemies),
                                    {"fighter_penalty": option})
    assert sum(t.value for t in terms if "enemies" in t.label) == penalty


def test_melee_defence_uses_the_better_of_might_and_speed(rules):
    vera = make_actor("Vera")
    otto = make_actor("Otto", might=14, speed=9, melee=2)
    terms = classic_combat.defence_modifiers(AttackContext(vera, weapon("Knife"), otto), {})
    assert _labels(terms)[:2] == [("Might", 14), ("Melee rank", 2)]


def test_ranged_defence_speed_armour_and_lightning_reflexes(rules):
    vera = make_actor("Vera", light_weapons=2)
    otto = make_actor("Otto", speed=13, perk_lightning_reflexes=True)
    vest = armour("Body Armour MK I")
    vest.stats["defence"] = 1
    otto.character.equipment.append(vest)
    terms = classic_combat.defence_modifiers(AttackContext(vera, weapon("Pistol"), otto), {})
    assert _labels(terms) == [("Speed", 13), ("Lightning Reflexes (Speed modifier)", 3), ("Body Armour MK I", 1)]


def test_martial_arts_master_melee_with_speed(rules):
    vera = make_actor("Vera", speed=14, melee=1, perk_martial_arts_master=True)
    terms = rules.attacks.attack_modifiers(req(vera, weapon("Unarmed"), make_actor("Otto")), {})
    assert _labels(terms)[:2] == [("Speed (Martial Arts Master)", 14), ("Melee rank", 1)]


def test_range_increments(rules):
    vera, otto = make_actor("Vera", light_weapons=0), make_actor("Otto")
    pistol = weapon("Pistol")   # RNG 5
    for distance, penalty in ((5, 0), (5.1, -2), (10, -2), (12, -4), (26, -10)):
        terms = rules.attacks.attack_modifiers(req(vera, pistol, otto, distance=distance), {})
        assert sum(t.value for t in terms if t.label.startswith("range")) == penalty


@pytest.mark.parametrize(("cover", "penetrable", "prone", "modifier"), [
    (CoverLevel.NONE, False, False, 0), (CoverLevel.LIGHT, False, False, -2), (CoverLevel.HEAVY, False, False, -4),
    (CoverLevel.TOTAL, True, False, -4), (CoverLevel.NONE, False, True, -4), (CoverLevel.LIGHT, False, True, -4)])
def test_cover(rules, cover, penetrable, prone, modifier):
    vera, otto = make_actor("Vera"), make_actor("Otto")
    ctx = AttackContext(vera, weapon("Pistol"), otto, cover=cover, cover_penetrable=penetrable,
                        target_prone_facing=prone)
    assert sum(t.value for t in rules.attacks.attack_modifiers(request_of(ctx), {}) if "Cover" in t.label) == modifier
    # Rule option: cover raises the rolled defence instead.
    on_defence = classic_combat.defence_modifiers(ctx, {"cover_applies_to": "defence"})
    assert sum(t.value for t in on_defence if "Cover" in t.label) == -modifier
    assert not any("Cover" in t.label for t in rules.attacks.attack_modifiers(request_of(ctx),
                                                                              {"cover_applies_to": "defence"}))


def test_total_cover_is_unhittable(rules):
    ctx = AttackContext(make_actor("Vera"), weapon("Pistol"), make_actor("Otto"), cover=CoverLevel.TOTAL)
    with pytest.raises(ValueError, match="unhittable"):
        rules.attacks.resolve_attack(request_of(ctx), RandomDice(1), {})
    assert rules.attacks.attack_odds(request_of(ctx), {}).hit == 0.0


def test_npc_fixed_defence_takes_its_dl(rules):
    vera = make_actor("Vera", light_weapons=2)
    thug = make_actor("Thug", kind=CharacterKind.NPC, difficulty=6)
    ctx = AttackContext(vera, weapon("Pistol"), thug)
    terms = rules.attacks.attack_modifiers(request_of(ctx), {})
    assert terms[-1].value == -4 and "fixed defence" in terms[-1].label
    dice = TypedDice([1, 2, 3])
    result = rules.attacks.resolve_attack(request_of(ctx), dice, {})
    assert result.hit and result.defence is None and dice.remaining == 0
    aimed = rules.attacks.attack_modifiers(req(vera, weapon("Pistol"), thug, aim=1), {})
    assert aimed[-1].value == -2                            # DL 6 - 1 = 5, Normal
    rolled = rules.attacks.resolve_attack(request_of(ctx), TypedDice([1, 2, 3, 6, 6, 5]), {"npc_defence": "roll"})
    assert rolled.defence is not None


def test_aim_from_resources_lowers_dl_and_is_used_up(rules):
    vera, otto = make_actor("Vera", ap=4), make_actor("Otto")
    vera.combatant.resources["aim"] = 2
    ctx = AttackContext(vera, weapon("Pistol"), otto)
    assert rules.attacks.attack_modifiers(request_of(ctx), {})[-1].value == 2   # DL 4 - 2 = 2, Routine +2
    result = rules.attacks.resolve_attack(request_of(ctx), TypedDice([6, 6, 5]), {})
    price, _refusal = rules.attacks.attack_price(request_of(ctx), {})
    apply(vera, [*rules.economy.pay(vera, price, "attack").effects, *result.effects])
    assert vera.combatant.resources["aim"] == 0 and vera.combatant.resources["ap"] == 2


def test_surprised_or_stunned_target_does_not_defend(rules):
    vera = make_actor("Vera", melee=3)
    for ctx in (AttackContext(vera, weapon("Knife"), make_actor("Otto"), target_surprised=True),
                AttackContext(vera, weapon("Knife"), make_actor("Otto", conditions=["stunned"]))):
        dice = TypedDice([3, 3, 3])
        assert rules.attacks.resolve_attack(request_of(ctx), dice, {}).hit and dice.remaining == 0


def test_attack_refusals(rules):
    otto = make_actor("Otto")
    with pytest.raises(ValueError, match="Not enough AP: Attack costs 2, Vera has 1"):
        rules.attacks.resolve_attack(req(make_actor("Vera", ap=1), weapon("Knife"), otto), RandomDice(1), {})
    with pytest.raises(ValueError, match="prone and cannot attack in melee"):
        rules.attacks.resolve_attack(req(make_actor("Vera", conditions=["prone"]), weapon("Knife"), otto),
                                     RandomDice(1), {})
    musket = weapon("Flintlock Musket")
    musket.stats["ammo"] = 0
    with pytest.raises(ValueError, match="empty"):
        rules.attacks.resolve_attack(req(make_actor("Vera"), musket, otto), RandomDice(1), {})


def test_shot_uses_a_round(rules):
    vera = make_actor("Vera")
    pistol = weapon("Pistol")
    vera.character.equipment.append(pistol)
    apply(vera, rules.attacks.resolve_attack(req(vera, pistol, make_actor("Otto")), RandomDice(3), {}).effects)
    assert pistol.stats["ammo"] == 6


def test_stunt_faces_are_critical_hits_up_to_rof(rules):
    vera = make_actor("Vera", might=20, melee=3)
    otto = make_actor("Otto", speed=3, might=3)   # defence 3 + untrained -5: cannot succeed but by legendary
    one = rules.attacks.resolve_attack(req(vera, weapon("Knife"), otto), TypedDice([6, 6, 1, 2, 2, 2]), {})
    assert one.attack.stunts == 2 and _labels(one.damage.taken.terms) == [("Endurance lost", 12), ("Health lost", 3)]
    two = rules.attacks.resolve_attack(req(vera, weapon("Unarmed"), otto), TypedDice([6, 6, 1, 2, 2, 2]), {})
    # Unarmed RoF 2: both stunts count; Health 3 can only lose 3.
    assert two.damage.damage.value == 5 + 2 * 2 and two.damage.taken.terms[1].value == 3
    assert any("dead" in n for n in two.damage.notes)


def test_two_critical_hits_reduce_armour_durability_by_two(rules):
    vera = make_actor("Vera", might=20, melee=3)
    otto = make_actor("Otto", speed=3, might=3)
    vest = armour("Body Armour MK II")     # durability 4
    otto.character.equipment.append(vest)
    result = rules.attacks.resolve_attack(req(vera, weapon("Unarmed"), otto), TypedDice([6, 6, 1, 2, 2, 2]), {})
    apply(otto, result.effects)
    assert vest.stats["durability"] == 2 and otto.character.status.get("health_damage", 0) == 0
    assert "Body Armour MK II prevents 2 critical hit(s): durability 4 -> 2" in result.damage.notes


def test_armour_protects_only_while_durability_lasts(rules):
    otto = make_actor("Otto")
    vest = armour("Body Armour MK I")      # durability 2
    vest.stats["durability"] = 1
    otto.character.equipment.append(vest)
    result = rules.attacks.apply_damage(otto, 4, {}, damage_type="health")
    apply(otto, result.effects)
    assert vest.stats["durability"] == 0 and otto.character.status.get("health_damage", 0) == 0
    apply(otto, rules.attacks.apply_damage(otto, 4, {}, damage_type="health").effects)
    assert otto.character.status["health_damage"] == 4 and vest.stats["durability"] == 0


def test_endurance_first_then_exhausted_then_every_hit_critical(rules):
    otto = make_actor("Otto")              # END 40, HP 10
    otto.character.status["endurance_damage"] = 30
    first = rules.attacks.apply_damage(otto, 15, {})
    assert _labels(first.taken.terms) == [("Endurance lost", 10), ("Health lost", 0)]
    assert "damage beyond the Endurance left has no effect" in first.notes
    apply(otto, first.effects)
    assert otto.character.has_condition("exhausted")
    vera = make_actor("Vera", melee=3)
    hit = rules.attacks.resolve_attack(req(vera, weapon("Baton"), otto, target_surprised=True),
                                       TypedDice([2, 2, 2]), {})
    assert _labels(hit.damage.taken.terms) == [("Endurance lost", 0), ("Health lost", 4)]


def test_death_at_zero_health(rules):
    otto = make_actor("Otto")
    apply(otto, rules.attacks.apply_damage(otto, 10, {}, damage_type="health").effects)
    assert rules.sheet.state(otto.character, {}).key == "dead"


def test_legendary_attack_hits_even_at_impossible_odds(rules):
    vera = make_actor("Vera", might=1)
    otto = make_actor("Otto", kind=CharacterKind.NPC, difficulty=10)
    result = rules.attacks.resolve_attack(req(vera, weapon("Knife"), otto), TypedDice([6, 6, 6]), {})
    assert result.hit and "legendary" in result.summary


def test_melee_damage_ability_option(rules):
    vera, otto = make_actor("Vera", might=14, melee=3), make_actor("Otto", speed=3, might=3)
    ctx = AttackContext(vera, weapon("Knife"), otto)
    plain = rules.attacks.resolve_attack(request_of(ctx), TypedDice([2, 2, 2, 5, 5, 5]), {})
    strong = rules.attacks.resolve_attack(request_of(ctx), TypedDice([2, 2, 2, 5, 5, 5]),
                                          {"melee_damage_ability": "might_modifier"})
    assert plain.damage.damage.value == 12 and strong.damage.damage.value == 16


# --------------------------------------------------------------------------- odds


def _exact_by_enumeration(rules, ctx, options):
    """Every attack roll replayed through resolve_attack (no defence roll here): the exact truth."""
    hit = 0
    dist: dict[int, int] = {}
    for a in range(1, 7):
        for b in range(1, 7):
            for c in range(1, 7):
                r = rules.attacks.resolve_attack(request_of(ctx), TypedDice([a, b, c]), options)
                taken = int(r.damage.taken.value) if r.hit else 0
                hit += r.hit
                dist[taken] = dist.get(taken, 0) + 1
    return hit / 216, {k: v / 216 for k, v in dist.items()}


@pytest.mark.parametrize("face", ["6", "1"])
def test_attack_odds_match_enumeration_against_fixed_defence(rules, face):
    vera = make_actor("Vera", might=12, melee=1)
    thug = make_actor("Thug", kind=CharacterKind.NPC, difficulty=5)
    thug.character.status["endurance_damage"] = 80      # 10 END left: a critical can also wound
    ctx = AttackContext(vera, weapon("Unarmed"), thug)
    odds = rules.attacks.attack_odds(request_of(ctx), {"stunt_face": face})
    hit, dist = _exact_by_enumeration(rules, ctx, {"stunt_face": face})
    assert math.isclose(odds.hit, hit)
    assert set(odds.damage) == set(dist) and all(math.isclose(odds.damage[k], dist[k]) for k in dist)
    assert math.isclose(sum(odds.damage.values()), 1) and math.isclose(sum(odds.critical_hits.values()), 1)
    assert math.isclose(odds.expected_damage, sum(k * p for k, p in dist.items()))


def test_attack_odds_with_defence_roll_match_216_by_216(rules):
    vera, otto = _duel()
    ctx = AttackContext(vera, weapon("Sword"), otto)
    odds = rules.attacks.attack_odds(request_of(ctx), {})
    attack_target, defence_target = 12, 12
    faces = [(x, y, z) for x in range(1, 7) for y in range(1, 7) for z in range(1, 7)]
    defence = [classify(f, defence_target, 6) for f in faces]
    hits = 0
    for fa in faces:
        ra = classify(fa, attack_target, 6)
        if ra.outcome.succeeded:
            hits += sum(contest_winner(ra, rd, defence=True)[0] == "active" for rd in defence)
    assert math.isclose(odds.hit, hits / 216**2)


def test_attack_odds_agree_with_sampled_attacks(rules):
    vera, otto = _duel()
    ctx = AttackContext(vera, weapon("Sword"), otto)
    odds = rules.attacks.attack_odds(request_of(ctx), {})
    n = 200_000
    dice = RandomDice(seed=99)
    hits = 0
    for _ in range(n):
        ra = classify((dice.roll(6), dice.roll(6), dice.roll(6)), 12, 6)
        if ra.outcome.succeeded:
            rd = classify((dice.roll(6), dice.roll(6), dice.roll(6)), 12, 6)
            hits += contest_winner(ra, rd, defence=True)[0] == "active"
    sd = math.sqrt(n * odds.hit * (1 - odds.hit))
    assert abs(hits - n * odds.hit) <= 4 * sd
    # And through the full resolve_attack path, on fewer rolls.
    m, full = 3000, 0
    dice = RandomDice(seed=7)
    for _ in range(m):
        full += rules.attacks.resolve_attack(request_of(ctx), dice, {}).hit
    assert abs(full - m * odds.hit) <= 4 * math.sqrt(m * odds.hit * (1 - odds.hit))


def test_drop_target_when_exhausted(rules):
    otto = make_actor("Otto", conditions=["exhausted"])
    otto.character.status.update(endurance_damage=40, health_damage=6)   # 4 Health left
    odds = rules.attacks.attack_odds(req(make_actor("Vera"), weapon("Knife"), otto), {})
    assert odds.drop_target == pytest.approx(odds.hit) and odds.hit > 0
    assert odds.health == {0: pytest.approx(1 - odds.hit), 4: pytest.approx(odds.hit)}


def test_replay_and_same_seed(rules):
    vera, otto = _duel()
    ctx = AttackContext(vera, weapon("Sword"), otto)
    for seed in range(20):
        dice = RandomDice(seed)
        first = rules.attacks.resolve_attack(request_of(ctx), dice, {})
        assert first == rules.attacks.resolve_attack(request_of(ctx), TypedDice([d.value for d in dice.rolled]), {})
        assert first == rules.attacks.resolve_attack(request_of(ctx), RandomDice(seed), {})
