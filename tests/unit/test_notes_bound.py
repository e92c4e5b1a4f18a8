"""Free text is bounded in the domain (NOTES_MAX characters): a longer note is refused on load and on input,
with the field and the bound named, and the file is left as it was."""

from __future__ import annotations

import json

import pytest

from crisis_desktop.controller.character_commands import SetCharacterField
from crisis_desktop.controller.commands import SetCampaignField
from crisis_desktop.controller.encounter_commands import SetEncounterField
from crisis_desktop.domain import Campaign, Character, Encounter
from crisis_desktop.domain.common import NOTES_MAX
from crisis_desktop.resources_access import resource
from crisis_desktop.storage.campaign_file import CampaignFileError, read_campaign

TOO_LONG = "x" * (NOTES_MAX + 1)
REASON = f"String should have at most {NOTES_MAX} characters"


@pytest.mark.parametrize(("where", "path"), [
    (("characters", 0, "notes"), "characters[0].notes"),
    (("characters", 1, "gm_notes"), "characters[1].gm_notes"),
    (("characters", 0, "equipment", 0, "notes"), "characters[0].equipment[0].notes"),
    (("encounters", 0, "notes"), "encounters[0].notes"),
    (("notes",), "notes"),
])
def test_a_file_with_a_note_beyond_the_bound_is_refused_naming_the_field(tmp_path, where, path):
    data = json.loads(resource("demo", "campaign.json").read_bytes())
    target = data
    for key in where[:-1]:
        target = target[key]
    target[where[-1]] = TOO_LONG
    file = tmp_path / "long.json"
    file.write_text(json.dumps(data, indent=2))
    before = file.read_bytes()
    with pytest.raises(CampaignFileError) as refused:
        read_campaign(file)
    assert str(refused.value) == f"long.json: {path}: {REASON}"
    assert file.read_bytes() == before
    target[where[-1]] = "x" * NOTES_MAX
    file.write_text(json.dumps(data, indent=2))
    assert read_campaign(file).name == data["name"]


def test_notes_beyond_the_bound_are_refused_on_input_and_nothing_changes():
    campaign = Campaign(ruleset="crisis", name="Bounds", characters=[Character(id="vera", name="Vera")],
                        encounters=[Encounter(id="e", name="Ambush")])
    before = campaign.model_dump()
    with pytest.raises(ValueError, match=f"^Notes: {REASON}$"):
        SetCharacterField(campaign, "vera", "notes", TOO_LONG)
    with pytest.raises(ValueError, match=f"^GM notes: {REASON}$"):
        SetCharacterField(campaign, "vera", "gm_notes", TOO_LONG)
    with pytest.raises(ValueError, match=REASON):
        SetCampaignField(campaign, "notes", TOO_LONG)
    with pytest.raises(ValueError, match=REASON):
        SetEncounterField("e", "notes", TOO_LONG).apply(campaign)
    assert campaign.model_dump() == before
