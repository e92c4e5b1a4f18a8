"""Bad campaign files: each is explained (file and first problem), never changed, never overwritten."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from crisis_desktop.domain import SCHEMA_VERSION
from crisis_desktop.storage.campaign_file import MAX_CAMPAIGN_BYTES, CampaignFileError
from crisis_desktop.storage.campaign_store import CampaignStore

GOOD = {"schema_version": 2, "name": "Fine", "characters": [{"name": "Vera"}]}
VALID_TEXT = json.dumps(GOOD, indent=2)


# How every file this build writes begins, which takes the fast path through validation.
OWN_PREFIX = f'{{\n  "schema_version": {SCHEMA_VERSION},\n'.encode()


def _campaign(**fields: object) -> bytes:
    return json.dumps({"name": "Fine", **fields}).encode()


# (case id, file bytes, limit passed to the store or None for the default, expected message fragment)
BAD_FILES = [
    ("truncated", VALID_TEXT[: len(VALID_TEXT) // 2].encode(), None, "ends too early (line "),
    ("truncated between values", VALID_TEXT[: VALID_TEXT.index('"characters"')].encode(), None,
     "ends too early (line 3, column 18): it looks truncated"),
    ("not JSON", b"name = 'Fine'\n", None, "not valid JSON: Expecting value (line 1, column 1)"),
    ("JSON error position", b'{\n  "name": "Fine",\n  "notes": oops\n}', None, "(line 3, column 12)"),
    ("wrong type", _campaign(characters=[{"name": "A"}, {"name": "B", "stats": "x"}]), None,
     "characters[1].stats: Input should be a valid dictionary"),
    ("stat of a wrong type", _campaign(characters=[{"name": "A", "stats": {"agility": [8]}}]), None,
     "characters[0].stats.agility: Input should be one of int, float, str, bool"),
    ("missing field", b'{"schema_version": 2, "characters": []}', None, "name: Field required"),
    ("unknown field", _campaign(charcters=[]), None, "charcters: Extra inputs are not permitted"),
    ("duplicate ids", _campaign(characters=[{"id": "a", "name": "A"}, {"id": "a", "name": "B"}]), None,
     "two characters share the id a"),
    ("too large", VALID_TEXT.encode(), 40, "too large: "),
    ("future version", json.dumps({**GOOD, "schema_version": 7}).encode(), None,
     f"newer Crisis Desktop (file format version 7; this version reads up to {SCHEMA_VERSION})"),
    ("version not a number", json.dumps({**GOOD, "schema_version": "2"}).encode(), None,
     'schema_version: must be a whole number from 1, not "2"'),
    ("top-level list", b'[{"name": "Fine"}]', None, "the top level is a JSON list, not an object"),
    ("top-level string", b'"campaign"', None, "the top level is a JSON string, not an object"),
    ("empty", b"", None, "the file is empty"),
    ("only whitespace", b"\n  \n", None, "the file is empty"),
    ("not UTF-8", b'{"name": "\xff\xfe"}', None, "not UTF-8 text (invalid byte at offset 10)"),
    # Numbers the app could not write back (JSON has no Infinity or NaN) or not show (Qt takes 32-bit ints).
    ("Infinity", b'{"name": "F", "battle_maps": [{"name": "M", "metres_per_cell": Infinity}]}', None,
     "battle_maps[0].metres_per_cell: inf is not a number a campaign can hold (Infinity and NaN are refused)"),
    ("NaN", b'{"name": "F", "battle_maps": [{"name": "M", "background": {"path": "m.png", "offset_x": NaN}}]}',
     None, "battle_maps[0].background.offset_x: nan is not a number a campaign can hold"),
    ("a float beyond the largest", b'{"name": "F", "battle_maps": [{"name": "M", "metres_per_cell": 1e400}]}',
     None, "battle_maps[0].metres_per_cell: inf is not a number a campaign can hold"),
    ("-Infinity as a stat", _campaign(characters=[{"name": "A", "stats": {"agility": "x"}}]).replace(
        b'"x"', b"-Infinity"), None, "characters[0].stats.agility: -inf is not a number a campaign can hold"),
    ("Infinity in a fight's flow", _campaign(encounters=[{"name": "E", "flow": {"order": ["a", "x"]}}]).replace(
        b'"x"', b"Infinity"), None, "encounters[0].flow: order[1]: inf is not a number a campaign can hold"),
    ("integer of 5,000 digits", _campaign(characters=[{"name": "A", "status": {"wounds": "x"}}]).replace(
        b'"x"', b"9" * 5000), None, "a number of 5,000 digits on line 1: numbers in a campaign go from "
     "-1,000,000,000 to 1,000,000,000"),
    ("huge wounds", _campaign(characters=[{"name": "A", "status": {"wounds": 10**30}}]), None,
     "characters[0].status.wounds: out of range (a number of about 31 digits): numbers in a campaign go from "
     "-1,000,000,000 to 1,000,000,000"),
    ("huge wounds as a float", _campaign(characters=[{"name": "A", "status": {"wounds": 1e30}}]), None,
     "characters[0].status.wounds: out of range (1e+30)"),
    ("huge round", _campaign(encounters=[{"name": "E", "round": 3_000_000_000}]), None,
     "encounters[0].round: out of range (3,000,000,000)"),
    ("huge cell", _campaign(battle_maps=[{"name": "M", "cells": [{"x": 2**40, "y": 0}]}]), None,
     "battle_maps[0].cells[0].x: out of range (1,099,511,627,776)"),
    ("numbers where characters belong", _campaign(characters=list(range(10_000))), None,
     "characters[0]: Input should be a valid dictionary or instance of Character"),
    ("numbers where characters belong, in this build's own layout",
     OWN_PREFIX + b'"name": "F", "ruleset": "crisis", "characters": [' + b", ".join([b"1"] * 10_000) + b"]}", None,
     "characters[0]: Input should be a valid dictionary or instance of Character"),
    ("numbers where tags belong", _campaign(characters=[{"name": "A", "tags": list(range(10_000))}]), None,
     "characters[0].tags[0]: Input should be a valid string"),
    ("thousands of unknown fields", _campaign(characters=[{"name": "A", **{f"k{i}": i for i in range(5_000)}}]),
     None, "more than 20 fields this version does not know (the first: 'k0'): this is not a campaign file "
     "this version can read"),
]


@pytest.mark.parametrize(("content", "limit", "fragment"), [case[1:] for case in BAD_FILES],
                         ids=[case[0] for case in BAD_FILES])
def test_bad_file_is_explained_left_alone_and_not_overwritten(app_paths, make_campaign, sha256,
                                                               content, limit, fragment):
    store = CampaignStore(app_paths, max_bytes=limit or MAX_CAMPAIGN_BYTES)
    path = app_paths.campaigns / "campaign.json"
    path.write_bytes(content)
    digest = sha256(path)

    with pytest.raises(CampaignFileError) as caught:
        store.load(path)
    assert fragment in str(caught.value)
    assert str(caught.value).startswith("campaign.json: ")
    assert caught.value.path == path

    [entry] = store.list_campaigns()
    assert fragment in (entry.problem or "")

    with pytest.raises(CampaignFileError) as refused:
        store.save(make_campaign(), path)
    assert fragment in str(refused.value)
    assert sha256(path) == digest
    assert list(app_paths.campaigns.iterdir()) == [path]
    assert store.list_backups(path) == []


def test_message_names_file_field_path_and_problem(store, app_paths):
    path = app_paths.campaigns / "campaign.json"
    characters = [{"name": "A"}, {"name": "B"}, {"name": ""}]
    path.write_text(json.dumps({"name": "Fine", "characters": characters}))
    with pytest.raises(CampaignFileError) as caught:
        store.load(path)
    assert str(caught.value) == "campaign.json: characters[2].name: String should have at least 1 character"
    assert caught.value.field_path == "characters[2].name"
    assert caught.value.message == "String should have at least 1 character"


def test_missing_file(store, app_paths):
    with pytest.raises(CampaignFileError, match=r"^gone\.json: file not found$"):
        store.load(app_paths.campaigns / "gone.json")


def test_a_folder_is_not_a_campaign(store, app_paths):
    folder = app_paths.campaigns / "folder.json"
    folder.mkdir()
    with pytest.raises(CampaignFileError, match="folder, not a campaign file"):
        store.load(folder)
    assert store.list_campaigns()[0].problem is not None


def test_real_sparse_file_over_the_limit_is_refused_without_reading(store, app_paths, sha256, monkeypatch):
    path = app_paths.campaigns / "huge.json"
    with open(path, "wb") as f:
        f.truncate(MAX_CAMPAIGN_BYTES + 1)
    # Reading it would be the bug: fail loudly if anything opens it.
    real_open = open

    def no_reading(file, *args, **kwargs):
        if Path(file) == path:
            raise AssertionError("the oversized file was opened")
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr("builtins.open", no_reading)
    with pytest.raises(CampaignFileError, match=f"too large: {MAX_CAMPAIGN_BYTES + 1:,} bytes"):
        store.load(path)
    monkeypatch.undo()
    assert path.stat().st_size == MAX_CAMPAIGN_BYTES + 1


def test_file_at_the_limit_is_read(app_paths):
    path = app_paths.campaigns / "c.json"
    path.write_bytes(VALID_TEXT.encode())
    assert CampaignStore(app_paths, max_bytes=len(VALID_TEXT)).load(path).name == "Fine"


def test_byte_order_mark_is_tolerated(store, app_paths):
    path = app_paths.campaigns / "c.json"
    path.write_bytes(b"\xef\xbb\xbf" + VALID_TEXT.encode())
    assert store.load(path).name == "Fine"


def test_overwrite_bad_replaces_the_file_and_keeps_the_bad_one_as_a_backup(store, app_paths, make_campaign):
    path = app_paths.campaigns / "campaign.json"
    path.write_bytes(b'{"name": "Fine", "characters": [')
    campaign = make_campaign()

    store.save(campaign, path, overwrite_bad=True)

    assert store.load(path) == campaign
    [backup] = store.list_backups(path)
    assert backup.path.read_bytes() == b'{"name": "Fine", "characters": ['


def test_a_file_broken_after_loading_is_still_protected(store, app_paths, make_campaign):
    campaign = make_campaign()
    path = app_paths.campaigns / "campaign.json"
    store.save(campaign, path)
    store.load(path)
    path.write_text('{"name": ""}')  # damaged outside the app since it was loaded
    with pytest.raises(CampaignFileError, match="name: String should have at least 1 character"):
        store.save(campaign, path)
    assert path.read_text() == '{"name": ""}'


def test_validation_stops_at_the_first_bad_item_of_a_list_or_dict():
    from pydantic import ValidationError

    from crisis_desktop.domain import Campaign
    from crisis_desktop.storage.file_validation import validate_python

    for data in ({"name": "F", "characters": list(range(100_000))},
                 {"name": "F", "rule_options": {f"k{i}": [] for i in range(100_000)}}):
        with pytest.raises(ValidationError) as caught:
            validate_python(Campaign, data)
        # One error (or one per member of the union a value must match), not one per item.
        assert caught.value.error_count() <= 5


def test_unknown_fields_are_reported_one_by_one_up_to_the_limit():
    from pydantic import ValidationError

    from crisis_desktop.domain import Campaign
    from crisis_desktop.domain.limits import UNKNOWN_FIELDS_LIMIT, TooManyUnknownFields
    from crisis_desktop.storage.file_validation import validate_python

    few = {"name": "F", "ruleset": "crisis", **{f"k{i}": 1 for i in range(UNKNOWN_FIELDS_LIMIT)}}
    with pytest.raises(ValidationError) as caught:
        validate_python(Campaign, few)
    assert [e["loc"] for e in caught.value.errors()] == [(f"k{i}",) for i in range(UNKNOWN_FIELDS_LIMIT)]
    with pytest.raises(TooManyUnknownFields, match="the first: 'k0'"):
        validate_python(Campaign, {**few, "one more": 1})
    # Without a budget (a campaign built in code) every unknown field is reported, as pydantic does.
    with pytest.raises(ValidationError) as caught:
        Campaign.model_validate({**few, "one more": 1})
    assert caught.value.error_count() == UNKNOWN_FIELDS_LIMIT + 1


def test_the_model_refuses_what_it_could_not_write_back():
    from pydantic import ValidationError

    from crisis_desktop.domain import BattleMap, Campaign, Character, Encounter

    battle_map = BattleMap(name="M")
    with pytest.raises(ValidationError, match="finite number"):
        battle_map.metres_per_cell = float("inf")
    with pytest.raises(ValidationError, match="less than or equal to 1000000000"):
        Character(name="A", status={"wounds": 10**30})
    with pytest.raises(ValidationError, match=r"order\[0\]: nan is not a number a campaign can hold"):
        Encounter(name="E", flow={"order": [float("nan")]})
    assert Campaign(ruleset="crisis", name="F", rule_options={"x": 1_000_000_000, "y": -1e9}).rule_options["y"] == -1e9


def test_a_deeply_nested_flow_is_checked_without_recursion():
    from crisis_desktop.domain.limits import JSON_DEPTH_MAX, check_json_data

    nested: list[object] = [float("inf")]
    for _ in range(5_000):  # far deeper than the stack allows for recursion
        nested = [nested]
    with pytest.raises(ValueError, match=rf"^\[0\]\[0\].*\[0\]: nested more than {JSON_DEPTH_MAX} levels deep$"):
        check_json_data({"order": nested}["order"])
    shallow: list[object] = [float("inf")]
    for _ in range(JSON_DEPTH_MAX - 1):
        shallow = [shallow]
    with pytest.raises(ValueError, match=r"^\[0\]\[0\].*\[0\]: inf is not a number a campaign can hold"):
        check_json_data(shallow)
