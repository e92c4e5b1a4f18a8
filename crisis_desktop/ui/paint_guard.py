"""Keeps exceptions out of what Qt calls to paint and to read models: logged once, never handed to Qt.

Root cause of the board's segfault with a NaN in a resource: the board model's data() raised (the rules turned the
NaN into an int); PySide6 printed the error but gave Qt an invalid value and left the Python error pending, and the
delegate's next call into Qt (QStyledItemDelegate::paint) crashed the process. What Qt calls back (a model's data(),
a delegate's or an item's paint()) therefore never raises: the problem is logged with its traceback, once per
place and message, and the caller shows its fallback instead (the board: the row says it cannot be shown and why).
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from typing import Any, TypeVar

from crisis_desktop.logs import describe

log = logging.getLogger(__name__)

_F = TypeVar("_F", bound=Callable[..., Any])
_reported: set[tuple[str, str]] = set()


def report(where: str, exc: BaseException) -> str:
    """Log a problem met while painting or reading a model (its traceback the first time a place meets it); the
    problem in plain words, for the view to show."""
    text = describe(exc)
    if (where, text) not in _reported:
        _reported.add((where, text))
        log.error("%s could not be shown: %s", where, text, exc_info=exc)
    return text


def guarded(fallback: Any = None) -> Callable[[_F], _F]:
    """For a method Qt calls (data(), paint()): any exception is reported and `fallback` returned instead."""

    def wrap(method: _F) -> _F:
        where = ".".join(method.__qualname__.split(".")[-2:])     # Class.method

        @functools.wraps(method)
        def call(*args: Any, **kwargs: Any) -> Any:
            try:
                return method(*args, **kwargs)
            except Exception as exc:  # noqa: BLE001  Qt must never receive it
                report(where, exc)
                return fallback

        return call  # type: ignore[return-value]

    return wrap
