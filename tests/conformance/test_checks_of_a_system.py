"""Checks, for every system that has them (the Checks capability): a PC may be checked on something; every check it
may be asked for is priced with exact odds (its outcomes' chances sum to 1); rolled many times, a check comes out as
often as its odds say; a check rolled through the controller is one logged, undoable event that changes nothing else
the rules do not say it uses up."""

from __future__ import annotations

import math
from collections import Counter

import pytest

from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.controller.history import History
from crisis_desktop.rules.base import CheckResult
from crisis_desktop.rules.kernel.dice import RandomDice
from crisis_desktop.rules.registry import get_ruleset
from tests.unit.simulate.duels import duel

checks = pytest.mark.when(lambda rules: rules.checks is not None and rules.attacks is not None)
ROLLS = 600


def in_a_fight(ruleset_id: str) -> tuple[EncounterController, History]:
    rules = get_ruleset(ruleset_id)
    campaign = duel(rules)
    ctl = EncounterController(campaign, "enc", rules)
    history = History(campaign)
    history.push(ctl.start(RandomDice(2)))
    return ctl, history


@checks
def test_every_check_a_pc_may_be_asked_for_has_exact_odds(ruleset_id: str) -> None:
    ctl, _history = in_a_fight(ruleset_id)
    rules = get_ruleset(ruleset_id)
    assert rules.checks is not None
    skills = rules.checks.check_skills(ctl.view.character_of("c-pc"), ctl.view.options)
    assert skills, "the Check… dialog would offer nothing to check"
    for key, label in skills:
        request = ctl.checking.check_request("c-pc", key)          # the rules' defaults for every input
        odds = ctl.checking.check_odds(request)
        assert math.isclose(sum(odds.outcomes.values()), 1.0, abs_tol=1e-9), label
        assert all(0.0 <= p <= 1.0 for p in odds.outcomes.values()), label
        if odds.degrees:
            assert math.isclose(sum(odds.degrees.values()), 1.0, abs_tol=1e-9), label


@checks
def test_a_check_comes_out_as_often_as_its_odds_say(ruleset_id: str) -> None:
    ctl, _history = in_a_fight(ruleset_id)
    rules = get_ruleset(ruleset_id)
    assert rules.checks is not None
    key, label = rules.checks.check_skills(ctl.view.character_of("c-pc"), ctl.view.options)[0]
    request = ctl.checking.check_request("c-pc", key)
    odds = ctl.checking.check_odds(request)
    dice = RandomDice(17)
    seen = Counter(rules.checks.check(request, dice, ctl.view.options).outcome for _ in range(ROLLS))
    for outcome, p in odds.outcomes.items():
        standard_error = math.sqrt(p * (1 - p) / ROLLS)
        assert abs(seen[outcome] / ROLLS - p) <= 4 * standard_error + 1e-9, (label, outcome, seen[outcome], p)
    assert set(seen) <= set(odds.outcomes), "an outcome the odds give no chance came up"


@checks
def test_a_check_through_the_controller_is_one_logged_undoable_event(ruleset_id: str) -> None:
    ctl, history = in_a_fight(ruleset_id)
    rules = get_ruleset(ruleset_id)
    assert rules.checks is not None
    key, label = rules.checks.check_skills(ctl.view.character_of("c-pc"), ctl.view.options)[0]
    before = ctl.campaign.model_dump(mode="json")
    logged = len(ctl.view.encounter.log)
    event = ctl.checking.check(ctl.checking.check_request("c-pc", key), RandomDice(5), label)
    history.push(event)
    assert isinstance(event.result, CheckResult) and event.result.describe()
    assert len(ctl.view.encounter.log) == logged + 1 and label in ctl.view.encounter.log[-1].text
    history.undo()
    assert ctl.campaign.model_dump(mode="json") == before
