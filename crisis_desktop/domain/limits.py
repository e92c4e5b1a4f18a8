"""What every domain model refuses, so that refusing a file costs about as much as reading it.

pydantic reports every error it finds: a list of a million numbers where characters belong made a
million errors (seconds of work, over a gigabyte of memory) to report the first one. The schema of every
domain model is therefore hardened once, when it is built: each list and dict stops at its first bad item,
unknown fields are counted and a validation given a budget (`unknown_fields_budget()` as its context) stops
after UNKNOWN_FIELDS_LIMIT of them, and every number is bounded by MAX_NUMBER unless its field says less.
"""

from __future__ import annotations

import math
from typing import Any

from pydantic_core import PydanticCustomError, core_schema

# The largest number (either sign) a campaign holds anywhere: far beyond any sheet, round or map, and
# within the 32-bit integers Qt's widgets take (a larger one raised OverflowError in the window).
MAX_NUMBER = 1_000_000_000
# Unknown fields reported one by one up to this many; past it a validation with a budget gives up.
UNKNOWN_FIELDS_LIMIT = 20

_CONTAINERS = {"list", "dict", "tuple", "set", "frozenset"}
_BUDGET_KEY = "unknown_fields"


class TooManyUnknownFields(Exception):
    """More than UNKNOWN_FIELDS_LIMIT fields no model has: not data of ours. `first` names the first one."""

    def __init__(self, first: str) -> None:
        super().__init__(f"more than {UNKNOWN_FIELDS_LIMIT} fields this version does not know "
                         f"(the first: {first!r})")
        self.first = first


def unknown_fields_budget() -> dict[str, Any]:
    """The validation context that stops a validation at too many unknown fields (a fresh one per call)."""
    return {_BUDGET_KEY: []}


def harden(node: Any) -> None:
    """Make a core schema stop early and bound its numbers, in place (see the module docstring)."""
    if isinstance(node, list):
        for item in node:
            harden(item)
        return
    if not isinstance(node, dict):
        return
    kind = node.get("type")
    if kind in _CONTAINERS:
        node["fail_fast"] = True
    elif kind in ("int", "float"):
        if "le" not in node and "lt" not in node:
            node["le"] = MAX_NUMBER
        if "ge" not in node and "gt" not in node:
            node["ge"] = -MAX_NUMBER
    elif kind == "model":
        fields = node.get("schema", {})
        forbid = fields.get("extra_behavior", node.get("config", {}).get("extra_fields_behavior")) == "forbid"
        if fields.get("type") == "model-fields" and forbid:
            # An unknown field is counted by a validator of the extra keys and refused by one of their values
            # (also when assigned); only "allow" lets them run. None lets a field through, so a model still
            # holds no extras.
            fields["extra_behavior"] = "allow"
            fields["extras_keys_schema"] = core_schema.with_info_plain_validator_function(_note_unknown_field)
            fields["extras_schema"] = core_schema.with_info_plain_validator_function(_refuse_unknown_field)
            # The serializer reads the model's config: it must expect the (always empty) extras too.
            node["config"] = {**node.get("config", {}), "extra_fields_behavior": "allow"}
    for value in node.values():
        harden(value)


def _budget(info: core_schema.ValidationInfo) -> list[str] | None:
    context = info.context
    seen = context.get(_BUDGET_KEY) if isinstance(context, dict) else None
    return seen if isinstance(seen, list) else None


def _note_unknown_field(key: Any, info: core_schema.ValidationInfo) -> Any:
    seen = _budget(info)
    if seen is not None:
        seen.append(str(key))
    return key


def _refuse_unknown_field(value: Any, info: core_schema.ValidationInfo) -> Any:
    seen = _budget(info)
    if seen is not None and len(seen) > UNKNOWN_FIELDS_LIMIT:
        raise TooManyUnknownFields(seen[0])
    raise PydanticCustomError("extra_forbidden", "Extra inputs are not permitted")


def check_json_numbers(value: Any) -> None:
    """ValueError naming the place (``order[2]``) of the first number in `value` (nested in lists and dicts)
    that is not finite or beyond MAX_NUMBER. For free-form JSON fields, which pydantic does not look into.

    A loop, not recursion: a file may nest lists as deep as the JSON parser allows."""
    pending: list[tuple[Any, str]] = [(value, "")]
    while pending:
        item, where = pending.pop()
        if isinstance(item, dict):
            pending += [(v, f"{where}.{k}" if where else str(k)) for k, v in reversed(item.items())]
        elif isinstance(item, list):
            pending += [(v, f"{where}[{i}]") for i, v in reversed(list(enumerate(item)))]
        elif isinstance(item, (int, float)) and not isinstance(item, bool):
            if isinstance(item, float) and not math.isfinite(item):
                raise ValueError(f"{where or 'the value'}: {item} is not a number a campaign can hold (Infinity and "
                                 "NaN are refused)")
            if abs(item) > MAX_NUMBER:
                raise ValueError(f"{where or 'the value'}: out of range; numbers here go from {-MAX_NUMBER:,} "
                                 f"to {MAX_NUMBER:,}")
