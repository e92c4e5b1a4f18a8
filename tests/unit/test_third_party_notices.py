"""THIRD-PARTY-NOTICES.md names every installed run-time dependency, with the licence it declares."""

from __future__ import annotations

import importlib.util
import re
from importlib.metadata import metadata
from pathlib import Path

from crisis_desktop.resources_access import resource

ROOT = Path(__file__).resolve().parents[2]


def load_runtime_deps():
    spec = importlib.util.spec_from_file_location("runtime_deps", ROOT / "packaging" / "runtime_deps.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def notice_rows() -> dict[str, str]:
    """{package: licence} from the table of Python packages (first column, second column)."""
    text = resource("legal", "THIRD-PARTY-NOTICES.md").read_text(encoding="utf-8")
    section = text.split("## Python packages", 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in section.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if line.startswith("|") and len(cells) == 3 and cells[0] not in ("Package", "---"):
            rows[cells[0]] = cells[1]
    return rows


def declared_licence_ids(name: str) -> set[str]:
    """The SPDX identifiers in the licence a package declares in its installed metadata."""
    meta = metadata(name)
    expression = meta.get("License-Expression") or meta.get("License") or ""
    tokens = re.findall(r"[A-Za-z0-9.+-]+", expression)
    return {t for t in tokens if t not in ("AND", "OR", "WITH")} if len(expression) < 200 else set()


def test_the_walk_follows_requirements_recursively():
    found = load_runtime_deps().runtime_distributions()
    # Direct requirements and ones only reached through them (shiboken6 via PySide6, pydantic-core and
    # annotated-types via pydantic).
    assert {"crisis-desktop", "pyside6-essentials", "pydantic", "platformdirs", "numpy"} <= set(found)
    assert {"shiboken6", "pydantic-core", "annotated-types", "typing-extensions"} <= set(found)
    assert "pytest" not in found and "pyinstaller" not in found  # extras are not run-time requirements


def test_every_runtime_dependency_is_named_with_its_declared_licence():
    runtime = load_runtime_deps()
    rows = {runtime.normalize(name): licence for name, licence in notice_rows().items()}
    needed = set(runtime.runtime_distributions()) - {"crisis-desktop"}
    missing = sorted(needed - set(rows))
    assert not missing, f"add these to THIRD-PARTY-NOTICES.md: {missing}"
    for name in sorted(needed):
        for spdx_id in declared_licence_ids(name):
            assert spdx_id in rows[name], f"{name} declares {spdx_id}; the notices say {rows[name]!r}"


def test_the_gnu_licence_texts_ship_with_the_package():
    assert resource("legal", "LGPL-3.0.txt").read_text().lstrip().startswith(
        "GNU LESSER GENERAL PUBLIC LICENSE\n                       Version 3, 29 June 2007")
    assert resource("legal", "GPL-3.0.txt").read_text().lstrip().startswith(
        "GNU GENERAL PUBLIC LICENSE\n                       Version 3, 29 June 2007")
    text = resource("legal", "THIRD-PARTY-NOTICES.md").read_text(encoding="utf-8")
    assert "`LGPL-3.0.txt`" in text and "`GPL-3.0.txt`" in text
