"""The bytes of a campaign file from each item's cached JSON, so a save serializes only what changed."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from crisis_desktop.domain.campaign import Campaign
from crisis_desktop.domain.common import DomainModel
from crisis_desktop.domain.limits import TooManyUnknownFields
from crisis_desktop.storage.campaign_file import first_problem
from crisis_desktop.storage.file_validation import validate_json
from crisis_desktop.storage.journal import COLLECTIONS

# An item of a top-level list sits two levels deep in the file (indent 2): four more spaces on every line.
_NESTED = b"\n    "


class UnsavableCampaign(ValueError):
    """The campaign in memory cannot be written in a form that loads again; nothing was written."""

    def __str__(self) -> str:
        return f"Not saved: {self.args[0]}; nothing was written"


@dataclass(frozen=True)
class CampaignPieces:
    """A campaign file as a sequence of byte strings to write one after another (`size` bytes in all)."""

    pieces: Sequence[bytes]
    size: int

    def joined(self) -> bytes:
        return b"".join(self.pieces)


class FragmentCache:
    """Each item of the campaign's lists (characters, encounters, battle maps, equipment) as the JSON the file
    holds for it, made and validated once, and again only after the item changed.

    Whoever changes the campaign calls invalidate() (or invalidate_all()) after each change: the journal
    does, for exactly what it journals. warm() fills the cache item by item and may run on another thread:
    one item's serialization holds the interpreter only briefly, and a fragment made while its item changed is
    dropped (a generation per item says so). pieces() runs where the campaign is changed (the UI thread):
    only items without a fragment are serialized then, and each list's pieces are kept from one save to the
    next with only the changed items' replaced, as long as no item came, went or moved (order_changed()).
    """

    def __init__(self, campaign: Campaign) -> None:
        self.campaign = campaign
        self._fragments: dict[str, dict[str, bytes]] = {name: {} for name in COLLECTIONS}
        self._generations: dict[str, dict[str, int]] = {name: {} for name in COLLECTIONS}
        self._epoch = 0
        self._lock = threading.Lock()
        # Each list's pieces as the last save made them, where each item sits in them, and the items changed since.
        self._bodies: dict[str, _Body | None] = {name: None for name in COLLECTIONS}

    def invalidate(self, name: str, ids: Iterable[str]) -> None:
        with self._lock:
            fragments, generations = self._fragments[name], self._generations[name]
            body = self._bodies[name]
            for key in ids:
                fragments.pop(key, None)
                generations[key] = generations.get(key, 0) + 1
                if body is not None:
                    if key in body.at:
                        body.changed.add(key)
                    else:
                        self._bodies[name] = body = None  # a new item: the list is made again

    def order_changed(self, name: str) -> None:
        """Items of that list came, went or moved."""
        self._bodies[name] = None

    def invalidate_all(self, campaign: Campaign | None = None) -> None:
        """Everything changed (the content replaced wholesale; `campaign`: by another object)."""
        with self._lock:
            if campaign is not None:
                self.campaign = campaign
            for name in COLLECTIONS:
                self._fragments[name].clear()
                self._bodies[name] = None
            self._epoch += 1

    def warm(self, stop: Callable[[], bool] = lambda: False) -> None:
        """Make the fragments missing, one item at a time, until done or `stop()` says so."""
        for name in COLLECTIONS:
            index = 0
            while not stop():
                with self._lock:
                    items = getattr(self.campaign, name)
                    if index >= len(items):
                        break
                    item = items[index]
                    key = item.id
                    known = key in self._fragments[name]
                    stamp = (self._epoch, self._generations[name].get(key, 0))
                index += 1
                if known:
                    continue
                try:
                    fragment = _fragment(item)
                except (UnsavableCampaign, ValueError):
                    continue  # said when saving
                with self._lock:
                    if stamp == (self._epoch, self._generations[name].get(key, 0)):
                        self._fragments[name][key] = fragment

    def pieces(self) -> CampaignPieces:
        """The whole file, byte for byte what campaign_file.campaign_bytes makes, as pieces; UnsavableCampaign
        (nothing written) if it would not load again."""
        campaign = self.campaign
        bodies: list[list[bytes]] = []
        runs: list[bytes] = []
        pending: list[str] = []

        def end_run() -> None:
            if pending:
                run = _scalar_run(campaign, pending)
                runs.append(run)
                bodies.append([run])
                pending.clear()

        for name in Campaign.model_fields:
            if name in COLLECTIONS:
                end_run()
                bodies.append(self._list(name))
            else:
                pending.append(name)
        end_run()
        _check_scalars(campaign, runs)
        pieces: list[bytes] = [b"{\n"]
        for i, body in enumerate(bodies):
            if i:
                pieces.append(b",\n")
            pieces += body
        pieces.append(b"\n}\n")
        return CampaignPieces(pieces, sum(map(len, pieces)))

    def _list(self, name: str) -> list[bytes]:
        items = getattr(self.campaign, name)
        if not items:
            return [f'  "{name}": []'.encode()]
        body, self._bodies[name] = self._bodies[name], None  # kept again only once brought up to date
        if body is not None and len(body.at) == len(items) and self._patch(name, items, body):
            self._bodies[name] = body
            return body.pieces
        ids = [item.id for item in items]
        if len(set(ids)) != len(ids):
            seen: set[str] = set()
            twice = next(key for key in ids if key in seen or seen.add(key))  # type: ignore[func-returns-value]
            raise UnsavableCampaign(f"two items of {name} share the id {twice}")
        fragments = self._fragments[name]
        made = [fragments.get(key) for key in ids]
        if None in made:
            for i, fragment in enumerate(made):
                if fragment is None:
                    made[i] = fragment = _fragment(items[i], f"{name}[{i}]")
                    with self._lock:
                        fragments[ids[i]] = fragment
        out: list[bytes] = [b""] * (2 * len(made) + 1)
        out[0] = f'  "{name}": [\n'.encode()
        out[1:-1:2] = made  # type: ignore[assignment]
        out[2:-1:2] = [b",\n"] * (len(made) - 1)
        out[-1] = b"\n  ]"
        self._bodies[name] = _Body(out, {key: i for i, key in enumerate(ids)}, set())
        return out

    def _patch(self, name: str, items: list[Any], body: _Body) -> bool:
        """Bring the list's kept pieces up to date with the items changed since; False if they cannot be."""
        with self._lock:
            changed, body.changed = body.changed, set()
        fragments = self._fragments[name]
        for key in changed:
            i = body.at[key]
            item = items[i]
            if item.id != key:
                return False
            fragment = fragments.get(key)
            if fragment is None:
                fragment = _fragment(item, f"{name}[{i}]")
                with self._lock:
                    fragments[key] = fragment
            body.pieces[1 + 2 * i] = fragment
        return True


