"""Application settings: defaults, recent campaigns, damaged files set aside, atomic save."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from crisis_desktop.storage.settings import MAX_RECENT, AppSettings


def test_a_missing_file_gives_defaults_quietly(app_paths):
    settings, warning = AppSettings.load(app_paths.settings_file)
    assert warning is None
    assert settings == AppSettings()
    assert settings.recent_paths() == [] and settings.last_campaign is None and settings.ui == {}
    assert not app_paths.settings_file.exists()


def test_recent_is_most_recent_first_without_duplicates_and_at_most_ten(tmp_path):
    settings = AppSettings()
    paths = [tmp_path / f"c{i}.json" for i in range(12)]
    for path in paths:
        settings.remember(path)
    settings.remember(paths[5])
    settings.remember(tmp_path / "sub" / ".." / "c5.json")  # the same file, spelled differently

    recent = settings.recent_paths()
    assert len(recent) == MAX_RECENT
    assert recent[0] == paths[5]
    assert recent[1:] == [paths[i] for i in (11, 10, 9, 8, 7, 6, 4, 3, 2)]
    assert settings.last_campaign == str(paths[5])


def test_forget_drops_a_campaign(tmp_path):
    settings = AppSettings()
    settings.remember(tmp_path / "a.json")
    settings.remember(tmp_path / "b.json")
    settings.forget(tmp_path / "b.json")
    assert settings.recent_paths() == [tmp_path / "a.json"] and settings.last_campaign is None


def test_save_and_load_round_trip(app_paths, tmp_path):
    settings = AppSettings()
    settings.remember(tmp_path / "a.json")
    settings.ui["geometry"] = "AdnQywADAAAAAAA"
    settings.ui["splitter"] = [300, 700]
    settings.save(app_paths.settings_file)

    loaded, warning = AppSettings.load(app_paths.settings_file)

    assert warning is None and loaded == settings
    assert app_paths.settings_file.read_text().startswith("{\n  ")
    leftovers = [p.name for p in app_paths.data_dir.iterdir() if "settings" in p.name]
    assert leftovers == ["settings.json"]


def test_save_creates_the_folder(tmp_path):
    AppSettings().save(tmp_path / "new" / "settings.json")
    assert AppSettings.load(tmp_path / "new" / "settings.json")[0] == AppSettings()


@pytest.mark.parametrize("content", [b"{not json", b'{"recent": 5}', b"[]", b"", b'{"ui": "x"}', b"\xff\xfe"])
def test_a_damaged_file_gives_defaults_a_warning_and_is_set_aside(app_paths, content):
    path = app_paths.settings_file
    path.write_bytes(content)

    settings, warning = AppSettings.load(path)

    assert settings == AppSettings()
    assert warning is not None and "Default settings are used" in warning
    [aside] = app_paths.data_dir.glob("settings.json.bad-*")
    assert aside.read_bytes() == content and aside.name in warning
    assert not path.exists()
    settings.save(path)  # the next save does not touch the damaged copy
    assert aside.read_bytes() == content


def test_two_damaged_files_in_a_row_are_both_kept(app_paths):
    path = app_paths.settings_file
    for content in (b"{one", b"{two"):
        path.write_bytes(content)
        AppSettings.load(path)
    kept = sorted(p.read_bytes() for p in app_paths.data_dir.glob("settings.json.bad-*"))
    assert kept == [b"{one", b"{two"]


def test_an_unreadable_path_is_reported_and_left_in_place(app_paths):
    app_paths.settings_file.mkdir()
    settings, warning = AppSettings.load(app_paths.settings_file)
    assert settings == AppSettings() and warning is not None and "could not be read" in warning
    assert app_paths.settings_file.is_dir()


def test_keys_from_a_newer_version_are_ignored_and_lists_cleaned(app_paths):
    recent = [f"/campaigns/c{i}.json" for i in range(15)]
    app_paths.settings_file.write_text(json.dumps(
        {"recent": [recent[0], *recent], "last_campaign": recent[0], "theme": "dark", "ui": {"zoom": 1.5}}))

    settings, warning = AppSettings.load(app_paths.settings_file)

    assert warning is None
    assert settings.recent_paths() == [Path(p) for p in recent[:MAX_RECENT]]
    assert settings.ui == {"zoom": 1.5}
