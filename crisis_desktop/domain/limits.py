"""What every domain model refuses, so that refusing a file costs about as much as reading it.

pydantic reports every error it finds: a list of a million numbers where characters belong made a
million errors (seconds of work, over a gigabyte of memory) to report the first one. The schema of every
domain model is therefore hardened once, when it is built: each list and dict stops at its first bad item,
unknown fields are counted and a validation given a budget (`unknown_fields_budget()` as its context) stops
after UNKNOWN_FIELDS_LIMIT of them, and every number is bounded by MAX_NUMBER unless its field says less.

Every string, list and mapping is bounded too unless its field says less (TEXT_MAX characters, LIST_MAX items,
ENTRIES_MAX entries whose keys hold at most KEY_MAX characters). A bound on a string also refuses a lone surrogate
("\\ud800", which Import character or a hand-made dict could carry): pydantic-core must turn the text into UTF-8
to measure it, and it cannot, so such a value is refused where it enters rather than failing every later save.
"""

from __future__ import annotations

import math
from typing import Any

from pydantic_core import PydanticCustomError, core_schema

# The largest number (either sign) a campaign holds anywhere: far beyond any sheet, round or map, and
# within the 32-bit integers Qt's widgets take (a larger one raised OverflowError in the window).
MAX_NUMBER = 1_000_000_000
# The longest text anywhere (notes, a log line, a stat's text): some fifty pages.
TEXT_MAX = 100_000
# The longest key of a mapping (a stat, a status, a resource, a rule option) and of short words held in lists.
KEY_MAX = 200
# The longest path of a file a campaign points at (a portrait, a background): Linux's PATH_MAX.
PATH_MAX = 4096
# The most entries of a mapping (a sheet's stats, the rule options) and items of a list (the cells of the largest
# map, 1000 x 1000, are the most any list holds).
ENTRIES_MAX = 1_000
LIST_MAX = 1_000_000
# How deep free-form JSON data (an encounter's flow) may nest: far beyond what any flow writes (3 or 4), well
# within what the JSON writer and reader take (a flow nested 255 deep could be opened but never saved).
JSON_DEPTH_MAX = 32
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
        node.setdefault("max_length", ENTRIES_MAX if kind == "dict" else LIST_MAX)
        keys = node.get("keys_schema")
        if isinstance(keys, dict) and keys.get("type") == "str":
            keys.setdefault("max_length", KEY_MAX)
    elif kind == "str":
        node.setdefault("max_length", TEXT_MAX)
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


def check_json_data(value: Any) -> None:
    """ValueError naming the place (``order[2]``) of the first thing in free-form JSON data (`value`, lists and
    dicts nested no deeper than JSON_DEPTH_MAX) that a campaign cannot hold: a number not finite or beyond
    MAX_NUMBER, a text that cannot be written (a lone surrogate) or longer than TEXT_MAX, a key longer than
    KEY_MAX. For free-form JSON fields, which pydantic does not look into.

    A loop, not recursion: a file may nest lists as deep as the JSON parser allows. Plain values are checked where
    they stand and only containers are queued; a place is spelled out only for the message (a list of a million
    ids costs about what reading it did, not a path string each).
    """
    if not isinstance(value, (dict, list)):
        _check_plain(value)
        return
    places: list[tuple[int, str | int]] = [(-1, "")]       # (the place of the container, the key in it)
    pending: list[tuple[Any, int, int]] = [(value, 0, 0)]   # (container, its place, its depth)
    while pending:
        item, place, depth = pending.pop()
        if depth > JSON_DEPTH_MAX:
            raise ValueError(f"{_where(places, place) or 'the value'}: nested more than {JSON_DEPTH_MAX} levels deep")
        entries = item.items() if isinstance(item, dict) else enumerate(item)
        nested: list[tuple[Any, int, int]] = []
        for key, entry in entries:
            if type(key) is not int:
                problem = text_problem(str(key), KEY_MAX)
                if problem:
                    where = _where(places, place)
                    raise ValueError(f"{where}.{key!s:.40}: {problem}" if where else f"{key!s:.40}: {problem}")
            kind = type(entry)
            if kind is str:
                if len(entry) > TEXT_MAX or not entry.isascii():
                    problem = text_problem(entry, TEXT_MAX)
                    if problem:
                        raise ValueError(f"{_where(places, _place(places, place, key))}: {problem}")
            elif kind is dict or kind is list or isinstance(entry, (dict, list)):
                nested.append((entry, _place(places, place, key), depth + 1))
            elif isinstance(entry, (int, float)) and not isinstance(entry, bool):
                problem = number_problem(entry)
                if problem:
                    raise ValueError(f"{_where(places, _place(places, place, key)) or 'the value'}: {problem}")
        pending += reversed(nested)


