"""Recovery and settings files that would have stopped every start: each is set aside with a message naming it,
nothing in it is lost, and the campaign still opens from its last save."""

from __future__ import annotations

import json
import os

import pytest

from crisis_desktop.storage.settings import AppSettings

DEEP = b"[" * 100_000 + b"]" * 100_000


def _saved_with_journal(store, app_paths, make_campaign):
    path = app_paths.campaigns / "c.json"
    campaign = make_campaign("Saved")
    store.save(campaign, path)
    journal = store.recovery.save(make_campaign("Unsaved"), path)
    os.utime(path, (0, 0))  # the journal is newer than the file: an offer, were it readable
    return path, campaign, journal


def test_a_journal_line_of_100000_nested_brackets_is_set_aside(store, app_paths, make_campaign):
    path, campaign, journal = _saved_with_journal(store, app_paths, make_campaign)
    with open(journal, "ab") as f:
        f.write(DEEP + b"\n")
    content = journal.read_bytes()

    assert store.recovery.list_recoveries() == []  # this raised RecursionError
    [message] = store.recovery.set_aside_damaged()

    [aside] = app_paths.recovery.glob(f"{journal.name}.damaged-*")
    assert message == (f"The recovery file {journal.name} could not be read (line 3 is damaged (nested too deeply)). "
                       f"It was kept as {aside.name} in {app_paths.recovery}.")
    assert aside.read_bytes() == content and not journal.exists()
    assert store.load(path) == campaign
    assert store.recovery.set_aside_damaged() == [] and store.recovery.list_recoveries() == []


def test_a_journal_whose_first_line_is_nested_too_deeply_is_set_aside(store, app_paths):
    journal = app_paths.recovery / "x-00000000.journal"
    journal.write_bytes(DEEP + b"\n")
    [message] = store.recovery.set_aside_damaged()
    assert message.startswith("The recovery file x-00000000.journal could not be read (not a journal (the first "
                              "line is not JSON)).")


@pytest.mark.parametrize("stamp", ["0001-01-01T00:00:00+14:00", "9999-12-31T23:59:59-14:00"])
def test_a_legacy_recovery_stamped_beyond_the_calendar_is_set_aside(store, app_paths, make_campaign, stamp):
    path = app_paths.campaigns / "c.json"
    store.save(make_campaign("Saved"), path)
    legacy = app_paths.recovery / "c.json"
    legacy.write_text(json.dumps({"recovery_of": str(path), "saved": stamp,
                                  "campaign": {"name": "Old", "ruleset": "crisis"}}))
    good = store.recovery.save(make_campaign("Other"), app_paths.campaigns / "other.json")
    content = legacy.read_bytes()

    # Sorting the offers turned the time into UTC: OverflowError, and nothing was offered at all.
    assert [r.campaign_name for r in store.recovery.list_recoveries()] == ["Other"]
    [message] = store.recovery.set_aside_damaged()

    [aside] = app_paths.recovery.glob("c.json.damaged-*")
    assert message == (f"The recovery file c.json could not be read (saved: a time out of range: {stamp!r}). "
                       f"It was kept as {aside.name} in {app_paths.recovery}.")
    assert aside.read_bytes() == content
    assert good.exists() and store.load(path).name == "Saved"


def test_an_unforeseen_failure_reading_a_recovery_file_sets_it_aside(store, app_paths, make_campaign, monkeypatch):
    from crisis_desktop.storage import recovery

    path, _campaign, journal = _saved_with_journal(store, app_paths, make_campaign)

    def broken(*_args, **_kwargs):
        raise KeyError("something nobody foresaw")

    monkeypatch.setattr(recovery, "replay", broken)
    assert store.recovery.list_recoveries() == []
    [message] = store.recovery.set_aside_damaged()
    assert message.startswith(f"The recovery file {journal.name} could not be read (it could not be read (KeyError: ")
    assert store.load(path).name == "Saved"


@pytest.mark.parametrize(("content", "reason"), [
    (DEEP, "nested too deeply to be settings"),
    (b'{"recent": [' + DEEP + b"]}", "nested too deeply to be settings"),
    (b'{"recent": ["/a/\\ud800.json"]}', "recent: a file path with half a character (a lone surrogate)"),
    (b'{"last_campaign": "/a/\\udc00.json"}', "last_campaign: a file path with half a character (a lone surrogate)"),
    (b'{"last_campaign": "/a\\u0000b.json"}', "last_campaign: a file path with a NUL character"),
    (b'{"ui": {"x": "\\ud800"}}', "ui: cannot be written again (UnicodeEncodeError)"),
])
def test_damaged_settings_are_set_aside_with_a_message_naming_them(app_paths, content, reason):
    path = app_paths.settings_file
    path.write_bytes(content)
    settings, warning = AppSettings.load(path)
    assert settings == AppSettings()
    [aside] = app_paths.data_dir.glob("settings.json.bad-*")
    assert warning == (f"The settings file {path} could not be read ({reason}). Default settings are used; the old "
                       f"file was kept as {aside.name}.")
    assert aside.read_bytes() == content and not path.exists()
    settings.save(path)  # what the next save writes can be read again
    assert AppSettings.load(path) == (AppSettings(), None)
