"""Validating a campaign read from a file: the domain's own validator, with a budget for unknown fields.

The domain's schemas are hardened (domain/limits.py): lists and dicts stop at their first bad item and
numbers are bounded. What only a file needs is the budget: past UNKNOWN_FIELDS_LIMIT unknown fields the
validation stops with TooManyUnknownFields instead of listing millions of them.
"""

from __future__ import annotations

from typing import TypeVar

from crisis_desktop.domain.common import DomainModel
from crisis_desktop.domain.limits import unknown_fields_budget

M = TypeVar("M", bound=DomainModel)


def validate_python(model: type[M], data: object) -> M:
    """`model` from plain data (parsed JSON); ValidationError or TooManyUnknownFields if it is not one."""
    return model.model_validate(data, context=unknown_fields_budget())


def validate_json(model: type[M], raw: bytes) -> M:
    """`model` straight from JSON bytes; ValidationError or TooManyUnknownFields if they are not one."""
    return model.model_validate_json(raw, context=unknown_fields_budget())
