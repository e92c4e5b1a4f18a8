"""Copies the bundled demo campaigns (crisis, genesys, moments, skirmish) into the data directory on first run,
never over user data."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from crisis_desktop.storage.atomic import atomic_write_bytes
from crisis_desktop.storage.paths import AppPaths


@dataclass(frozen=True)
class Demo:
    """One bundled demo: its resource under resources/demo/, the file it becomes, the marker of its copy."""

    resource: str
    file_name: str
    marker: str


# The demo the app opens at its first start (the first system's); the others are seeded beside it.
MAIN_DEMO = Demo("campaign.json", "demo.json", ".demo-seeded")
GENESYS_DEMO = Demo("genesys.json", "genesys-demo.json", ".genesys-demo-seeded")
MOMENTS_DEMO = Demo("moments.json", "moments-demo.json", ".moments-demo-seeded")
SKIRMISH_DEMO = Demo("skirmish.json", "skirmish-demo.json", ".skirmish-demo-seeded")
DEMOS = (MAIN_DEMO, GENESYS_DEMO, MOMENTS_DEMO, SKIRMISH_DEMO)
DEMO_FILE_NAME = MAIN_DEMO.file_name
GENESYS_DEMO_FILE_NAME = GENESYS_DEMO.file_name
MOMENTS_DEMO_FILE_NAME = MOMENTS_DEMO.file_name
SKIRMISH_DEMO_FILE_NAME = SKIRMISH_DEMO.file_name


def seed_demo(paths: AppPaths) -> Path | None:
    """Copy each bundled demo once per data directory; return the crisis demo's path if it was copied now.

    A marker per demo remembers its copy, so a demo the user deleted does not come back (and a data folder
    that had only the crisis demo gets the genesys one once); an existing file of the same name is never
    replaced. Nothing happens in a folder that cannot be written.
    """
    copied = seed_demos(paths)
    target = paths.campaigns / MAIN_DEMO.file_name
    return target if target in copied else None


def seed_demos(paths: AppPaths) -> list[Path]:
    """Copy every bundled demo not copied before; the paths copied now."""
    return [path for demo in DEMOS if (path := _seed(paths, demo)) is not None]


def _seed(paths: AppPaths, demo: Demo) -> Path | None:
    marker = paths.data_dir / demo.marker
    target = paths.campaigns / demo.file_name
    if marker.exists() or target.exists():
        return None
    # Only when a demo is copied: importlib.resources is not loaded by a start that copies nothing.
    from crisis_desktop.resources_access import resource

    try:
        paths.campaigns.mkdir(parents=True, exist_ok=True)
        atomic_write_bytes(target, resource("demo", demo.resource).read_bytes())
        marker.write_text(f"The demo campaign {demo.file_name} was copied here once; delete this file to get it "
                          "again.\n")
    except OSError:
        return None  # a read-only data folder: said at start-up; the demo comes when it can be written
    return target
