"""Popcorn's sheet, checks and Quick NPC, as the base's defaults and its few overrides give them."""

from __future__ import annotations

import pytest

from crisis_desktop.controller.npc_builder import build_npc
from crisis_desktop.domain import Character, CharacterKind
from crisis_desktop.rules.base import Actor, CheckRequest, Outcome
from crisis_desktop.rules.kernel.dice import TypedDice
from crisis_desktop.rules.registry import get_ruleset
from tests.example_system.popcorn import PopcornRuleset


def test_registered_for_the_test_the_app_finds_it_by_its_id():
    assert isinstance(get_ruleset("popcorn"), PopcornRuleset)


def test_the_sheet_is_four_numbers_with_the_field_defaults_and_their_limits():
    rules = PopcornRuleset()
    assert rules.sheet.new_stats(CharacterKind.PC) == {"agility": 1, "might": 1, "hit_points": 10, "defence": 11}
    fighter = Character(name="Ada", stats={**rules.sheet.new_stats(CharacterKind.PC), "agility": 6})
    assert rules.sheet.validate_character(fighter) == ["Agility must be at most 5, not 6"]
    assert rules.options_with_defaults({}) == {"first_turn": "roll"}
    # The default standing reads the health bar: down at 0 hit points.
    fighter.stats["agility"] = 3
    fighter.status["wounds"] = 10
    assert rules.sheet.state(fighter, {}).text == "Ada is down: Hit points 0/10"


def test_a_check_is_d20_plus_the_attribute_against_the_difficulty():
    rules = PopcornRuleset()
    actor = Actor(Character(name="Brom", stats={"agility": 1, "might": 3, "hit_points": 16, "defence": 14}))
    request = rules.checks.check_request(actor, "might", {"difficulty": 12, "circumstance": 0})
    assert rules.checks.check_odds(request, {}).success == pytest.approx(12 / 20)     # 9 to 20
    result = rules.checks.check(request, TypedDice([9]), {})
    assert (result.total.value, result.outcome, result.degree) == (12, Outcome.SUCCESS, 0)
    assert rules.checks.check(CheckRequest(actor, "agility", 12), TypedDice([9]), {}).outcome is Outcome.FAILURE
    assert [s.key for s in rules.checks.check_inputs(actor, "might", {})] == ["difficulty", "circumstance"]


def test_a_quick_npc_grows_with_its_level_and_carries_a_melee_and_a_ranged_weapon():
    rules = PopcornRuleset()
    npc = build_npc(rules, "Thug", 3)
    assert npc.stats == {"agility": 3, "might": 3, "hit_points": 13, "defence": 13}
    assert [(w.name, rules.attacks.weapon_range(w)) for w in npc.equipment] == [("Club", None), ("Sling", 8.0)]
    assert rules.sheet.validate_character(npc) == []
    with pytest.raises(ValueError, match="at most 5"):
        build_npc(rules, "Thug", 6)
