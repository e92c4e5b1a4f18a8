"""Characters › Import character given what no campaign can hold (a lone surrogate in any text, NaN, numbers past the
bounds, over-long text and keys, nesting 100,000 deep): refused with the field named, nothing changes, the file
imported from is untouched, and the campaign still saves."""

from __future__ import annotations

import json

import pytest

from crisis_desktop.controller.character_commands import character_to_json
from crisis_desktop.domain.limits import ENTRIES_MAX, KEY_MAX, MAX_NUMBER, TEXT_MAX
from crisis_desktop.rules.registry import get_ruleset
from crisis_desktop.storage.campaign_file import read_campaign

HALF = "holds '\\ud800' at character 1, half of a character that cannot be written to a file"
NOT_FINITE = "is not a number a campaign can hold (Infinity and NaN are refused)"
OUT_OF_RANGE = f"numbers in a campaign go from {-MAX_NUMBER:,} to {MAX_NUMBER:,}"


def surrogate(field: str):
    def edit(data: dict) -> None:
        if field == "tags":
            data["tags"] = ["ok", "\ud800"]
        elif field == "conditions":
            data["conditions"] = [{"key": "\ud800"}]
        elif field == "status key":
            data["status"]["\ud800"] = 1
        else:
            data[field] = "\ud800"
    return edit


CASES = [
    ("player", surrogate("player"), f"player: {HALF}"),
    ("portrait", surrogate("portrait"), f"portrait: {HALF}"),
    ("tag", surrogate("tags"), f"tags[1]: {HALF}"),
    ("condition key", surrogate("conditions"), f"conditions[0].key: {HALF}"),
    ("notes", surrogate("notes"), f"notes: {HALF}"),
    ("a status key", surrogate("status key"), None),
    ("NaN", lambda d: d["status"].update(wounds=float("nan")), f"status.wounds: nan {NOT_FINITE}"),
    ("Infinity", lambda d: d["status"].update(wounds=float("inf")), f"status.wounds: inf {NOT_FINITE}"),
    ("3000000000", lambda d: d["status"].update(wounds=3_000_000_000),
     f"status.wounds: out of range (3,000,000,000): {OUT_OF_RANGE}"),
    ("-5000000000", lambda d: d["status"].update(wounds=-5_000_000_000),
     f"status.wounds: out of range (-5,000,000,000): {OUT_OF_RANGE}"),
    ("a long player", lambda d: d.update(player="p" * (KEY_MAX + 1)),
     f"player: String should have at most {KEY_MAX} characters"),
    ("50 MB of notes", lambda d: d.update(notes="n" * 5_000_000), None),
    ("long text in a stat", lambda d: d["stats"].update(weapon_note="s" * (TEXT_MAX + 1)),
     f"stats.weapon_note: String should have at most {TEXT_MAX} characters"),
    ("a long tag", lambda d: d.update(tags=["t" * (KEY_MAX + 1)]),
     f"tags[0]: String should have at most {KEY_MAX} characters"),
    ("a long status key", lambda d: d["status"].update({"k" * (KEY_MAX + 1): 1}),
     None),
    ("too many stats", lambda d: d["stats"].update({f"s{i}": 1 for i in range(ENTRIES_MAX + 1)}),
     f"stats: Dictionary should have at most {ENTRIES_MAX} items after validation, not more"),
]


@pytest.fixture
def crisis_view(make_document, make_view):
    document = make_document()
    return document, make_view(document, rules=get_ruleset)


@pytest.mark.parametrize(("what", "edit", "reason"), CASES, ids=[c[0] for c in CASES])
def test_hostile_values_are_refused_naming_the_field(crisis_view, char_answers, answers, tmp_path, what, edit,
                                                     reason):
    document, view = crisis_view
    data = json.loads(character_to_json(document.campaign.character("npc-wolf")))
    edit(data)
    path = tmp_path / "hostile.json"
    path.write_text(json.dumps(data), encoding="utf-8")       # ensure_ascii: the half character as \ud800
    before = path.read_bytes()
    campaign_before = document.campaign.model_dump_json()
    char_answers.queued["open_file"].append(path)
    view.import_character()
    errors = answers.texts("error")
    assert len(errors) == 1
    if what == "50 MB of notes":    # larger than an import may be: refused before reading
        assert errors[0].startswith("Import character: hostile.json was not imported: it was not read: too large (")
        assert errors[0].endswith("bytes; the limit is 5,000,000 bytes)")
    elif reason is not None:
        assert errors[0].startswith("Import character: hostile.json was not imported: The character is not valid: ")
        assert errors[0].endswith(reason)
    else:       # a key of a mapping: named as pydantic names it, with the reason
        assert errors[0].split("The character is not valid: ", 1)[1].startswith("status")
    assert "Traceback" not in errors[0]
    assert path.read_bytes() == before
    assert document.campaign.model_dump_json() == campaign_before and document.undo_stack.count() == 0
    document.save()
    saved = read_campaign(document.path).model_dump(mode="json", exclude={"modified"})
    assert saved == {k: v for k, v in json.loads(campaign_before).items() if k != "modified"}


def test_nesting_100000_deep_is_refused_without_a_traceback(crisis_view, char_answers, answers, tmp_path):
    document, view = crisis_view
    path = tmp_path / "deep.json"
    path.write_text('{"name": "Deep", "stats": {"x": ' + "[" * 100_000 + "]" * 100_000 + "}}", encoding="utf-8")
    char_answers.queued["open_file"].append(path)
    view.import_character()
    assert answers.texts("error") == [
        "Import character: deep.json was not imported: The file is nested too deeply to hold a character"]
    assert document.undo_stack.count() == 0


def test_a_character_at_the_bounds_imports_and_saves(crisis_view, char_answers, answers, tmp_path):
    document, view = crisis_view
    data = json.loads(character_to_json(document.campaign.character("npc-wolf")))
    data.update(player="p" * KEY_MAX, tags=["t" * KEY_MAX], portrait="portrait 😀.png", notes="n" * TEXT_MAX)
    path = tmp_path / "fits.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    char_answers.queued["open_file"].append(path)
    view.import_character()
    assert not answers.texts("error")
    imported = document.campaign.characters[-1]
    assert imported.player == "p" * KEY_MAX and imported.portrait == "portrait 😀.png"
    document.save()
    assert read_campaign(document.path).characters[-1].notes == "n" * TEXT_MAX
