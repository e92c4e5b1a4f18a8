"""CampaignStore: file names, listing, the saved format, save as, duplicate, rename, delete."""

from __future__ import annotations

import json
import os
import time
from datetime import UTC, datetime

import pytest
from pydantic import ValidationError

from crisis_desktop.domain import SCHEMA_VERSION, Campaign
from crisis_desktop.storage.campaign_store import CampaignStore, slugify


@pytest.mark.parametrize(("name", "slug"), [
    ("Night Shift", "night-shift"),
    ("  The Fall of Kharos!! ", "the-fall-of-kharos"),
    ("Éclat d'Étoiles", "éclat-d-étoiles"),
    ("Осада крепости", "осада-крепости"),
    ("../../etc/passwd", "etc-passwd"),
    ("a/b\\c:d*e?f", "a-b-c-d-e-f"),
    ("con", "campaign-con"),
    ("???", "campaign"),
    ("snake_case_name", "snake-case-name"),
    ("x" * 300, "x" * 60),
])
def test_slugify_makes_safe_file_names(name, slug):
    assert slugify(name) == slug


def test_create_saves_under_a_slug_and_makes_it_unique(store, app_paths):
    first, first_path = store.create("Night Shift", "crisis")
    second, second_path = store.create("Night  Shift!", ruleset="crisis-classic")
    assert first_path == app_paths.campaigns / "night-shift.json"
    assert second_path == app_paths.campaigns / "night-shift-2.json"
    assert store.load(first_path) == first
    loaded = store.load(second_path)
    assert (loaded.name, loaded.ruleset) == ("Night  Shift!", "crisis-classic")


def test_create_refuses_an_empty_name_and_leaves_no_file(store, app_paths):
    with pytest.raises(ValidationError):
        store.create("", "crisis")
    assert list(app_paths.campaigns.iterdir()) == []


def test_file_is_indented_utf8_json_in_model_order(store, app_paths, make_campaign):
    campaign = make_campaign(notes="Gefährlich — 危险")
    path = app_paths.campaigns / "c.json"
    store.save(campaign, path)
    text = path.read_bytes().decode("utf-8")
    assert "Gefährlich — 危险" in text  # written as is, not \\u-escaped
    assert text.startswith(f'{{\n  "schema_version": {SCHEMA_VERSION},\n  "id": ')
    assert text.endswith("}\n")
    assert list(json.loads(text)) == list(Campaign.model_fields)


def test_save_sets_modified(store, app_paths, make_campaign):
    campaign = make_campaign()
    campaign.modified = datetime(2001, 1, 1, tzinfo=UTC)
    path = app_paths.campaigns / "c.json"
    store.save(campaign, path)
    assert campaign.modified.year >= 2024
    assert store.load(path).modified == campaign.modified


def test_list_campaigns_reports_bad_files_and_skips_temporary_ones(store, app_paths, sha256):
    _, good = store.create("Zulu", "crisis")
    _, other = store.create("alpha", ruleset="crisis-classic")
    bad = app_paths.campaigns / "broken.json"
    bad.write_text('{"name": "Broken", "characters": [{"name": ""}]}')
    digest = sha256(bad)
    (app_paths.campaigns / ".zulu.json.1234abcd.tmp").write_text("{half a fi")
    (app_paths.campaigns / "notes.txt").write_text("not a campaign")

    entries = store.list_campaigns()

    assert [(e.name, e.path) for e in entries] == [("alpha", other), ("broken", bad), ("Zulu", good)]
    by_name = {e.name: e for e in entries}
    assert by_name["alpha"].ruleset == "crisis-classic" and by_name["alpha"].problem is None
    assert by_name["alpha"].modified is not None
    assert by_name["broken"].problem == "characters[0].name: String should have at least 1 character"
    assert by_name["broken"].ruleset is None
    assert sha256(bad) == digest


