"""The bundled data lives in the top-level resources/ folder: the wheel carries it as the package
crisis_desktop.resources, and resources_access finds it in an installed package or beside the code of a checkout."""

from __future__ import annotations

import shutil
import subprocess
import sys
import warnings
from pathlib import Path

from setuptools.config.pyprojecttoml import apply_configuration
from setuptools.dist import Distribution

from crisis_desktop import resources_access
from crisis_desktop.resources_access import resource, resources_root
from crisis_desktop.rules.registry import ruleset_ids

ROOT = Path(__file__).resolve().parents[2]
READ = "from crisis_desktop.resources_access import resource; print(resource('demo', 'campaign.json').read_text())"


def test_a_checkout_reads_the_top_level_resources_folder():
    assert resources_root() == ROOT / "resources" == resources_access.CHECKOUT_FOLDER
    assert not (ROOT / "crisis_desktop" / "resources").exists()
    demo = (ROOT / "resources" / "demo" / "campaign.json").read_bytes()
    assert resource("demo", "campaign.json").read_bytes() == demo
    for ruleset_id in ruleset_ids():
        assert resource("bestiary", f"{ruleset_id}.json").is_file(), ruleset_id
        assert resource("rules", ruleset_id, "npc.json").is_file(), ruleset_id


def read_demo(site: Path) -> str:
    """The demo campaign as resources_access reads it when crisis_desktop is imported from `site` (no site-packages)."""
    done = subprocess.run([sys.executable, "-S", "-c", READ], cwd=site, env={"PYTHONPATH": str(site), "PATH": ""},
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_an_installed_package_reads_the_data_it_carries_and_a_checkout_the_folder_beside_it(tmp_path):
    package = tmp_path / "crisis_desktop"
    package.mkdir()
    for name in ("__init__.py", "resources_access.py"):
        shutil.copy(ROOT / "crisis_desktop" / name, package / name)
    for folder, text in ((package / "resources", "installed"), (tmp_path / "resources", "checkout")):
        (folder / "demo").mkdir(parents=True)
        (folder / "demo" / "campaign.json").write_text(text, encoding="utf-8")
    # A wheel (and the bundle) has crisis_desktop/resources/: that is read, even with a resources/ folder beside it.
    assert read_demo(tmp_path) == "installed"
    # A checkout has only the top-level resources/.
    shutil.rmtree(package / "resources")
    assert read_demo(tmp_path) == "checkout"


def setuptools_tables(toml: str) -> str:
    """The [tool.setuptools...] tables of a pyproject.toml, as written there."""
    tables = ("\n" + toml).split("\n[")
    return "".join(f"[{table}\n" for table in tables if table.startswith("tool.setuptools"))


def test_the_wheel_takes_a_new_system_and_its_data_with_no_edit_of_the_build_configuration(tmp_path, monkeypatch):
    # The project's setuptools tables under a minimal [project] (its PEP 639 licence needs a newer setuptools to read).
    tables = setuptools_tables((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "[tool.setuptools.package-dir]" in tables
    (tmp_path / "pyproject.toml").write_text(f'[project]\nname = "probe"\nversion = "0"\n\n{tables}', encoding="utf-8")
    shutil.copytree(ROOT / "crisis_desktop", tmp_path / "crisis_desktop",
                    ignore=shutil.ignore_patterns("__pycache__", "docs"))
    shutil.copytree(ROOT / "resources", tmp_path / "resources")
    (tmp_path / "crisis_desktop" / "rules" / "tiny").mkdir()
    (tmp_path / "crisis_desktop" / "rules" / "tiny" / "__init__.py").write_text("", encoding="utf-8")
    (tmp_path / "resources" / "rules" / "tiny").mkdir()
    (tmp_path / "resources" / "rules" / "tiny" / "npc.json").write_text("{}", encoding="utf-8")
    monkeypatch.chdir(tmp_path)  # setuptools finds the packages from the current folder, as in a build
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # setuptools before 68 call [tool.setuptools] in pyproject.toml beta
        dist = apply_configuration(Distribution(), "pyproject.toml")
        dist.set_defaults()
    code = {".".join(p.parent.relative_to(tmp_path).parts) for p in (tmp_path / "crisis_desktop").rglob("__init__.py")}
    assert "crisis_desktop.rules.tiny" in code
    assert code <= set(dist.packages)
    assert {"crisis_desktop.resources", "crisis_desktop.resources.rules.tiny"} <= set(dist.packages)
    assert dist.package_dir["crisis_desktop.resources"] == "resources"
    assert dist.package_data["crisis_desktop.resources"] == ["**/*"]
    assert not any(p.split(".")[0] != "crisis_desktop" for p in dist.packages), dist.packages
