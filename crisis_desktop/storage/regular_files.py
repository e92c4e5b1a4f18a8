"""Reading a path that may name anything: only regular files are read, never past a size limit, never blocking.

A named pipe (FIFO) called campaign.json would hang a plain open() until something writes to it, and a
device such as /dev/zero never ends; both are refused before a byte is read.
"""

from __future__ import annotations

import contextlib
import os
import stat
from pathlib import Path

# Opening a FIFO without O_NONBLOCK waits for a writer; with it, open returns at once and fstat says what it is.
_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)


class RefusedFile(OSError):
    """A file that was not read on purpose; `reason` says why without the name, str() with it."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(f"{Path(path).name}: {reason}")
        self.path = Path(path)
        self.reason = reason


class NotARegularFile(RefusedFile):
    """The path names a folder, a FIFO, a device or a socket; `kind` says which, in words ("a named pipe")."""

    def __init__(self, path: Path, kind: str) -> None:
        super().__init__(path, f"this is {kind}, not a regular file")
        self.kind = kind


class FileTooLarge(RefusedFile):
    """The file is larger than the caller's limit; nothing of it was read. `size` is None if it grew while read."""

    def __init__(self, path: Path, size: int | None, limit: int) -> None:
        what = f"{size:,} bytes" if size is not None else "it grew while it was read"
        super().__init__(path, f"too large ({what}; the limit is {limit:,} bytes)")
        self.size = size
        self.limit = limit


def reason_of(exc: OSError) -> str:
    """Why a file was not read, in words, without its name."""
    return exc.reason if isinstance(exc, RefusedFile) else (exc.strerror or str(exc))


def kind_of(mode: int) -> str | None:
    """None for a regular file, else what the file-system object is, in words."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a file"


def read_regular_file(path: Path, max_bytes: int) -> bytes:
    """The bytes of the regular file at `path` (a symlink is followed), at most `max_bytes` of them.

    Raises NotARegularFile before opening anything that is not a regular file (so no device is ever
    opened), FileTooLarge before reading a larger one, and the usual OSErrors (FileNotFoundError,
    PermissionError, ...) otherwise.
    """
    path = Path(path)
    kind = kind_of(os.stat(path).st_mode)
    if kind is not None:
        raise NotARegularFile(path, kind)
    try:
        fd = os.open(path, _OPEN_FLAGS)
    except IsADirectoryError:
        raise NotARegularFile(path, "a folder") from None
    with os.fdopen(fd, "rb") as f:
        # Checked again on what was opened: the path may have been replaced since the stat above.
        st = os.fstat(fd)
        kind = kind_of(st.st_mode)
        if kind is not None:
            raise NotARegularFile(path, kind)
        if st.st_size > max_bytes:
            raise FileTooLarge(path, st.st_size, max_bytes)
        with contextlib.suppress(AttributeError, OSError):
            os.set_blocking(fd, True)
        # At most one byte past the limit, in case the file grew after the fstat.
        raw = f.read(max_bytes + 1)
    if len(raw) > max_bytes:
        raise FileTooLarge(path, None, max_bytes)
    return raw
