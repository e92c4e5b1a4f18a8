"""Sheet templates: Jinja2 in its sandbox, given the sheet's data (never pre-built markup).

A user's templates (sheet.html, sheet.md, npc-blocks.html, npc-blocks.md, a system's own such as sheet-genesys.html,
and files they include) live in one folder; a name missing there falls back to the bundled template of that name.
A template may loop over the data, reorder and leave out sections, but it cannot reach Python: the sandbox refuses
underscore attributes and unsafe calls, no file outside that folder can be loaded, and there is nothing in its
globals that reads files.

HTML output is autoescaped. Markdown output escapes every value the same way (`markdown_text.inline`), unless a
filter already made it Markdown (`block` for free text of several lines).

A template that fails (a syntax error, an unknown name, a refused attribute) gives an ExportError naming the
template and the line.
"""

from __future__ import annotations

import base64
import functools
import os
import re
import traceback
from collections.abc import Callable, Mapping
from html import escape as html_escape
from pathlib import Path
from typing import Any

from jinja2 import BaseLoader, StrictUndefined, TemplateError, TemplateNotFound, TemplateSyntaxError
from jinja2.sandbox import ImmutableSandboxedEnvironment
from markupsafe import Markup

from crisis_desktop.export.markdown_text import block, inline, link_target
from crisis_desktop.export.output import MAX_TEMPLATE_BYTES, ExportError
from crisis_desktop.export.sheet import Sheet, SheetColumn, SheetDie, SheetGroup, SheetTable, SheetValue, Track
from crisis_desktop.resources_access import resource
from crisis_desktop.rules.base import SheetAttack, SheetDefence, StatRoll
from crisis_desktop.storage.regular_files import read_regular_file, reason_of

# A template's name is a plain file name in the template folder: no folders, no "..".
_NAME = re.compile(r"^[\w][\w.-]*$")
HTML_SUFFIXES = (".html", ".htm")


class SheetLoader(BaseLoader):
    """Templates by plain file name: the user's folder first (regular files only, size-limited), then the
    bundled templates."""

    def __init__(self, template_dir: Path | None) -> None:
        self.template_dir = Path(template_dir) if template_dir is not None else None

    def get_source(self, environment: Any, template: str) -> tuple[str, str | None, Callable[[], bool] | None]:
        if not _NAME.match(template):
            raise TemplateNotFound(template, f"{template!r} is not a template name (a file name, no folders)")
        if self.template_dir is not None:
            custom = self.template_dir / template
            if custom.is_symlink() or custom.exists():
                target = _inside(self.template_dir, custom)
                # Only a regular file is read: a FIFO of that name would hang the export, a device never end.
                try:
                    raw = read_regular_file(target, MAX_TEMPLATE_BYTES)
                except OSError as exc:
                    raise ExportError(f"The template {custom} was not read: {reason_of(exc)}") from None
                seen = _identity(custom)
                try:
                    return raw.decode("utf-8"), str(custom), lambda: _identity(custom) == seen
                except UnicodeDecodeError as exc:
                    raise ExportError(f"The template {custom} is not UTF-8 text (invalid byte at offset "
                                      f"{exc.start})") from None
        bundled = resource("templates", template)
        if not bundled.is_file():
            raise TemplateNotFound(template)
        return bundled.read_text(encoding="utf-8"), f"{template} (built in)", lambda: True


def _inside(folder: Path, file: Path) -> Path:
    """Where `file` leads (symlinks resolved), if that is inside `folder` (itself resolved): a template is never
    read from elsewhere, so a link such as header.html -> /etc/hostname cannot put that file into a sheet."""
    root = Path(os.path.realpath(folder))
    target = Path(os.path.realpath(file))
    if not target.is_relative_to(root) or target == root:
        raise ExportError(f"The template {file} was not read: it leads out of the template folder {root} "
                          f"(to {target}); only files inside that folder are used")
    return target


def _identity(path: Path) -> tuple[int, int, int] | None:
    """What tells an edited template file from the one compiled: its size, change time and inode."""
    try:
        info = path.stat()
    except OSError:
        return None
    return info.st_size, info.st_mtime_ns, info.st_ino


def _md_finalize(value: object) -> object:
    """Every value a Markdown template prints reads as written, unless a filter made it Markdown already."""
    if isinstance(value, Markup):
        return str(value)
    if value is None:
        return ""
    return inline(str(value))


