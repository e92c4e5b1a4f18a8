"""The crisis-classic rule tables (difficulty, skills, actions, conditions, cover, equipment) read from JSON."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from typing import Any

from crisis_desktop.domain import EquipmentItem
from crisis_desktop.resources_access import resource

SYSTEM = "crisis-classic"
LOWEST_DL = 1
HIGHEST_DL = 10
# A roll with no stated difficulty (an attack, a defence) is made at Easy: its target change is 0.
NEUTRAL_DL = 4


@cache
def _load(name: str) -> Any:
    with resource("rules", SYSTEM, f"{name}.json").open(encoding="utf-8") as f:
        return json.load(f)


@dataclass(frozen=True)
class DifficultyRow:
    level: int
    name: str
    target_change: int
    description: str


@dataclass(frozen=True)
class SkillRow:
    key: str
    label: str
    ability: str
    learning: str      # "E", "A" or "H"
    note: str = ""


@dataclass(frozen=True)
class AbilityRow:
    key: str
    label: str
    short: str


@dataclass(frozen=True)
class ActionRow:
    key: str
    label: str
    ap: int | None      # None: no AP of its own (Overwatch)
    description: str
    requires_condition: str | None = None
    removes_condition: str | None = None
    restores_endurance: int = 0
    role: str = "plain"      # how the shared views offer it (rules.base.ActionRole)
    hides: str | None = None  # "hide": hides from every opponent; "search": a contest that finds
    reveals: bool = False     # a hidden character taking it is seen again (a Move in the open)


@dataclass(frozen=True)
class ConditionRow:
    key: str
    label: str
    description: str
    check_modifier: int = 0
    ap_gain: int | None = None          # None: the normal 4
    hits_are_critical: bool = False
    no_melee_attack: bool = False
    cannot_act: bool = False
    ends_with_turn: bool = False


@dataclass(frozen=True)
class CoverRow:
    key: str
    label: str
    modifier: int | None
    hittable: bool


@cache
def difficulty_table() -> tuple[DifficultyRow, ...]:
    return tuple(DifficultyRow(**row) for row in _load("difficulty"))


def difficulty(level: int) -> DifficultyRow:
    """The row of a Difficulty Level 1..10 (ValueError outside)."""
    if not LOWEST_DL <= level <= HIGHEST_DL:
        raise ValueError(f"Difficulty Level must be {LOWEST_DL} to {HIGHEST_DL}, not {level}")
    return difficulty_table()[level - 1]


@cache
def abilities() -> tuple[AbilityRow, ...]:
    return tuple(AbilityRow(**row) for row in _load("skills")["abilities"])


@cache
def skills() -> tuple[SkillRow, ...]:
    return tuple(SkillRow(**row) for row in _load("skills")["skills"])


@cache
def untrained_penalty() -> dict[str, int]:
    return dict(_load("skills")["untrained"])


@cache
def ability_by_key() -> dict[str, AbilityRow]:
    return {a.key: a for a in abilities()}


@cache
def skill_by_key() -> dict[str, SkillRow]:
    return {s.key: s for s in skills()}


@cache
def action_rows() -> tuple[ActionRow, ...]:
    return tuple(ActionRow(**row) for row in _load("actions"))


@cache
def action_by_key() -> dict[str, ActionRow]:
    return {a.key: a for a in action_rows()}


@cache
def condition_rows() -> tuple[ConditionRow, ...]:
    return tuple(ConditionRow(**row) for row in _load("conditions"))


@cache
def condition_by_key() -> dict[str, ConditionRow]:
    return {c.key: c for c in condition_rows()}


@cache
def cover_by_key() -> dict[str, CoverRow]:
    return {row["key"]: CoverRow(**row) for row in _load("cover")}


def catalogue(name: str) -> list[EquipmentItem]:
    """Fresh copies of a bundled equipment list: "weapons", "armour" or "gear"."""
    return [EquipmentItem.model_validate(row) for row in _load(name)]
