"""Schema migrations: version-1 prototype files load into the current model; the file is not touched."""

from __future__ import annotations

import copy
import json
import shutil
from pathlib import Path

import pytest

from crisis_desktop.domain import SCHEMA_VERSION, CharacterKind
from crisis_desktop.storage.campaign_file import CampaignFileError
from crisis_desktop.storage.migrations import FIRST_VERSION, MIGRATIONS, MigrationError, migrate

V1_FILE = Path(__file__).parent / "data" / "campaign_v1.json"


@pytest.fixture
def v1_path(app_paths):
    target = app_paths.campaigns / "embers.json"
    shutil.copyfile(V1_FILE, target)
    return target


def test_every_old_version_has_a_migration():
    assert sorted(MIGRATIONS) == list(range(FIRST_VERSION, SCHEMA_VERSION))


def test_the_v1_fixture_really_is_version_1():
    data = json.loads(V1_FILE.read_text())
    assert "schema_version" not in data and "system" in data and "ruleset" not in data
    assert all("type" in c and "kind" not in c for c in data["characters"])


def test_v1_file_loads_into_the_current_model(store, v1_path, sha256):
    digest = sha256(v1_path)

    campaign = store.load(v1_path)

    assert sha256(v1_path) == digest
    assert campaign.schema_version == SCHEMA_VERSION
    assert campaign.name == "Embers of Kharos"
    assert campaign.ruleset == "crisis-classic"
    assert campaign.rule_options == {}
    vera, sergeant = campaign.characters
    assert (vera.name, vera.kind, vera.player) == ("Vera Lind", CharacterKind.PC, "Maja")
    assert (sergeant.name, sergeant.kind) == ("Gate sergeant", CharacterKind.NPC)
    assert vera.stats["agility"] == "d8" and vera.stats["wild_card"] is True and vera.stats["bennies"] == 3
    assert vera.status == {} and vera.gm_notes == ""
    assert vera.equipment[0].stats["damage"] == "2d6"
    assert vera.conditions[0].key == "shaken"
    assert campaign.encounters[0].combatants[1].group == "gate guards"
    assert campaign.created.isoformat() == "2023-11-04T18:30:00+00:00"


def test_saving_a_migrated_campaign_writes_the_current_version_and_keeps_the_v1_file(store, v1_path):
    original = v1_path.read_bytes()
    campaign = store.load(v1_path)
    store.save(campaign, v1_path)

    written = json.loads(v1_path.read_text())
    assert written["schema_version"] == SCHEMA_VERSION and written["ruleset"] == "crisis-classic"
    assert [c["kind"] for c in written["characters"]] == ["pc", "npc"]
    assert store.load(v1_path) == campaign
    [backup] = store.list_backups(v1_path)
    assert backup.path.read_bytes() == original


def test_migrate_never_modifies_its_input():
    data = json.loads(V1_FILE.read_text())
    before = copy.deepcopy(data)
    upgraded = migrate(data)
    assert data == before
    assert upgraded["schema_version"] == SCHEMA_VERSION and "system" not in upgraded


def test_explicit_version_1_is_migrated_like_a_missing_one():
    data = {"schema_version": 1, "name": "X", "system": "crisis",
            "characters": [{"name": "A", "type": "npc"}]}
    assert migrate(data) == {"schema_version": SCHEMA_VERSION, "name": "X", "ruleset": "crisis",
                             "characters": [{"name": "A", "kind": "npc"}]}


def test_current_version_passes_unchanged():
    data = {"schema_version": SCHEMA_VERSION, "name": "X", "ruleset": "crisis"}
    assert migrate(data) == data


def test_odd_shapes_are_left_for_validation_to_report(store, app_paths):
    path = app_paths.campaigns / "odd.json"
    hero = {"name": "A", "type": "hero"}
    path.write_text(json.dumps({"name": "X", "system": "crisis", "characters": [hero]}))
    with pytest.raises(CampaignFileError, match=r"characters\[0\]\.kind: Input should be 'pc' or 'npc'"):
        store.load(path)


@pytest.mark.parametrize("version", [0, -1, 1.5, True, "1", None])
def test_unusable_versions_are_refused(version):
    with pytest.raises(MigrationError) as caught:
        migrate({"schema_version": version, "name": "X"})
    assert caught.value.field_path == "schema_version"


def test_newer_version_is_refused_with_a_clear_message():
    newer = SCHEMA_VERSION + 1
    with pytest.raises(MigrationError, match=rf"newer Crisis Desktop \(file format version {newer}; this version "
                                             rf"reads up to {SCHEMA_VERSION}\)"):
        migrate({"schema_version": newer, "name": "X"})


def test_a_legacy_file_without_a_system_id_opens_as_crisis(store, app_paths):
    """Files of the first builds name no system: they were crisis campaigns, and open as such (storage's migration
    names that historical fact; the domain has no default system)."""
    path = app_paths.campaigns / "legacy.json"
    combatants = [{"id": "c1", "character_id": "v", "surprised": True}, {"id": "c2", "character_id": "v",
                                                                        "surprised": False}]
    path.write_text(json.dumps({"schema_version": 3, "name": "Legacy", "characters": [{"id": "v", "name": "Vera"}],
                                "encounters": [{"id": "e", "name": "Ambush", "combatants": combatants}]}))
    campaign = store.load(path)
    assert campaign.ruleset == "crisis" and campaign.schema_version == SCHEMA_VERSION
    assert [c.setup for c in campaign.encounters[0].combatants] == [{"surprised": True}, {}]


def test_a_system_id_a_file_names_is_kept_and_a_current_file_must_name_one():
    data = {"schema_version": 3, "name": "X", "ruleset": "genesys"}
    assert migrate(data) == {**data, "schema_version": SCHEMA_VERSION}
    from pydantic import ValidationError

    from crisis_desktop.domain import Campaign

    with pytest.raises(ValidationError, match="ruleset"):
        Campaign.model_validate({"schema_version": SCHEMA_VERSION, "name": "X"})


def test_a_version_5_file_opens_with_empty_pools_and_saves_them_as_version_6(store, app_paths):
    """Version 6 added the campaign's shared pools (story points): a version-5 file had none, and keeps everything
    else as it was."""
    path = app_paths.campaigns / "edge.json"
    characters = [{"id": "k", "name": "Kara", "kind": "pc", "stats": {"agility": 3, "ranged_light": 2}}]
    path.write_text(json.dumps({"schema_version": 5, "name": "Edge", "ruleset": "genesys",
                                "rule_options": {"genesys_variant": "genesys"}, "characters": characters}))
    assert migrate(json.loads(path.read_text()))["schema_version"] == 6 == SCHEMA_VERSION
    campaign = store.load(path)
    assert campaign.pools == {} and campaign.character("k").stats == {"agility": 3, "ranged_light": 2}
    campaign.pools["story_players"] = 2
    store.save(campaign, path)
    written = json.loads(path.read_text())
    assert written["schema_version"] == 6 and written["pools"] == {"story_players": 2}
    assert store.load(path).pools == {"story_players": 2}


@pytest.mark.parametrize("points", [-1, 1000, 1.5, "2"])
def test_a_pool_the_file_format_cannot_hold_is_refused_with_its_place(store, app_paths, points):
    path = app_paths.campaigns / "bad-pool.json"
    path.write_text(json.dumps({"schema_version": SCHEMA_VERSION, "name": "X", "ruleset": "genesys",
                                "pools": {"story_gm": points}}))
    with pytest.raises(CampaignFileError, match=r"pools\.story_gm"):
        store.load(path)