def _boxes(track: Any, per_group: int = 5) -> str:
    """A track as boxes to tick: marked ones crossed, grouped by fives ("☒☒☐☐☐ ☐☐☐☐☐")."""
    total, marked = int(track.boxes), int(track.marked)
    marks = ["☒" if i < marked else "☐" for i in range(total)]
    return " ".join("".join(marks[i:i + per_group]) for i in range(0, total, per_group))


def _circle(value: Any, size: int = 64) -> str:
    """A number in a circle (a characteristic as players' sheets draw it), as an SVG data URI for an <img>."""
    half = size / 2
    text = html_escape(str(value))
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" viewBox="0 0 {size} {size}">'
           f'<circle cx="{half}" cy="{half}" r="{half - 3}" fill="white" stroke="#222" stroke-width="4"/>'
           f'<text x="{half}" y="{half + size * 0.17}" font-family="DejaVu Sans, Arial, sans-serif" '
           f'font-size="{size * 0.48:.0f}" font-weight="bold" text-anchor="middle" fill="#111">{text}</text></svg>')
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode("utf-8")).decode("ascii")


# The sheet's own data: frozen records whose public attributes are plain values (and read-only properties computing
# them). A template reads a few hundred of them per sheet; the sandbox's general check of each took a tenth of a PDF
# page's time.
_SHEET_DATA = frozenset({Sheet, SheetValue, SheetGroup, SheetColumn, SheetTable, SheetDie, Track, StatRoll, SheetAttack,
                         SheetDefence})


class SheetSandbox(ImmutableSandboxedEnvironment):
    """The sandbox, reading the sheet's own records' public attributes without its general checks (underscore
    names and everything else still go through them)."""

    def is_safe_attribute(self, obj: Any, attr: str, value: Any) -> bool:
        if type(obj) in _SHEET_DATA and not attr.startswith("_"):
            return True
        return bool(super().is_safe_attribute(obj, attr, value))


def environment(template_dir: Path | None, markdown: bool) -> ImmutableSandboxedEnvironment:
    env = SheetSandbox(
        loader=SheetLoader(template_dir),
        autoescape=not markdown,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        finalize=_md_finalize if markdown else None,
        # Compiled templates are kept (see `_kept_environment`); a user's template edited since is compiled again.
        auto_reload=True,
    )
    env.filters["boxes"] = _boxes
    env.filters["circle"] = _circle
    if markdown:
        env.filters["block"] = lambda text: Markup(block(str(text)))
        env.filters["link"] = lambda url: Markup(link_target(str(url)))
        # What a macro of the template wrote is Markdown already (its own values were escaped as printed).
        env.filters["markdown"] = lambda text: Markup(str(text))
    return env


@functools.lru_cache(maxsize=8)
def _kept_environment(template_dir: Path | None, markdown: bool) -> ImmutableSandboxedEnvironment:
    """One environment per template folder and kind, so a template is compiled once, not once per sheet (compiling
    took nine tenths of an HTML export's time)."""
    return environment(template_dir, markdown)


def render(name: str, data: Mapping[str, object], template_dir: Path | None = None,
           source: str | None = None) -> str:
    """`name` (or the template text `source`, named `name` in messages) rendered with `data`."""
    markdown = not name.endswith(HTML_SUFFIXES)
    env = environment(template_dir, markdown) if source is not None else _kept_environment(template_dir, markdown)
    where = name
    try:
        if source is not None:
            template = env.from_string(source)
        else:
            template = env.get_template(name)
            where = template.filename or name
        return template.render(**data)
    except TemplateSyntaxError as exc:
        raise ExportError(f"The template {exc.filename or where} has an error at line {exc.lineno}: "
                          f"{exc.message}") from None
    except TemplateNotFound as exc:
        raise ExportError(f"The template {where} needs {exc.name}, which is neither in the template folder "
                          f"nor built in") from None
    except TemplateError as exc:   # an unknown name, a refused attribute or call (SecurityError), ...
        line = _template_line(exc, where)
        at = f" at line {line}" if line else ""
        raise ExportError(f"The template {where} failed{at}: {exc.message or exc}") from None


def _template_line(exc: BaseException, filename: str) -> int | None:
    """The line of the template where rendering failed: Jinja rewrites the traceback so that its frames are
    the template's own lines."""
    frames = traceback.extract_tb(exc.__traceback__)
    lines = [f.lineno for f in frames if f.filename in (filename, "<template>")]
    return lines[-1] if lines else None


__all__ = ["SheetLoader", "environment", "render"]
