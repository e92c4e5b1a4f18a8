"""CI: the bundled data is all there. Compares the files of the repository's resources/ with a copy of it.

    python .ci/same_resources.py SOURCE installed     the installed crisis_desktop's data, as resources_access finds it
    python .ci/same_resources.py SOURCE FOLDER        a folder (the bundle's _internal/crisis_desktop/resources)
"""

from __future__ import annotations

import sys
from pathlib import Path


def files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def main(source: str, copy: str) -> int:
    if copy == "installed":
        import crisis_desktop
        from crisis_desktop.resources_access import resources_root

        folder = Path(str(resources_root()))
        package = Path(crisis_desktop.__file__).resolve().parent / "resources"
        if folder.resolve() != package:
            print(f"resources: read from {folder}, not from the installed package ({package})")
            return 1
    else:
        folder = Path(copy)
    expected, found = files(Path(source)), files(folder)
    missing = sorted(set(expected) - set(found))
    differ = sorted(name for name in set(expected) & set(found) if expected[name] != found[name])
    for name in missing:
        print(f"resources: {name} is missing from {folder}")
    for name in differ:
        print(f"resources: {name} differs in {folder}")
    if missing or differ or not expected:
        return 1
    print(f"resources: all {len(expected)} files in {folder}")
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
