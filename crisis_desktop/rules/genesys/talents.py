"""Genesys talents: the catalogue (resources/rules/genesys/talents.json: name, tier, ranked, activation, what it
does) and a character's talents as written on the sheet ("Adversary 2, Toughened 1, Grit"), parsed into ranked
entries. Names the catalogue does not know are kept as they are written, without effect, and said so."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from crisis_desktop.domain import Character
from crisis_desktop.rules.kernel.tables import load_table

SYSTEM = "genesys"
ENTRY = re.compile(r"^\s*(?P<name>[^\d]*?)\s*(?P<rank>\d+)?\s*$")


@dataclass(frozen=True)
class Talent:
    """A catalogue entry."""

    key: str
    name: str
    tier: int
    ranked: bool
    activation: str
    description: str
    effect: str = ""
    per_rank: int = 0        # the number each rank adds where the talent acts (Toughened 2 wounds)


@dataclass(frozen=True)
class Held:
    """A talent as a character has it: the catalogue entry (None for a name the catalogue does not know)."""

    name: str
    rank: int
    talent: Talent | None

    @property
    def text(self) -> str:
        ranked = self.talent.ranked if self.talent is not None else self.rank != 1
        return f"{self.name} {self.rank}" if ranked else self.name


@cache
def catalogue() -> dict[str, Talent]:
    return {row["key"]: Talent(**row) for row in load_table(SYSTEM, "talents")["talents"]}


def _by_name() -> dict[str, Talent]:
    known = catalogue()
    names = {t.name.lower(): t for t in known.values()}
    return names | {t.key: t for t in known.values()} | {t.name.lower().replace("-", " "): t for t in known.values()}


def parse(text: str) -> list[Held]:
    """'Adversary 2, Toughened 1, Grit' as held talents: a ranked talent without a number has rank 1, a talent
    written twice adds its ranks; an unknown name is kept as written."""
    by_name = _by_name()
    held: dict[str, Held] = {}
    for part in (p.strip() for p in text.replace(";", ",").split(",")):
        m = ENTRY.match(part) if part else None
        if m is None or not m.group("name"):
            continue
        name = " ".join(m.group("name").split())
        rank = int(m.group("rank")) if m.group("rank") else 1
        talent = by_name.get(name.lower()) or by_name.get(name.lower().replace("-", " "))
        key = talent.key if talent is not None else name.lower()
        if key in held:
            before = held[key]
            held[key] = Held(before.name, before.rank + rank if talent is None or talent.ranked else 1, talent)
        else:
            held[key] = Held(talent.name if talent is not None else name, rank if talent is None or talent.ranked
                             else 1, talent)
    return list(held.values())


def held(character: Character) -> list[Held]:
    text = character.stats.get("talents", "")
    return parse(text) if isinstance(text, str) else []


def rank(character: Character, key: str) -> int:
    """The character's ranks in the catalogue talent `key` (0 when it does not have it)."""
    return next((h.rank for h in held(character) if h.talent is not None and h.talent.key == key), 0)


def notes(character: Character) -> list[str]:
    """What the sheet says of its talents: names the catalogue does not know (kept, without effect), numbers given to
    talents that have no ranks."""
    found: list[str] = []
    text = character.stats.get("talents", "")
    for h in held(character):
        if h.talent is None:
            found.append(f"Talent {h.name!r} is not in the Genesys talent catalogue: kept on the sheet, without effect")
    if isinstance(text, str):
        for part in (p.strip() for p in text.replace(";", ",").split(",")):
            m = ENTRY.match(part) if part else None
            if m and m.group("rank"):
                t = _by_name().get(" ".join(m.group("name").split()).lower())
                if t is not None and not t.ranked:
                    found.append(f"{t.name} has no ranks: counted once")
    return found


def summary(character: Character) -> str:
    """The talents as the sheet shows them, each with its rank and activation."""
    return ", ".join(f"{h.text} ({h.talent.activation})" if h.talent is not None else f"{h.text} (not in the catalogue)"
                     for h in held(character))
