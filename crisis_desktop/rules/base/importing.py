"""Importing characters from another program's files: a ruleset names the formats it reads (`Ruleset.importers()`,
none by default), each an Importer that says whether some JSON data is its format and turns it into characters,
with what it could not map said per character and what it refused said with the reason. The shared import path
(controller/importing.py) asks them; it never knows a format or a system."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from crisis_desktop.domain import Character, EquipmentItem
from crisis_desktop.rules.base.values import Options


@dataclass(frozen=True)
class ImportedEntry:
    """One entry of a file read: the character made of it (None when refused), its kind in a word ("minion",
    "rival"...) for the report, the notes on what was not mapped or mapped with a guess, and why it was refused."""

    name: str
    character: Character | None
    kind: str = ""
    notes: tuple[str, ...] = ()
    refused: str = ""


def _plural(word: str, count: int) -> str:
    if count == 1:
        return word
    return word[:-2] + "es" if word.endswith("is") else word + "s"


@dataclass(frozen=True)
class ImportBatch:
    """What one or more files gave: their entries in order, the name of the format read, and the kinds of
    character it makes in the order the report counts them ("minion", "rival", "nemesis")."""

    format: str
    entries: tuple[ImportedEntry, ...] = field(default=())
    kinds: tuple[str, ...] = ()

    @property
    def characters(self) -> list[Character]:
        return [e.character for e in self.entries if e.character is not None]

    @property
    def imported(self) -> list[ImportedEntry]:
        return [e for e in self.entries if e.character is not None]

    @property
    def refused(self) -> list[ImportedEntry]:
        return [e for e in self.entries if e.character is None]

    def __add__(self, other: ImportBatch) -> ImportBatch:
        names = self.format if other.format in (self.format, "") else \
            other.format if not self.format else f"{self.format}; {other.format}"
        kinds = self.kinds + tuple(k for k in other.kinds if k not in self.kinds)
        return ImportBatch(names, self.entries + other.entries, kinds)

    def summary(self) -> str:
        """"12 imported (3 minions, 7 rivals, 2 nemeses), 4 with notes, 1 refused"."""
        imported = self.imported
        counts = Counter(e.kind for e in imported if e.kind)
        order = [k for k in self.kinds if k in counts] + [k for k in counts if k not in self.kinds]
        parts = ", ".join(f"{counts[kind]} {_plural(kind, counts[kind])}" for kind in order)
        noted = sum(1 for e in imported if e.notes)
        return (f"{len(imported)} imported" + (f" ({parts})" if parts else "")
                + f", {noted} with notes, {len(self.refused)} refused")

    def report(self) -> list[str]:
        """The summary, then each adversary with notes and each refused entry with why."""
        lines = [self.summary()]
        for entry in self.imported:
            if entry.notes:
                lines.append(f"{entry.name}:")
                lines += [f"  - {note}" for note in entry.notes]
        for entry in self.refused:
            lines.append(f"refused {entry.name}: {entry.refused}")
        return lines


class Importer(ABC):
    """A file format some rules read characters from."""

    name: str

    @abstractmethod
    def not_mine(self, data: object) -> str | None:
        """None when `data` (parsed JSON) is this format; else why it is not, in a plain sentence."""

    @abstractmethod
    def read(self, data: object, catalogue: Sequence[EquipmentItem], options: Options | None = None) -> ImportBatch:
        """The characters in `data` (which `not_mine` accepted), carried items taken from `catalogue` where the data
        only names them, the values placed as the campaign's rule `options` lay out its sheets (a skill list; the
        rules' defaults without them). Pure: never changes what it is given."""
