"""Reading a path that may name anything: only regular files are read, never past a size limit, never blocking.

A named pipe (FIFO) called campaign.json would hang a plain open() until something writes to it, and a
device such as /dev/zero never ends; both are refused before a byte is read. So is every file of the
system's own pseudo file systems (/proc, /sys, /dev), judged by where a symlink leads: /proc/kmsg says it is
a regular file of 0 bytes, and reading it waits for the kernel's next message, for ever.

This is the one reader of files a user chose or put in the app's folders (campaigns, recovery files,
settings, locks, portraits, background images, sheet templates, imported characters and bestiaries).
"""

from __future__ import annotations

import contextlib
import functools
import os
import stat
from pathlib import Path
from typing import BinaryIO

# Opening a FIFO without O_NONBLOCK waits for a writer; with it, open returns at once and fstat says what it is.
_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
# Where the system shows itself as files: never a user's data, and their files block or never end.
SYSTEM_FOLDERS = ("/proc", "/sys", "/dev") if os.name == "posix" else ()


class RefusedFile(OSError):
    """A file that was not read on purpose; `reason` says why without the name, str() with it."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(f"{Path(path).name}: {reason}")
        self.path = Path(path)
        self.reason = reason


class NotARegularFile(RefusedFile):
    """The path names a folder, a FIFO, a device, a socket or a file of the system's own pseudo file systems;
    `kind` says which, in words ("a named pipe (FIFO)", "a file of the system (under /proc)")."""

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


def _system_folder_of(resolved: str) -> str | None:
    """The system folder (/proc, /sys, /dev) a resolved path lies in, if any."""
    for folder in SYSTEM_FOLDERS:
        if resolved == folder or resolved.startswith(folder + "/"):
            return folder
    return None


@functools.cache
def _system_devices() -> dict[int, str]:
    """The file-system ids (st_dev) of /proc and /sys: a file opened on one of them (say through a mount of
    /proc elsewhere, or a path swapped after it was resolved) is refused too."""
    devices = {}
    for folder in ("/proc", "/sys") if SYSTEM_FOLDERS else ():
        with contextlib.suppress(OSError):
            devices[os.stat(folder).st_dev] = folder
    return devices


def _system_kind(folder: str) -> str:
    return f"a file of the system (under {folder})"


def open_regular_file(path: Path) -> BinaryIO:
    """The regular file at `path` (a symlink is followed and judged by its target), open for reading in blocking
    mode; its size is os.fstat(f.fileno()).st_size.

    Raises NotARegularFile before opening anything that is not a regular file or lies in /proc, /sys or /dev
    (so no device is ever opened and nothing blocks), and the usual OSErrors (FileNotFoundError,
    PermissionError, ...) otherwise.
    """
    path = Path(path)
    resolved = os.path.realpath(path)
    kind = kind_of(os.stat(resolved).st_mode)
    if kind is not None:
        raise NotARegularFile(path, kind)
    folder = _system_folder_of(resolved)
    if folder is not None:
        raise NotARegularFile(path, _system_kind(folder))
    try:
        fd = os.open(resolved, _OPEN_FLAGS)
    except IsADirectoryError:
        raise NotARegularFile(path, "a folder") from None
    f = os.fdopen(fd, "rb")
    try:
        # Checked again on what was opened: the path may have been replaced since the checks above.
        st = os.fstat(fd)
        kind = kind_of(st.st_mode)
        if kind is not None:
            raise NotARegularFile(path, kind)
        if st.st_dev in _system_devices():
            raise NotARegularFile(path, _system_kind(_system_devices()[st.st_dev]))
        with contextlib.suppress(AttributeError, OSError):
            os.set_blocking(fd, True)
    except BaseException:
        f.close()
        raise
    return f


def read_regular_file(path: Path, max_bytes: int) -> bytes:
    """The bytes of the regular file at `path` (a symlink is followed and judged by its target), at most
    `max_bytes` of them.

    Raises what open_regular_file() raises, and FileTooLarge before reading a file larger than `max_bytes`.
    """
    with open_regular_file(path) as f:
        size = os.fstat(f.fileno()).st_size
        if size > max_bytes:
            raise FileTooLarge(path, size, max_bytes)
        # At most one byte past the limit, in case the file grew after the fstat.
        raw = f.read(max_bytes + 1)
    if len(raw) > max_bytes:
        raise FileTooLarge(path, None, max_bytes)
    return raw


def read_regular_text(path: Path, max_bytes: int) -> str:
    """The UTF-8 text of the regular file at `path`, read as read_regular_file() reads it; UnicodeDecodeError
    (a ValueError) if it is not UTF-8."""
    return read_regular_file(path, max_bytes).decode("utf-8-sig")
