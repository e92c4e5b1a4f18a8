"""The Python distributions crisis-desktop needs at run time: its requirements, recursively, as installed.

Used by crisis-desktop.spec (their metadata and licence files go into the bundle) and by the test that
checks THIRD-PARTY-NOTICES.md names each of them. Extras and requirements whose environment marker does
not hold on this machine are left out.
"""

from __future__ import annotations

import re
from importlib.metadata import PackageNotFoundError, distribution


def normalize(name: str) -> str:
    """The comparable form of a distribution name (PEP 503): lower case, runs of -_. as one -."""
    return re.sub(r"[-_.]+", "-", name).lower()


def _applies(marker: str | None) -> bool:
    if not marker:
        return True
    from packaging.markers import Marker  # PyInstaller and pytest both depend on `packaging`

    return Marker(marker).evaluate({"extra": ""})


def runtime_distributions(root: str = "crisis-desktop") -> dict[str, str]:
    """{normalized name: installed version} of `root` and everything it requires at run time."""
    found: dict[str, str] = {}
    todo = [root]
    while todo:
        name = normalize(todo.pop())
        if name in found:
            continue
        try:
            dist = distribution(name)
        except PackageNotFoundError as exc:
            raise LookupError(f"{name} is required by crisis-desktop but not installed") from exc
        found[name] = dist.version
        for requirement in dist.requires or []:
            spec, _, marker = requirement.partition(";")
            if _applies(marker.strip() or None):
                todo.append(re.match(r"[A-Za-z0-9._-]+", spec.strip()).group(0))
    return found


if __name__ == "__main__":
    for dist_name, dist_version in sorted(runtime_distributions().items()):
        print(dist_name, dist_version)
