"""The crisis rule tables (difficulties, actions, conditions, combat and healing constants) as typed data."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TypedDict, cast

from crisis_desktop.rules.kernel.tables import load_table

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
    role: str = "plain"      # how the shared views offer it (rules.base.ActionRole)
    hides: str | None = None  # "hide": hides from every opponent; "sneak": keeps hidden with a roll
    part_of: str | None = None  # the action that pays for this one (the move of a Sneak): free, once, after it


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


class ScatterTable(TypedDict):
    die: int
    directions: dict[str, str]          # die face -> where the miss lands


class CombatTable(TypedDict):
    """combat.json."""

    ranged_difficulty: int
    max_range_increments: int
    range_penalty_per_increment: int
    default_attack_ap: int
    extra_attack_ap: int
    extra_attack_hit: int
    cover: dict[str, int | None]        # cover level -> attack modifier; None: cannot be attacked
    cover_order: list[str]
    max_extra_enemy_penalty: int
    no_melee_weapon_parry: int
    minimum_parry: int
    incapacitating_hit: int
    death_at_health: int
    small_hit_wear: int
    scatter: dict[str, ScatterTable]    # "square" or "hex"
    range_bands: dict[str, dict[str, list[int]]]  # range_bands option -> band -> [first, last] increment


class NaturalHealingRow(TypedDict):
    key: str
    label: str
    modifier: int


class HealingTable(TypedDict):
    """healing.json."""

    medicine_difficulty: int
    first_aid_reach: int                # steps from healer to patient on the map: 1 is adjacent
    self_treatment: int
    no_healing_aids: int
    extra_aid: int
    dying_stabilised_rounds: int
    nonlethal_factor: int
    natural_difficulty: int
    natural: list[NaturalHealingRow]


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
def search_difficulty() -> int:
    """What a Search roll must reach to find someone who hid without a Sneak roll (the default Difficulty)."""
    return int(load_table(SYSTEM, "actions")["search_difficulty"])


@cache
def conditions() -> dict[str, ConditionRule]:
    return {row["key"]: ConditionRule(**row) for row in load_table(SYSTEM, "conditions")["conditions"]}


def combat() -> CombatTable:
    # The bundled JSON is trusted to have this shape; tests compare its keys with the TypedDict.
    return cast(CombatTable, load_table(SYSTEM, "combat"))


def healing() -> HealingTable:
    return cast(HealingTable, load_table(SYSTEM, "healing"))
