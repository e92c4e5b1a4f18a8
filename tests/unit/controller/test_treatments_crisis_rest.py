"""Crisis recovery between fights, offered as treatments: an hour of rest heals one non-lethal wound by itself, a day
of natural healing is the daily Body roll at DL 4 with the circumstance the GM picks; both logged and undoable, both
refused in a fight."""

from __future__ import annotations

import pytest

from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.controller.history import History
from crisis_desktop.domain import Campaign, Character, CharacterKind
from crisis_desktop.domain.encounter import Combatant, Encounter, Side
from crisis_desktop.rules.kernel.dice import RandomDice, TypedDice
from crisis_desktop.rules.registry import get_ruleset


def camp(wounds: int = 2, nonlethal: int = 3) -> tuple[Campaign, History, EncounterController]:
    """Pat (Body d6) with `wounds` wounds and `nonlethal` non-lethal damage, and a Thug, in an encounter not started."""
    rules = get_ruleset("crisis")
    pat = Character(id="ch-pat", name="Pat", stats={**rules.sheet.new_stats(CharacterKind.PC), "body": 6},
                    status={"wounds": wounds, "nonlethal": nonlethal})
    thug = Character(id="ch-thug", name="Thug", kind=CharacterKind.NPC,
                     stats=dict(rules.sheet.new_stats(CharacterKind.NPC)))
    encounter = Encounter(id="enc", name="After", combatants=[
        Combatant(id="c-pat", character_id="ch-pat", side=Side.PARTY),
        Combatant(id="c-thug", character_id="ch-thug", side=Side.ENEMIES)])
    campaign = Campaign(name="Rest", ruleset="crisis", characters=[pat, thug], encounters=[encounter])
    return campaign, History(campaign), EncounterController(campaign, "enc", rules)


def test_an_hour_of_rest_heals_one_non_lethal_wound_logged_and_undoable():
    campaign, history, ctl = camp(nonlethal=3)
    offered = {t.key: t for t in ctl.healing.treatments("c-pat")}
    assert offered["hour_rest"].allowed and not offered["hour_rest"].healer and not offered["hour_rest"].rolls
    history.push(ctl.healing.treat("hour_rest", "c-pat"))
    pat = campaign.character("ch-pat")
    assert pat.status["nonlethal"] == 2 and pat.status["wounds"] == 2
    assert ctl.view.encounter.log[-1].text == "Pat: An hour of rest"
    history.push(ctl.healing.treat("hour_rest", "c-pat"))
    history.push(ctl.healing.treat("hour_rest", "c-pat"))
    assert pat.status["nonlethal"] == 0
    assert {t.key: t.reason for t in ctl.healing.treatments("c-pat")}["hour_rest"] == "Pat has no non-lethal damage"
    with pytest.raises(ValueError, match="An hour of rest: Pat has no non-lethal damage"):
        ctl.healing.treat("hour_rest", "c-pat")
    history.undo()
    assert pat.status["nonlethal"] == 1


@pytest.mark.parametrize(("circumstance", "faces", "wounds", "note"), [
    ("none", [4], 1, "Pat heals 1 wound"),                     # 4 at DL 4: a success
    ("none", [3], 2, "Pat does not heal today"),               # 3: a failure, nothing happens
    ("doctor", [3], 1, "Pat heals 1 wound"),                   # 3 + 1 (a doctor) = 4
    ("rough_travel", [5], 2, "Pat does not heal today"),       # 5 - 2 = 3
    ("none", [1, 1], 3, "Pat gets worse: 1 more wound"),       # a 1, then a 1 again: a critical failure
])
def test_a_day_of_natural_healing_is_the_daily_body_roll(circumstance, faces, wounds, note):
    campaign, history, ctl = camp(wounds=2)
    day = next(t for t in ctl.healing.treatments("c-pat") if t.key == "day_rest")
    assert day.rolls and not day.healer and ("doctor", "Medical attention from a doctor (+1)") in day.choices
    history.push(ctl.healing.treat("day_rest", "c-pat", dice=TypedDice(faces), choice=circumstance))
    assert campaign.character("ch-pat").status["wounds"] == wounds
    entry = ctl.view.encounter.log[-1]
    assert entry.text.startswith("Pat: A day of natural healing, ") and note in entry.details
    history.undo()
    assert campaign.character("ch-pat").status["wounds"] == 2


def test_a_day_of_natural_healing_needs_a_circumstance_picked_and_a_wound():
    _campaign, _history, ctl = camp(wounds=0, nonlethal=0)
    reasons = {t.key: t.reason for t in ctl.healing.treatments("c-pat")}
    assert reasons["day_rest"] == "Pat has no wound to heal" and reasons["hour_rest"] == "Pat has no non-lethal damage"
    _campaign, _history, ctl = camp(wounds=1)
    with pytest.raises(ValueError, match="A day of natural healing: pick one of No circumstance"):
        ctl.healing.treat("day_rest", "c-pat", dice=TypedDice([4]), choice="sauna")


def test_rest_is_not_given_in_a_fight():
    _campaign, history, ctl = camp()
    history.push(ctl.start(RandomDice(2)))
    reasons = {t.key: t.reason for t in ctl.healing.treatments("c-pat")}
    assert reasons["hour_rest"] == reasons["day_rest"] == "between fights: end the encounter first"
    with pytest.raises(ValueError, match="An hour of rest: between fights"):
        ctl.healing.treat("hour_rest", "c-pat")
