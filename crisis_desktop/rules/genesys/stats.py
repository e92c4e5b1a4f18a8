"""Genesys stat keys and readers: characteristics (lowered by a Horrific injury), skill ranks, adversary types and
minion groups, wounds and strain, carried critical injuries, equipped gear and weapon qualities."""

from __future__ import annotations

import re
from dataclasses import dataclass

from crisis_desktop.domain import Character, CharacterKind, EquipmentItem, ItemKind
from crisis_desktop.rules.genesys import tables

RIVAL, NEMESIS, MINION = "rival", "nemesis", "minion"
ADVERSARIES = (RIVAL, NEMESIS, MINION)
DEFAULT_CHARACTERISTIC = 2
# A carried critical injury whose effect is over (an EotE one after its encounter) but which still counts for the
# +10 of later ones is written with this mark after its key.
LAPSED = "~"


def characteristic_keys() -> tuple[str, ...]:
    return tuple(c.key for c in tables.characteristics())


def label(key: str) -> str:
    found = {c.key: c.name for c in tables.characteristics()} | {s.key: s.name for s in tables.skills().values()}
    return found.get(key, key.replace("_", " ").capitalize())


def int_value(value: object, default: int = 0) -> int:
    return int(value) if isinstance(value, int | float) and not isinstance(value, bool) else default


def raw_stat(character: Character, key: str, default: int = 0) -> int:
    return int_value(character.stats.get(key), default)


def adversary(character: Character) -> str | None:
    """None for a player character; rival, nemesis or minion (a group) for an NPC."""
    if character.kind is CharacterKind.PC:
        return None
    value = character.stats.get("adversary", RIVAL)
    return value if value in ADVERSARIES else RIVAL


def tracks_strain(character: Character) -> bool:
    """PCs and nemeses have a strain threshold; rivals and minions take strain as wounds."""
    return adversary(character) in (None, NEMESIS)


def is_minion(character: Character) -> bool:
    return adversary(character) == MINION


# -- critical injuries carried --------------------------------------------------------------------------------
@dataclass(frozen=True)
class Carried:
    """One critical injury a character carries: its row, what it picked (Horrific's characteristic), and whether its
    effect is over while the injury itself is not healed yet."""

    row: tables.CriticalRow
    detail: str = ""
    lapsed: bool = False

    @property
    def text(self) -> str:
        detail = f" ({label(self.detail)})" if self.detail else ""
        return f"{self.row.name}{detail}" + (" (effect over)" if self.lapsed else "")

    def code(self) -> str:
        return self.row.key + (f":{self.detail}" if self.detail else "") + (LAPSED if self.lapsed else "")


def criticals(character: Character) -> list[Carried]:
    """The critical injuries the character carries, in the order suffered (status "criticals": keys separated by
    commas, "horrific:agility" naming what it picked, a trailing "~" for an effect that is over)."""
    text = character.status.get("criticals", "")
    if not isinstance(text, str):
        return []
    rows = tables.critical_by_key()
    out = []
    for part in (p.strip() for p in text.split(",")):
        lapsed = part.endswith(LAPSED)
        key, _, detail = part.rstrip(LAPSED).partition(":")
        if key in rows:
            out.append(Carried(rows[key], detail, lapsed))
    return out


def criticals_text(carried: list[Carried]) -> str:
    return ", ".join(c.code() for c in carried)


def active_criticals(character: Character) -> list[Carried]:
    return [c for c in criticals(character) if not c.lapsed]


def characteristic(character: Character, key: str) -> int:
    """The characteristic as it counts now: the sheet's value, 1 lower per Horrific injury that picked it (never
    below 1)."""
    value = raw_stat(character, key, DEFAULT_CHARACTERISTIC)
    lost = sum(1 for c in active_criticals(character) if c.row.characteristic_loss == "temporary" and c.detail == key)
    return max(1, value - lost) if lost else value


def rank(character: Character, skill: str) -> int:
    """The skill's rank; a minion group rolls as many ranks as it has members left but one (at most 5), in the
    skills its profile lists (a rank above 0 on its sheet) and none in the others."""
    if is_minion(character):
        if raw_stat(character, skill) <= 0:
            return 0
        return max(0, min(5, minions_alive(character) - 1))
    return raw_stat(character, skill)


# -- wounds, strain, minion groups ---------------------------------------------------------------------------
def wounds(character: Character) -> int:
    return max(0, int_value(character.status.get("wounds")))


def strain(character: Character) -> int:
    return max(0, int_value(character.status.get("strain")))


def group_size(character: Character) -> int:
    return max(1, raw_stat(character, "group_size", 1))


def member_threshold(character: Character) -> int:
    return max(1, raw_stat(character, "wound_threshold", 5))


def minions_alive(character: Character, wounds_now: int | None = None) -> int:
    """Members of a minion group still standing: size - floor((wounds - 1) / member threshold), within 0..size."""
    taken = wounds(character) if wounds_now is None else wounds_now
    size = group_size(character)
    if taken <= 0:
        return size
    return max(0, min(size, size - (taken - 1) // member_threshold(character)))


# -- gear -----------------------------------------------------------------------------------------------------
def equipped(character: Character, kind: ItemKind) -> list[EquipmentItem]:
    return [i for i in character.equipment if i.kind is kind and i.equipped]


def item_int(item: EquipmentItem, key: str, default: int = 0) -> int:
    return int_value(item.stats.get(key), default)


QUALITY = re.compile(r"^\s*([A-Za-z][A-Za-z \-]*?)\s*(\d+)?\s*$")


def parse_qualities(text: str) -> tuple[dict[str, int], list[str]]:
    """A weapon's qualities ("Accurate 2, Pierce 1, Knockdown") as {key: rank} (1 for an unranked one), and the
    problems: unknown names, a rank missing or given where none belongs."""
    known = tables.qualities()
    by_name = {q.name.lower(): q for q in known.values()} | {q.key: q for q in known.values()}
    found: dict[str, int] = {}
    problems: list[str] = []
    for part in (p for p in text.split(",") if p.strip()):
        m = QUALITY.match(part)
        quality = by_name.get(m.group(1).strip().lower()) if m else None
        if m is None or quality is None:
            problems.append(f"unknown quality {part.strip()!r}")
            continue
        number = m.group(2)
        if quality.ranked and number is None:
            problems.append(f"{quality.name} needs a rank ({quality.name} 2)")
            continue
        if not quality.ranked and number is not None:
            problems.append(f"{quality.name} has no rank")
            continue
        found[quality.key] = int(number) if number is not None else 1
    return found, problems


def qualities(item: EquipmentItem) -> dict[str, int]:
    text = item.stats.get("qualities", "")
    return parse_qualities(text)[0] if isinstance(text, str) else {}


def is_unarmed(item: EquipmentItem) -> bool:
    return item.catalogue_id == "genesys-unarmed" or item.id == "genesys-unarmed" or item.name.lower() == "unarmed"
