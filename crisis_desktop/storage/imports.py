"""Reading a file the GM picked to import (a character exported from another campaign): only a regular file, of
at most MAX_IMPORT_BYTES, is read; a FIFO, a device or a file under /proc is refused without blocking."""

from __future__ import annotations

from pathlib import Path

from crisis_desktop.storage.regular_files import read_regular_file, reason_of

# An exported character is a few KiB (a portrait inside it up to about 100 KiB); 5 MB is far beyond any.
MAX_IMPORT_BYTES = 5_000_000


def read_import(path: Path) -> bytes:
    """The bytes of the file at `path`; ValueError saying why it was not read (without the file's name)."""
    try:
        return read_regular_file(Path(path), MAX_IMPORT_BYTES)
    except OSError as exc:
        raise ValueError(f"it was not read: {reason_of(exc)}") from None
