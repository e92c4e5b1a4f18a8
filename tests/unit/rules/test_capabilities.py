"""Execute, scatter, attacks out of turn, stunts and surprise are what a ruleset declares, not what every system
inherits: each system has exactly the capabilities of its rules, and one without them has no such methods."""

from __future__ import annotations

from dataclasses import fields

import pytest

from crisis_desktop.domain import Character, CharacterKind
from crisis_desktop.domain.encounter import Combatant
from crisis_desktop.rules.base import (
    Actor,
    AttackRequest,
    AttackResult,
    CheckRequest,
    CheckResult,
    Executes,
    OutOfTurnAttacks,
    ScatteredAttack,
    Scatters,
)
from crisis_desktop.rules.base.capabilities import SURPRISED, is_surprised
from crisis_desktop.rules.crisis_classic.checks import StuntedCheck
from crisis_desktop.rules.kernel.dice import TypedDice
from crisis_desktop.rules.registry import get_ruleset, ruleset_ids

CAPABILITIES = {  # what each system's rules have, as its rules texts say
    "crisis": {Executes, Scatters, OutOfTurnAttacks},
    "crisis-classic": {OutOfTurnAttacks},
    "genesys": set(),
    "moments": set(),
    "skirmish": set(),
}
CAPABILITY_METHODS = {Executes: ("execute_odds", "resolve_execute"), Scatters: ("blast_inputs", "resolve_landed"),
                      OutOfTurnAttacks: ("made_out_of_turn",)}


def test_every_system_is_listed():
    assert sorted(CAPABILITIES) == sorted(ruleset_ids())


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_a_system_has_exactly_the_capabilities_of_its_rules(ruleset_id):
    rules = get_ruleset(ruleset_id)
    assert rules.attacks is not None
    assert {c for c in CAPABILITY_METHODS if isinstance(rules.attacks, c)} == CAPABILITIES[ruleset_id]


def test_the_shared_results_carry_nothing_only_crisis_reads():
    assert "out_of_turn" not in {f.name for f in fields(AttackRequest)}
    assert "scatter" not in {f.name for f in fields(AttackResult)}
    assert "stunts" not in {f.name for f in fields(CheckResult)}
    assert "scatter" in {f.name for f in fields(ScatteredAttack)}


def test_stunts_are_crisis_classics_own_check_result():
    classic = get_ruleset("crisis-classic")
    stats = dict(classic.sheet.new_stats(CharacterKind.PC)) | {"might": 20}
    strong = CheckRequest(Actor(Character(name="Vera", stats=stats)), "might", 1)   # target 23: the dice succeed
    result = classic.checks.check(strong, TypedDice([6, 6, 2]), {})                         # the stunt face (6) twice
    assert isinstance(result, StuntedCheck) and result.stunts == 2
    plain = get_ruleset("crisis").checks.check(CheckRequest(Actor(Character(name="Vera")), "melee", 4),
                                               TypedDice([3]), {})
    assert not hasattr(plain, "stunts")


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_surprise_is_a_setup_flag_of_the_rules_that_have_it(ruleset_id):
    flags = list(get_ruleset(ruleset_id).sheet.setup_flags())
    assert flags == ([SURPRISED] if ruleset_id in ("crisis", "crisis-classic", "genesys") else [])


def test_a_combatant_is_surprised_only_when_its_setup_says_so():
    assert is_surprised(Combatant(character_id="a", setup={"surprised": True}))
    assert not is_surprised(Combatant(character_id="a", setup={"surprised": False}))
    assert not is_surprised(Combatant(character_id="a")) and not is_surprised(None)
