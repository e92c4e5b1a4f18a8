"""The one atomic write used for campaigns, backups, recovery files and settings."""

from __future__ import annotations

import contextlib
import os
import re
import stat
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import BinaryIO

try:
    import fcntl
except ImportError:  # Windows: an open file cannot be deleted there anyway
    fcntl = None  # type: ignore[assignment]

# Temporary files start with a dot and end in ".tmp", so campaign listings never mistake a half
# written file for a campaign.
TEMP_SUFFIX = ".tmp"
_CHUNK = 1024 * 1024
# Where temporary files cannot be locked: one this old was left by a process killed mid-save.
STALE_TEMP_SECONDS = 3600.0
# Where they can: a save creates its temporary file and locks it at once; this covers the instant between.
_LOCK_GRACE_SECONDS = 2.0
# What temp_name_for makes: ".<target name>.<8 hex digits>.tmp".
_TEMP_NAME = re.compile(r"\..+\.[0-9a-f]{8}" + re.escape(TEMP_SUFFIX), re.DOTALL)


def temp_name_for(path: Path) -> Path:
    """A fresh temporary name in the target's own folder (os.replace is only atomic within one)."""
    # os.urandom rather than secrets: this module is imported at start-up, and secrets brings hashlib.
    return path.with_name(f".{path.name}.{os.urandom(4).hex()}{TEMP_SUFFIX}")


def atomic_write_bytes(path: Path, data: bytes, *, through_symlink: bool = False) -> None:
    """Replace `path` by `data` so that a crash at any moment leaves either the old or the new file.

    Write a temporary file beside it, flush and fsync it, os.replace it over the target, then fsync
    the folder so the rename itself survives a power cut. Keeps the permissions of a file it replaces.
    through_symlink: a symlink at `path` stays and its target is replaced (else the link itself is).
    """
    with stage_bytes(path, data, through_symlink=through_symlink) as staged:
        staged.commit()


def atomic_copy_file(source: Path, target: Path) -> None:
    """Copy `source` to `target` with the same guarantees as atomic_write_bytes, streaming the bytes. Only a
    regular file is copied (NotARegularFile, an OSError, for a FIFO that would block or a device that never ends)."""
    import shutil  # not needed at start-up, where this module is imported to sweep leftovers

    from crisis_desktop.storage.regular_files import open_regular_file

    with open_regular_file(source) as src, _stage(Path(target), lambda f: shutil.copyfileobj(src, f, _CHUNK)) as staged:
        staged.commit()


def stage_bytes(path: Path, data: bytes, *, through_symlink: bool = False) -> StagedFile:
    """`data` written and fsynced in a temporary file beside `path` (beside a symlink's target with
    through_symlink), not yet in place: see StagedFile. Raises OSError (a full disk: ENOSPC) with nothing
    left behind."""
    path = Path(path)
    if through_symlink and os.path.islink(path):
        path = Path(os.path.realpath(path))
    return _stage(path, lambda f: f.write(data))


def stage_pieces(path: Path, pieces: Iterable[bytes], *, through_symlink: bool = False) -> StagedFile:
    """stage_bytes of the concatenation of `pieces`, written one after another (never joined in memory)."""
    path = Path(path)
    if through_symlink and os.path.islink(path):
        path = Path(os.path.realpath(path))
    return _stage(path, lambda f: f.writelines(pieces))


class StagedFile:
    """A new version of `path`, complete on disk in `temp`, waiting to replace it.

    commit() puts it in place atomically; leaving a `with` block without commit() (or discard()) removes
    it. Until then the temporary file stays open and locked (flock, where there is one), so that
    remove_stale_temp_files never takes a save in progress for a leftover.
    """

    def __init__(self, path: Path, temp: Path, handle: BinaryIO) -> None:
        self.path = path
        self.temp = temp
        self.committed = False
        self._handle: BinaryIO | None = handle

    def stat(self) -> os.stat_result:
        """The new version's stat (its inode and times carry over when it is put in place)."""
        if self._handle is None:
            raise RuntimeError(f"{self.temp} was committed or discarded already")
        return os.fstat(self._handle.fileno())

    def commit(self) -> None:
        """Replace the target by the new version (keeping the target's permissions) and make it durable.
        `committed` is True once it is in place, even if making that durable then failed."""
        if self._handle is None:
            raise RuntimeError(f"{self.temp} was committed or discarded already")
        try:
            with contextlib.suppress(FileNotFoundError):
                os.chmod(self.temp, stat.S_IMODE(os.stat(self.path).st_mode))
            os.replace(self.temp, self.path)
        except BaseException:
            self.discard()
            raise
        self.committed = True
        self._close()
        fsync_folder(self.path.parent)

    def discard(self) -> None:
        """Remove the temporary file; the target is left as it was."""
        if self._handle is not None:
            with contextlib.suppress(OSError):
                os.unlink(self.temp)
            self._close()

    def _close(self) -> None:
        handle, self._handle = self._handle, None
        if handle is not None:
            with contextlib.suppress(OSError):
                handle.close()

    def __enter__(self) -> StagedFile:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.discard()


def _stage(path: Path, write: Callable[[BinaryIO], object]) -> StagedFile:
    tmp = temp_name_for(path)
    # O_EXCL: never write through a file someone else created; mode 0o666 lets the umask decide.
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
    f = os.fdopen(fd, "wb")
    try:
        _lock(fd)
        write(f)
        f.flush()
        os.fsync(fd)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        with contextlib.suppress(OSError):
            f.close()
        raise
    return StagedFile(path, tmp, f)


def _lock(fd: int) -> None:
    """Hold an exclusive lock on a temporary file while it is ours; released by the kernel if we die."""
    if fcntl is not None:
        with contextlib.suppress(OSError):
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)


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
    """Delete the temporary files that killed saves left in `folder`; returns what was removed.

    Only files named as temp_name_for names them, and only regular files. Where files can be locked
    (not Windows), a temporary file nobody holds a lock on is left over, whatever its age: a save in
    progress keeps its own locked until it is in place (two seconds' grace covers the instant between
    creating it and locking it). Elsewhere only files older than `older_than` are taken.
    """
    removed = []
    now = time.time()
    for tmp in Path(folder).glob(f".*{TEMP_SUFFIX}"):
        if _TEMP_NAME.fullmatch(tmp.name) is None:
            continue
        with contextlib.suppress(OSError):
            st = os.lstat(tmp)
            if not stat.S_ISREG(st.st_mode):
                continue
            age = now - st.st_mtime
            if (fcntl is not None and age >= _LOCK_GRACE_SECONDS and _unlocked_remove(tmp)) or \
                    (fcntl is None and age >= older_than and _removed(tmp)):
                removed.append(tmp)
    return removed


def remove_leftovers(folders: Iterable[Path]) -> list[Path]:
    """remove_stale_temp_files in each existing folder (the app's own: see AppPaths.own_folders)."""
    removed: list[Path] = []
    for folder in folders:
        if folder.is_dir():
            removed += remove_stale_temp_files(folder)
    return removed


def _unlocked_remove(tmp: Path) -> bool:
    fd = os.open(tmp, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0))
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            return False  # a save in progress holds it
        return _removed(tmp)
    finally:
        os.close(fd)


def _removed(tmp: Path) -> bool:
    tmp.unlink()
    return True
