"""Commands apply and revert exactly; the headless history undoes, redoes, merges and tracks clean."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from crisis_desktop.controller.commands import Macro, ReplaceContent, SetCampaignField
from crisis_desktop.controller.history import History
from crisis_desktop.domain import Campaign, Character


def make() -> Campaign:
    return Campaign(ruleset="crisis", name="Ashes", notes="start", characters=[Character(name="Vera")])


def test_set_field_apply_and_revert_report_the_field():
    campaign = make()
    command = SetCampaignField(campaign, "name", "Embers")
    changes = command.apply(campaign)
    assert campaign.name == "Embers"
    assert changes.campaign_fields == {"name"}
    command.revert(campaign)
    assert campaign.name == "Ashes"


def test_illegal_value_is_refused_before_anything_changes():
    campaign = make()
    with pytest.raises(ValidationError):
        SetCampaignField(campaign, "name", "")
    assert campaign.name == "Ashes"
    with pytest.raises(ValueError, match="cannot be edited"):
        SetCampaignField(campaign, "characters", [])


def test_notes_edits_merge_into_one_step_but_renames_do_not():
    campaign = make()
    history = History(campaign)
    for text in ("s", "st", "sta"):
        history.push(SetCampaignField(campaign, "notes", text))
    history.push(SetCampaignField(campaign, "name", "A"))
    history.push(SetCampaignField(campaign, "name", "B"))
    history.undo()
    assert campaign.name == "A"
    history.undo()
    assert campaign.name == "Ashes"
    assert campaign.notes == "sta"
    history.undo()
    assert campaign.notes == "start"
    assert not history.can_undo


def test_clean_state_follows_undo_and_is_lost_when_branching():
    campaign = make()
    history = History(campaign)
    history.push(SetCampaignField(campaign, "name", "A"))
    history.set_clean()
    history.push(SetCampaignField(campaign, "name", "B"))
    assert not history.clean
    history.undo()
    assert history.clean
    history.undo()
    assert not history.clean
    history.push(SetCampaignField(campaign, "name", "C"))  # the clean "A" state is gone for good
    assert not history.clean
    assert not history.can_redo


def test_merge_into_the_clean_step_makes_it_dirty():
    campaign = make()
    history = History(campaign)
    history.push(SetCampaignField(campaign, "notes", "x"))
    history.set_clean()
    history.push(SetCampaignField(campaign, "notes", "xy"))
    assert not history.clean


def test_macro_reverts_in_reverse_order():
    campaign = make()
    macro = Macro("two", [SetCampaignField(campaign, "name", "A"), SetCampaignField(campaign, "notes", "n")])
    changes = macro.apply(campaign)
    assert (campaign.name, campaign.notes) == ("A", "n")
    assert changes.campaign_fields == {"name", "notes"}
    macro.revert(campaign)
    assert (campaign.name, campaign.notes) == ("Ashes", "start")


def test_replace_content_swaps_in_place_and_back():
    campaign = make()
    before = campaign.model_dump()
    other = Campaign(ruleset="crisis", name="Recovered", id=campaign.id, notes="typed before the crash")
    same_object = campaign
    command = ReplaceContent(campaign, other, "Recover")
    command.apply(campaign)
    assert same_object.name == "Recovered" and same_object.characters == []
    command.revert(campaign)
    assert campaign.model_dump() == before
