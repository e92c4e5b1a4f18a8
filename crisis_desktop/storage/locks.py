"""A lock marker beside an open campaign, so a second instance (or a second machine) is warned."""

from __future__ import annotations

import contextlib
import getpass
import json
import os
import secrets
import socket
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType

from crisis_desktop.storage.atomic import atomic_write_bytes
from crisis_desktop.storage.regular_files import read_regular_file

# A lock file that exists but cannot be read may be one another instance is writing right now; only
# after this long is it treated as debris.
UNREADABLE_GRACE_SECONDS = 10.0
# A lock is a few hundred bytes; a larger file (or a FIFO, a device) of that name is not one.
MAX_LOCK_BYTES = 64 * 1024


@dataclass(frozen=True)
class LockOwner:
    """Who holds a lock: enough to tell whether that process still runs, and to tell the GM."""

    pid: int
    hostname: str
    started: datetime
    user: str = ""
    token: str = ""

    def to_json(self) -> bytes:
        return json.dumps({"pid": self.pid, "hostname": self.hostname, "started": self.started.isoformat(),
                           "user": self.user, "token": self.token}, indent=2).encode()

    @classmethod
    def from_json(cls, raw: bytes) -> LockOwner:
        """Raises ValueError (or KeyError/TypeError) for anything that is not a complete lock."""
        data = json.loads(raw.decode("utf-8"))
        return cls(pid=int(data["pid"]), hostname=str(data["hostname"]),
                   started=datetime.fromisoformat(data["started"]), user=str(data.get("user", "")),
                   token=str(data.get("token", "")))


@dataclass(frozen=True)
class LockStatus:
    """What acquire() found.

    acquired: this instance holds the lock now. held_by_other: another live instance (or one on
    another machine, which cannot be checked) holds it; `owner` says which, if its file was readable.
    problem: the lock could not be created (read-only folder, ...): the campaign can still be opened.
    """

    acquired: bool
    held_by_other: bool = False
    owner: LockOwner | None = None
    took_over_stale: bool = False
    problem: str | None = None

    def describe(self) -> str:
        if self.problem:
            return self.problem
        if not self.held_by_other:
            return "You have this campaign open." if self.acquired else "Not locked."
        if self.owner is None:
            return "Another Crisis Desktop is opening this campaign right now."
        since = self.owner.started.astimezone().strftime("%Y-%m-%d %H:%M")
        who = f" by {self.owner.user}" if self.owner.user else ""
        return (f"This campaign is already open in another Crisis Desktop{who} on "
                f"{self.owner.hostname} (process {self.owner.pid}, since {since}).")


def lock_path_for(campaign_path: Path) -> Path:
    campaign_path = Path(campaign_path)
    return campaign_path.with_name(f".{campaign_path.name}.lock")


class CampaignLock:
    """The lock of one campaign file, for this process. acquire() on open, release() on close."""

    def __init__(self, campaign_path: Path) -> None:
        self.campaign_path = Path(campaign_path)
        self.path = lock_path_for(self.campaign_path)
        self.me = new_owner()
        self.held = False

    def acquire(self) -> LockStatus:
        """Take the lock unless another live instance holds it; never raises for file-system trouble."""
        if self.held:
            return LockStatus(acquired=True)
        try:
            return self._acquire()
        except OSError as exc:
            return LockStatus(acquired=False, problem=(
                f"Could not create the lock file {self.path} ({exc.strerror or exc}); another Crisis "
                "Desktop opening this campaign will not be warned."))

    def release(self) -> None:
        """Remove the lock if it is still ours (a lock taken over by another instance stays)."""
        if not self.held:
            return
        self.held = False
        current = self._read_owner()
        if current is not None and current.token == self.me.token:
            with contextlib.suppress(OSError):
                self.path.unlink()

    def __enter__(self) -> LockStatus:
        return self.acquire()

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.release()

    # -- helpers ------------------------------------------------------------------------------
    def _acquire(self) -> LockStatus:
        try:
            fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        except FileExistsError:
            return self._contend()
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(self.me.to_json())
        except OSError:
            # Disk full or similar: an empty lock would block others for the grace period.
            with contextlib.suppress(OSError):
                self.path.unlink()
            raise
        self.held = True
        return LockStatus(acquired=True)

    def _contend(self) -> LockStatus:
        owner = self._read_owner()
        if owner is None:
            if self._age() < UNREADABLE_GRACE_SECONDS:
                return LockStatus(acquired=False, held_by_other=True)
        elif is_alive(owner):
            return LockStatus(acquired=False, held_by_other=True, owner=owner)
        # Stale: replace it whole (never unlink-then-create, which lets two takers both win), then
        # read back: if another instance replaced it at the same moment, the last writer holds it.
        atomic_write_bytes(self.path, self.me.to_json())
        current = self._read_owner()
        if current is None or current.token != self.me.token:
            return LockStatus(acquired=False, held_by_other=True, owner=current)
        self.held = True
        return LockStatus(acquired=True, took_over_stale=True)

    def _read_owner(self) -> LockOwner | None:
        try:
            return LockOwner.from_json(read_regular_file(self.path, MAX_LOCK_BYTES))
        except (OSError, ValueError, KeyError, TypeError):
            return None

    def _age(self) -> float:
        try:
            return time.time() - self.path.stat().st_mtime
        except OSError:
            return 0.0


def held_elsewhere(campaign_path: Path) -> LockOwner | None:
    """The live instance (another process, or another window of this one) holding this campaign's
    lock, if any; reads only, takes nothing."""
    try:
        owner = LockOwner.from_json(read_regular_file(lock_path_for(campaign_path), MAX_LOCK_BYTES))
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return owner if is_alive(owner) else None


def new_owner() -> LockOwner:
    """This process, now, with a token of its own (two windows of one process hold two)."""
    return LockOwner(pid=os.getpid(), hostname=socket.gethostname(), started=datetime.now(UTC).replace(microsecond=0),
                     user=_user(), token=secrets.token_hex(8))


def is_alive(owner: LockOwner) -> bool:
    """Whether the owner may still run: on another machine (cannot be checked), this very process, or a process
    that exists."""
    if owner.hostname != socket.gethostname():
        # Another machine sharing the folder: its processes cannot be checked from here.
        return True
    if owner.pid == os.getpid():
        # This very process, through another CampaignLock (a second window): a real conflict.
        return True
    return pid_running(owner.pid)


def pid_running(pid: int) -> bool:
    """Whether a process with this id exists on this machine."""
    if pid <= 0:
        return False
    if os.name == "nt":
        return _pid_running_windows(pid)
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # exists, owned by another user
    return True


def _pid_running_windows(pid: int) -> bool:
    # os.kill(pid, 0) would terminate the process on Windows; ask the kernel instead.
    import ctypes

    kernel32 = ctypes.windll.kernel32  # type: ignore[attr-defined]  # windll exists only on Windows; mypy checks Linux
    process_query_limited_information, still_active, access_denied = 0x1000, 259, 5
    handle = kernel32.OpenProcess(process_query_limited_information, False, pid)
    if not handle:
        return bool(kernel32.GetLastError() == access_denied)
    try:
        code = ctypes.c_ulong()
        return bool(kernel32.GetExitCodeProcess(handle, ctypes.byref(code))) and code.value == still_active
    finally:
        kernel32.CloseHandle(handle)


def _user() -> str:
    try:
        return getpass.getuser()
    except (OSError, KeyError, ImportError):
        return ""
