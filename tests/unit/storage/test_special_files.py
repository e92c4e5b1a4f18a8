"""Paths that name no regular file (a FIFO, a device, a folder) are refused with a message and never block."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from crisis_desktop.app import main
from crisis_desktop.storage.campaign_file import CampaignFileError
from crisis_desktop.storage.locks import CampaignLock, held_elsewhere, lock_path_for
from crisis_desktop.storage.regular_files import FileTooLarge, NotARegularFile, read_regular_file
from crisis_desktop.storage.settings import AppSettings
from tests.file_helpers import make_fifo, needs_fifo, returns_promptly

pytestmark = needs_fifo


def test_a_fifo_named_like_a_campaign_is_refused_by_load_and_listed_with_its_problem(store, app_paths):
    fifo = make_fifo(app_paths.campaigns / "pipe.json")
    with pytest.raises(CampaignFileError) as caught:
        returns_promptly(lambda: store.load(fifo), fifo)
    assert str(caught.value) == "pipe.json: this is a named pipe (FIFO), not a campaign file: it was not read"
    [entry] = returns_promptly(store.list_campaigns, fifo)
    assert entry.problem == "this is a named pipe (FIFO), not a campaign file: it was not read"
    assert Path(fifo).is_fifo()


def test_saving_over_a_fifo_is_refused_and_leaves_it(store, app_paths, make_campaign):
    fifo = make_fifo(app_paths.campaigns / "pipe.json")
    with pytest.raises(CampaignFileError, match="named pipe"):
        returns_promptly(lambda: store.save(make_campaign(), fifo), fifo)
    assert fifo.is_fifo()
    assert store.list_backups(fifo) == []


def test_info_lists_the_campaigns_around_a_fifo(paths, capsys):
    fifo = make_fifo(paths.campaigns / "pipe.json")
    code = returns_promptly(lambda: main(["--data-dir", str(paths.data_dir), "info"]), fifo)
    assert code == 0
    assert "pipe (None) pipe.json  [cannot open: this is a named pipe (FIFO)" in capsys.readouterr().out
    code = returns_promptly(lambda: main(["--data-dir", str(paths.data_dir), "info", "--campaign", str(fifo)]), fifo)
    assert code == 2
    assert "pipe.json: this is a named pipe (FIFO), not a campaign file" in capsys.readouterr().err


def test_a_device_is_never_opened(store, app_paths):
    link = app_paths.campaigns / "zero.json"
    link.symlink_to(os.devnull)
    with pytest.raises(CampaignFileError, match=r"^zero\.json: this is a device, not a campaign file"):
        store.load(link)


def test_settings_that_are_a_fifo_give_the_defaults_and_stay(paths):
    fifo = make_fifo(paths.settings_file)
    settings, problem = returns_promptly(lambda: AppSettings.load(fifo), fifo)
    assert settings == AppSettings()
    assert problem is not None and "settings.json: this is a named pipe (FIFO), not a regular file" in problem
    assert fifo.is_fifo()


def test_a_lock_that_is_a_fifo_does_not_block_opening(app_paths):
    campaign = app_paths.campaigns / "c.json"
    campaign.write_text("{}")
    fifo = make_fifo(lock_path_for(campaign))
    assert returns_promptly(lambda: held_elsewhere(campaign), fifo) is None
    status = returns_promptly(CampaignLock(campaign).acquire, fifo)
    # Younger than the grace period: it may be another instance's lock being written right now.
    assert not status.acquired and status.held_by_other


def test_read_regular_file_says_what_it_refused(tmp_path):
    (tmp_path / "big").write_bytes(b"x" * 11)
    with pytest.raises(FileTooLarge, match=r"^big: too large \(11 bytes; the limit is 10 bytes\)$"):
        read_regular_file(tmp_path / "big", 10)
    with pytest.raises(NotARegularFile, match=r"^folder: this is a folder, not a regular file$"):
        (tmp_path / "folder").mkdir()
        read_regular_file(tmp_path / "folder", 10)
    assert read_regular_file(tmp_path / "big", 11) == b"x" * 11


def test_a_template_that_is_a_fifo_stops_the_export_with_a_message(tmp_path):
    from crisis_desktop.domain import Campaign, Character
    from crisis_desktop.export.output import ExportError
    from crisis_desktop.export.run import export_sheets

    fifo = make_fifo(tmp_path / "sheet.md")
    campaign = Campaign(ruleset="crisis", name="C", characters=[Character(name="Vera")])
    with pytest.raises(ExportError, match=r"The template .*sheet\.md was not read: this is a named pipe \(FIFO\)"):
        returns_promptly(lambda: export_sheets(campaign, campaign.characters, "md", tmp_path / "out",
                                               template_dir=tmp_path), fifo)
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())
