"""Regressions found by review: restore, backups of same-named campaigns, odd files."""

from __future__ import annotations

import hashlib
import json

import pytest

from crisis_desktop.domain import Campaign
from crisis_desktop.storage.campaign_file import CampaignFileError, campaign_bytes, parse_campaign_bytes
from crisis_desktop.storage.campaign_store import CampaignStore
from crisis_desktop.storage.paths import AppPaths


@pytest.fixture
def store(tmp_path) -> CampaignStore:
    return CampaignStore(AppPaths(tmp_path / "data").ensure())


def test_restoring_the_oldest_backup_works_although_keeping_the_current_one_prunes_it(store):
    campaign, path = store.create("Twelve saves", "crisis")
    for n in range(12):
        campaign.notes = f"version {n}"
        store.save(campaign, path)
    oldest = store.list_backups(path)[-1]
    wanted = store.load(oldest.path).notes
    store.restore_backup(path, oldest)
    assert store.load(path).notes == wanted


def test_same_named_campaigns_in_two_folders_keep_their_own_backups(store, tmp_path):
    mine, mine_path = store.create("notes", "crisis")
    usb = tmp_path / "usb" / "notes.json"
    other = Campaign(ruleset="crisis", name="Someone else's")
    store.save(other, usb)
    mine.notes = "mine, saved once more"
    store.save(mine, mine_path)
    for n in range(12):
        other.notes = f"theirs {n}"
        store.save(other, usb)
    assert mine_path.stem == usb.stem
    mine_versions = [store.load(b.path).name for b in store.list_backups(mine_path)]
    assert mine_versions == ["notes"]
    assert {store.load(b.path).name for b in store.list_backups(usb)} == {"Someone else's"}


def test_a_version_repeated_further_down_is_not_taken_by_the_fast_path(tmp_path):
    raw = campaign_bytes(Campaign(ruleset="crisis", name="Twice"))
    tampered = raw.replace(b'\n  "notes": ""', b'\n  "notes": "",\n  "schema_version": 99', 1)
    assert tampered != raw
    with pytest.raises(CampaignFileError, match="newer Crisis Desktop"):
        parse_campaign_bytes(tampered, tmp_path / "twice.json")


@pytest.mark.parametrize("text", ['"\\ud800"', '"a\\udc00b"'])
def test_an_escape_that_is_no_character_is_refused_on_load(tmp_path, text):
    raw = campaign_bytes(Campaign(ruleset="crisis", name="Odd")).replace(b'"notes": ""', f'"notes": {text}'.encode(), 1)
    with pytest.raises(CampaignFileError, match="no character"):
        parse_campaign_bytes(raw, tmp_path / "odd.json")
    fine = campaign_bytes(Campaign(ruleset="crisis", name="Emoji")).replace(
        b'"notes": ""', b'"notes": "\\ud83d\\ude00"', 1)
    assert parse_campaign_bytes(fine, tmp_path / "fine.json").notes == "\U0001f600"


def test_a_file_nested_too_deeply_is_reported_not_raised(store):
    deep = store.paths.campaigns / "deep.json"
    deep.write_bytes(b"[" * 200_000)
    digest = hashlib.sha256(deep.read_bytes()).hexdigest()
    [entry] = [e for e in store.list_campaigns() if e.path == deep]
    assert entry.problem is not None and "nested too deeply" in entry.problem
    assert hashlib.sha256(deep.read_bytes()).hexdigest() == digest


def test_an_unreadable_recovery_file_is_left_alone_by_the_next_autosave(store):
    campaign, path = store.create("Crashy", "crisis")
    plain = store.paths.recovery / f"{path.stem}.json"
    plain.write_text('{"recovery_of": ')  # truncated: whatever it was, it is not overwritten
    store.recovery.save(campaign, path)
    assert plain.read_text() == '{"recovery_of": '
    assert [r.original_path for r in store.recovery.list_recoveries()] == [path.resolve()]
    taken = store.recovery.take(path)
    assert taken is not None and taken.file.suffix == ".journal" and taken.campaign == campaign


@pytest.mark.parametrize(("escapes", "lone"), [
    (r"\ud83d\ude00", False), (r"\uD83D\uDE00", False), (r"\\ud800", False), (r"\\\\ud800", False),
    (r"\\\ud800", True), (r"\ud83d", True), (r"\ud83d\u0041", True), (r"\ud83d\ude00\udc00", True),
    (r"\ud83d\ud83d\ude00", True), (r"x\\\\\ude00", True),
])
def test_pairs_and_escaped_backslashes_are_told_from_lone_surrogates(tmp_path, escapes, lone):
    raw = campaign_bytes(Campaign(ruleset="crisis", name="Odd")).replace(
        b'"notes": ""', f'"notes": "{escapes}"'.encode(), 1)
    if lone:
        with pytest.raises(CampaignFileError, match="an escape that is no character"):
            parse_campaign_bytes(raw, tmp_path / "odd.json")
    else:
        assert parse_campaign_bytes(raw, tmp_path / "fine.json").notes == json.loads(f'"{escapes}"')
