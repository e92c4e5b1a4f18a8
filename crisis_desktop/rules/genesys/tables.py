"""The genesys rule tables (dice faces, skills, difficulties, critical injuries, qualities, spending, healing) as typed
data read from resources/rules/genesys/."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any, TypedDict, cast

from crisis_desktop.rules.kernel.tables import load_table

SYSTEM = "genesys"


@dataclass(frozen=True)
class Characteristic:
    key: str
    name: str
    short: str


# The kind of a skill by its group on the sheet.
SKILL_KINDS = {"General skills": "general", "Combat skills": "combat", "Social skills": "social",
               "Knowledge skills": "knowledge", "Magic skills": "magic"}
# The skill list of a campaign that chose none: the 25 skills of this app's first genesys campaigns, kept as they were.
CLASSIC = "classic"


@dataclass(frozen=True)
class Skill:
    key: str
    name: str
    characteristic: str
    group: str
    combat: str | None = None        # "melee" or "ranged" for combat skills

    @property
    def kind(self) -> str:
        """general, combat, social, knowledge or magic."""
        return SKILL_KINDS[self.group]


@dataclass(frozen=True)
class SkillList:
    """A setting's skills (a campaign picks one with the `skill_list` option), in the sheet's order."""

    key: str
    name: str
    skills: tuple[str, ...]


@dataclass(frozen=True)
class CheckEffect:
    """What a critical injury does to its bearer's checks while it lasts."""

    difficulty: int = 0
    setback: int = 0
    upgrade: int = 0
    no_boost: bool = False
    characteristics: tuple[str, ...] = ()        # only checks of these (empty: every check)
    skill_upgrade: tuple[tuple[str, int], ...] = ()  # these skills upgrade this many times instead


@dataclass(frozen=True)
class CriticalRow:
    """One row of the critical injury table."""

    low: int
    high: int | None
    severity: int | None
    key: str
    name: str
    effect: str
    eote_effect: str = ""
    condition: str | None = None
    rounds: int | None = None
    strain: int = 0
    checks: CheckEffect = field(default_factory=CheckEffect)
    eote_ends_with_encounter: bool = False
    no_free_maneuver: bool = False
    no_voluntary_strain: bool = False
    strain_per_action: int = 0
    eote_strain_per_action: int = 0
    eote_max_maneuvers: int | None = None
    characteristic_loss: str | None = None     # "temporary" or "permanent"
    wounds_per_turn: int = 0
    strain_per_turn: int = 0
    next_check: tuple[tuple[str, int], ...] = ()  # dice left on its next check (resource key, how many)

    def covers(self, roll: int) -> bool:
        return roll >= self.low and (self.high is None or roll <= self.high)

    def text(self, eote: bool) -> str:
        return self.eote_effect if eote and self.eote_effect else self.effect


@dataclass(frozen=True)
class Quality:
    key: str
    name: str
    ranked: bool
    active: bool
    text: str
    cost: int = 0


@dataclass(frozen=True)
class Spend:
    """A row of the spending table: what `cost` of one symbol buys. `whom`: on whom it lands when the GM picks
    ("ally", "ally_or_self": of the roller's side; "target"); `effect`: what the rules apply ("recover_strain",
    "suffer_strain", "prone", "out_of_ammo", a die on the next check "next_boost"...; empty: the GM narrates it)."""

    key: str
    cost: int
    text: str
    repeat: bool = False
    whom: str = ""
    effect: str = ""


class CombatTable(TypedDict):
    """combat.json."""

    bands: list[str]
    band_names: dict[str, str]
    ranged_difficulty: dict[str, int]
    melee_difficulty: int
    move_maneuvers: dict[str, int]
    strain_for_second_maneuver: int
    max_maneuvers: int
    free_maneuvers: int
    actions_per_turn: int
    aim_max: int
    modifiers: dict[str, Any]
    unarmed: dict[str, Any]
    blast_miss_advantage: int
    auto_fire_advantage: int


class HealingTable(TypedDict):
    """healing.json."""

    medicine: list[dict[str, Any]]
    self_difficulty: int
    no_kit_difficulty: int
    stimpack_heals: list[int]
    natural_wounds_per_night: int
    strain_recovery_difficulty: int
    strain_recovery_skills: list[str]


