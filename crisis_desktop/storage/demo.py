"""Copies the bundled demo campaign into the data directory on first run, never over user data."""

from __future__ import annotations

from pathlib import Path

from crisis_desktop.resources_access import resource
from crisis_desktop.storage.atomic import atomic_write_bytes
from crisis_desktop.storage.paths import AppPaths

DEMO_FILE_NAME = "demo.json"
_SEEDED_MARKER = ".demo-seeded"


def seed_demo(paths: AppPaths) -> Path | None:
    """Copy the demo once per data directory; return its path if it was copied now.

    A marker remembers the copy, so a demo the user deleted does not come back; an existing file of
    the same name is never replaced. Nothing happens in a folder that cannot be written.
    """
    marker = paths.data_dir / _SEEDED_MARKER
    target = paths.campaigns / DEMO_FILE_NAME
    if marker.exists() or target.exists():
        return None
    try:
        paths.campaigns.mkdir(parents=True, exist_ok=True)
        atomic_write_bytes(target, resource("demo", "campaign.json").read_bytes())
        marker.write_text("The demo campaign was copied here once; delete this file to get it again.\n")
    except OSError:
        return None  # a read-only data folder: said at start-up; the demo comes when it can be written
    return target
