"""A folder made to behave as a read-only disk, by injected errors: every os-level call that would write under it
fails with EROFS (as the kernel says for a file system mounted read-only), and statvfs says it is mounted read-only.
Reading works. A real read-only mount needs root tooling (unshare -rm), not found everywhere."""

from __future__ import annotations

import errno
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

_WRITING = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND


class ReadOnlyDisk:
    """monkeypatch os so that everything under each of `roots` is on a read-only disk; `calls` lists the refusals."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, *roots: Path) -> None:
        self.roots = [os.path.realpath(root) for root in roots]
        self.refused: list[tuple[str, str]] = []
        real_open, real_statvfs = os.open, os.statvfs

        def under(path: Any) -> bool:
            if isinstance(path, int):
                return False
            where = os.path.realpath(os.fsdecode(path))
            return any(where == root or where.startswith(root + os.sep) for root in self.roots)

        def refuse(name: str, path: Any) -> None:
            self.refused.append((name, os.fsdecode(path)))
            raise OSError(errno.EROFS, os.strerror(errno.EROFS), os.fsdecode(path))

        def guarded_open(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
            if flags & _WRITING and under(path):
                refuse("open", path)
            return real_open(path, flags, *args, **kwargs)

        def statvfs(path: Any) -> Any:
            result = real_statvfs(path)
            if not under(path):
                return result
            fields = list(result)
            fields[8] |= os.ST_RDONLY  # f_flag
            return os.statvfs_result(fields)

        monkeypatch.setattr(os, "open", guarded_open)
        monkeypatch.setattr(os, "statvfs", statvfs)
        for name, paths in (("unlink", 1), ("remove", 1), ("rmdir", 1), ("mkdir", 1), ("chmod", 1), ("utime", 1),
                            ("replace", 2), ("rename", 2), ("link", 2), ("symlink", 2)):
            monkeypatch.setattr(os, name, self._guard(name, getattr(os, name), paths, under, refuse))

    @staticmethod
    def _guard(name: str, real: Callable[..., Any], paths: int, under: Callable[[Any], bool],
               refuse: Callable[[str, Any], None]) -> Callable[..., Any]:
        def guarded(*args: Any, **kwargs: Any) -> Any:
            # The kernel looks the name up first: a folder that exists is EEXIST, a file that does not is ENOENT.
            looked_up = name == "mkdir" and os.path.lexists(args[0]) or (
                name in ("unlink", "remove", "rmdir", "chmod", "utime") and not os.path.lexists(args[0]))
            for path in args[:paths]:
                if under(path) and not looked_up:
                    refuse(name, path)
            return real(*args, **kwargs)

        return guarded
