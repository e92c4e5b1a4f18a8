"""The recovery journal: the changes since the last save as JSON lines, replayed onto the saved file."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from crisis_desktop.domain.campaign import Campaign
from crisis_desktop.storage.atomic import atomic_copy_file, atomic_write_bytes, fsync_folder
from crisis_desktop.storage.campaign_file import (
    MAX_CAMPAIGN_BYTES,
    CampaignFileError,
    parse_campaign_data,
    parse_json_object,
    read_limited,
)
from crisis_desktop.storage.migrations import MigrationError, migrate, upgrade_old_maps
from crisis_desktop.storage.running_marks import RunningMark

JOURNAL_SUFFIX = ".journal"
FORMAT = 1
# The campaign's lists whose items (each with an id) a journal line writes one by one.
COLLECTIONS = ("characters", "encounters", "battle_maps", "equipment")
# An instance's name in a journal's: this many hex digits.
INSTANCE_DIGITS = 8


class JournalFull(OSError):
    """Appending would make the journal larger than the limit every campaign file has."""


def journal_name(original: Path, instance: str | None = None) -> str:
    """The journal's file name for the campaign file at the absolute path `original`: its stem and a digest of
    the whole path, so finding a campaign's journal never reads one, then the instance writing it (each window
    has its own journal; earlier versions wrote one without)."""
    digest = hashlib.sha256(str(original).encode()).hexdigest()[:8]
    return f"{original.stem}-{digest}{'-' + instance if instance else ''}{JOURNAL_SUFFIX}"


def journals_of(folder: Path, original: Path) -> list[Path]:
    """Every journal of the campaign file at `original` in `folder`, whatever instance wrote it (found by name)."""
    plain = journal_name(original)
    stem = plain.removesuffix(JOURNAL_SUFFIX)
    pattern = f"{_glob_escape(stem)}-{'[0-9a-f]' * INSTANCE_DIGITS}{JOURNAL_SUFFIX}"
    return sorted([*Path(folder).glob(pattern), *([Path(folder) / plain] if (Path(folder) / plain).exists() else [])])


def new_instance() -> str:
    """A fresh instance name: what tells one window's journal from another's."""
    return os.urandom(INSTANCE_DIGITS // 2).hex()


def entry_line(seq: int, fields: bytes | None = None, put: Mapping[str, Sequence[bytes]] | None = None,
               order: Mapping[str, Sequence[str]] | None = None,
               logs: Mapping[str, tuple[int, Sequence[bytes]]] | None = None,
               tokens: Mapping[str, Sequence[bytes]] | None = None,
               combatants: Mapping[str, tuple[Sequence[str] | None, Sequence[bytes]]] | None = None) -> bytes:
    """One journal line, from JSON fragments (each object's model_dump_json):

    `fields` the campaign's own fields that changed (a JSON object); `put` the objects written whole, by list
    (an encounter without its "log" or "combatants" keeps those it had, as `logs` and `combatants` change
    them); `order` each list's ids where items came, went or moved; `logs` for an encounter id, how many
    entries of its log stay and the entries after them (logs only grow or lose their last entries); `tokens` a
    battle map's tokens, the rest of it unchanged; `combatants` for an encounter id, its combatants' ids in
    order where they came, went or moved (else None) and the combatants written whole.
    """
    parts = [b'{"n":%d' % seq]
    if fields is not None:
        parts.append(b',"fields":' + fields)
    if put:
        parts.append(b',"put":' + _object({name: b"[" + b",".join(items) + b"]" for name, items in put.items()}))
    if order:
        parts.append(b',"order":' + json.dumps(order, separators=(",", ":")).encode())
    if logs:
        parts.append(b',"logs":' + _object({key: b"[%d,[" % kept + b",".join(added) + b"]]"
                                            for key, (kept, added) in logs.items()}))
    if tokens:
        parts.append(b',"tokens":' + _object({key: b"[" + b",".join(items) + b"]" for key, items in tokens.items()}))
    if combatants:
        parts.append(b',"combatants":' + _object({
            key: b"[" + json.dumps(ids).encode() + b",[" + b",".join(written) + b"]]"
            for key, (ids, written) in combatants.items()}))
    parts.append(b"}\n")
    return b"".join(parts)


def _object(members: Mapping[str, bytes]) -> bytes:
    return b"{" + b",".join(json.dumps(key).encode() + b":" + value for key, value in members.items()) + b"}"


def snapshot_line(seq: int, campaign: Campaign) -> bytes:
    """A journal line holding the whole campaign (no saved file needed to recover it)."""
    return b'{"n":%d,"campaign":%s}\n' % (seq, campaign.model_dump_json().encode())


class Journal:
    """The append-only journal of one campaign in one window: `<recovery>/<stem>-<digest>-<instance>.journal`.

    Its first line names the campaign file and the copy of that file (a hard link where the disk allows,
    made when the journal starts) the changes apply to; each further line is one change, written with a
    single flushed write as it happens. A line cut short by a crash is ignored when read. While it exists its
    mark (storage/running_marks.py) says that its instance runs.
    """

    def __init__(self, folder: Path, original: Path, *, max_bytes: int = MAX_CAMPAIGN_BYTES,
                 instance: str | None = None) -> None:
        self.folder = Path(folder)
        self.original = absolute(original)
        self.path = self.folder / journal_name(self.original, instance)
        self.running_mark = RunningMark(self.path)
        self.max_bytes = max_bytes
        self.seq = 0
        self.started = False
        # How copies of saved files no longer needed are removed: at once by default; the window hands them to
        # another thread (removing the last name of a large file frees its blocks, which takes milliseconds).
        self.remove_files: Callable[[list[Path]], None] = _remove_files
        self._size = 0

    def restart(self, base: Path | None, lines: Iterable[bytes] = ()) -> None:
        """Begin again (after a save: compaction) from the campaign file `base` as it is now (None: `lines`
        begin with a snapshot_line), keeping `lines` (changes made since the version saved); replaces the
        previous journal atomically, so a crash at any moment leaves one that recovers everything."""
        self.folder.mkdir(parents=True, exist_ok=True)
        self.running_mark.take()
        base_name = None
        if base is not None:
            base_name = f"{self.path.name}.base-{os.urandom(4).hex()}"
            _link_or_copy(Path(base), self.folder / base_name)
        header = json.dumps({"journal_of": str(self.original), "base": base_name, "format": FORMAT,
                             "started": datetime.now(UTC).isoformat()}, ensure_ascii=False).encode() + b"\n"
        data = header + b"".join(lines)
        if len(data) > self.max_bytes:
            raise JournalFull(f"the unsaved changes would take {len(data):,} bytes, more than the limit of "
                              f"{self.max_bytes:,} bytes; save the campaign")
        try:
            atomic_write_bytes(self.path, data)
        except BaseException:
            if base_name is not None:
                with contextlib.suppress(OSError):
                    (self.folder / base_name).unlink()
            raise
        self.started, self._size = True, len(data)
        self._remove_bases(keep=base_name)

    def append(self, line: bytes) -> None:
        """Write one change (a line of entry_line or snapshot_line) in one write; durable against the app
        being killed once this returns. A failed write leaves the journal as it was (JournalFull, OSError)."""
        if not self.started:
            raise RuntimeError("the journal was not started")
        if self._size + len(line) > self.max_bytes:
            raise JournalFull(f"the journal of unsaved changes reached the limit of {self.max_bytes:,} bytes; "
                              "save the campaign")
        # Opened for each line (some microseconds): nothing stays open between changes.
        fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | getattr(os, "O_BINARY", 0))
        try:
            view, written = memoryview(line), 0
            while written < len(line):
                written += os.write(fd, view[written:])
        except BaseException:
            with contextlib.suppress(OSError):
                os.ftruncate(fd, self._size)  # never leave half a line before the next one
            raise
        finally:
            os.close(fd)
        self._size += len(line)

    def next_seq(self) -> int:
        self.seq += 1
        return self.seq

    def sync(self) -> None:
        """Make what was written durable against a power cut too (fsync)."""
        if self.started:
            # O_NONBLOCK: were the journal replaced by a FIFO, opening it must not wait for a writer.
            fd = os.open(self.path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
            try:
                os.fsync(fd)
            finally:
                os.close(fd)

    def discard(self) -> None:
        """Remove the journal and its copy of the saved file (saved, or the GM declined the changes)."""
        self.started = False
        try:
            with contextlib.suppress(FileNotFoundError):
                self.path.unlink()
            self._remove_bases(keep=None)
        finally:
            self.running_mark.release()

    def close(self) -> None:
        """Stop writing; the journal stays on disk (what the next start offers if it holds changes)."""
        self.started = False
        self.running_mark.release()

    def _remove_bases(self, keep: str | None) -> None:
        if not self.folder.is_dir():
            return
        # Each base has a name of its own (never reused), so removing one later cannot touch a newer one.
        bases = [base for base in self.folder.glob(f"{_glob_escape(self.path.name)}.base-*") if base.name != keep]
        if bases:
            self.remove_files(bases)


def _remove_files(files: list[Path]) -> None:
    for file in files:
        with contextlib.suppress(OSError):
            file.unlink()


@dataclass(frozen=True)
class JournalContents:
    """What a journal file holds: its header and its complete change lines (a torn last line left out)."""

    file: Path
    original: Path
    base: Path | None
    lines: list[dict[str, Any]]


def read_journal(file: Path, max_bytes: int = MAX_CAMPAIGN_BYTES) -> JournalContents:
    """The header and changes of a journal; CampaignFileError if it is not one or a line before the last is
    damaged. A last line without its newline (the app was killed writing it) is ignored."""
    raw = read_limited(file, max_bytes)
    *complete, _torn = raw.split(b"\n")
    if not complete:
        raise CampaignFileError(file, "not a journal (no complete first line)")
    try:
        header = json.loads(complete[0])
    except (ValueError, RecursionError):
        raise CampaignFileError(file, "not a journal (the first line is not JSON)") from None
    if not isinstance(header, dict) or not isinstance(header.get("journal_of"), str) \
            or not isinstance(header.get("base"), (str, type(None))):
        raise CampaignFileError(file, "not a journal (journal_of or base missing)")
    if header.get("format") != FORMAT:
        raise CampaignFileError(file, f"a journal of another format ({header.get('format')!r}), written by "
                                      "another version of Crisis Desktop")
    lines = []
    for number, line in enumerate(complete[1:], start=2):
        try:
            entry = json.loads(line)
        except ValueError:
            entry = None
        except RecursionError:  # nested deeper than Python parses; nothing this build writes
            raise CampaignFileError(file, f"line {number} is damaged (nested too deeply)") from None
        if not isinstance(entry, dict):
            raise CampaignFileError(file, f"line {number} is damaged")
        lines.append(entry)
    base = header["base"]
    if base is not None and (Path(base).name != base or not base.startswith(file.name)):
        raise CampaignFileError(file, f"the saved copy it names is not one of its own: {base!r}")
    return JournalContents(file, Path(header["journal_of"]), file.with_name(base) if base else None, lines)


def replay(contents: JournalContents, max_bytes: int = MAX_CAMPAIGN_BYTES) -> Campaign:
    """The campaign the journal leads to: its saved copy with every change applied in order, validated as a
    file is. CampaignFileError (naming the journal) if that is not a campaign."""
    state: dict[str, Any] | None = None
    if contents.base is not None:
        base_data = parse_json_object(read_limited(contents.base, max_bytes), contents.base)
        try:
            state = migrate(base_data)
        except MigrationError as exc:
            raise CampaignFileError(contents.base, exc.message, exc.field_path) from None
    replayed = _Replay(contents.file, state)
    for entry in contents.lines:
        replayed.apply(entry)
    return replayed.campaign()


class _Replay:
    """A campaign as a journal's changes leave it, one change after another: its fields (`state`), and each of its
    lists as items by id and their order."""

    def __init__(self, file: Path, state: dict[str, Any] | None) -> None:
        self.file = file
        self.state = state
        self.items: dict[str, dict[str, Any]] = {}
        self.order: dict[str, list[Any]] = {}
        if state is not None:
            self._start_from(state)

    def _start_from(self, data: dict[str, Any]) -> None:
        self.items.clear()
        self.order.clear()
        for name in COLLECTIONS:
            listed = data.get(name, [])
            if not isinstance(listed, list):
                raise CampaignFileError(self.file, f"{name} is not a list")
            self.items[name] = {_id_of(item, self.file): item for item in listed}
            self.order[name] = [_id_of(item, self.file) for item in listed]

    def _damaged(self, entry: dict[str, Any], what: str) -> CampaignFileError:
        return CampaignFileError(self.file, f"change {entry.get('n')}{what}")

    def apply(self, entry: dict[str, Any]) -> None:
        """One line of the journal: a whole campaign to start again from, or a change."""
        if "campaign" in entry:
            if not isinstance(entry["campaign"], dict):
                raise self._damaged(entry, " holds no campaign")
            self.state = dict(entry["campaign"])
            self._start_from(self.state)
            return
        if self.state is None:
            raise CampaignFileError(self.file, "its copy of the saved campaign is missing")
        parts = [entry.get(part, {}) for part in ("fields", "put", "order", "logs", "tokens", "combatants")]
        if not all(isinstance(part, dict) for part in parts):
            raise self._damaged(entry, " is damaged")
        fields, put, new_order, logs, tokens, fighters = parts
        self.state.update({k: v for k, v in fields.items() if k not in COLLECTIONS})
        self._put(entry, put)
        self._logs(entry, logs)
        self._combatants(entry, fighters)
        self._tokens(entry, tokens)
        self._order(entry, new_order)

    def _put(self, entry: dict[str, Any], put: dict[str, Any]) -> None:
        """Items written whole (a new one goes at the end of its list; an encounter written without its log or its
        combatants keeps those it had)."""
        for name, objects in put.items():
            if name not in self.items or not isinstance(objects, list):
                raise self._damaged(entry, f" names no list of the campaign: {name!r}")
            items = self.items[name]
            for obj in objects:
                key = _id_of(obj, self.file)
                if key not in items:
                    self.order[name].append(key)
                if name == "encounters":
                    for kept in ("log", "combatants"):
                        if kept not in obj:
                            obj[kept] = items.get(key, {}).get(kept, [])
                items[key] = obj

    def _logs(self, entry: dict[str, Any], logs: dict[str, Any]) -> None:
        for key, delta in logs.items():
            encounter = self.items["encounters"].get(key)
            if encounter is None or not _is_log_delta(delta, encounter.get("log")):
                raise self._damaged(entry, ": a log change that does not fit its encounter")
            encounter["log"] = encounter["log"][:delta[0]] + delta[1]

    def _combatants(self, entry: dict[str, Any], fighters: dict[str, Any]) -> None:
        file = self.file
        for key, delta in fighters.items():
            encounter = self.items["encounters"].get(key)
            if encounter is None or not _is_combatants_delta(delta, encounter.get("combatants")):
                raise self._damaged(entry, ": combatants that do not fit their encounter")
            by_id = {_id_of(c, file): c for c in encounter["combatants"]}
            by_id.update({_id_of(c, file): c for c in delta[1]})
            ids = delta[0] if delta[0] is not None else [_id_of(c, file) for c in encounter["combatants"]]
            if not all(isinstance(i, str) and i in by_id for i in ids):
                raise self._damaged(entry, ": a combatant it never wrote")
            encounter["combatants"] = [by_id[i] for i in ids]

    def _tokens(self, entry: dict[str, Any], tokens: dict[str, Any]) -> None:
        for key, listed in tokens.items():
            battle_map = self.items["battle_maps"].get(key)
            if battle_map is None or not isinstance(listed, list):
                raise self._damaged(entry, ": tokens of a map it does not have")
            battle_map["tokens"] = listed

    def _order(self, entry: dict[str, Any], new_order: dict[str, Any]) -> None:
        for name, ids in new_order.items():
            if name not in self.items or not isinstance(ids, list):
                raise self._damaged(entry, f" names no list of the campaign: {name!r}")
            self.order[name] = ids

    def campaign(self) -> Campaign:
        """The campaign the changes lead to, validated as a file is."""
        state = self.state
        if state is None:
            raise CampaignFileError(self.file, "its copy of the saved campaign is missing")
        for name in COLLECTIONS:
            try:
                state[name] = [self.items[name][key] for key in self.order[name]]
            except (KeyError, TypeError):
                raise CampaignFileError(self.file, f"{name}: the order names an item it never wrote") from None
        try:
            state["battle_maps"] = upgrade_old_maps(state["battle_maps"])
        except MigrationError as exc:
            raise CampaignFileError(self.file, exc.message, exc.field_path) from None
        return parse_campaign_data(state, self.file)


def absolute(path: Path) -> Path:
    """The one name of a campaign file: reached through a symlink or a relative path it is the same file."""
    return Path(path).resolve()


def _is_log_delta(delta: Any, log: Any) -> bool:
    return (isinstance(delta, list) and len(delta) == 2 and isinstance(delta[0], int) and isinstance(delta[1], list)
            and isinstance(log, list) and 0 <= delta[0] <= len(log))


def _is_combatants_delta(delta: Any, combatants: Any) -> bool:
    return (isinstance(delta, list) and len(delta) == 2 and isinstance(delta[0], (list, type(None)))
            and isinstance(delta[1], list) and isinstance(combatants, list))


def _id_of(item: Any, file: Path) -> str:
    key = item.get("id") if isinstance(item, dict) else None
    if not isinstance(key, str):
        raise CampaignFileError(file, "an item without an id")
    return key


def _link_or_copy(source: Path, target: Path) -> None:
    """`target` holds what `source` holds now and keeps it when `source` is replaced: a hard link (saves
    replace the campaign file by renaming a new one over it, so the link keeps the old version), or a copy
    where links cannot be made (another disk)."""
    with contextlib.suppress(FileNotFoundError):
        target.unlink()
    try:
        os.link(os.path.realpath(source), target)
    except OSError:
        atomic_copy_file(source, target)
        return
    fsync_folder(target.parent)


def _glob_escape(name: str) -> str:
    return "".join(f"[{c}]" if c in "*?[" else c for c in name)
