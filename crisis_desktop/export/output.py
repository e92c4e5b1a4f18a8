"""Where exported files go: safe names inside the chosen folder, no silent overwrites, user templates."""

from __future__ import annotations

import contextlib
import os
import re
import unicodedata
from collections.abc import Iterable
from pathlib import Path

from crisis_desktop.storage.atomic import fsync_folder, temp_name_for

_SLUG_MAX = 80
# File systems allow 255 bytes per name (ext4, APFS; NTFS 255 UTF-16 units, never more than the UTF-8 bytes).
# Each file is first written beside its target under a longer temporary name: that one must fit too.
NAME_MAX_BYTES = 255
_TEMP_EXTRA = len(temp_name_for(Path("x")).name.encode()) - 1
# A sheet template is a few KiB of HTML or Markdown.
MAX_TEMPLATE_BYTES = 4 * 1024 * 1024
# Names Windows refuses as files whatever the extension.
_RESERVED = {"con", "prn", "aux", "nul", *(f"com{i}" for i in range(10)), *(f"lpt{i}" for i in range(10))}


class ExportError(Exception):
    """An export that cannot go ahead, with the reason in plain words."""


class FilesExist(ExportError):
    """The files of an export are there already (from an earlier export): the one refusal a user may overrule,
    by replacing them (the window asks; the command line takes --force)."""

    def __init__(self, paths: list[Path]) -> None:
        self.paths = paths
        names = ", ".join(p.name for p in paths[:5]) + (" …" if len(paths) > 5 else "")
        super().__init__(f"{len(paths)} file(s) exist already in {paths[0].parent}: {names}")


def slug(name: str, fallback: str = "character") -> str:
    """A file-name-safe form of a name: letters of any script, digits and single hyphens, never a path."""
    text = unicodedata.normalize("NFKC", name).casefold()
    text = re.sub(r"[^\w]+|_+", "-", text).strip("-")[:_SLUG_MAX].strip("-")
    if not text:
        return fallback
    return f"{fallback}-{text}" if text in _RESERVED else text


def fitted(stem: str, tail: str) -> str:
    """`stem` shortened (by whole characters) so that `stem + tail`, and the temporary name it is first written
    under, fit in NAME_MAX_BYTES bytes of UTF-8."""
    room = NAME_MAX_BYTES - _TEMP_EXTRA - len(tail.encode())
    while len(stem.encode()) > room:
        stem = stem[:-1]
    return stem.rstrip("-") or "character"


def target_paths(folder: Path, names: Iterable[str], suffix: str) -> list[Path]:
    """One file per name in `folder`, numbered where two names give the same slug ("wolf", "wolf-2"); a name
    too long for the file system is shortened."""
    folder = Path(folder).resolve()
    taken: set[str] = set()
    paths = []
    for name in names:
        base = slug(name)
        stem, n = fitted(base, suffix), 1
        while stem in taken:
            n += 1
            stem = f"{fitted(base, f'-{n}{suffix}')}-{n}"
        taken.add(stem)
        path = (folder / f"{stem}{suffix}").resolve()
        # slug() never keeps a separator; this guards the promise should it ever change.
        if path.parent != folder:
            raise ExportError(f"{name!r} would be written outside {folder}")
        paths.append(path)
    return paths


def check_free(paths: Iterable[Path], force: bool) -> None:
    """FilesExist naming the files that exist already, unless `force` says to replace them."""
    if force:
        return
    existing = [p for p in paths if p.exists()]
    if existing:
        raise FilesExist(existing)


def write_files(contents: dict[Path, bytes], force: bool) -> None:
    """Write every file or none: after checking that none exists (unless `force`), each is written in full
    beside its target first; only then do they take their places (a file replaced is kept aside until all
    are in place). On any failure, what this run wrote is removed, the replaced files are put back, and
    ExportError says what failed."""
    check_free(contents, force)
    folders = sorted({path.parent for path in contents}, key=lambda f: len(f.parts))
    made = [folder for folder in folders if not folder.exists()]
    staged: dict[Path, Path] = {}
    aside: dict[Path, Path] = {}
    placed: list[Path] = []
    current = next(iter(contents), None)
    try:
        for folder in folders:
            folder.mkdir(parents=True, exist_ok=True)
        for current, data in contents.items():
            staged[current] = _stage(current, data)
        _flush(staged.values())
        for current, temp in staged.items():
            if current.exists():
                aside[current] = temp_name_for(current)
                os.replace(current, aside[current])
            os.replace(temp, current)
            placed.append(current)
    except OSError as exc:
        _undo(staged, aside, placed, made)
        where = current.name if current is not None else "the folder"
        raise ExportError(f"Could not write {where}: {exc.strerror or exc}. Nothing was written.") from None
    except BaseException:
        _undo(staged, aside, placed, made)
        raise
    for old in aside.values():
        with contextlib.suppress(OSError):
            old.unlink()
    for folder in folders:
        fsync_folder(folder)


def _stage(path: Path, data: bytes) -> Path:
    """`data` written under a fresh temporary name beside `path` (made durable with the others by `_flush`)."""
    temp = temp_name_for(path)
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
    except BaseException:
        with contextlib.suppress(OSError):
            temp.unlink()
        raise
    return temp


def _flush(temps: Iterable[Path]) -> None:
    """Every staged file on disk before any takes its place: one sync for the whole export where the system has
    one (a thousand sheets are not a thousand waits for the disk), else each file's own."""
    if hasattr(os, "sync"):
        os.sync()
        return
    for temp in temps:
        fd = os.open(temp, os.O_RDWR | getattr(os, "O_BINARY", 0))
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _undo(staged: dict[Path, Path], aside: dict[Path, Path], placed: list[Path], made: list[Path]) -> None:
    """Take back a write_files that failed: its files gone, the files it replaced back, its new folders gone."""
    for path in placed:
        with contextlib.suppress(OSError):
            path.unlink()
    for path, old in aside.items():
        with contextlib.suppress(OSError):
            os.replace(old, path)
    for path, temp in staged.items():
        if path not in placed:
            with contextlib.suppress(OSError):
                temp.unlink()
    for folder in reversed(made):
        with contextlib.suppress(OSError):
            folder.rmdir()
