"""The one atomic write used for campaigns, backups, recovery files and settings."""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import stat
import time
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

# Temporary files start with a dot and end in ".tmp", so campaign listings never mistake a half
# written file for a campaign.
TEMP_SUFFIX = ".tmp"
_CHUNK = 1024 * 1024
# A temporary file this old was left by a process killed mid-save; a live save takes milliseconds.
STALE_TEMP_SECONDS = 3600.0


def temp_name_for(path: Path) -> Path:
    """A fresh temporary name in the target's own folder (os.replace is only atomic within one)."""
    return path.with_name(f".{path.name}.{secrets.token_hex(4)}{TEMP_SUFFIX}")


def atomic_write_bytes(path: Path, data: bytes) -> None:
    """Replace `path` by `data` so that a crash at any moment leaves either the old or the new file.

    Write a temporary file beside it, flush and fsync it, os.replace it over the target, then fsync
    the folder so the rename itself survives a power cut. Keeps the permissions of a file it replaces.
    """
    _atomic_replace(Path(path), lambda f: f.write(data))


def atomic_copy_file(source: Path, target: Path) -> None:
    """Copy `source` to `target` with the same guarantees as atomic_write_bytes, streaming the bytes."""
    with open(source, "rb") as src:
        _atomic_replace(Path(target), lambda f: shutil.copyfileobj(src, f, _CHUNK))


def _atomic_replace(path: Path, write: Callable[[BinaryIO], object]) -> None:
    tmp = temp_name_for(path)
    # O_EXCL: never write through a file someone else created; mode 0o666 lets the umask decide.
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
    try:
        with os.fdopen(fd, "wb") as f:
            write(f)
            f.flush()
            os.fsync(f.fileno())
        with contextlib.suppress(FileNotFoundError):
            os.chmod(tmp, stat.S_IMODE(os.stat(path).st_mode))
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    fsync_folder(path.parent)


def atomic_write_text(path: Path, text: str) -> None:
    """atomic_write_bytes of UTF-8 text."""
    atomic_write_bytes(path, text.encode("utf-8"))


def fsync_folder(folder: Path) -> None:
    """Make a rename or unlink in `folder` durable; a no-op where folders cannot be opened (Windows)."""
    if os.name == "nt":
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def remove_stale_temp_files(folder: Path, older_than: float = STALE_TEMP_SECONDS) -> list[Path]:
    """Delete temporary files that crashed saves left in `folder`; returns what was removed.

    Only old ones: a younger one may belong to a save that is running right now.
    """
    removed = []
    limit = time.time() - older_than
    for tmp in Path(folder).glob(f".*{TEMP_SUFFIX}"):
        with contextlib.suppress(OSError):
            if tmp.is_file() and tmp.stat().st_mtime < limit:
                tmp.unlink()
                removed.append(tmp)
    return removed
