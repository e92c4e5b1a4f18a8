"""`crisis-desktop CAMPAIGN`: a positional campaign path or name opens in the window; commands still work."""

from __future__ import annotations

import shutil

import pytest

from crisis_desktop import app
from crisis_desktop.app import build_parser, main
from crisis_desktop.resources_access import resource
from crisis_desktop.storage.demo import DEMO_FILE_NAME, seed_demo


@pytest.fixture
def opened(monkeypatch) -> list[tuple[object, str | None]]:
    """Replaces the GUI launcher: records what main() would have opened."""
    calls: list[tuple[object, str | None]] = []

    def fake_run_gui(paths, campaign, session=None, data_problem=None):
        calls.append((paths, campaign))
        return 0

    monkeypatch.setattr(app, "run_gui", fake_run_gui)
    return calls


@pytest.fixture
def campaign_file(tmp_path):
    path = tmp_path / "elsewhere" / "ridge road.json"
    path.parent.mkdir()
    path.write_bytes(resource("demo", "campaign.json").read_bytes())
    return path


def test_a_path_opens_that_campaign(paths, opened, campaign_file):
    assert main(["--data-dir", str(paths.data_dir), str(campaign_file)]) == 0
    assert opened == [(paths, str(campaign_file.resolve()))]


def test_a_relative_path_is_resolved_from_the_current_folder(paths, opened, campaign_file, monkeypatch):
    monkeypatch.chdir(campaign_file.parent.parent)
    assert main(["--data-dir", str(paths.data_dir), f"elsewhere/{campaign_file.name}"]) == 0
    assert opened[0][1] == str(campaign_file.resolve())


def test_a_name_opens_the_campaign_of_that_name(paths, opened):
    assert main(["--data-dir", str(paths.data_dir), "demo: the ridge road"]) == 0
    assert opened == [(paths, str(paths.campaigns / DEMO_FILE_NAME))]


def test_the_path_may_come_before_the_options_or_after_a_double_dash(paths, opened, campaign_file):
    # An abbreviated option (--data) still takes its value: the folder is not mistaken for the campaign.
    assert main([str(campaign_file), "--data", str(paths.data_dir)]) == 0
    assert main(["--data-dir", str(paths.data_dir), "--", str(campaign_file)]) == 0
    assert [campaign for _, campaign in opened] == [str(campaign_file.resolve())] * 2
    assert {p.data_dir for p, _ in opened} == {paths.data_dir}


def test_no_positional_opens_the_window_as_before(paths, opened):
    assert main(["--data-dir", str(paths.data_dir)]) == 0
    assert main(["--data-dir", str(paths.data_dir), "--campaign", "Demo"]) == 0
    assert [campaign for _, campaign in opened] == [None, "Demo"]


def test_commands_still_run_and_never_open_the_window(paths, opened, capsys):
    assert main(["--data-dir", str(paths.data_dir), "info", "--campaign", "Demo"]) == 0
    assert "4 PCs, 6 NPCs" in capsys.readouterr().out
    assert main(["--data-dir", str(paths.data_dir), "--campaign", "Demo", "info"]) == 0
    assert "4 PCs, 6 NPCs" in capsys.readouterr().out
    assert opened == []


def test_the_parser_alone_tells_a_campaign_from_a_command(campaign_file):
    parser = build_parser()
    args = parser.parse_args([str(campaign_file)])
    assert args.open_path == str(campaign_file) and args.command is None
    args = parser.parse_args(["--data-dir", "somewhere", "export", "--campaign", "Demo", "--output", "out"])
    assert args.command == "export" and not hasattr(args, "open_path") and args.data_dir == "somewhere"


def test_data_dir_may_come_after_the_command(paths, opened, capsys, tmp_path):
    parser = build_parser()
    args = parser.parse_args(["export", "--data-dir", "after", "--campaign", "Demo", "--output", "out"])
    assert args.data_dir == "after"
    args = parser.parse_args(["--data-dir", "before", "info"])
    assert args.data_dir == "before"   # not reset by the command's own option
    assert main(["info", "--data-dir", str(paths.data_dir), "--campaign", "Demo"]) == 0
    assert "4 PCs, 6 NPCs" in capsys.readouterr().out
    out = tmp_path / "out"
    assert main(["export", "--data-dir", str(paths.data_dir), "--campaign", "Demo", "--format", "md",
                 "--character", "Wolf", "--output", str(out)]) == 0
    assert [p.name for p in out.iterdir()] == ["wolf.md"]
    assert opened == []


def test_a_template_folder_that_does_not_exist_is_an_error(paths, capsys, tmp_path):
    out = tmp_path / "out"
    missing = tmp_path / "no-such-templates"
    assert main(["--data-dir", str(paths.data_dir), "export", "--campaign", "Demo", "--format", "md",
                 "--template-dir", str(missing), "--output", str(out)]) == 2
    assert f"the template folder {missing} does not exist" in capsys.readouterr().err
    assert not out.exists()


def _error(capsys, argv: list[str]) -> str:
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: crisis-desktop")
    return err.splitlines()[-1]


def test_an_unknown_word_is_named_in_an_argparse_error(paths, opened, capsys):
    line = _error(capsys, ["--data-dir", str(paths.data_dir), "infos"])
    assert line == ("crisis-desktop: error: 'infos' is neither a command (info, export, simulate, import) nor a "
                    f"campaign file, nor the name of a campaign in {paths.campaigns}")
    assert opened == []


def test_a_missing_or_wrong_file_is_named(paths, opened, capsys, tmp_path, monkeypatch):
    missing = tmp_path / "gone.json"
    assert _error(capsys, ["--data-dir", str(paths.data_dir), str(missing)]) == \
        f"crisis-desktop: error: campaign file {str(missing)!r} does not exist"
    text = tmp_path / "notes.txt"
    text.write_text("not a campaign")
    assert _error(capsys, ["--data-dir", str(paths.data_dir), str(text)]) == \
        f"crisis-desktop: error: {str(text)!r} is not a campaign file (a campaign is a .json file)"
    assert _error(capsys, ["--data-dir", str(paths.data_dir), str(tmp_path)]) == \
        f"crisis-desktop: error: {str(tmp_path)!r} is a folder, not a campaign file"
    monkeypatch.chdir(tmp_path)  # a bare word that names a folder or file here is not taken for a campaign name
    (tmp_path / "games").mkdir()
    assert _error(capsys, ["--data-dir", str(paths.data_dir), "games"]) == \
        "crisis-desktop: error: 'games' is a folder, not a campaign file"
    assert _error(capsys, ["--data-dir", str(paths.data_dir), "notes.txt"]) == \
        "crisis-desktop: error: 'notes.txt' is not a campaign file (a campaign is a .json file)"
    assert opened == []


def test_a_campaign_with_a_command_or_twice_is_refused(paths, opened, capsys, campaign_file):
    expected = ("crisis-desktop: error: 'Demo' is not an argument of 'info'; to name the campaign, "
                "write: crisis-desktop info --campaign Demo")
    assert _error(capsys, ["--data-dir", str(paths.data_dir), "Demo", "info"]) == expected
    assert _error(capsys, ["--data-dir", str(paths.data_dir), "info", "Demo"]) == expected
    assert _error(capsys, ["--data-dir", str(paths.data_dir), "export", "Demo", "--output", "out"]) == \
        expected.replace("'info'", "'export'").replace(" info ", " export ")
    assert "two campaigns given" in _error(
        capsys, ["--data-dir", str(paths.data_dir), "--campaign", "Demo", str(campaign_file)])
    assert opened == []


def test_a_copied_demo_by_file_name_stem(paths, opened):
    seed_demo(paths)
    shutil.copy(paths.campaigns / DEMO_FILE_NAME, paths.campaigns / "second.json")
    assert main(["--data-dir", str(paths.data_dir), "second"]) == 0
    assert opened[0][1] == str(paths.campaigns / "second.json")


def test_help_of_the_window_and_of_a_command(capsys):
    with pytest.raises(SystemExit) as stop:
        build_parser().parse_args(["-h"])
    assert stop.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: crisis-desktop [options] [CAMPAIGN]\n       crisis-desktop [options] COMMAND ...")
    assert "with CAMPAIGN (a campaign .json file or a campaign's name) open in it" in " ".join(out.split())
    with pytest.raises(SystemExit):
        build_parser().parse_args(["info", "-h"])
    assert capsys.readouterr().out.startswith("usage: crisis-desktop info [-h] [--campaign NAME_OR_PATH]")
