"""Crisis Desktop: a game master's tool for running tabletop RPG fights."""

from __future__ import annotations

from functools import cache


@cache
def _installed_version() -> str:
    # Written once, in pyproject.toml; the installed metadata carries it (read on first use only,
    # so start-up does not pay for the metadata scan).
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("crisis-desktop")
    except PackageNotFoundError:  # a source tree that was never installed
        return "0+unknown"


def __getattr__(name: str) -> str:
    if name == "__version__":
        return _installed_version()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
