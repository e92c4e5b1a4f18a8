"""The bundled data (demo campaigns, bestiaries, rule tables, templates, icons, legal texts), read only through here.

The data lives in the repository's top-level resources/ folder. The wheel carries it as package data at
crisis_desktop/resources/ (pyproject.toml's package-dir maps the package crisis_desktop.resources to resources/),
and the bundle copies the installed package; both are read through importlib.resources. A checkout run
(PYTHONPATH=. or an editable install) has no crisis_desktop/resources/ and reads the resources/ folder beside the
package instead.
"""

from __future__ import annotations

from functools import cache
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path

# The data folder of a checkout: resources/ beside crisis_desktop/.
CHECKOUT_FOLDER = Path(__file__).resolve().parent.parent / "resources"


@cache
def resources_root() -> Traversable:
    """The folder of the bundled data: the installed package data, or a checkout's resources/ folder."""
    installed = files("crisis_desktop").joinpath("resources")
    return installed if installed.is_dir() else CHECKOUT_FOLDER


def resource(*parts: str) -> Traversable:
    """One bundled resource, e.g. resource("demo", "campaign.json"); read it with read_text/read_bytes/open."""
    return resources_root().joinpath(*parts)
