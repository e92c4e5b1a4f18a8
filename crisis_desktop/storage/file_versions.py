"""Which version of a campaign file a window holds, so that a save never replaces one it did not see.

A window remembers the version it loaded or last saved: the file's identity as `stat` gives it (device, inode,
size, modification time in nanoseconds) and the SHA-256 of its bytes. Before a save replaces the file, the file's
`stat` is compared with it: every save replaces the file by a new one (a new inode, a new time), so an equal
identity means the same file, at no cost. A different identity (a save by another window, a copy put back with
the same bytes, a sync tool that rewrote it) is settled by the content: the file is hashed (read once) and is the
same version if the bytes are. The hash of what is written is made while it is written, and the identity read
from the new file before it is put in place, so no other save can slip in between.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from crisis_desktop.storage.campaign_file import MAX_CAMPAIGN_BYTES
from crisis_desktop.storage.regular_files import open_regular_file

try:
    import fcntl
except ImportError:  # Windows: no advisory locks; the check alone stands
    fcntl = None  # type: ignore[assignment]

_CHUNK = 1024 * 1024
# How long a save waits for another's check and switch (a backup copy and a rename: well under a second).
SAVE_LOCK_WAIT_SECONDS = 10.0


@dataclass(frozen=True)
class FileVersion:
    """One version of a file: its identity on disk (`stat`) and the digest of its bytes."""

    identity: tuple[int, int, int, int] | None
    digest: str

    @classmethod
    def of(cls, st: os.stat_result | None, pieces: Iterable[bytes]) -> FileVersion:
        digest = hashlib.sha256()
        for piece in pieces:
            digest.update(piece)
        return cls(_identity(st) if st is not None else None, digest.hexdigest())

    def same_as(self, path: Path, max_bytes: int = MAX_CAMPAIGN_BYTES) -> bool | None:
        """Whether the file at `path` (a symlink's target) is still this version; None if there is no file."""
        try:
            st = os.stat(path)
        except FileNotFoundError:
            return None
        if self.identity is not None and _identity(st) == self.identity:
            return True
        if self.identity is not None and st.st_size != self.identity[2]:
            return False
        return digest_of(path, max_bytes) == self.digest


class ChangedOnDisk(Exception):
    """The campaign file is not the version this window loaded or last saved (another window or program wrote
    it); nothing was written. (A file that is gone is not: saving it again loses nobody's work.)"""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        super().__init__(f"{self.path} was changed by another window or program since this window opened or last "
                         "saved it")


def version_of_file(path: Path, data: bytes, before: os.stat_result | None) -> FileVersion:
    """The version of `data` just read from `path`: its identity only if the file did not change while it was
    read (`before` is its stat before reading), else the digest alone decides later."""
    with contextlib.suppress(OSError):
        after = os.stat(path)
        if before is not None and _identity(after) == _identity(before):
            return FileVersion.of(after, [data])
    return FileVersion.of(None, [data])


def digest_of(path: Path, max_bytes: int = MAX_CAMPAIGN_BYTES) -> str | None:
    """The SHA-256 of the file's bytes (read as every campaign file is read: regular files only, bounded);
    None if it cannot be read."""
    digest = hashlib.sha256()
    try:
        with open_regular_file(path) as f:
            if os.fstat(f.fileno()).st_size > max_bytes:
                return None
            while chunk := f.read(_CHUNK):
                digest.update(chunk)
    except OSError:
        return None
    return digest.hexdigest()


@contextlib.contextmanager
def saves_in(folder: Path):  # type: ignore[no-untyped-def]  # a generator context manager
    """Held while a save checks the file's version and puts its new version in place: an exclusive lock on the
    folder, so two Crisis Desktops never both see the version they expect and replace it one after the other.
    Where a folder cannot be locked (Windows, some network disks) the check stands alone."""
    fd = None
    if fcntl is not None:
        with contextlib.suppress(OSError):
            fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
            if not _locked(fd):
                os.close(fd)
                fd = None
    try:
        yield
    finally:
        if fd is not None:
            os.close(fd)


def _locked(fd: int) -> bool:
    """Take the folder's lock, waiting as long as another save's check and switch may take; never for ever (the
    lock of a program that holds it for no reason of ours is then passed over)."""
    deadline = time.monotonic() + SAVE_LOCK_WAIT_SECONDS
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            if time.monotonic() > deadline:
                return False
            time.sleep(0.005)
        except OSError:
            return False  # a file system without locks


def _identity(st: os.stat_result) -> tuple[int, int, int, int]:
    return st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns
