"""The one place that decides where files live (platformdirs, overridable by flag or environment)."""

from __future__ import annotations

import contextlib
import os
from dataclasses import dataclass
from pathlib import Path

APP_NAME = "crisis-desktop"
DATA_DIR_ENV = "CRISIS_DESKTOP_DATA_DIR"


class DataFolderUnusable(OSError):
    """A folder of the data directory cannot be created; str() says which and why, in plain words."""

    def __init__(self, data_dir: Path, folder: Path, cause: OSError) -> None:
        super().__init__(f"The data folder {data_dir} cannot be used: {folder} could not be created "
                         f"({cause.strerror or cause}). Campaigns already there can be opened, but nothing can "
                         f"be saved in it. Choose another data folder with --data-dir or ${DATA_DIR_ENV}.")
        self.data_dir = data_dir
        self.folder = folder


@dataclass(frozen=True)
class AppPaths:
    """Folders of one data directory. Passed down explicitly; never a module-level global.

    `log_dir` is the platform's log folder when the data directory is the platform's too; None means
    `<data dir>/logs` (a data directory given by flag or environment keeps its logs with it).
    """

    data_dir: Path
    log_dir: Path | None = None

    @property
    def campaigns(self) -> Path:
        return self.data_dir / "campaigns"

    @property
    def backups(self) -> Path:
        return self.data_dir / "backups"

    @property
    def recovery(self) -> Path:
        return self.data_dir / "recovery"

    @property
    def logs(self) -> Path:
        return self.log_dir if self.log_dir is not None else self.data_dir / "logs"

    @property
    def settings_file(self) -> Path:
        return self.data_dir / "settings.json"

    def ensure(self) -> AppPaths:
        """Create the folders if they are missing; DataFolderUnusable says why one cannot be (a read-only disk)."""
        for folder in (self.campaigns, self.backups, self.recovery):
            try:
                folder.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise DataFolderUnusable(self.data_dir, folder, exc) from exc
        return self

    def own_folders(self) -> list[Path]:
        """The folders only this app writes to: the data folder, campaigns, recovery and every campaign's
        backups (where a killed save may have left a temporary file)."""
        folders = [self.data_dir, self.campaigns, self.recovery]
        with contextlib.suppress(OSError):  # no backups yet
            folders += sorted(folder for folder in self.backups.iterdir() if folder.is_dir())
        return folders

    @classmethod
    def resolve(cls, override: str | os.PathLike[str] | None = None,
                environ: dict[str, str] | None = None) -> AppPaths:
        """--data-dir wins, then $CRISIS_DESKTOP_DATA_DIR, then the platform's user data (and log) folder."""
        env = os.environ if environ is None else environ
        if override:
            return cls(Path(override).expanduser().resolve())
        if env.get(DATA_DIR_ENV):
            return cls(Path(env[DATA_DIR_ENV]).expanduser().resolve())
        import platformdirs  # only here: start-up with --data-dir does not need it

        return cls(Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)),
                   Path(platformdirs.user_log_dir(APP_NAME, appauthor=False)))
