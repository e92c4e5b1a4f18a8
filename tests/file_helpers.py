"""Hostile file-system objects in tests: FIFOs that would block a reader, and a guard that fails instead of hanging."""

from __future__ import annotations

import contextlib
import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import pytest

T = TypeVar("T")

needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="this platform has no named pipes")


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