def test_list_campaigns_of_a_missing_folder_is_empty(tmp_path):
    from crisis_desktop.storage.paths import AppPaths

    assert CampaignStore(AppPaths(tmp_path / "nowhere")).list_campaigns() == []


def test_save_as_writes_a_copy_and_leaves_the_original_alone(store, app_paths, make_campaign):
    campaign = make_campaign("Original")
    original_path = app_paths.campaigns / "original.json"
    store.save(campaign, original_path)
    saved_bytes = original_path.read_bytes()
    campaign.notes = "changed after saving"

    copy_path = store.save_as(campaign, "The Copy")

    assert copy_path == app_paths.campaigns / "the-copy.json"
    copy = store.load(copy_path)
    assert copy.name == "The Copy" and copy.notes == "changed after saving"
    assert copy.id != campaign.id
    assert copy.characters == campaign.characters
    assert campaign.name == "Original"
    assert original_path.read_bytes() == saved_bytes


def test_duplicate_copies_the_file_under_a_new_name(store, make_campaign):
    _, path = store.create("Source", "crisis")
    source = store.load(path)
    source.characters = make_campaign().characters
    store.save(source, path)

    copy_path = store.duplicate(path, "Source (copy)")

    copy = store.load(copy_path)
    assert copy_path.name == "source-copy.json"
    assert copy.name == "Source (copy)"
    assert copy.characters == source.characters
    assert store.load(path).name == "Source"


def test_rename_changes_the_name_inside_and_keeps_the_file(store, app_paths):
    _, path = store.create("Old Name", "crisis")
    store.rename(path, "New Name")
    assert store.load(path).name == "New Name"
    assert sorted(p.name for p in app_paths.campaigns.glob("*.json")) == ["old-name.json"]
    assert len(store.list_backups(path)) == 1  # the previous version is kept


def test_delete_moves_the_file_to_the_backups_and_undelete_brings_it_back(store, app_paths, make_campaign):
    campaign = make_campaign("Doomed")
    path = app_paths.campaigns / "doomed.json"
    store.save(campaign, path)
    content = path.read_bytes()

    info = store.delete(path)

    assert not path.exists()
    assert info.deleted and info.path.read_bytes() == content
    assert info.path.is_relative_to(app_paths.backups)
    assert store.list_campaigns() == []
    assert store.list_deleted() == [info]
    assert store.list_backups(path)[0] == info

    restored = store.undelete(info)

    assert restored == path
    assert restored.read_bytes() == content
    assert store.list_deleted() == []


def test_delete_of_a_missing_file_raises(store, app_paths):
    with pytest.raises(FileNotFoundError):
        store.delete(app_paths.campaigns / "never.json")


def test_a_deleted_campaign_can_be_restored_in_place_through_its_backups(store, app_paths):
    _, path = store.create("Gone", "crisis")
    store.delete(path)
    [info] = store.list_backups(path)
    store.restore_backup(path, info)
    assert store.load(path).name == "Gone"


@pytest.mark.skipif(os.name == "nt", reason="POSIX permission bits")
def test_save_keeps_file_permissions(store, app_paths, make_campaign):
    path = app_paths.campaigns / "private.json"
    store.save(make_campaign(), path)
    os.chmod(path, 0o600)
    store.save(make_campaign(), path)
    assert path.stat().st_mode & 0o777 == 0o600


def test_listing_sweeps_temporary_files_left_by_old_crashes_only(store, app_paths):
    _, path = store.create("Kept", "crisis")
    old = app_paths.campaigns / ".kept.json.0badf00d.tmp"
    young = app_paths.campaigns / ".kept.json.1badf00d.tmp"
    for tmp in (old, young):
        tmp.write_text("{half")
    two_hours_ago = time.time() - 7200
    os.utime(old, (two_hours_ago, two_hours_ago))

    store.list_campaigns()

    assert not old.exists()
    assert young.exists()  # may belong to a save running right now
    assert path.exists()
