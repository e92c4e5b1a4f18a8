"""The Linux desktop entry and AppStream metainfo: named by the app id, launching the real command line."""

from __future__ import annotations

import configparser
import shlex
import shutil
import subprocess
import tomllib
import xml.etree.ElementTree as ET
from importlib.metadata import version
from pathlib import Path

import pytest

from crisis_desktop import app
from crisis_desktop.app import APP_ID, build_parser, main
from crisis_desktop.resources_access import resource

ROOT = Path(__file__).resolve().parents[2]
LINUX = ROOT / "packaging" / "linux"
DESKTOP = LINUX / f"{APP_ID}.desktop"
METAINFO = LINUX / f"{APP_ID}.metainfo.xml"


def desktop_entry() -> dict[str, str]:
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str  # keys are case-sensitive
    parser.read_string(DESKTOP.read_text(encoding="utf-8"))
    return dict(parser["Desktop Entry"])


def script_name() -> str:
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    return next(name for name, target in scripts.items() if target == "crisis_desktop.app:main")


def launch_argv(campaign: Path) -> list[str]:
    """The Exec line as a launcher runs it: split like a shell, %f replaced by one file argument."""
    words = shlex.split(desktop_entry()["Exec"])
    assert words.count("%f") == 1
    return [str(campaign) if word == "%f" else word for word in words]


def test_the_files_are_named_by_the_app_id_and_the_icon_too():
    assert APP_ID == "org.crisisdesktop.CrisisDesktop"
    assert sorted(p.name for p in LINUX.iterdir()) == [f"{APP_ID}.desktop", f"{APP_ID}.metainfo.xml"]
    entry = desktop_entry()
    assert entry["Type"] == "Application" and entry["Name"] == "Crisis Desktop"
    assert entry["Icon"] == APP_ID


def test_no_claim_on_every_json_file():
    # Campaigns are .json files, but so is any other JSON: the entry must not offer itself for all of them.
    assert "MimeType" not in desktop_entry()


def test_exec_line_with_a_campaign_parses_with_the_real_parser(tmp_path, paths, monkeypatch):
    campaign = tmp_path / "My Games" / "tuesday's table.json"  # spaces and a quote survive as one argument
    campaign.parent.mkdir()
    campaign.write_bytes(resource("demo", "campaign.json").read_bytes())
    argv = launch_argv(campaign)
    assert argv[0] == script_name() == "crisis-desktop"

    args = build_parser().parse_args(argv[1:])
    assert args.open_path == str(campaign) and args.command is None

    opened = []
    monkeypatch.setattr(app, "run_gui", lambda p, name, session=None, data_problem=None: opened.append(name) or 0)
    assert main(argv[1:]) == 0
    assert opened == [str(campaign.resolve())]


def test_exec_line_without_a_file_opens_the_window(paths, monkeypatch):
    # A launcher drops %f when no file is given.
    argv = [word for word in shlex.split(desktop_entry()["Exec"]) if word != "%f"]
    opened = []
    monkeypatch.setattr(app, "run_gui", lambda p, name, session=None, data_problem=None: opened.append(name) or 0)
    assert main(argv[1:]) == 0
    assert opened == [None]


def test_metainfo_names_the_app_its_launcher_binary_and_current_version():
    root = ET.parse(METAINFO).getroot()
    assert root.tag == "component" and root.get("type") == "desktop-application"
    assert root.findtext("id") == APP_ID
    assert root.find("launchable[@type='desktop-id']").text == DESKTOP.name
    assert root.findtext("provides/binary") == script_name()
    assert root.findtext("project_license") == tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
        "license"]
    newest = root.find("releases/release")
    assert newest.get("version") == version("crisis-desktop"), "add a <release> for the new version"


def test_metainfo_validates_with_appstreamcli():
    tool = shutil.which("appstreamcli")
    if tool is None:
        pytest.skip("appstreamcli not installed (Debian package appstream; .ci/run installs it)")
    result = subprocess.run([tool, "validate", "--no-net", str(METAINFO)], capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 0, result.stdout + result.stderr


def test_desktop_entry_validates_with_desktop_file_validate():
    tool = shutil.which("desktop-file-validate")
    if tool is None:
        pytest.skip("desktop-file-validate not installed (Debian package desktop-file-utils; .ci/run installs it)")
    result = subprocess.run([tool, str(DESKTOP)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and not result.stdout.strip(), result.stdout + result.stderr
