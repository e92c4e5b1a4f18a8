"""Shared base model and helpers for the domain models."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime

from pydantic import BaseModel, ConfigDict

# Free text (notes, GM notes, a condition's note) holds at most this many characters: some fifty pages, more
# than notes need, and little enough that showing, editing and printing them stays quick.
NOTES_MAX = 100_000


def new_id() -> str:
    """A fresh opaque identifier (32 hex characters)."""
    return uuid.uuid4().hex


def utc_now() -> datetime:
    """The current time, timezone-aware, in UTC (to the second, so saved files stay readable)."""
    return datetime.now(UTC).replace(microsecond=0)


class DomainModel(BaseModel):
    """Base of every persisted model.

    Unknown fields are refused so that a typo in a hand-edited file is reported rather than silently
    dropped; assignments are validated so that a command can never store an ill-typed value.
    Validators are built on first use rather than at import (deferred), which keeps start-up short.
    """

    model_config = ConfigDict(extra="forbid", validate_assignment=True, defer_build=True)
