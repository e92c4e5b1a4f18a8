"""Contests (opposed checks) asked for from Check…, in every system that has them: both sides roll by the rules, the
exact chances where the rules price them, and one undoable log entry saying who wins and why."""

from __future__ import annotations

import pytest

from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.controller.history import History
from crisis_desktop.domain import Campaign, Character, CharacterKind
from crisis_desktop.domain.encounter import Combatant, Encounter, Side
from crisis_desktop.rules.base import ContestResult
from crisis_desktop.rules.kernel.dice import RandomDice, TypedDice
from crisis_desktop.rules.registry import get_ruleset


def yard(system: str, **stats: int) -> tuple[Campaign, History, EncounterController]:
    """Anna (PC, with `stats`) and a Thug (NPC) of the rules' defaults, in an encounter not started."""
    rules = get_ruleset(system)
    anna = Character(id="ch-anna", name="Anna", stats={**rules.sheet.new_stats(CharacterKind.PC), **stats})
    thug = Character(id="ch-thug", name="Thug", kind=CharacterKind.NPC,
                     stats=dict(rules.sheet.new_stats(CharacterKind.NPC)))
    encounter = Encounter(id="enc", name="Yard", combatants=[
        Combatant(id="c-anna", character_id="ch-anna", side=Side.PARTY),
        Combatant(id="c-thug", character_id="ch-thug", side=Side.ENEMIES)])
    campaign = Campaign(name="Contest", ruleset=system, characters=[anna, thug], encounters=[encounter])
    return campaign, History(campaign), EncounterController(campaign, "enc", rules)


def test_a_crisis_classic_contest_is_priced_rolled_logged_and_undone():
    campaign, history, ctl = yard("crisis-classic")
    checking = ctl.checking
    # Anna's untrained Stealth: Speed 10 - 5 = 5 to roll under on 3d6; the Thug's Speed: 10.
    active = checking.check_request("c-anna", "stealth")
    passive = checking.check_request("c-thug", "speed")
    chances = checking.contest_chances(active, passive)
    assert chances is not None
    assert (round(chances.active, 4), round(chances.passive, 4), round(chances.nobody, 4)) == (0.0988, 0.8539, 0.0473)
    assert chances.active + chances.passive + chances.nobody == pytest.approx(1.0)
    before = campaign.model_dump(mode="json")
    event = checking.contest(active, passive, TypedDice([2, 3, 4, 5, 5, 5]), "Stealth", "Speed")
    history.push(event)
    result = event.result
    assert isinstance(result, ContestResult) and result.winner == "active"
    assert (result.active.total.value, result.passive.total.value) == (9, 15)
    entry = ctl.view.encounter.log[-1]
    assert entry.kind == "check" and entry.text == "Anna: Stealth against Thug's Speed, Anna wins"
    assert entry.details[-1] == "Anna wins: both failed; missed by 4 rather than 5"
    assert entry.details[0].startswith("Anna: Stealth: ") and entry.details[1].startswith("Thug: Speed: ")
    history.undo()
    assert campaign.model_dump(mode="json") == before


def test_equal_results_stand_in_a_crisis_classic_contest():
    _campaign, _history, ctl = yard("crisis-classic")
    checking = ctl.checking
    active, passive = checking.check_request("c-anna", "stealth"), checking.check_request("c-thug", "speed")
    result = checking.contest(active, passive, TypedDice([1, 2, 2, 3, 3, 4])).result   # 5 under 5, 10 under 10
    assert result.winner is None and result.reason == "equal results: nobody wins"


def test_a_crisis_contest_has_its_chances_and_a_tie_rerolled():
    _campaign, _history, ctl = yard("crisis", athletics=8)
    checking = ctl.checking
    active = checking.check_request("c-anna", "athletics")
    passive = checking.check_request("c-thug", "athletics")
    chances = checking.contest_chances(active, passive)
    assert chances is not None and chances.nobody == 0 and chances.active + chances.passive == pytest.approx(1.0)
    # Anna's d8 against the Thug's untrained d4: 3 to 3, both roll again, 6 to 2.
    result = checking.contest(active, passive, TypedDice([3, 3, 6, 2])).result
    assert result.winner == "active" and result.reason == "Anna wins the tie reroll (6 to 2)"


def test_a_moments_contest_goes_to_the_higher_success():
    _campaign, _history, ctl = yard("moments", int=12)
    checking = ctl.checking
    active, passive = checking.check_request("c-anna", "int"), checking.check_request("c-thug", "int")
    chances = checking.contest_chances(active, passive)
    assert chances is not None and round(chances.active, 4) == 0.5639 and chances.nobody == 0
    result = checking.contest(active, passive, TypedDice([30, 20])).result           # goals 36 and 30
    assert result.winner == "active" and result.reason == "both succeed: the higher roll"


@pytest.mark.parametrize(("system", "skill"), [("genesys", "athletics"), ("skirmish", "athletics")])
def test_a_contest_rolls_where_the_rules_give_no_exact_odds(system, skill):
    _campaign, history, ctl = yard(system)
    checking = ctl.checking
    skills = {key for key, _label in checking.check_skills("c-anna")}
    key = skill if skill in skills else sorted(skills)[0]
    active, passive = checking.check_request("c-anna", key), checking.check_request("c-thug", key)
    assert checking.contest_chances(active, passive) is None
    event = checking.contest(active, passive, RandomDice(7), key, key)
    history.push(event)
    assert isinstance(event.result, ContestResult)
    assert ctl.view.encounter.log[-1].text.startswith(f"Anna: {key} against Thug's {key}, ")


def test_nobody_contests_against_itself():
    campaign, _history, ctl = yard("crisis-classic")
    checking = ctl.checking
    request = checking.check_request("c-anna", "speed")
    before = campaign.model_dump(mode="json")
    with pytest.raises(ValueError, match="Anna cannot contest against itself: pick someone else"):
        checking.contest(request, request, TypedDice([1, 2, 3, 4, 5, 6]))
    assert campaign.model_dump(mode="json") == before
