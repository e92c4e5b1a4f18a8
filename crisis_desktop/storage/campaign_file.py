"""Reading and writing one campaign file: size check, JSON, migrations, validation, clear errors."""

from __future__ import annotations

import contextlib
import gc
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from crisis_desktop.domain.campaign import SCHEMA_VERSION, Campaign
from crisis_desktop.domain.limits import MAX_NUMBER, TooManyUnknownFields, plain_reason
from crisis_desktop.storage.file_validation import validate_json, validate_python
from crisis_desktop.storage.migrations import MigrationError, migrate
from crisis_desktop.storage.regular_files import FileTooLarge, NotARegularFile, read_regular_file

# The one limit on the size of a campaign file, a recovery journal and the copy a journal replays onto: checked
# before writing as well as before reading, so nothing is written that would not be read again. 10,000
# characters take about 31 MB and 50,000 about 150 MB; anything larger than this is not one of ours, and reading
# it whole could exhaust memory.
MAX_CAMPAIGN_BYTES = 512 * 1024 * 1024


class CampaignFileError(Exception):
    """A campaign file that cannot be used; str() names the file and its first problem.

    For example: ``campaign.json: characters[2].name: String should have at least 1 character``.
    """

    def __init__(self, path: Path, message: str, field_path: str | None = None) -> None:
        self.path = Path(path)
        self.message = message
        self.field_path = field_path
        super().__init__(str(self))

    @property
    def problem(self) -> str:
        """The problem without the file name: ``characters[2].name: String should ...``."""
        return f"{self.field_path}: {self.message}" if self.field_path else self.message

    def __str__(self) -> str:
        return f"{self.path.name}: {self.problem}"


def read_campaign(path: Path, max_bytes: int = MAX_CAMPAIGN_BYTES) -> Campaign:
    """Load a campaign file; never modifies it. Raises CampaignFileError for every way it can be unusable."""
    path = Path(path)
    return parse_campaign_bytes(read_limited(path, max_bytes), path)


def read_limited(path: Path, max_bytes: int = MAX_CAMPAIGN_BYTES) -> bytes:
    """The file's bytes, refusing (before reading anything) files larger than `max_bytes` and anything that is
    not a regular file (a FIFO would block, a device never end)."""
    try:
        return read_regular_file(path, max_bytes)
    except FileNotFoundError:
        raise CampaignFileError(path, "file not found") from None
    except NotARegularFile as exc:
        if exc.kind == "a folder":
            raise CampaignFileError(path, "this is a folder, not a campaign file") from None
        raise CampaignFileError(path, f"this is {exc.kind}, not a campaign file: it was not read") from None
    except FileTooLarge as exc:
        if exc.size is None:
            raise CampaignFileError(path, f"too large: more than the limit of {max_bytes:,} bytes") from None
        raise CampaignFileError(path, f"too large: {exc.size:,} bytes, more than the limit of "
                                      f"{max_bytes:,} bytes for a campaign file") from None
    except PermissionError:
        raise CampaignFileError(path, "permission denied: the file cannot be read") from None
    except OSError as exc:
        raise CampaignFileError(path, f"cannot be read: {exc.strerror or exc}") from None


# How every file this build writes begins (model order, indent 2): such a file is validated straight
# from its bytes, skipping the intermediate dicts; anything else takes the full path below.
_CURRENT_PREFIX = f'{{\n  "schema_version": {SCHEMA_VERSION},\n'.encode()


# A \uD800-\uDFFF escape: half of a character written as a pair of escapes ("\ud83d\ude00").
_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")


def _lone_surrogate(raw: bytes) -> re.Match[bytes] | None:
    """The first \uD800-\uDBFF escape not followed by a \uDC00-\uDFFF one, or a low one without a high one
    before it: JSON allows writing it, but it is no character, and the campaign could never be saved again.

    Only the candidates are looked at (a single regex with look-behinds over the whole file took 0.6 s
    for 6 MB of escaped text).
    """
    paired_low_at = -1
    for escape in _SURROGATE_ESCAPE.finditer(raw):
        start = before = escape.start()
        while before > 0 and raw[before - 1] == 0x5C:  # backslashes before it
            before -= 1
        if (start - before) % 2:
            continue  # "\\ud800": an escaped backslash, then plain letters
        if raw[start + 3] in b"89abAB":  # a high one: the next escape must be a low one
            following = _SURROGATE_ESCAPE.match(raw, escape.end())
            if following is None or following.group()[3] not in b"cdefCDEF":
                return escape
            paired_low_at = escape.end()
        elif start != paired_low_at:
            return escape
    return None


def parse_campaign_bytes(raw: bytes, path: Path) -> Campaign:
    """Decode, parse, migrate and validate the bytes of a campaign file (`path` names it in errors).

    A file in this build's own layout is validated straight from its bytes by pydantic's compiled JSON parser,
    which refuses lone surrogate escapes itself; only the other path (json.loads accepts them) looks for them.
    """
    with _collector_paused():
        if raw.startswith(_CURRENT_PREFIX):
            try:
                fast = validate_json(Campaign, raw)
            except (ValidationError, TooManyUnknownFields):
                fast = None  # the full path names the problem precisely
            # A key repeated further down wins there; only an unchanged version is taken as read.
            if fast is not None and fast.schema_version == SCHEMA_VERSION:
                return fast
        if b"\\u" in raw:
            lone = _lone_surrogate(raw)
            if lone:
                line = raw.count(b"\n", 0, lone.start()) + 1
                raise CampaignFileError(path, f"an escape that is no character ({lone.group().decode()}) "
                                              f"on line {line}")
        return parse_campaign_data(parse_json_object(raw, path), path)


