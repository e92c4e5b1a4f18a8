"""The bundled resources (demo campaign, rule tables, templates, icons), read through importlib.resources."""

from __future__ import annotations

from importlib.resources import files
from importlib.resources.abc import Traversable


def resource(*parts: str) -> Traversable:
    """One bundled resource, e.g. resource("demo", "campaign.json"); read it with read_text/read_bytes/open."""
    return files("crisis_desktop").joinpath("resources", *parts)
