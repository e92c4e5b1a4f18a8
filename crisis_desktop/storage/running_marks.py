"""A mark beside a recovery journal saying the instance writing it still runs: a file it holds locked.

Each window (each CampaignStore) writes its own journal. At a start, a journal is offered for recovery only when
the instance that wrote it no longer runs. The kernel says so: the instance holds an exclusive `flock` on the
journal's mark (`<journal>.running`) from the journal's first line until it is discarded or the campaign closes,
and a process that dies, however it dies, lets go of its locks. A second descriptor of one process does not share
the lock, so two windows of one process tell each other apart too. Where files cannot be locked (Windows) the mark
holds the process id and host, judged as a campaign lock's are (storage/locks.py).
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

from crisis_desktop.storage.atomic import atomic_write_bytes, temp_name_for
from crisis_desktop.storage.locks import MAX_LOCK_BYTES, LockOwner, is_alive, new_owner
from crisis_desktop.storage.regular_files import read_regular_file

try:
    import fcntl
except ImportError:  # Windows: the mark's process id decides
    fcntl = None  # type: ignore[assignment]

MARK_SUFFIX = ".running"


def mark_path_for(journal: Path) -> Path:
    return journal.with_name(journal.name + MARK_SUFFIX)


class RunningMark:
    """The mark of one journal, for the instance writing it: take() when the journal starts, release() when it is
    discarded or closed. A crash leaves the file, no longer locked."""

    def __init__(self, journal: Path) -> None:
        self.path = mark_path_for(journal)
        self._fd: int | None = None
        self.held = False

    def take(self) -> None:
        """Put the mark in place, already locked (made under a temporary name, locked, then renamed), so nobody
        ever sees it unlocked while this instance runs. OSError if the folder cannot be written."""
        if self.held:
            return
        if fcntl is None:
            # Windows: the process id decides, and a file held open there could not be renamed nor removed.
            atomic_write_bytes(self.path, new_owner().to_json())
            self.held = True
            return
        temp = temp_name_for(self.path)
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            os.write(fd, new_owner().to_json())
            os.replace(temp, self.path)
        except BaseException:
            os.close(fd)
            with contextlib.suppress(OSError):
                os.unlink(temp)
            raise
        self._fd, self.held = fd, True

    def release(self, *, remove: bool = True) -> None:
        """This instance no longer writes the journal: the mark goes (removed before the lock is let go, so nobody
        sees it unlocked and takes the instance for dead meanwhile). remove=False lets go as a crash does."""
        if not self.held:
            return
        fd, self._fd, self.held = self._fd, None, False
        if remove:
            with contextlib.suppress(OSError):
                os.unlink(self.path)
        if fd is not None:
            os.close(fd)


def journal_running(journal: Path) -> bool:
    """Whether the instance that wrote this journal still runs (its mark is held). Where that cannot be told (the
    mark cannot be opened), it counts as running: a journal in use is never offered nor removed."""
    mark = mark_path_for(journal)
    try:
        fd = os.open(mark, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0)
                     | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        return False
    except OSError:
        return True
    try:
        if fcntl is None:
            return _owner_alive(mark)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            return True  # held: its instance runs
        fcntl.flock(fd, fcntl.LOCK_UN)
        return False
    finally:
        os.close(fd)


def remove_mark(journal: Path) -> None:
    """Remove the mark a dead instance left beside its journal (the journal is gone or being removed)."""
    if not journal_running(journal):
        with contextlib.suppress(OSError):
            os.unlink(mark_path_for(journal))


def _owner_alive(mark: Path) -> bool:
    try:
        owner = LockOwner.from_json(read_regular_file(mark, MAX_LOCK_BYTES))
    except (OSError, ValueError, KeyError, TypeError):
        return False
    return is_alive(owner)