@contextlib.contextmanager
def _collector_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector while a file becomes objects.

    Loading creates hundreds of thousands of objects that all stay alive; the collector would scan
    them again and again for cycles there are none of (measured: it more than halves load time for
    2,000 characters). Nothing cyclic is created here, so nothing is left for it to miss.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def parse_json_object(raw: bytes, path: Path) -> dict[str, Any]:
    """The top-level JSON object of a file; CampaignFileError for anything else."""
    try:
        # utf-8-sig: tolerate the byte-order mark some Windows editors add.
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise CampaignFileError(path, f"not UTF-8 text (invalid byte at offset {exc.start})") from None
    if not text.strip():
        raise CampaignFileError(path, "the file is empty")
    try:
        data = json.loads(text)
    except RecursionError:
        raise CampaignFileError(path, "nested too deeply to be a campaign file") from None
    except ValueError as exc:
        if isinstance(exc, json.JSONDecodeError):
            raise _json_error(path, text, exc) from None
        # Python refuses to turn a number of thousands of digits into an int (sys.get_int_max_str_digits).
        raise CampaignFileError(path, _huge_integer(text)) from None
    if not isinstance(data, dict):
        raise CampaignFileError(path, f"the top level is a JSON {_json_kind(data)}, not an object: "
                                      "this is not a campaign file")
    return data


def _json_error(path: Path, text: str, exc: json.JSONDecodeError) -> CampaignFileError:
    # A cut-off file fails at its very end, or inside a string that never closes.
    if exc.pos >= len(text.rstrip()) or exc.msg.startswith("Unterminated string"):
        end = text.rstrip()
        line, column = end.count("\n") + 1, len(end) - (end.rfind("\n") + 1) + 1
        return CampaignFileError(path, f"the file ends too early (line {line}, column {column}): it looks truncated")
    return CampaignFileError(path, f"not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})")


# A number (after a colon, a bracket or a comma) longer than any a campaign holds.
_LONG_NUMBER = re.compile(r"[:\[,]\s*-?([0-9]{100,})")


def _huge_integer(text: str) -> str:
    found = _LONG_NUMBER.search(text)
    if found is None:
        return "a number too long to read"
    line = text.count("\n", 0, found.start(1)) + 1
    return (f"a number of {len(found.group(1)):,} digits on line {line}: numbers in a campaign go from "
            f"{-MAX_NUMBER:,} to {MAX_NUMBER:,}")


def parse_campaign_data(data: dict[str, Any], path: Path) -> Campaign:
    """Migrate a raw campaign dict to the current format and validate it."""
    try:
        current = migrate(data)
    except MigrationError as exc:
        raise CampaignFileError(path, exc.message, exc.field_path) from None
    try:
        return validate_python(Campaign, current)
    except ValidationError as exc:
        field_path, message = first_problem(exc, current)
        raise CampaignFileError(path, message, field_path) from None
    except TooManyUnknownFields as exc:
        raise CampaignFileError(path, f"{exc}: this is not a campaign file this version can read") from None


def campaign_bytes(campaign: Campaign) -> bytes:
    """The file content for a campaign: indented, UTF-8, fields in model order, final newline."""
    return (campaign.model_dump_json(indent=2) + "\n").encode("utf-8")


def first_problem(exc: ValidationError, data: Any) -> tuple[str | None, str]:
    """The field path and a message for the first validation error.

    pydantic's loc mixes real keys with the names of union members ("int", "str"); walking the loc
    through the data keeps only the parts that exist, so the path matches what the user sees.
    """
    errors = exc.errors(include_url=False)
    first = errors[0]
    parts, tags = _walk(first["loc"], data, first["type"] == "missing")
    message = _message(first)
    if tags:
        # Every member of a union failed: a number out of range says so; otherwise name them all rather
        # than only the first one.
        names = []
        for error in errors:
            error_parts, error_tags = _walk(error["loc"], data, False)
            if error_parts == parts and error_tags:
                if error["type"] in _RANGE_ERRORS:
                    return (_format_path(parts) or None), _message(error)
                names.append(str(error_tags[-1]).removeprefix("constrained-"))
        if len(names) > 1:
            message = f"Input should be one of {', '.join(names)} (got a JSON {_json_kind(first['input'])})"
    return (_format_path(parts) or None), message


_RANGE_ERRORS = {"less_than_equal", "greater_than_equal", "finite_number", "string_unicode", "string_too_long"}


def _message(error: Any) -> str:
    return plain_reason(error)


def _walk(loc: tuple[int | str, ...], data: Any, missing: bool) -> tuple[list[int | str], list[int | str]]:
    parts: list[int | str] = []
    tags: list[int | str] = []
    current = data
    for i, element in enumerate(loc):
        if _has(current, element):
            current = current[element]
            parts.append(element)
        elif missing and i == len(loc) - 1:
            parts.append(element)
        else:
            tags.append(element)
    return parts, tags


def _has(container: Any, element: int | str) -> bool:
    if isinstance(container, dict):
        return element in container
    return isinstance(container, list) and isinstance(element, int) and 0 <= element < len(container)


def _format_path(parts: list[int | str]) -> str:
    text = ""
    for part in parts:
        if isinstance(part, int):
            text += f"[{part}]"
        elif part.isidentifier():
            text += f".{part}" if text else part
        else:
            text += f"[{json.dumps(part, ensure_ascii=False)}]"
    return text


def _json_kind(value: Any) -> str:
    if value is None:
        return "null"
    return {bool: "boolean", int: "number", float: "number", str: "string", list: "list",
            dict: "object"}.get(type(value), type(value).__name__)
