"""Recovery files: autosaved unsaved changes are offered after a crash unless a later save overtook them."""

from __future__ import annotations

import json
import os
import time

from crisis_desktop.storage.recovery import RecoveryStore


def _age(path, seconds):
    """Make a file look `seconds` old, so mtime comparisons do not depend on clock granularity."""
    when = time.time() - seconds
    os.utime(path, (when, when))


def test_autosave_is_offered_with_its_campaign_and_original_path(store, app_paths, make_campaign):
    campaign = make_campaign("Unsaved")
    path = app_paths.campaigns / "unsaved.json"
    store.save(campaign, path)
    _age(path, 60)
    campaign.notes = "typed but not saved"

    file = store.recovery.save(campaign, path)

    # Named after the campaign's path, which its first line records: finding it never reads a campaign.
    assert file.parent == app_paths.recovery and file.name.startswith("unsaved-") and file.suffix == ".journal"
    assert json.loads(file.read_text().splitlines()[0])["journal_of"] == str(path.resolve())
    [offer] = store.recovery.list_recoveries()
    assert offer.original_path == path.resolve()
    assert offer.campaign == campaign and offer.campaign_name == "Unsaved"
    assert offer.saved.tzinfo is not None
    assert store.load(path).notes == ""  # the campaign file itself is untouched
    assert store.recovery.list_recoveries() == [offer]


def test_a_recovery_older_than_the_saved_file_is_stale_and_discarded(store, app_paths, make_campaign):
    campaign = make_campaign()
    path = app_paths.campaigns / "c.json"
    store.save(campaign, path)
    file = store.recovery.save(campaign, path)
    _age(file, 60)  # the GM saved after this autosave

    assert store.recovery.list_recoveries() == []
    assert not file.exists()


def test_take_returns_the_recovery_and_keeps_it_until_discarded(store, app_paths, make_campaign):
    campaign = make_campaign()
    path = app_paths.campaigns / "c.json"
    store.save(campaign, path)
    _age(path, 60)
    campaign.notes = "recovered"
    store.recovery.save(campaign, path)

    taken = store.recovery.take(path)

    assert taken is not None and taken.campaign.notes == "recovered"
    assert store.recovery.take(path) is not None  # a second crash before the next autosave loses nothing
    store.recovery.discard(path)
    assert store.recovery.take(path) is None
    assert store.recovery.list_recoveries() == []
    assert list(app_paths.recovery.iterdir()) == []


def test_autosaving_again_replaces_the_previous_recovery(store, app_paths, make_campaign):
    campaign = make_campaign()
    path = app_paths.campaigns / "c.json"
    store.save(campaign, path)
    _age(path, 60)
    for n in range(3):
        campaign.notes = f"edit {n}"
        store.recovery.save(campaign, path)
    [offer] = store.recovery.list_recoveries()
    assert offer.campaign.notes == "edit 2"
    assert len(list(app_paths.recovery.iterdir())) == 1


def test_same_file_name_in_two_folders_keeps_two_recoveries(store, app_paths, tmp_path, make_campaign):
    here = app_paths.campaigns / "c.json"
    elsewhere = tmp_path / "elsewhere" / "c.json"
    for path, name in ((here, "Here"), (elsewhere, "Elsewhere")):
        store.save(make_campaign(name), path)
        _age(path, 60)
        store.recovery.save(make_campaign(f"{name} edited"), path)

    offers = {o.original_path: o.campaign_name for o in store.recovery.list_recoveries()}
    assert offers == {here.resolve(): "Here edited", elsewhere.resolve(): "Elsewhere edited"}
    store.recovery.discard(here)
    assert [o.campaign_name for o in store.recovery.list_recoveries()] == ["Elsewhere edited"]


def test_recovery_of_a_campaign_whose_file_is_gone_is_still_offered(store, app_paths, make_campaign):
    path = app_paths.campaigns / "gone.json"
    store.recovery.save(make_campaign("Only copy"), path)
    [offer] = store.recovery.list_recoveries()
    assert offer.campaign_name == "Only copy" and offer.original_missing


