"""Backups: the previous version is kept on every save (the last 10), restore, deleted campaigns."""

from __future__ import annotations

import pytest

from crisis_desktop.storage.campaign_file import CampaignFileError
from crisis_desktop.storage.campaign_store import CampaignStore


def test_twelve_saves_keep_the_ten_previous_versions_newest_first(store, app_paths, make_campaign):
    path = app_paths.campaigns / "c.json"
    campaign = make_campaign()
    for n in range(12):
        campaign.notes = f"save {n}"
        store.save(campaign, path)

    backups = store.list_backups(path)

    # The first save had nothing to back up; saves 2..12 kept saves 1..11, pruned to the newest 10.
    assert len(backups) == 10
    assert [store.load(b.path).notes for b in backups] == [f"save {n}" for n in range(10, 0, -1)]
    assert backups == sorted(backups, key=lambda b: b.timestamp, reverse=True)
    assert all(b.size == b.path.stat().st_size for b in backups)
    assert all(b.path.parent == app_paths.backups / "c" for b in backups)
    assert sorted(p.name for p in (app_paths.backups / "c").iterdir()) == sorted(b.path.name for b in backups)


def test_the_number_kept_is_a_parameter(app_paths, make_campaign):
    store = CampaignStore(app_paths, keep_backups=3)
    path = app_paths.campaigns / "c.json"
    for _ in range(6):
        store.save(make_campaign(), path)
    assert len(store.list_backups(path)) == 3


def test_restore_brings_back_old_content_and_backs_up_the_current_one(store, app_paths, make_campaign):
    path = app_paths.campaigns / "c.json"
    campaign = make_campaign()
    campaign.notes = "first"
    store.save(campaign, path)
    first_bytes = path.read_bytes()
    campaign.notes = "second"
    store.save(campaign, path)
    second_bytes = path.read_bytes()
    [first_backup] = store.list_backups(path)

    store.restore_backup(path, first_backup)

    assert path.read_bytes() == first_bytes
    assert store.load(path).notes == "first"
    newest = store.list_backups(path)[0]
    assert newest.path.read_bytes() == second_bytes
    assert len(store.list_backups(path)) == 2


def test_restoring_a_damaged_backup_changes_nothing(store, app_paths, make_campaign, sha256):
    path = app_paths.campaigns / "c.json"
    store.save(make_campaign(), path)
    store.save(make_campaign(), path)
    [backup] = store.list_backups(path)
    backup.path.write_text('{"name": ')
    digest = sha256(path)

    with pytest.raises(CampaignFileError, match="ends too early"):
        store.restore_backup(path, backup)

    assert sha256(path) == digest
    assert len(store.list_backups(path)) == 1


def test_deleted_campaigns_are_never_pruned(app_paths, make_campaign):
    store = CampaignStore(app_paths, keep_backups=2)
    path = app_paths.campaigns / "c.json"
    store.save(make_campaign("Old"), path)
    store.delete(path)
    for _ in range(5):
        store.save(make_campaign("New"), path)

    backups = store.list_backups(path)
    assert sum(not b.deleted for b in backups) == 2
    [deleted] = [b for b in backups if b.deleted]
    assert store.load(deleted.path).name == "Old"


def test_unknown_files_in_the_backup_folder_are_ignored_and_kept(store, app_paths, make_campaign):
    path = app_paths.campaigns / "c.json"
    folder = app_paths.backups / "c"
    folder.mkdir(parents=True)
    (folder / "my-notes.json").write_text("{}")
    for _ in range(12):
        store.save(make_campaign(), path)
    assert len(store.list_backups(path)) == 10
    assert (folder / "my-notes.json").exists()
