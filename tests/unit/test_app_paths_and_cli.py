"""Data paths, first-run demo seeding and the headless `info` command."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from crisis_desktop.app import main
from crisis_desktop.domain import Campaign
from crisis_desktop.resources_access import resource
from crisis_desktop.storage.demo import DEMO_FILE_NAME, seed_demo
from crisis_desktop.storage.paths import DATA_DIR_ENV, AppPaths


def test_flag_beats_environment_beats_platform(tmp_path):
    env = {DATA_DIR_ENV: str(tmp_path / "env")}
    assert AppPaths.resolve(tmp_path / "flag", env).data_dir == (tmp_path / "flag").resolve()
    assert AppPaths.resolve(None, env).data_dir == (tmp_path / "env").resolve()
    platform = AppPaths.resolve(None, {}).data_dir
    assert "crisis-desktop" in str(platform)


def test_demo_is_seeded_once_and_never_over_user_data(paths):
    target = seed_demo(paths)
    assert target == paths.campaigns / DEMO_FILE_NAME
    assert Campaign.model_validate_json(target.read_text()).name
    target.write_text("my own edits")
    assert seed_demo(paths) is None
    assert target.read_text() == "my own edits"
    target.unlink()
    assert seed_demo(paths) is None  # deleted by the user: it does not come back
    assert not target.exists()


def test_bundled_demo_is_a_valid_campaign():
    campaign = Campaign.model_validate_json(resource("demo", "campaign.json").read_text())
    assert campaign.ruleset == "crisis"


def test_info_lists_and_summarises(paths, capsys):
    assert main(["--data-dir", str(paths.data_dir), "info"]) == 0
    listing = capsys.readouterr().out
    assert "Demo" in listing or "demo.json" in listing
    assert main(["--data-dir", str(paths.data_dir), "info", "--campaign", str(paths.campaigns / DEMO_FILE_NAME)]) == 0
    assert "4 PCs, 6 NPCs" in capsys.readouterr().out


def test_campaign_found_by_name_or_file_name_in_any_case(paths, capsys):
    seed_demo(paths)
    for spelling in ("Demo", "DEMO", "demo: the ridge road"):
        assert main(["--data-dir", str(paths.data_dir), "info", "--campaign", spelling]) == 0
        assert "Demo: The Ridge Road (crisis)" in capsys.readouterr().out


def test_info_on_unknown_campaign_fails_with_a_message(paths, capsys):
    assert main(["--data-dir", str(paths.data_dir), "info", "--campaign", "Nope"]) == 2
    assert "No campaign named 'Nope'" in capsys.readouterr().err


def test_info_on_a_corrupt_file_names_it_and_leaves_it(paths, capsys):
    bad = paths.campaigns / "broken.json"
    bad.write_text('{"name": "x", "characters": [')
    before = bad.read_bytes()
    assert main(["--data-dir", str(paths.data_dir), "info", "--campaign", str(bad)]) == 2
    assert "broken.json" in capsys.readouterr().err
    assert bad.read_bytes() == before


def test_version_and_data_dir_from_environment(tmp_path):
    data = tmp_path / "envdata"
    result = subprocess.run([sys.executable, "-m", "crisis_desktop", "--version"],
                            capture_output=True, text=True, check=True)
    assert result.stdout.startswith("crisis-desktop ")
    env_result = subprocess.run([sys.executable, "-m", "crisis_desktop", "info"], capture_output=True,
                                text=True, check=True, env={**_env(), DATA_DIR_ENV: str(data)})
    assert str(data) in env_result.stdout
    assert (data / "campaigns" / DEMO_FILE_NAME).exists()


def test_headless_commands_never_load_qt(paths):
    code = ("import sys; from crisis_desktop.app import main; "
            f"main(['--data-dir', {str(paths.data_dir)!r}, 'info']); "
            "sys.exit(1 if any(m.startswith('PySide6') for m in sys.modules) else 0)")
    subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, env=_env())


def _env() -> dict[str, str]:
    import os

    return {k: v for k, v in os.environ.items() if k != DATA_DIR_ENV} | {"PYTHONPATH": str(Path.cwd())}
