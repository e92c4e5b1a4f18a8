"""The licence and the third-party notices shown in Help › About, read from the installed package."""

from __future__ import annotations

from importlib import metadata

from crisis_desktop.resources_access import resource

DISTRIBUTION = "crisis-desktop"
NOTICES = ("legal", "THIRD-PARTY-NOTICES.md")


def licence_text() -> str:
    """The MIT licence from the distribution's files (licenses/LICENSE in a wheel's metadata); else a note."""
    try:
        files = metadata.distribution(DISTRIBUTION).files or []
    except metadata.PackageNotFoundError:
        files = []
    # A wheel keeps it as <name>.dist-info/licenses/LICENSE; a source checkout's metadata lists LICENSE.
    candidates = sorted((f for f in files if f.name == "LICENSE"), key=lambda f: f.parts[-2:-1] != ("licenses",))
    for candidate in candidates:
        try:
            text = candidate.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        if text and text.strip():
            return text.strip()
    return ("Crisis Desktop is released under the MIT licence, but the licence text was not found in the "
            "installed package's metadata (licenses/LICENSE). The installation may be incomplete.")


def third_party_notices() -> str | None:
    """The notices of the libraries Crisis Desktop ships with (Markdown), or None if the file is missing."""
    item = resource(*NOTICES)
    try:
        return item.read_text(encoding="utf-8") if item.is_file() else None
    except (OSError, UnicodeDecodeError):
        return None


def missing_notices_text() -> str:
    return (f"Third-party notices not found: crisis_desktop/resources/{'/'.join(NOTICES)} is missing from this "
            "installation.")
