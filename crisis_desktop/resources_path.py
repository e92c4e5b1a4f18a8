"""Locates the bundled resources/ folder both in a source checkout and in an installed wheel."""

from __future__ import annotations

from functools import cache
from pathlib import Path


@cache
def resources_dir() -> Path:
    """The folder holding the demo campaign, rule tables and templates.

    An installed wheel carries it as crisis_desktop/resources; a source checkout has it at the top
    level of the repository, beside the package.
    """
    package = Path(__file__).resolve().parent
    for candidate in (package / "resources", package.parent / "resources"):
        if (candidate / "demo").is_dir():
            return candidate
    raise FileNotFoundError(f"Crisis Desktop resources not found beside {package}")


def resource(*parts: str) -> Path:
    """Path of one bundled resource, e.g. resource("demo", "campaign.json")."""
    return resources_dir().joinpath(*parts)
