"""Composition root: parse arguments, resolve paths, seed the demo, start Qt and the main window."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import crisis_desktop
from crisis_desktop.storage.paths import DATA_DIR_ENV, AppPaths, DataFolderUnusable

if TYPE_CHECKING:
    from PySide6.QtCore import QCoreApplication
    from PySide6.QtWidgets import QApplication, QWidget

    from crisis_desktop.logs import LogSession

APP_ID = "org.crisisdesktop.CrisisDesktop"
"""Reverse-DNS application id: the desktop entry's file name (without .desktop) and the AppStream id."""


class _Parser(argparse.ArgumentParser):
    """The top-level parser. A first positional argument that is not a command is the campaign to open.

    argparse alone cannot tell `crisis-desktop info` from `crisis-desktop my-campaign.json`: it hands the
    first positional to the subcommands and fails with "invalid choice". So that positional is taken out
    first, into `open_path`, and checked against the campaigns once the data folder is known (main).
    """

    command_names: tuple[str, ...] = ()

    def parse_known_args(self, args=None, namespace=None):  # type: ignore[no-untyped-def]
        argv = list(sys.argv[1:] if args is None else args)
        namespace = argparse.Namespace() if namespace is None else namespace
        index = self._first_positional(argv)
        # A command with positional arguments of its own (`import FILE...`) takes them itself.
        own = any(not a.option_strings and not isinstance(a, argparse._SubParsersAction) for a in self._actions)
        if index is not None and argv[index] not in self.command_names and not own:
            namespace.open_path = argv.pop(index)
            if index > 0 and argv[index - 1] == "--" and index == len(argv):
                del argv[index - 1]  # a "--" that only guarded the campaign path (argparse rejects it alone)
        return super().parse_known_args(argv, namespace)

    def _first_positional(self, argv: list[str]) -> int | None:
        """Index of the first argument that is neither an option nor the value of one."""
        takes_value = {option for action in self._actions if action.option_strings and action.nargs != 0
                       for option in action.option_strings}
        all_options = {option for action in self._actions for option in action.option_strings}
        index = 0
        while index < len(argv):
            token = argv[index]
            if token == "--":
                return index + 1 if index + 1 < len(argv) else None
            if token.startswith("-") and token != "-":
                name = token.split("=", 1)[0]
                # argparse accepts unambiguous prefixes of long options (--data for --data-dir).
                matches = [name] if name in all_options else [o for o in all_options if o.startswith(name)]
                if "=" not in token and len(matches) == 1 and matches[0] in takes_value:
                    index += 1  # skip the option's value
            else:
                return index
            index += 1
        return None


def build_parser() -> _Parser:
    parser = _Parser(
        prog="crisis-desktop",
        usage="%(prog)s [options] [CAMPAIGN]\n       %(prog)s [options] COMMAND ...",
        description="Crisis Desktop: prepare characters and run tabletop fights. Without a command it opens "
                    "the window, with CAMPAIGN (a campaign .json file or a campaign's name) open in it.",
    )
    parser.add_argument("--version", action=_PrintVersion, nargs=0, help="show the version and exit")
    parser.add_argument(
        "--data-dir", metavar="PATH",
        help=f"folder for campaigns, backups and settings (also ${DATA_DIR_ENV})",
    )
    parser.add_argument("--campaign", metavar="NAME_OR_PATH", help="campaign to open (name or .json path)")
    # The commands' parsers are _Parser too: a stray word after a command (`info Demo`) lands in open_path
    # and main() says to write `info --campaign Demo`, instead of argparse's bare "unrecognized arguments".
    sub: argparse._SubParsersAction[argparse.ArgumentParser] = parser.add_subparsers(
        dest="command", metavar="COMMAND", parser_class=_Parser, prog="crisis-desktop")
    from crisis_desktop import cli

    cli.add_commands(sub)
    parser.command_names = tuple(sub.choices)
    return parser


