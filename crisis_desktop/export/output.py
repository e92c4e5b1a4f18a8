"""Where exported files go: safe names inside the chosen folder, no silent overwrites, user templates."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from pathlib import Path

from crisis_desktop.resources_access import resource
from crisis_desktop.storage.atomic import atomic_write_bytes
from crisis_desktop.storage.regular_files import read_regular_file, reason_of

_SLUG_MAX = 80
# A sheet template is a few KiB of HTML or Markdown.
MAX_TEMPLATE_BYTES = 4 * 1024 * 1024
# Names Windows refuses as files whatever the extension.
_RESERVED = {"con", "prn", "aux", "nul", *(f"com{i}" for i in range(10)), *(f"lpt{i}" for i in range(10))}


class ExportError(Exception):
    """An export that cannot go ahead, with the reason in plain words."""


def slug(name: str, fallback: str = "character") -> str:
    """A file-name-safe form of a name: letters of any script, digits and single hyphens, never a path."""
    text = unicodedata.normalize("NFKC", name).casefold()
    text = re.sub(r"[^\w]+|_+", "-", text).strip("-")[:_SLUG_MAX].strip("-")
    if not text:
        return fallback
    return f"{fallback}-{text}" if text in _RESERVED else text


def target_paths(folder: Path, names: Iterable[str], suffix: str) -> list[Path]:
    """One file per name in `folder`, numbered where two names give the same slug ("wolf", "wolf-2")."""
    folder = Path(folder).resolve()
    taken: set[str] = set()
    paths = []
    for name in names:
        base = slug(name)
        stem, n = base, 1
        while stem in taken:
            n += 1
            stem = f"{base}-{n}"
        taken.add(stem)
        path = (folder / f"{stem}{suffix}").resolve()
        # slug() never keeps a separator; this guards the promise should it ever change.
        if path.parent != folder:
            raise ExportError(f"{name!r} would be written outside {folder}")
        paths.append(path)
    return paths


def check_free(paths: Iterable[Path], force: bool) -> None:
    """ExportError naming the files that exist already, unless `force` says to replace them."""
    if force:
        return
    existing = [p for p in paths if p.exists()]
    if existing:
        names = ", ".join(p.name for p in existing[:5]) + (" …" if len(existing) > 5 else "")
        raise ExportError(f"{len(existing)} file(s) exist already in {existing[0].parent}: {names} "
                          "(use --force, or choose another folder, to replace them)")


def write_files(contents: dict[Path, bytes], force: bool) -> None:
    """Write every file, after checking none of them exists (so an export never stops half-way)."""
    check_free(contents, force)
    for path, data in contents.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_bytes(path, data)


def load_template(filename: str, template_dir: Path | None = None) -> str:
    """A sheet template: the user's copy in `template_dir` if there is one, else the bundled one."""
    if template_dir is not None:
        custom = Path(template_dir) / filename
        if custom.exists():
            # Only a regular file is read: a FIFO of that name would hang the export, a device never end.
            try:
                raw = read_regular_file(custom, MAX_TEMPLATE_BYTES)
            except OSError as exc:
                raise ExportError(f"The template {custom} was not read: {reason_of(exc)}") from None
            try:
                return raw.decode("utf-8")
            except UnicodeDecodeError as exc:
                raise ExportError(f"The template {custom} is not UTF-8 text (invalid byte at offset "
                                  f"{exc.start})") from None
    return resource("templates", filename).read_text(encoding="utf-8")
