"""Sheet fields the GM adds to a campaign (a custom skill): each with its key, label, group and what it is based on
(a Genesys skill's characteristic). Kept in the campaign's rule options under `ADDED_FIELDS`, one field a line,
"Label | based on | group", so that every place handed the campaign's options knows them; each ruleset says which
groups and bases it takes (`Sheet.added_field_problems`) and reads them into its sheet and checks."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from crisis_desktop.rules.base.values import Options

ADDED_FIELDS = "added_fields"
LABEL_MAX = 60


@dataclass(frozen=True)
class AddedField:
    """One field the GM added: `key` is the label in lower case with underscores ("hover_bikes")."""

    key: str
    label: str
    based_on: str
    group: str

    @property
    def line(self) -> str:
        return f"{self.label} | {self.based_on} | {self.group}"


def field_key(label: str) -> str:
    """The stat key of an added field's label: "Hover-bikes" -> "hover_bikes"."""
    return re.sub(r"[^a-z0-9]+", "_", label.casefold()).strip("_")


@cache
def _parsed(text: str) -> tuple[AddedField, ...]:
    out = []
    for line in text.splitlines():
        parts = [p.strip() for p in line.split("|")]
        if len(parts) == 3 and parts[0] and field_key(parts[0]):
            out.append(AddedField(field_key(parts[0]), parts[0], parts[1], parts[2]))
    return tuple(out)


def added_fields(options: Options) -> tuple[AddedField, ...]:
    """The fields the campaign's options hold, in the order added (none when it has none)."""
    value = options.get(ADDED_FIELDS)
    return _parsed(value) if isinstance(value, str) else ()


def written(fields: Iterable[AddedField]) -> str:
    """The option's value for these fields."""
    return "\n".join(f.line for f in fields)


def problems(label: str, based_on: str, group: str, taken: Iterable[str]) -> list[str]:
    """What is wrong with a field to add before a ruleset looks at its base and group: an empty or overlong label, a
    '|' or a line break in any part, a key `taken` already (another field of the sheet)."""
    found = []
    key = field_key(label)
    if not key:
        found.append("The field needs a name with a letter or digit")
    if len(label) > LABEL_MAX:
        found.append(f"The name is longer than {LABEL_MAX} characters")
    if any(c in part for part in (label, based_on, group) for c in "|\n\r"):
        found.append("Names cannot hold '|' or line breaks")
    if key and key in set(taken):
        found.append(f"The sheet has a field {label.strip()!r} already")
    return found
