"""Refreshes constraints/ci.txt: the exact versions CI installs with, build backend included.

Run from the repository: `python tools/refresh_constraints.py`. It makes a throw-away virtual environment,
installs the project with its test and bundle extras and the build backend without any pins, and writes
what got installed. Users' installs stay unpinned; only CI reads this file (through PIP_CONSTRAINT).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "constraints" / "ci.txt"


def main() -> int:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    backend = pyproject["build-system"]["requires"]
    extras = ",".join(sorted(pyproject["project"]["optional-dependencies"]))
    env = {k: v for k, v in os.environ.items() if k != "PIP_CONSTRAINT"}
    env["PIP_CONSTRAINT"] = ""  # no pins while resolving: that is the point
    with tempfile.TemporaryDirectory() as tmp:
        venv = Path(tmp) / "venv"
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        python = venv / ("Scripts" if os.name == "nt" else "bin") / "python"
        pip = [str(python), "-m", "pip", "--disable-pip-version-check", "-q"]
        subprocess.run([*pip, "install", f"{ROOT}[{extras}]", *backend], check=True, env=env)
        frozen = subprocess.run([*pip, "freeze", "--all", "--exclude", "crisis-desktop", "--exclude", "pip"],
                                check=True, env=env, capture_output=True, text=True).stdout
    lines = sorted((line for line in frozen.splitlines() if line and not line.startswith("-e ")),
                   key=str.casefold)
    header = [
        "# Exact versions for CI (build backend included), written by `python tools/refresh_constraints.py`.",
        f"# Python {sys.version_info.major}.{sys.version_info.minor}. Users' installs are not pinned by this file.",
    ]
    OUT.parent.mkdir(exist_ok=True)
    OUT.write_text("\n".join(header + lines) + "\n", encoding="utf-8")
    print(f"wrote {len(lines)} pins to {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