def _check_plain(value: Any) -> None:
    if isinstance(value, str):
        _check_text(value, "", TEXT_MAX)
    elif isinstance(value, (int, float)) and not isinstance(value, bool):
        problem = number_problem(value)
        if problem:
            raise ValueError(f"the value: {problem}")


def _place(places: list[tuple[int, str | int]], parent: int, key: str | int) -> int:
    places.append((parent, key))
    return len(places) - 1


def _where(places: list[tuple[int, str | int]], place: int) -> str:
    """The path of a place, as ``order[2].note``."""
    parts: list[str | int] = []
    while place > 0:
        place, key = places[place]
        parts.append(key)
    text = ""
    for key in reversed(parts):
        text += f"[{key}]" if isinstance(key, int) else (f".{key}" if text else str(key))
    return text


def number_problem(value: float) -> str | None:
    """Why a number cannot be held by a campaign (not finite, beyond MAX_NUMBER); None when it can."""
    if isinstance(value, float) and not math.isfinite(value):
        return f"{value} is not a number a campaign can hold (Infinity and NaN are refused)"
    if abs(value) > MAX_NUMBER:
        return f"out of range ({shown_number(value)}): numbers in a campaign go from {-MAX_NUMBER:,} to {MAX_NUMBER:,}"
    return None


def text_problem(text: str, limit: int = TEXT_MAX) -> str | None:
    """Why a text cannot be held by a campaign (a lone surrogate, longer than `limit`); None when it can."""
    if len(text) > limit:
        return f"at most {limit:,} characters, not {len(text):,}"
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError as exc:
            return (f"holds {text[exc.start]!r} at character {exc.start + 1}, half of a character that cannot be "
                    "written to a file")
    return None


def _check_text(text: str, where: str, limit: int) -> None:
    problem = text_problem(text, limit)
    if problem:
        raise ValueError(f"{where or 'the value'}: {problem}")


def shown_number(value: float) -> str:
    """A number as a message shows it: "3,000,000,000", "1e+400", or its count of digits when very long."""
    if isinstance(value, float):
        return f"{value:.3g}"
    if abs(value) < 10**15:
        return f"{value:,}"
    # str() refuses ints past 4,300 digits (sys.get_int_max_str_digits): count them from the bits.
    return f"a number of about {int(abs(value).bit_length() * 0.30103) + 1:,} digits"


def plain_reason(error: Any) -> str:
    """A pydantic error (one item of ValidationError.errors()) in plain words, without its place."""
    ctx = error.get("ctx") or {}
    bound = ctx.get("le", ctx.get("ge"))
    if error["type"] in ("less_than_equal", "greater_than_equal") and bound in (MAX_NUMBER, -MAX_NUMBER):
        return (f"out of range ({shown_number(error['input'])}): numbers in a campaign go from {-MAX_NUMBER:,} "
                f"to {MAX_NUMBER:,}")
    if error["type"] == "finite_number":
        return f"{error['input']} is not a number a campaign can hold (Infinity and NaN are refused)"
    if error["type"] == "string_unicode":
        return text_problem(str(error["input"])) or "a text that cannot be written to a file"
    return str(error["msg"]).removeprefix("Value error, ")