@dataclass
class _Body:
    pieces: list[bytes]
    at: dict[str, int]
    changed: set[str]


def _fragment(item: DomainModel, where: str = "") -> bytes:
    """The item as the file holds it (indented, nested in its list), once it is known to load again."""
    raw = item.model_dump_json(indent=2).encode()
    try:
        validate_json(type(item), raw)
    except ValidationError as exc:
        field_path, message = first_problem(exc, item.model_dump(mode="json"))
        place = ".".join(p for p in (where, field_path) if p)
        raise UnsavableCampaign(f"{place + ': ' if place else ''}{message} (the file would not open again)") from None
    except TooManyUnknownFields as exc:
        raise UnsavableCampaign(f"{where}: {exc}") from None
    return b"    " + raw.replace(b"\n", _NESTED)


def _scalar_run(campaign: Campaign, names: list[str]) -> bytes:
    """Consecutive fields of the campaign itself, as lines of the file (without the braces around them)."""
    dumped = campaign.model_dump_json(indent=2, include=set(names)).encode()
    return dumped[2:-2]  # "{\n" ... "\n}"


def _check_scalars(campaign: Campaign, runs: list[bytes]) -> None:
    """The campaign's own fields load again (a dict changed in place bypasses the model's checks)."""
    try:
        validate_json(Campaign, b"{\n" + b",\n".join(runs) + b"\n}")
    except ValidationError as exc:
        field_path, message = first_problem(exc, campaign.model_dump(mode="json", exclude=set(COLLECTIONS)))
        raise UnsavableCampaign(f"{field_path + ': ' if field_path else ''}{message} (the file would not "
                                "open again)") from None
