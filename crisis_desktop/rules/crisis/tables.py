"""The crisis rule tables (difficulties, actions, conditions, combat and healing constants) as typed data."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from crisis_desktop.rules.tables import load_table

SYSTEM = "crisis"


@dataclass(frozen=True)
class DifficultyLevel:
    level: int
    name: str
    description: str


@dataclass(frozen=True)
class ActionRule:
    key: str
    label: str
    cost: int
    help: str = ""
    moves: bool = False
    adds: str | None = None
    removes: tuple[str, ...] = ()
    check: str | None = None


@dataclass(frozen=True)
class ConditionRule:
    """What a condition does, read by the rules that apply it automatically."""

    key: str
    label: str
    effect: str
    check_modifier: int = 0
    speed_check_modifier: int = 0
    pace_divisor: int = 1
    ranged_cover: str | None = None
    own_ranged: int = 0
    melee_against: int = 0
    no_action: bool = False
    no_ap: bool = False
    helpless: bool = False
    wound_per_turn: int = 0


@cache
def difficulty_levels() -> tuple[DifficultyLevel, ...]:
    return tuple(DifficultyLevel(**row) for row in load_table(SYSTEM, "difficulty")["levels"])


def difficulty_name(level: int) -> str:
    """The name of the table row at or below `level` ("Challenging" for 8 to 11)."""
    rows = difficulty_levels()
    if level < rows[0].level:
        return rows[0].name
    name = rows[0].name
    for row in rows:
        if row.level <= level:
            name = row.name
    return name


@cache
def actions() -> dict[str, ActionRule]:
    data = load_table(SYSTEM, "actions")
    out = {}
    for row in data["actions"]:
        row = dict(row)
        row["removes"] = tuple(row.get("removes", ()))
        out[row["key"]] = ActionRule(**row)
    return out


@cache
def ap_limits() -> tuple[int, int]:
    """(maximum AP, AP regained per turn)."""
    data = load_table(SYSTEM, "actions")
    return int(data["max_ap"]), int(data["ap_per_turn"])


@cache
def conditions() -> dict[str, ConditionRule]:
    return {row["key"]: ConditionRule(**row) for row in load_table(SYSTEM, "conditions")["conditions"]}


def combat() -> Any:
    return load_table(SYSTEM, "combat")


def healing() -> Any:
    return load_table(SYSTEM, "healing")
