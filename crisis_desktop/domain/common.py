"""Shared base model and helpers for the domain models."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Annotated, Any, Protocol, TypeVar

from pydantic import BaseModel, ConfigDict, Field, GetCoreSchemaHandler
from pydantic_core import CoreSchema

from crisis_desktop.domain.limits import KEY_MAX, PATH_MAX, harden

# Free text (notes, GM notes, a condition's note) holds at most this many characters: some fifty pages, more
# than notes need, and little enough that showing, editing and printing them stays quick.
NOTES_MAX = 100_000
# A short word: a tag, a condition's or a group's key, a kind of log entry, a player's name.
Word = Annotated[str, Field(max_length=KEY_MAX)]
# Where a file is (a portrait, a map's background).
FilePath = Annotated[str, Field(max_length=PATH_MAX)]


def new_id() -> str:
    """A fresh opaque identifier (32 hex characters)."""
    return uuid.uuid4().hex


def utc_now() -> datetime:
    """The current time, timezone-aware, in UTC (to the second, so saved files stay readable)."""
    return datetime.now(UTC).replace(microsecond=0)


class DomainModel(BaseModel):
    """Base of every persisted model.

    Unknown fields are refused so that a typo in a hand-edited file is reported rather than silently
    dropped; assignments are validated so that a command can never store an ill-typed value; floats
    must be finite (JSON cannot hold inf or nan, pydantic would write null), and every schema is hardened
    (limits.py: numbers bounded, validation stopped early). Validators are built on first use rather than
    at import (deferred), which keeps start-up short.
    """

    # A non-finite float that got in anyway (a dict changed in place) is written as Infinity or NaN, which no
    # load accepts, rather than as null, which would silently load as "no value": storage reads every save
    # back before it replaces the file, and so refuses to write it.
    model_config = ConfigDict(extra="forbid", validate_assignment=True, defer_build=True, allow_inf_nan=False,
                              ser_json_inf_nan="constants")

    @classmethod
    def __get_pydantic_core_schema__(cls, source: type[BaseModel], handler: GetCoreSchemaHandler) -> CoreSchema:
        schema = handler(source)
        harden(schema)
        return schema


class _Identified(Protocol):
    @property
    def id(self) -> str: ...


_T = TypeVar("_T", bound=_Identified)


class IdIndex(dict[str, Any]):
    """Where the items of a list stand, by id: a cache kept beside the list (in a model's private attributes), never
    part of what the model is: two models with the same fields are equal whatever their indexes hold."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, IdIndex)

    def __ne__(self, other: object) -> bool:
        return not isinstance(other, IdIndex)

    __hash__ = None


def find_by_id(items: Sequence[_T], index: dict[str, int], wanted: str) -> _T | None:
    """The first item of `items` whose id is `wanted`, or None, through `index` (id -> position, kept by the caller
    beside the list and mended here). A hit is checked against the list, so an index that a change of the list left
    stale is never believed; a miss rebuilds the index from the list. Lookups in long lists (a campaign's characters,
    a big encounter's combatants) cost one dictionary look-up instead of a scan."""
    at = index.get(wanted)
    if at is not None and at < len(items) and items[at].id == wanted:
        return items[at]
    index.clear()
    for position, item in enumerate(items):
        index.setdefault(item.id, position)
    at = index.get(wanted)
    return items[at] if at is not None else None


def private(model: BaseModel, name: str) -> Any:
    """A private attribute's value, read from pydantic's store directly: `model._name` goes through pydantic's
    `__getattr__`, some thirty times slower, which counts in look-ups made thousands of times a step."""
    store = model.__pydantic_private__
    assert store is not None, f"{type(model).__name__} has no private attributes"
    return store[name]
