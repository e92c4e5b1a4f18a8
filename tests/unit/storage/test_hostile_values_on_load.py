"""A campaign file holding what no campaign can hold (a flow nested hundreds deep, a million rule options, keys and
words too long, a lone surrogate from a dict, 50 MB of text where a word belongs) is refused on load with the field
named, its bytes unchanged; what is accepted always saves again."""

from __future__ import annotations

import json

import pytest

from crisis_desktop.domain import Campaign, Character
from crisis_desktop.domain.limits import ENTRIES_MAX, JSON_DEPTH_MAX, KEY_MAX
from crisis_desktop.resources_access import resource
from crisis_desktop.storage.campaign_file import CampaignFileError, campaign_bytes, parse_campaign_data, read_campaign

NESTED = f"nested more than {JSON_DEPTH_MAX} levels deep"


def demo() -> dict:
    return json.loads(resource("demo", "campaign.json").read_bytes())


def nested(depth: int) -> list:
    value: list = []
    for _ in range(depth - 1):
        value = [value]
    return value


def with_flow(depth: int | None) -> dict:
    data = demo()
    data["encounters"][0]["flow"] = {"order": nested(depth) if depth else "DEEP"}
    return data


def refused(tmp_path, data: dict, *, depth: int = 0, **dumps) -> str:
    """The message refusing `data` written as a file (its flow's order a list `depth` deep, written by hand: the
    JSON writer stops short of it), the file's bytes unchanged."""
    path = tmp_path / "hostile.json"
    text = json.dumps(data, **dumps)
    if depth:
        text = text.replace('"DEEP"', "[" * depth + "]" * depth)
    path.write_text(text, encoding="utf-8")
    before = path.read_bytes()
    with pytest.raises(CampaignFileError) as caught:
        read_campaign(path)
    assert path.read_bytes() == before
    return str(caught.value)


@pytest.mark.parametrize("depth", [JSON_DEPTH_MAX + 2, 200, 254, 255, 600, 900, 990, 100_000])
def test_a_flow_nested_past_the_bound_is_refused_on_load(tmp_path, depth):
    message = refused(tmp_path, with_flow(None), depth=depth)
    # Deeper than the JSON reader goes on this stack (some 990 levels), the file is refused as a whole.
    assert (message.startswith("hostile.json: encounters[0].flow: order") and message.endswith(NESTED)) or (
        depth >= 990 and message == "hostile.json: nested too deeply to be a campaign file")


def test_a_flow_at_the_bound_loads_and_saves_again(tmp_path):
    campaign = parse_campaign_data(with_flow(JSON_DEPTH_MAX), tmp_path / "deep.json")
    path = tmp_path / "deep.json"
    path.write_bytes(campaign_bytes(campaign))
    assert read_campaign(path).encounters[0].flow == campaign.encounters[0].flow


def test_a_million_rule_options_are_refused(tmp_path):
    data = demo()
    data["rule_options"] = {f"option_{i}": "x" for i in range(1_000_000)}
    assert refused(tmp_path, data) == (f"hostile.json: rule_options: Dictionary should have at most {ENTRIES_MAX} "
                                       "items after validation, not more")


@pytest.mark.parametrize(("where", "place"), [
    (lambda d: d["rule_options"].update({"k" * (KEY_MAX + 1): "x"}), "rule_options"),
    (lambda d: d["characters"][0]["stats"].update({"k" * (KEY_MAX + 1): 1}), "characters[0].stats"),
    (lambda d: d["characters"][0].update(tags=["t" * 50_000_000]), "characters[0].tags[0]"),
    (lambda d: d["characters"][0].update(player="p" * 50_000_000), "characters[0].player"),
    (lambda d: d["characters"][0].update(conditions=[{"key": "c" * 50_000_000}]), "characters[0].conditions[0].key"),
    (lambda d: d["encounters"][0]["combatants"][0].update(group="g" * (KEY_MAX + 1)),
     "encounters[0].combatants[0].group"),
])
def test_keys_and_words_too_long_are_refused_naming_the_field(tmp_path, where, place):
    data = demo()
    where(data)
    message = refused(tmp_path, data)
    assert message.startswith(f"hostile.json: {place}"), message[:200]
    assert "at most" in message


@pytest.mark.parametrize("field", ["player", "portrait", "tags", "notes"])
def test_a_lone_surrogate_in_a_file_is_refused_by_line(tmp_path, field):
    data = demo()
    data["characters"][0][field] = ["\ud800"] if field == "tags" else "\ud800"
    message = refused(tmp_path, data, indent=2)
    assert message.startswith("hostile.json: an escape that is no character (\\ud800) on line ")


@pytest.mark.parametrize("where", ["group", "initiative_note", "log"])
def test_a_lone_surrogate_from_a_dict_is_refused_naming_the_field(where):
    """What json.loads gives for a \\ud800 escape, or what a migration builds, never reaches a Campaign."""
    data = demo()
    encounter = data["encounters"][0]
    if where == "log":
        encounter["log"] = [{"text": "\ud800"}]
        place = "encounters[0].log[0].text"
    else:
        encounter["combatants"][0][where] = "\ud800"
        place = f"encounters[0].combatants[0].{where}"
    with pytest.raises(CampaignFileError) as caught:
        parse_campaign_data(data, __import__("pathlib").Path("dict.json"))
    assert str(caught.value) == (f"dict.json: {place}: holds '\\ud800' at character 1, half of a character that "
                                 "cannot be written to a file")


def test_assignment_refuses_what_could_not_be_saved():
    character = Character(name="Vera")
    with pytest.raises(ValueError, match="unicode"):
        character.player = "\ud800"
    with pytest.raises(ValueError, match=f"at most {KEY_MAX} characters"):
        character.tags = ["t" * (KEY_MAX + 1)]
    assert character.player == "" and character.tags == []
    campaign = Campaign(name="Ok", ruleset="crisis", characters=[character])
    assert campaign_bytes(campaign)
