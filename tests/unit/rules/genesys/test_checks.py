"""Genesys checks: the pool from characteristic and rank, difficulty and upgrades, what conditions and critical
injuries add by themselves, results with their tally, exact odds, opposed checks."""

from __future__ import annotations

import pytest

from crisis_desktop.domain import ConditionState
from crisis_desktop.rules.base import Actor, CheckRequest, Outcome
from crisis_desktop.rules.genesys import checks
from crisis_desktop.rules.kernel.dice import RandomDice, TypedDice
from crisis_desktop.rules.kernel.tally import Tally
from tests.unit.rules.genesys.people import RULES, jax, kara, pc


def pool_of(character, skill, difficulty=2, **inputs):
    return checks.check_pool(RULES.checks.check_request(Actor(character), skill, {"difficulty": difficulty, **inputs}))


def test_the_check_dialog_asks_for_difficulty_upgrades_boost_and_setback():
    assert [f.key for f in RULES.checks.check_inputs(Actor(kara()), "cool", {})] == \
        ["difficulty", "upgrade_difficulty", "upgrade_ability", "boost", "setback", "story_ability", "story_difficulty"]
    assert "Simple 0, Easy 1, Average 2, Hard 3, Daunting 4, Formidable 5" in RULES.checks.check_inputs(
        Actor(kara()), "cool", {})[0].help
    with pytest.raises(ValueError, match="Genesys checks have no input luck"):
        RULES.checks.check_request(Actor(kara()), "cool", {"luck": 1})


def test_a_skill_check_rolls_characteristic_and_rank_against_difficulty_dice():
    pool = pool_of(kara(), "ranged_light", 3, boost=1, setback=2, upgrade_difficulty=1)
    assert (pool.ability, pool.proficiency, pool.boost) == (1, 2, 1)          # Agility 3, rank 2
    assert (pool.difficulty, pool.challenge, pool.setback) == (2, 1, 2)       # Hard, upgraded once
    assert [t.label for t in pool.terms()] == [
        "Agility 3, Ranged (Light) 2: ability", "Agility 3, Ranged (Light) 2: proficiency", "Hard: difficulty",
        "GM: upgrade difficulty", "GM: boost", "GM: setback"]
    # A characteristic alone rolls only green dice.
    assert (pool_of(kara(), "agility").ability, pool_of(kara(), "agility").proficiency) == (3, 0)


def test_disoriented_adds_a_setback_die_to_every_check():
    k = kara()
    k.conditions.append(ConditionState(key="disoriented"))
    assert pool_of(k, "cool").setback == 1


@pytest.mark.parametrize(("injury", "skill", "difficulty", "challenge", "setback"), [
    ("head_blow", "medicine", 3, 0, 0), ("head_blow", "cool", 2, 0, 0),        # Intellect, not Presence
    ("shaken", "cool", 3, 0, 0), ("agony", "ranged_light", 3, 0, 0), ("compromised", "cool", 3, 0, 0),
    # Blinded upgrades Perception three times: the third finds no purple die left and adds one.
    ("maimed", "cool", 2, 0, 1), ("blinded", "cool", 0, 2, 0), ("blinded", "perception", 1, 2, 0)])
def test_critical_injuries_make_checks_harder_as_the_table_says(injury, skill, difficulty, challenge, setback):
    k = kara()
    k.status["criticals"] = injury
    pool = pool_of(k, skill)
    assert (pool.difficulty, pool.challenge, pool.setback) == (difficulty, challenge, setback)
    k.status["criticals"] = injury + "~"              # its effect over: no longer
    assert (pool_of(k, skill).difficulty, pool_of(k, skill).challenge) == (2, 0)


def test_senses_scattered_takes_away_every_boost_die():
    k = kara()
    k.status["criticals"] = "senses_scattered"
    pool = pool_of(k, "cool", boost=2)
    assert pool.boost == 0 and pool.terms()[-1].label == "Senses scattered: boost"


def test_a_check_result_carries_its_tally_and_replays_from_its_typed_faces():
    request = RULES.checks.check_request(Actor(kara()), "ranged_light", {"difficulty": 2})
    # Proficiency, proficiency, ability against difficulty, difficulty: tr + sa + aa against f + thth.
    result = RULES.checks.check(request, TypedDice(["tr", "sa", "aa", "f", "thth"]), {})
    assert result.tally == Tally({"success": 1, "advantage": 1, "triumph": 1})
    assert result.total.explain() == "successes 2, failures -1 = 1" and result.outcome is Outcome.SUCCESS
    assert result.describe() == "1 advantage, 1 success, 1 triumph: success"
    sampled = RULES.checks.check(request, RandomDice(8), {})
    faces = [k.faces[d.value - 1].text for k, d in zip(checks.check_pool(request).dice(), sampled.dice, strict=True)]
    assert RULES.checks.check(request, TypedDice(faces), {}).tally == sampled.tally


def test_success_needs_one_net_success():
    request = RULES.checks.check_request(Actor(pc("Ann")), "agility", {"difficulty": 1})
    assert RULES.checks.check(request, TypedDice(["s", "blank", "f"]), {}).outcome is Outcome.FAILURE
    assert RULES.checks.check(request, TypedDice(["ss", "blank", "f"]), {}).degree == 1


def test_check_odds_price_every_tally_and_agree_with_the_success_chance():
    odds = RULES.checks.check_odds(RULES.checks.check_request(Actor(jax()), "melee", {"difficulty": 3, "boost": 1}), {})
    assert sum(odds.tallies.values()) == pytest.approx(1.0)
    assert odds.success == pytest.approx(odds.chance(lambda t: t.get("success") >= 1))
    assert sum(odds.degrees.values()) == pytest.approx(1.0)
    assert odds.outcomes[Outcome.SUCCESS] + odds.outcomes[Outcome.FAILURE] == pytest.approx(1.0)


def test_an_opposed_check_rolls_against_the_other_side_s_skill_as_difficulty():
    sneak, guard = pc("Sneak", agility=3, stealth=2), pc("Guard", cunning=2, perception=1)
    active = CheckRequest(Actor(sneak), "stealth", 0)
    passive = CheckRequest(Actor(guard), "perception", 0)
    pool = checks.opposed_pool(active, passive)
    assert (pool.ability, pool.proficiency, pool.difficulty, pool.challenge) == (1, 2, 1, 1)
    won = RULES.checks.contest(active, passive, TypedDice(["ss", "s", "blank", "f", "blank"]), {})
    assert won.winner == "active"
    assert won.reason.startswith("2 proficiency, 1 ability against 1 challenge, 1 difficulty")
    lost = RULES.checks.contest(active, passive, TypedDice(["blank", "blank", "a", "f", "blank"]), {})
    assert lost.winner == "passive"
