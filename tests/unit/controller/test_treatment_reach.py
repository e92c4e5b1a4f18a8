"""A treatment's reach is the rules' (crisis First aid: adjacent), measured on the encounter's map by the controller:
refused beyond it with the distance said, given in reach, on the patient and not the healer."""

from __future__ import annotations

import json

import pytest

from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.controller.history import History
from crisis_desktop.domain import Campaign
from crisis_desktop.resources_access import resource
from crisis_desktop.rules.kernel.dice import RandomDice, TypedDice
from crisis_desktop.rules.registry import get_ruleset

VERA, INES, TOMAS = "cmb-ambush-vera", "cmb-ambush-ines", "cmb-ambush-tomas"


def ambush_on_veras_turn() -> tuple[Campaign, History, EncounterController]:
    """Ridge Road: Vera at (8, 8), Tomas next to her at (8, 7), Ines two steps off at (7, 6)."""
    campaign = Campaign.model_validate(json.loads(resource("demo", "campaign.json").read_text(encoding="utf-8")))
    history = History(campaign)
    ctl = EncounterController(campaign, "enc-ambush", get_ruleset("crisis"))
    history.push(ctl.start(RandomDice(7)))
    while ctl.view.current_id() != VERA:
        history.push(ctl.step("next_turn"))
    for patient in ("pc-ines", "pc-tomas"):
        campaign.character(patient).status["wounds"] = 4
    return campaign, history, ctl


def test_crisis_first_aid_declares_adjacent_reach():
    _campaign, _history, ctl = ambush_on_veras_turn()
    first_aid = ctl.healing.treatments(INES)[0]
    assert (first_aid.key, first_aid.reach) == ("first_aid", 1)


def test_first_aid_out_of_reach_is_refused_with_the_distance_and_changes_nothing():
    campaign, _history, ctl = ambush_on_veras_turn()
    before = campaign.model_dump()
    reason = "Vera Kask is 2 tiles from Ines Moreau: First aid needs them adjacent"
    assert ctl.healing.out_of_reach(ctl.healing.treatments(INES)[0], VERA, INES) == reason
    with pytest.raises(ValueError, match=reason):
        ctl.healing.treat("first_aid", INES, healer_id=VERA, dice=TypedDice([9]))
    with pytest.raises(ValueError, match=reason):
        ctl.healing.heal(VERA, INES, TypedDice([9]))                     # the First aid button's own path
    assert campaign.model_dump() == before


def test_first_aid_in_reach_heals_the_patient_and_not_the_healer():
    campaign, history, ctl = ambush_on_veras_turn()
    campaign.character("pc-vera").status["wounds"] = 3
    ap = ctl.view.combatant(VERA).resources["ap"]
    # Medicine d10 shows 9 with Vera's Field medkit: a success with 1 Extra heals 2 wounds.
    history.push(ctl.healing.treat("first_aid", TOMAS, healer_id=VERA, dice=TypedDice([9])))
    assert campaign.character("pc-tomas").status["wounds"] == 2
    assert campaign.character("pc-vera").status["wounds"] == 3
    assert ctl.view.combatant(VERA).resources["ap"] == ap - 2
    assert ctl.view.encounter.log[-1].text == "Vera Kask treats Tomas Reyes: 9 against 4: success"


def test_treating_oneself_needs_no_reach_and_a_fight_without_a_map_none():
    _campaign, history, ctl = ambush_on_veras_turn()
    assert ctl.healing.out_of_reach(ctl.healing.treatments(VERA)[0], VERA, VERA) is None
    ridge = EncounterController(ctl.campaign, "enc-ridge", ctl.ruleset)      # no battle map
    assert ridge.healing.out_of_reach(ridge.healing.treatments("cmb-ridge-ines")[0], "cmb-ridge-vera",
                                      "cmb-ridge-ines") is None