@cache
def characteristics() -> tuple[Characteristic, ...]:
    return tuple(Characteristic(**row) for row in load_table(SYSTEM, "skills")["characteristics"])


@cache
def skills() -> dict[str, Skill]:
    """Every skill of every list, by key: a rank under any of them rolls with its characteristic."""
    return {row["key"]: Skill(**row) for row in load_table(SYSTEM, "skills")["skills"]}


@cache
def skill_lists() -> dict[str, SkillList]:
    """The settings' skill lists by key, each naming only skills of `skills()`."""
    known = skills()
    out = {}
    for key, row in load_table(SYSTEM, "skills")["lists"].items():
        unknown = [k for k in row["skills"] if k not in known]
        if unknown:
            raise ValueError(f"The skill list {key!r} names skills no row describes: {', '.join(unknown)}")
        out[key] = SkillList(key, row["name"], tuple(row["skills"]))
    return out


def listed_skills(list_key: str) -> dict[str, Skill]:
    """The skills of one list, by key, in the list's order (the classic list for a key no list has)."""
    lists = skill_lists()
    chosen = lists.get(list_key, lists[CLASSIC])
    return {key: skills()[key] for key in chosen.skills}


@cache
def difficulty_names() -> tuple[str, ...]:
    """The difficulty's name by its number of difficulty dice: Simple (0) to Formidable (5)."""
    return tuple(row["name"] for row in sorted(load_table(SYSTEM, "difficulty")["levels"], key=lambda r: r["dice"]))


def difficulty_name(dice: int) -> str:
    names = difficulty_names()
    return names[dice] if 0 <= dice < len(names) else f"{dice} difficulty dice"


def _check_effect(raw: dict[str, Any] | None) -> CheckEffect:
    if not raw:
        return CheckEffect()
    return CheckEffect(raw.get("difficulty", 0), raw.get("setback", 0), raw.get("upgrade", 0),
                       bool(raw.get("no_boost", False)), tuple(raw.get("characteristics", ())),
                       tuple(sorted(raw.get("skill_upgrade", {}).items())))


@cache
def criticals() -> tuple[CriticalRow, ...]:
    rows = []
    for raw in load_table(SYSTEM, "criticals")["rows"]:
        row = dict(raw)
        row["checks"] = _check_effect(row.get("checks"))
        row["next_check"] = tuple(sorted(row.get("next_check", {}).items()))
        rows.append(CriticalRow(**row))
    return tuple(rows)


@cache
def critical_constants() -> dict[str, int]:
    data = load_table(SYSTEM, "criticals")
    return {key: int(data[key]) for key in ("per_existing", "per_vicious", "per_extra_activation", "die")}


def critical_characteristic(d10: int) -> str:
    """The characteristic a d10 picks for Horrific and Gruesome (1-3 Brawn ... 10 Willpower)."""
    return str(load_table(SYSTEM, "criticals")["characteristic_d10"][str(d10)])


@cache
def critical_by_key() -> dict[str, CriticalRow]:
    return {row.key: row for row in criticals()}


def critical_row(roll: int) -> CriticalRow:
    """The row a critical injury roll lands on (a result below 1 counts as 1)."""
    roll = max(1, roll)
    return next(row for row in criticals() if row.covers(roll))


@cache
def qualities() -> dict[str, Quality]:
    return {row["key"]: Quality(**row) for row in load_table(SYSTEM, "qualities")["qualities"]}


@cache
def spending() -> dict[str, tuple[Spend, ...]]:
    data = load_table(SYSTEM, "spending")
    return {symbol: tuple(Spend(**row) for row in data[symbol])
            for symbol in ("advantage", "triumph", "threat", "despair")}


def combat() -> CombatTable:
    # The bundled JSON is trusted to have this shape; tests compare its keys with the TypedDict.
    return cast(CombatTable, load_table(SYSTEM, "combat"))


def healing() -> HealingTable:
    return cast(HealingTable, load_table(SYSTEM, "healing"))