class _PrintVersion(argparse.Action):
    """--version: the version is read from the installed metadata only when asked (a start does not pay for it)."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: object,
                 option_string: str | None = None) -> None:
        print(f"crisis-desktop {crisis_desktop.__version__}")
        parser.exit()


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    open_path = getattr(args, "open_path", None)
    if open_path is not None and args.command:
        parser.error(f"{open_path!r} is not an argument of {args.command!r}; to name the campaign, "
                     f"write: crisis-desktop {args.command} --campaign {open_path}")
    if open_path is not None and args.campaign:
        parser.error(f"two campaigns given ({open_path!r} and --campaign {args.campaign!r}); give one")
    paths = AppPaths.resolve(args.data_dir)
    data_problem = None
    try:
        paths.ensure()
    except DataFolderUnusable as exc:
        # A read-only disk, or no right to create the folder: say so and go on with what can be read.
        data_problem = str(exc)
    from crisis_desktop.logs import install_logging, log

    # Kept for the whole process: the crash-trace file stays open until the interpreter ends.
    session = install_logging(paths.logs)
    log.info("Crisis Desktop started (Python %s, %s); data folder %s", sys.version.split()[0], sys.platform,
             paths.data_dir)
    if data_problem:
        log.warning(data_problem)
        print(f"crisis-desktop: {data_problem}", file=sys.stderr)
    from crisis_desktop.storage.atomic import remove_leftovers
    from crisis_desktop.storage.demo import seed_demo

    for leftover in remove_leftovers(paths.own_folders()):
        log.info("Removed %s, left by a save that was interrupted", leftover)
    seed_demo(paths)
    if args.command:
        return int(args.run(args, paths))
    campaign = args.campaign
    if open_path is not None:
        # Only then: the store brings pydantic and the domain, which a plain start loads after the window is up.
        from crisis_desktop.storage.campaign_store import CampaignStore

        try:
            campaign = str(CampaignStore(paths).find(open_path))
        except LookupError:
            parser.error(_not_a_campaign(open_path, parser.command_names, paths))
    return run_gui(paths, campaign, session, data_problem)


def _not_a_campaign(value: str, commands: Sequence[str], paths: AppPaths) -> str:
    candidate = Path(value).expanduser()
    if candidate.is_dir():
        return f"{value!r} is a folder, not a campaign file"
    if candidate.exists():
        return f"{value!r} is not a campaign file (a campaign is a .json file)"
    if candidate.suffix == ".json" or len(candidate.parts) > 1:
        return f"campaign file {value!r} does not exist"
    return (f"{value!r} is neither a command ({', '.join(commands)}) nor a campaign file, "
            f"nor the name of a campaign in {paths.campaigns}")


def run_gui(paths: AppPaths, campaign: str | None, session: LogSession | None = None,
            data_problem: str | None = None) -> int:
    # Qt is imported only here, so headless commands and --version never load it.
    from PySide6.QtWidgets import QApplication

    from crisis_desktop.ui.error_reporter import ErrorReporter, install_qt_message_handler
    from crisis_desktop.ui.main_window import MainWindow

    # Used by the start-up benchmark: "window" leaves as soon as the window is up, "campaign" once
    # the campaign is open and its place painted; each phase's end is reported on the way.
    exit_when = os.environ.get("CRISIS_DESKTOP_EXIT_WHEN_SHOWN", "")
    _mark(exit_when, "imported")
    existing = QApplication.instance()
    # Reuse a running QApplication (tests start one); a bare QCoreApplication could not show windows.
    app = existing if isinstance(existing, QApplication) else QApplication(sys.argv[:1])
    install_qt_message_handler()
    app.setApplicationName("Crisis Desktop")
    app.setOrganizationName("crisis-desktop")
    # Lets Wayland compositors and docks match the window to the installed desktop entry (its icon, name).
    app.setDesktopFileName(APP_ID)
    from PySide6.QtCore import QTimer

    window = MainWindow(paths)
    if session is not None:
        # An unexpected error from now on: the traceback is logged, the GM gets a message, the app goes on.
        ErrorReporter.attach(window, session)
    window.show()
    _mark(exit_when, "built")
    if exit_when != "window":
        # Open the campaign once the window is on screen, so the GM sees the window at once; the version (read
        # from the package metadata) waits until then too.
        if data_problem:
            from crisis_desktop.ui.dialogs.ask import Ask

            QTimer.singleShot(0, lambda: Ask.error(window, "Data folder", data_problem))
        QTimer.singleShot(0, lambda: _mark(exit_when, "shown"))
        # The icon (an SVG: Qt loads its image plugin for it, ~15 ms) once the first frame is up.
        QTimer.singleShot(0, lambda: _set_window_icon(app))
        QTimer.singleShot(0, lambda: window.files.start(campaign))
        QTimer.singleShot(0, lambda: _note_version(app))
    if exit_when == "campaign":
        QTimer.singleShot(0, lambda: _report_painted_and_quit(app, window))
    elif exit_when:
        QTimer.singleShot(0, lambda: _report_shown_and_quit(app))
    return app.exec()


def _set_window_icon(app: QApplication) -> None:
    from PySide6.QtGui import QIcon, QPixmap

    from crisis_desktop.resources_access import resource

    icon = QPixmap()
    icon.loadFromData(resource("icons", "crisis-desktop.svg").read_bytes())
    app.setWindowIcon(QIcon(icon))


def _mark(exit_when: str, phase: str) -> None:
    """For the start-up benchmark: the wall-clock time a phase of the start ended at."""
    if exit_when:
        import time

        print(f"mark {phase} {time.time():.6f}", flush=True)


def _report_painted_and_quit(app: QCoreApplication, window: QWidget) -> None:
    """For the start-up benchmark: the campaign is open; paint what it shows now (the place it opened in),
    say when that frame was done, then quit."""
    _mark("campaign", "campaign")
    window.repaint()
    _report_shown_and_quit(app)


def _note_version(app: QCoreApplication) -> None:
    from crisis_desktop.logs import log

    app.setApplicationVersion(crisis_desktop.__version__)
    log.info("Crisis Desktop %s", crisis_desktop.__version__)


def _report_shown_and_quit(app: QCoreApplication) -> None:
    """For the start-up benchmark: say when the first frame was up (wall clock), then quit."""
    import time

    print(f"shown-at {time.time():.6f}", flush=True)
    app.quit()
