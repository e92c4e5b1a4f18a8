"""Hostile file-system objects in tests: FIFOs that would block a reader, and a guard that fails instead of hanging."""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import pytest

T = TypeVar("T")

needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="this platform has no named pipes")
# /proc/kmsg says it is a regular file of 0 bytes, and reading it (as root) waits for the kernel's next message.
KMSG = Path("/proc/kmsg")
needs_kmsg = pytest.mark.skipif(not KMSG.exists(), reason="this platform has no /proc/kmsg")
needs_dev_zero = pytest.mark.skipif(not Path("/dev/zero").exists(), reason="this platform has no /dev/zero")
REPO = Path(__file__).resolve().parent.parent


def make_fifo(path: Path) -> Path:
    os.mkfifo(path)
    return path


def returns_promptly(call: Callable[[], T], *fifos: Path, seconds: float = 10.0) -> T:
    """call() in a thread; its result, or its exception re-raised. If it has not returned after `seconds` (it
    is blocked on one of the FIFOs), the FIFOs are opened for writing and closed, which lets a blocked reader
    go on, and the test fails."""
    outcome: dict[str, object] = {}

    def run() -> None:
        try:
            outcome["value"] = call()
        except BaseException as exc:  # noqa: BLE001 - handed back to the test
            outcome["error"] = exc

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    if thread.is_alive():
        for fifo in fifos:
            with contextlib.suppress(OSError):
                os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        thread.join(seconds)
        pytest.fail(f"blocked for more than {seconds} s (on a FIFO?)")
    if "error" in outcome:
        raise outcome["error"]  # type: ignore[misc]
    return outcome["value"]  # type: ignore[return-value]


def _limit_memory() -> None:  # pragma: no cover - runs in the child
    """At most 2 GiB for the child: code that reads /dev/zero to its end fails there instead of filling the machine."""
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))


def run_python(args: list[str], *, seconds: float = 60.0, env: dict[str, str] | None = None,
               stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    """`python ARGS` in the repository (its code imported), killed after `seconds`: the test fails then instead
    of hanging. Bytes in, bytes out."""
    full_env = {**os.environ, "PYTHONPATH": str(REPO), "QT_QPA_PLATFORM": "offscreen", **(env or {})}
    try:
        return subprocess.run([sys.executable, *args], cwd=REPO, env=full_env, input=stdin, capture_output=True,
                              timeout=seconds, preexec_fn=_limit_memory if os.name == "posix" else None,
                              check=False)
    except subprocess.TimeoutExpired:
        pytest.fail(f"python {' '.join(args)[:200]} did not end within {seconds} s (blocked?)")
