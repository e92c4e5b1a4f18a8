"""Headless commands (no window, no display needed): `crisis-desktop info`, `export`, `simulate` and `import`."""

from __future__ import annotations

import argparse
import contextlib
import functools
import signal
import sys
import threading
from collections.abc import Callable, Iterator

from crisis_desktop.storage.paths import AppPaths
from crisis_desktop.terminal_text import printable

INTERRUPTED = 130  # the shell's code for a command ended by Ctrl+C (128 + SIGINT)


def say(text: str, *, err: bool = False, flush: bool = False) -> None:
    """One line of the CLI's output (stderr with `err`), made printable()."""
    print(printable(text), file=sys.stderr if err else sys.stdout, flush=flush)


def _interruptible(run: Callable[[argparse.Namespace, AppPaths], int]) -> Callable[[argparse.Namespace, AppPaths], int]:
    """Ctrl+C ends a command with a line and the code 130, not a traceback."""
    @functools.wraps(run)
    def guarded(args: argparse.Namespace, paths: AppPaths) -> int:
        try:
            return run(args, paths)
        except KeyboardInterrupt:
            _end_progress_line()
            say("crisis-desktop: stopped (Ctrl+C)", err=True)
            return INTERRUPTED
    return guarded


def _at_least_one(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a whole number is needed, not {printable(text)!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, not {value}")
    return value


def _common(command: argparse.ArgumentParser) -> None:
    """Options of the whole program that a command also takes after its name (`export --data-dir D ...`).
    SUPPRESS keeps one given before the command from being reset by the command's default."""
    command.add_argument("--campaign", metavar="NAME_OR_PATH", default=argparse.SUPPRESS)
    command.add_argument("--data-dir", metavar="PATH", default=argparse.SUPPRESS,
                         help="folder for campaigns, backups and settings (as before the command)")


def add_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    info = sub.add_parser("info", help="list campaigns, or summarise one (--campaign)")
    _common(info)
    info.set_defaults(run=run_info)

    export = sub.add_parser(
        "export", help="write character sheets as one PDF (a page each) or one HTML/Markdown file each",
    )
    _common(export)
    export.add_argument("--character", metavar="NAME", action="append", default=[],
                        help="a character to export (repeat for more); all characters when left out")
    export.add_argument("--format", choices=("pdf", "html", "md"), default="pdf")
    export.add_argument("--output", metavar="DIR", required=True, help="folder the files are written to")
    export.add_argument("--paper", choices=("a4", "letter"), default="a4", help="PDF page size")
    export.add_argument("--force", action="store_true", help="replace files that exist already")
    export.add_argument("--npc-blocks", action="store_true",
                        help="print NPCs as compact stat blocks, several to a page (in PDF after the PCs' sheets; "
                             "in HTML and Markdown one file of them all)")
    export.add_argument("--template-dir", metavar="DIR",
                        help="folder with your own sheet.html, sheet.md, npc-blocks.html, npc-blocks.md "
                             "(genesys: sheet-genesys.html, npc-blocks-genesys.html) (default: <data dir>/templates)")
    export.set_defaults(run=run_export)

    simulate = sub.add_parser(
        "simulate", help="play an encounter many times under the rules and print how it goes (who wins, in how "
                         "many rounds, each PC's chance to be downed or killed)",
    )
    _common(simulate)
    simulate.add_argument("--encounter", metavar="NAME", required=True, help="the encounter to simulate")
    simulate.add_argument("--runs", metavar="N", type=int, default=10_000, help="fights to play (default 10000)")
    simulate.add_argument("--seed", metavar="S", type=int, default=0,
                          help="seed of the dice: the same seed gives the same numbers (default 0)")
    simulate.add_argument("--json", action="store_true", help="print the figures as JSON")
    simulate.add_argument("--processes", metavar="N", type=int, default=None,
                          help="worker processes (default: one per core)")
    simulate.add_argument("--max-rounds", metavar="N", type=_at_least_one, default=30,
                          help="rounds after which a fight nobody won counts as reaching the round cap (default 30)")
    simulate.add_argument("--from-start", action="store_true",
                          help="a fight under way is played from where it stands (its round, whose turn, what "
                               "everyone has left); this plays it again from its start")
    simulate.add_argument("--full-rules", action="store_true",
                          help="play every fight through the full rules path, as at the table, even where the rules "
                               "have quick fights (much slower; for checking them)")
    for side, whose, flees in (("party", "the party's", "the party flees once this percentage of it"),
                               ("enemies", "the enemies'", "the enemies flee once this percentage of them")):
        simulate.add_argument(f"--{side}-target", choices=("nearest", "weakest", "dangerous"), default="nearest",
                              help=f"whom {whose} fighters attack (default nearest)")
        simulate.add_argument(f"--{side}-cover", action="store_true",
                              help=f"{whose} ranged fighters move into cover the map offers before shooting")
        simulate.add_argument(f"--{side}-flee", metavar="PERCENT", type=float, default=None,
                              help=f"{flees} is down or out")
    simulate.set_defaults(run=run_simulate)

    importing = sub.add_parser(
        "import", help="add the characters of other programs' files (such as Genesys adversary data sets) to a "
                       "campaign, in the formats its rules read, and report what was mapped",
    )
    _common(importing)
    importing.add_argument("files", metavar="FILE", nargs="+", help="a file to import (JSON)")
    importing.add_argument("--dry-run", action="store_true", help="read and report, write nothing")
    importing.set_defaults(run=run_import)


@_interruptible
def run_info(args: argparse.Namespace, paths: AppPaths) -> int:
    from crisis_desktop.storage.campaign_store import CampaignFileError, CampaignStore

    store = CampaignStore(paths)
    if not args.campaign:
        say(f"Campaigns in {paths.campaigns}:")
        for entry in store.list_campaigns():
            state = f"  [cannot open: {entry.problem}]" if entry.problem else ""
            say(f"  {entry.name} ({entry.ruleset}) {entry.path.name}{state}")
        return 0
    try:
        path = store.find(args.campaign)
        campaign = store.load(path)
    except (LookupError, CampaignFileError) as exc:
        say(f"crisis-desktop: {exc}", err=True)
        return 2
    pcs = sum(1 for c in campaign.characters if c.kind == "pc")
    say(f"{campaign.name} ({campaign.ruleset}) {path}")
    say(f"  {pcs} PCs, {len(campaign.characters) - pcs} NPCs, {len(campaign.encounters)} encounters, "
        f"{len(campaign.battle_maps)} battle maps, {len(campaign.equipment)} catalogue items")
    return 0


@_interruptible
def run_export(args: argparse.Namespace, paths: AppPaths) -> int:
    import logging
    from pathlib import Path

    from crisis_desktop.export.output import ExportError, FilesExist
    from crisis_desktop.export.run import export_sheets, pick_characters
    from crisis_desktop.storage.campaign_store import CampaignFileError, CampaignStore

    if not getattr(args, "campaign", None):
        say("crisis-desktop: export needs --campaign NAME", err=True)
        return 2
    if args.template_dir and not Path(args.template_dir).is_dir():
        # Named on purpose: a typo must not quietly give the built-in sheets.
        say(f"crisis-desktop: the template folder {args.template_dir} does not exist (or is not a folder)", err=True)
        return 2
    template_dir = Path(args.template_dir) if args.template_dir else paths.data_dir / "templates"
    try:
        store = CampaignStore(paths)
        campaign = store.load(store.find(args.campaign))
        characters = pick_characters(campaign, args.character)
        written = export_sheets(
            campaign, characters, args.format, Path(args.output), paper=args.paper, force=args.force,
            template_dir=template_dir, npc_blocks=args.npc_blocks,
            progress=lambda i, n, sheet: say(f"{i}/{n} {sheet.name}", flush=True),
        )
    except FilesExist as exc:
        say(f"crisis-desktop: {exc} (use --force to replace them, or choose another --output)", err=True)
        return 2
    except (LookupError, CampaignFileError, ExportError, OSError) as exc:
        logging.getLogger(__name__).warning("Export failed: %s", exc)
        say(f"crisis-desktop: {exc}", err=True)
        return 2
    logging.getLogger(__name__).info("Exported %d %s sheet file(s) of “%s” to %s", len(written), args.format,
                                     campaign.name, args.output)
    for path in written:
        say(f"wrote {path}")
    return 0


@_interruptible
def run_simulate(args: argparse.Namespace, paths: AppPaths) -> int:
    import json

    from crisis_desktop.controller.simulate import Tactics, Target, simulate
    from crisis_desktop.controller.simulate.report import text_report
    from crisis_desktop.rules.registry import get_ruleset
    from crisis_desktop.storage.campaign_store import CampaignFileError, CampaignStore

    if not getattr(args, "campaign", None):
        say("crisis-desktop: simulate needs --campaign NAME", err=True)
        return 2
    try:
        store = CampaignStore(paths)
        campaign = store.load(store.find(args.campaign))
        encounter = _find_encounter(campaign, args.encounter)
        tactics = {side: Tactics(Target(getattr(args, f"{side}_target")), getattr(args, f"{side}_cover"),
                                 _share(getattr(args, f"{side}_flee")))
                   for side in ("party", "enemies")}
        with _ctrl_c_cancels() as stop:
            summary = simulate(campaign, encounter.id, get_ruleset(campaign.ruleset), runs=args.runs,
                               seed=args.seed, tactics=tactics, processes=args.processes, max_rounds=args.max_rounds,
                               progress=_progress_on_terminal(), quick=not args.full_rules, cancel=stop,
                               as_it_stands=not args.from_start)
    except (LookupError, CampaignFileError, ValueError) as exc:
        say(f"crisis-desktop: {str(exc).strip(chr(39)) if isinstance(exc, KeyError) else exc}", err=True)
        return 2
    if summary.cancelled:
        _end_progress_line()
        say(f"crisis-desktop: stopped (Ctrl+C) after {summary.runs:,} of {args.runs:,} fights", err=True)
        if not summary.runs:
            return INTERRUPTED
    if args.json:
        print(json.dumps(summary.to_dict(), indent=2))  # ensure_ascii: every name's control characters are escapes
    else:
        for line in text_report(summary):
            say(line)
    return INTERRUPTED if summary.cancelled else 0


@_interruptible
def run_import(args: argparse.Namespace, paths: AppPaths) -> int:
    from pathlib import Path

    from crisis_desktop.controller.importing import read_characters
    from crisis_desktop.rules.base import ImportBatch
    from crisis_desktop.rules.registry import get_ruleset
    from crisis_desktop.storage.campaign_store import CampaignFileError, CampaignStore
    from crisis_desktop.storage.imports import read_import
    from crisis_desktop.storage.locks import CampaignLock

    if not getattr(args, "campaign", None):
        say("crisis-desktop: import needs --campaign NAME", err=True)
        return 2
    try:
        store = CampaignStore(paths)
        path = store.find(args.campaign)
        campaign = store.load(path)
        ruleset = get_ruleset(campaign.ruleset)
    except (LookupError, CampaignFileError) as exc:
        say(f"crisis-desktop: {str(exc).strip(chr(39)) if isinstance(exc, KeyError) else exc}", err=True)
        return 2
    batch = ImportBatch("")
    refused_files = 0
    for name in args.files:
        try:
            batch += read_characters(read_import(Path(name)), ruleset, campaign.equipment, campaign.rule_options)
        except ValueError as exc:
            say(f"crisis-desktop: {name} was not imported: {exc}", err=True)
            refused_files += 1
    for line in batch.report():
        say(line)
    characters = batch.characters
    if args.dry_run:
        say(f"dry run: nothing written to {campaign.name}")
    elif characters:
        with CampaignLock(path) as lock:
            if lock.held_by_other:
                say(f"crisis-desktop: nothing written: {lock.describe()} Import there (Characters › Import) or "
                    "close it first.", err=True)
                return 2
            campaign.characters.extend(characters)
            try:
                store.save(campaign, path)
            except (CampaignFileError, OSError) as exc:
                say(f"crisis-desktop: nothing written: {exc}", err=True)
                return 2
        say(f"wrote {len(characters)} character{'s' if len(characters) != 1 else ''} to {campaign.name} ({path})")
    return 2 if refused_files and not characters else 0


@contextlib.contextmanager
def _ctrl_c_cancels() -> Iterator[threading.Event]:
    """Within it, Ctrl+C sets the event it gives (the simulation stops after the fights being played and reports
    them) instead of raising KeyboardInterrupt. Only on the main thread, where signal handlers are set."""
    stop = threading.Event()
    if threading.current_thread() is not threading.main_thread():
        yield stop
        return
    previous = signal.signal(signal.SIGINT, lambda *_: stop.set())
    try:
        yield stop
    finally:
        if previous is not None:
            signal.signal(signal.SIGINT, previous)


def _end_progress_line() -> None:
    """End the progress line that stderr shows on a terminal (nothing when stderr is a file or a pipe)."""
    if sys.stderr.isatty():
        print(file=sys.stderr)


def _progress_on_terminal():  # type: ignore[no-untyped-def]
    """On a terminal, the fights played so far on one line of stderr (nothing when stderr is a file or a pipe)."""
    if not sys.stderr.isatty():
        return None

    def progress(done: int, total: int) -> None:
        end = "\n" if done >= total else ""
        print(f"\r{done:,} of {total:,} fights", end=end, file=sys.stderr, flush=True)

    return progress


def _share(percent: float | None) -> float | None:
    if percent is None:
        return None
    if not 0 < percent <= 100:
        raise ValueError(f"A side flees at a share above 0 and at most 100 percent, not {percent:g}")
    return percent / 100


def _find_encounter(campaign, name: str):  # type: ignore[no-untyped-def]
    """The campaign's encounter of this name (case and spaces aside); LookupError naming those it has."""
    wanted = " ".join(name.split()).casefold()
    for encounter in campaign.encounters:
        if " ".join(encounter.name.split()).casefold() == wanted:
            return encounter
    names = ", ".join(e.name for e in campaign.encounters) or "none"  # made printable where it is said
    raise LookupError(f"{campaign.name} has no encounter {name!r}; its encounters: {names}")
