"""Application settings (recent campaigns, last campaign, UI state) in settings.json."""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

MAX_RECENT = 10
# Settings are a few KiB; a larger file is not ours.
MAX_SETTINGS_BYTES = 4 * 1024 * 1024


@dataclass
class AppSettings:
    """What the app remembers between runs. `ui` is free-form JSON for the views (geometry, ...).

    A plain dataclass rather than a pydantic model: settings are read before the main window is
    shown, and this keeps pydantic's import off that path.
    """

    recent: list[str] = field(default_factory=list)
    last_campaign: str | None = None
    ui: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.recent = _dedupe(self.recent)[:MAX_RECENT]

    @classmethod
    def from_json(cls, raw: bytes) -> AppSettings:
        """Parse settings.json; ValueError naming the first problem. Unknown keys (from a newer
        build) are ignored."""
        try:
            data = json.loads(raw.decode("utf-8"))
        except RecursionError:
            raise ValueError("nested too deeply to be settings") from None
        if not isinstance(data, dict):
            raise ValueError("the top level is not a JSON object")
        recent = data.get("recent", [])
        if not isinstance(recent, list) or not all(isinstance(p, str) for p in recent):
            raise ValueError("recent: must be a list of file paths")
        last = data.get("last_campaign")
        if last is not None and not isinstance(last, str):
            raise ValueError("last_campaign: must be a file path")
        ui = data.get("ui", {})
        if not isinstance(ui, dict):
            raise ValueError("ui: must be an object")
        for where, path in [*(("recent", p) for p in recent), ("last_campaign", last or "")]:
            _check_path(where, path)
        try:
            # Whatever is read must be written again at the next save: a lone surrogate ("\\udc00") cannot be.
            json.dumps(ui, ensure_ascii=False).encode("utf-8")
        except (ValueError, RecursionError) as exc:
            raise ValueError(f"ui: cannot be written again ({type(exc).__name__})") from None
        return cls(recent=recent, last_campaign=last, ui=ui)

    def recent_paths(self) -> list[Path]:
        """Recently opened campaign files, most recent first."""
        return [Path(p) for p in self.recent]

    def remember(self, path: Path) -> None:
        """Note that `path` was opened: first in the recent list, and the campaign to reopen next time."""
        # abspath, not resolve(): keep the path the GM chose (a symlinked folder stays as named).
        text = os.path.abspath(path)
        self.recent = _dedupe([text, *self.recent])[:MAX_RECENT]
        self.last_campaign = text

    def forget(self, path: Path) -> None:
        """Drop a campaign from the recent list (deleted or moved)."""
        key = _key(str(path))
        self.recent = [p for p in self.recent if _key(p) != key]
        if self.last_campaign is not None and _key(self.last_campaign) == key:
            self.last_campaign = None

    @classmethod
    def load(cls, path: Path) -> tuple[AppSettings, str | None]:
        """The settings in `path`, and a warning for the user if they could not be used.

        A missing file gives the defaults quietly. A damaged one gives the defaults and is renamed
        to settings.json.bad-<timestamp> so that saving never silently overwrites it.
        """
        from crisis_desktop.storage.regular_files import FileTooLarge, read_regular_file

        path = Path(path)
        try:
            try:
                raw = read_regular_file(path, MAX_SETTINGS_BYTES)
            except FileTooLarge as exc:
                raise ValueError(f"the file is {exc.size or 0:,} bytes, far larger than settings ever are") from None
            settings = cls.from_json(raw)
        except FileNotFoundError:
            return cls(), None
        except OSError as exc:
            # Unreadable (permissions, a folder or a FIFO of that name) is not damaged: leave it where it is.
            return cls(), (f"The settings file {path} could not be read ({exc.strerror or exc}); "
                           "default settings are used.")
        except ValueError as exc:  # also UnicodeDecodeError and json.JSONDecodeError
            reason = str(exc)
            try:
                aside = _set_aside(path)
            except OSError as move_exc:
                return cls(), (f"The settings file {path} could not be read ({reason}) nor renamed "
                               f"({move_exc.strerror or move_exc}); default settings are used.")
            return cls(), (f"The settings file {path} could not be read ({reason}). Default settings are used; "
                           f"the old file was kept as {aside.name}.")
        return settings, None

    def save(self, path: Path) -> None:
        """Write atomically (creating the folder if needed)."""
        from crisis_desktop.storage.atomic import atomic_write_text  # not needed to start up

        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_text(path, json.dumps(asdict(self), indent=2, ensure_ascii=False) + "\n")


def _check_path(where: str, path: str) -> None:
    """ValueError unless `path` can name a file: no NUL character, nothing UTF-8 cannot write."""
    if "\0" in path:
        raise ValueError(f"{where}: a file path with a NUL character")
    try:
        path.encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError(f"{where}: a file path with half a character (a lone surrogate)") from None


def _key(path: str) -> str:
    # Windows file names are case-insensitive: C:\A.json and c:\a.json are one campaign there.
    return os.path.normcase(os.path.normpath(path)) if os.name == "nt" else os.path.normpath(path)


def _dedupe(paths: list[str]) -> list[str]:
    seen: set[str] = set()
    out = []
    for p in paths:
        if _key(p) not in seen:
            seen.add(_key(p))
            out.append(p)
    return out


def _set_aside(path: Path) -> Path:
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    aside = path.with_name(f"{path.name}.bad-{stamp}")
    n = 1
    while aside.exists():
        n += 1
        aside = path.with_name(f"{path.name}.bad-{stamp}-{n}")
    os.replace(path, aside)
    return aside