def test_unreadable_recovery_files_are_skipped_and_left_alone(store, app_paths, make_campaign):
    path = app_paths.campaigns / "c.json"
    store.save(make_campaign(), path)
    _age(path, 60)
    store.recovery.save(make_campaign("Good"), path)
    junk = app_paths.recovery / "junk.json"
    junk.write_text('{"recovery_of": ')
    wrong = app_paths.recovery / "wrong.json"
    wrong.write_text(json.dumps({"recovery_of": "x.json", "saved": "2024-01-01T00:00:00+00:00",
                                 "campaign": {"name": ""}}))

    assert [o.campaign_name for o in store.recovery.list_recoveries()] == ["Good"]
    assert junk.exists() and wrong.exists()


def test_deleting_a_campaign_discards_its_recovery(store, app_paths, make_campaign):
    _, path = store.create("Doomed", "crisis")
    store.recovery.save(make_campaign("Doomed"), path)
    store.delete(path)
    assert store.recovery.list_recoveries() == []


def test_nothing_to_offer_without_a_recovery_folder(tmp_path):
    from crisis_desktop.storage.paths import AppPaths

    assert RecoveryStore(AppPaths(tmp_path / "fresh")).list_recoveries() == []


def _recovery_file(app_paths, name, **fields):
    payload = {"recovery_of": str(app_paths.campaigns / "c.json"), "saved": "2024-01-01T00:00:00+00:00",
               "campaign": {"name": "Recovered"}, **fields}
    file = app_paths.recovery / name
    file.write_text(json.dumps(payload))
    return file


def test_damaged_recovery_files_are_set_aside_with_a_message_and_nothing_lost(store, app_paths, make_campaign):
    good_path = app_paths.campaigns / "good.json"
    store.recovery.save(make_campaign("Good"), good_path)
    cut = app_paths.recovery / "cut.json"
    cut.write_bytes(b'{"recovery_of": "/x.json", "saved": "2024-01-01T00:00:00+00:00", "campaign": {"na')
    naive = _recovery_file(app_paths, "naive.json", saved="2024-01-01T00:00:00")
    contents = {cut.name: cut.read_bytes(), naive.name: naive.read_bytes()}

    # A time without a zone next to a good recovery: listing them sorts by time (this raised TypeError).
    assert [r.campaign_name for r in store.recovery.list_recoveries()] == ["Good"]
    messages = store.recovery.set_aside_damaged()

    assert len(messages) == 2
    assert messages[0].startswith("The recovery file cut.json could not be read (the file ends too early")
    assert "a time without a time zone: '2024-01-01T00:00:00'" in messages[1]
    for name, content in contents.items():
        [aside] = app_paths.recovery.glob(f"{name}.damaged-*")
        assert aside.read_bytes() == content
        assert f"It was kept as {aside.name} in {app_paths.recovery}." in " ".join(messages)
    assert sorted(p.name for p in app_paths.recovery.glob("*.json")) == []
    assert [r.campaign_name for r in store.recovery.list_recoveries()] == ["Good"]
    assert store.recovery.set_aside_damaged() == []


def test_a_recovery_written_by_a_newer_version_is_left_for_it(store, app_paths):
    newer = _recovery_file(app_paths, "newer.json", campaign={"name": "Future", "schema_version": 99})
    assert store.recovery.set_aside_damaged() == []
    assert newer.exists()


def test_a_recovered_campaign_whose_file_is_gone_is_written_in_the_campaigns_folder_only(store, app_paths,
                                                                                        tmp_path, make_campaign):
    outside = tmp_path / "elsewhere" / "victim.json"
    store.recovery.save(make_campaign("From elsewhere"), outside)
    inside = app_paths.campaigns / "gone.json"
    store.recovery.save(make_campaign("From home"), inside)
    offers = {r.campaign_name: r for r in store.recovery.list_recoveries()}

    written = store.recreate(offers["From elsewhere"])
    assert written.parent == app_paths.campaigns and written.name == "from-elsewhere.json"
    assert store.load(written).name == "From elsewhere"
    assert not outside.exists() and not outside.parent.exists()

    assert store.recreate(offers["From home"]) == inside.resolve()
    assert store.load(inside).name == "From home"
    assert store.recovery.list_recoveries() == []


def test_a_recovery_naming_a_non_campaign_path_in_the_data_folder_does_not_write_there(store, app_paths,
                                                                                       make_campaign):
    settings = app_paths.settings_file
    store.recovery.save(make_campaign("Sneaky"), settings)
    [offer] = store.recovery.list_recoveries()
    written = store.recreate(offer)
    assert written.parent == app_paths.campaigns and not settings.exists()
