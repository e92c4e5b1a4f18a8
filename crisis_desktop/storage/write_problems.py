"""Why a campaign file cannot be written, in plain words: a file marked read-only, a read-only disk, a full one."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path


class ReadOnlyCampaignFile(OSError):
    """The campaign file is marked read-only (or this user may not write it); it was not replaced."""

    def __init__(self, path: Path) -> None:
        super().__init__(f"{Path(path).name} is marked read-only: it was not changed")
        self.path = Path(path)


def is_read_only(path: Path) -> bool:
    """Whether the file is marked read-only: no write permission bit at all, or none for this user.

    The mode bits are read as well as os.access, since root may write any file and os.access says so.
    """
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return False
    return not mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH) or not os.access(path, os.W_OK)


def on_read_only_disk(path: Path) -> bool:
    """Whether the file system holding `path` (a symlink's target; its folder where there is no file yet) is
    mounted read-only: then no file on it can be written, whatever its permissions say."""
    target = Path(os.path.realpath(path))
    if not target.exists():
        target = target.parent
    statvfs = getattr(os, "statvfs", None)  # not on Windows
    if statvfs is None:
        return False
    try:
        return bool(statvfs(target).f_flag & os.ST_RDONLY)
    except OSError:
        return False


def check_writable_disk(path: Path) -> None:
    """OSError EROFS (said as a read-only disk, never as a file marked read-only) if `path` is on one."""
    if on_read_only_disk(path):
        raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(path))


def why_not_written(exc: OSError, folder: Path) -> str:
    """Why writing in `folder` failed, in plain words, with the system's own words after them."""
    system = f" ({exc.strerror})" if exc.strerror else ""
    if exc.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        return f"the disk holding {folder} is full{system}"
    if exc.errno == errno.EROFS:
        return f"{folder} is on a read-only disk: nothing on it can be changed{system}"
    if exc.errno in (errno.EACCES, errno.EPERM):
        return f"there is no permission to write in {folder}{system}"
    if exc.errno == errno.EIO:
        return f"the disk holding {folder} could not be written (an input/output error: the disk may be failing " \
               f"or was removed){system}"
    if exc.errno == errno.ENOENT:
        return f"the folder {folder} does not exist (any more){system}"
    if exc.errno == errno.EFBIG:
        return f"the file is too large for the disk holding {folder}{system}"
    if exc.errno == errno.ENAMETOOLONG:
        return f"the file name is too long for the disk holding {folder}{system}"
    return str(exc)
