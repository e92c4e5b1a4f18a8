"""Composition root: parse arguments, resolve paths, seed the demo, start Qt and the main window."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import crisis_desktop
from crisis_desktop.storage.paths import DATA_DIR_ENV, AppPaths

if TYPE_CHECKING:
    from PySide6.QtCore import QCoreApplication

    from crisis_desktop.logs import LogSession


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="crisis-desktop",
        description="Crisis Desktop: prepare characters and run tabletop fights.",
    )
    parser.add_argument("--version", action=_PrintVersion, nargs=0, help="show the version and exit")
    parser.add_argument(
        "--data-dir", metavar="PATH",
        help=f"folder for campaigns, backups and settings (also ${DATA_DIR_ENV})",
    )
    parser.add_argument("--campaign", metavar="NAME_OR_PATH", help="campaign to open (name or .json path)")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    from crisis_desktop import cli

    cli.add_commands(sub)
    return parser


class _PrintVersion(argparse.Action):
    """--version: the version is read from the installed metadata only when asked (a start does not pay for it)."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: object,
                 option_string: str | None = None) -> None:
        parser.exit(message=f"crisis-desktop {crisis_desktop.__version__}\n")


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    paths = AppPaths.resolve(args.data_dir).ensure()
    from crisis_desktop.logs import install_logging, log

    # Kept for the whole process: the crash-trace file stays open until the interpreter ends.
    session = install_logging(paths.logs)
    log.info("Crisis Desktop started (Python %s, %s); data folder %s", sys.version.split()[0], sys.platform,
             paths.data_dir)
    from crisis_desktop.storage.demo import seed_demo

    seed_demo(paths)
    if args.command:
        return int(args.run(args, paths))
    return run_gui(paths, args.campaign, session)


def run_gui(paths: AppPaths, campaign: str | None, session: LogSession | None = None) -> int:
    # Qt is imported only here, so headless commands and --version never load it.
    from PySide6.QtWidgets import QApplication

    from crisis_desktop.ui.error_reporter import ErrorReporter, install_qt_message_handler
    from crisis_desktop.ui.main_window import MainWindow

    existing = QApplication.instance()
    # Reuse a running QApplication (tests start one); a bare QCoreApplication could not show windows.
    app = existing if isinstance(existing, QApplication) else QApplication(sys.argv[:1])
    install_qt_message_handler()
    app.setApplicationName("Crisis Desktop")
    app.setOrganizationName("crisis-desktop")
    from PySide6.QtGui import QIcon, QPixmap

    from crisis_desktop.resources_access import resource

    icon = QPixmap()
    icon.loadFromData(resource("icons", "crisis-desktop.svg").read_bytes())
    app.setWindowIcon(QIcon(icon))
    from PySide6.QtCore import QTimer

    window = MainWindow(paths)
    if session is not None:
        # An unexpected error from now on: the traceback is logged, the GM gets a message, the app goes on.
        ErrorReporter.attach(window, session)
    window.show()
    # Used by the start-up benchmark: "window" leaves as soon as the window is up, "campaign" once
    # the campaign is open too.
    exit_when = os.environ.get("CRISIS_DESKTOP_EXIT_WHEN_SHOWN", "")
    if exit_when != "window":
        # Open the campaign once the window is on screen, so the GM sees the window at once; the version (read
        # from the package metadata) waits until then too.
        QTimer.singleShot(0, lambda: window.start(campaign))
        QTimer.singleShot(0, lambda: _note_version(app))
    if exit_when:
        QTimer.singleShot(0, lambda: _report_shown_and_quit(app))
    return app.exec()


def _note_version(app: QCoreApplication) -> None:
    from crisis_desktop.logs import log

    app.setApplicationVersion(crisis_desktop.__version__)
    log.info("Crisis Desktop %s", crisis_desktop.__version__)


def _report_shown_and_quit(app: QCoreApplication) -> None:
    """For the start-up benchmark: say when the first frame was up (wall clock), then quit."""
    import time

    print(f"shown-at {time.time():.6f}", flush=True)
    app.quit()


def resolve_campaign_arg(paths: AppPaths, name_or_path: str) -> Path:
    """A campaign given on the command line: an existing .json path, else a campaign name."""
    candidate = Path(name_or_path).expanduser()
    if candidate.suffix == ".json" and candidate.exists():
        return candidate.resolve()
    from crisis_desktop.storage.campaign_store import CampaignStore

    wanted = name_or_path.casefold()
    for entry in CampaignStore(paths).list_campaigns():
        if wanted in (entry.name.casefold(), entry.path.stem.casefold()):
            return entry.path
    raise LookupError(f"No campaign named {name_or_path!r} in {paths.campaigns}")
