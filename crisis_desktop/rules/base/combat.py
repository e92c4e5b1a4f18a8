"""Checks, contests, initiative and attacks: requests, results that explain themselves, exact odds."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from crisis_desktop.domain import EquipmentItem
from crisis_desktop.rules.base.effects import Effect
from crisis_desktop.rules.base.state import Actor
from crisis_desktop.rules.base.values import Explained, Term
from crisis_desktop.rules.dice import DieRoll


class Outcome(StrEnum):
    CRITICAL_SUCCESS = "critical success"
    SUCCESS = "success"
    FAILURE = "failure"
    CRITICAL_FAILURE = "critical failure"

    @property
    def succeeded(self) -> bool:
        return self in (Outcome.SUCCESS, Outcome.CRITICAL_SUCCESS)


@dataclass(frozen=True)
class CheckRequest:
    """A check to make or to price.

    `skill` is a stat key of the ruleset (a skill or an attribute). `difficulty` is in the
    ruleset's own scale (crisis: the DL to reach, 0..20; crisis-classic: Difficulty Level 1..10).
    `assets` and `unfavourable` name the circumstances (same-named assets do not stack);
    `modifiers` are further terms (HIT, range, cover, the GM's circumstance).
    """

    actor: Actor
    skill: str
    difficulty: int
    modifiers: tuple[Term, ...] = ()
    assets: tuple[str, ...] = ()
    unfavourable: tuple[str, ...] = ()


@dataclass(frozen=True)
class CheckResult:
    total: Explained                # the rolled total with its terms
    target: Explained               # what it had to reach (or stay under)
    outcome: Outcome
    degree: int                     # crisis: Extras; crisis-classic: margin (negative on failure)
    dice: tuple[DieRoll, ...]
    stunts: int = 0                 # crisis-classic: dice showing the stunt face

    def describe(self) -> str:
        return f"{self.total.value:g} against {self.target.value:g}: {self.outcome.value}"


@dataclass(frozen=True)
class CheckOdds:
    """Exact probabilities of a check's outcomes and degrees (they each sum to 1)."""

    outcomes: Mapping[Outcome, float]
    degrees: Mapping[int, float]    # P(Extras == n) / P(margin == n)

    @property
    def success(self) -> float:
        return self.outcomes.get(Outcome.SUCCESS, 0.0) + self.outcomes.get(Outcome.CRITICAL_SUCCESS, 0.0)


@dataclass(frozen=True)
class ContestResult:
    active: CheckResult
    passive: CheckResult
    winner: str | None              # "active", "passive" or None (a tie that stands)
    reason: str


@dataclass(frozen=True)
class InitiativeEntry:
    combatant_id: str
    roll: Explained
    rank: int                        # 0 acts first
    tie_note: str = ""               # "PC acts before NPC on a tie", "won the tie reroll 5 to 3"


class CoverLevel(StrEnum):
    NONE = "none"
    LIGHT = "light"
    HEAVY = "heavy"
    TOTAL = "total"


@dataclass(frozen=True)
class AttackContext:
    """Everything an attack depends on, gathered by the controller (range and cover from the map).

    `extra_attacks` is the RoF use beyond the first attack (declared before rolling).
    `enemies_in_reach` counts the enemies in melee reach of the target of a melee attack.
    """

    attacker: Actor
    weapon: EquipmentItem
    target: Actor
    distance: float | None = None          # in the ruleset's tiles/metres; None for melee reach
    cover: CoverLevel = CoverLevel.NONE
    cover_penetrable: bool = False
    target_prone_facing: bool = False
    aim: int = 0
    extra_attacks: int = 0
    enemies_in_reach: int = 1
    circumstance: int = 0
    damage_circumstance: int = 0
    non_lethal: bool = False
    target_surprised: bool = False
    target_dodges: bool = False
    tiles_from_centre: int = 0             # area attacks: how far the target stands from the blast centre
    hex_grid: bool = False                 # area attacks scatter with a d6 on hex grids instead of a d8
    out_of_turn: bool = False              # the attacker acts outside its own turn (crisis: from overwatch)


@dataclass(frozen=True)
class DamageResult:
    """Damage dealt to one target, how defences changed it, and what it does to the target."""

    damage: Explained                # before defences
    taken: Explained                 # what reached the target after DR/soak
    lethal: bool
    effects: tuple[Effect, ...]
    notes: tuple[str, ...] = ()      # "Vera is dying", "Armour durability 10 -> 7"


@dataclass(frozen=True)
class AttackResult:
    context: AttackContext
    attack: CheckResult
    defence: CheckResult | None
    hit: bool
    damage: DamageResult | None
    effects: tuple[Effect, ...]      # everything the controller applies, ammunition and AP included
    summary: str                     # one line for the combat log
    followups: tuple[AttackResult, ...] = ()   # further attacks of the same action (RoF); their effects are
                                               # already part of this result's `effects`
    notes: tuple[str, ...] = ()      # scatter of a missed area attack, a dodge, ammunition left
    # Where a missed area attack landed, for the map to draw: (the scatter die's face, tiles); None otherwise.
    scatter: tuple[int, int] | None = None


@dataclass(frozen=True)
class AttackOdds:
    hit: float
    expected_damage: float
    damage: Mapping[int, float]      # P(damage taken == n), misses count as 0
    drop_target: float               # P(the target is incapacitated, dying or dead by this attack)
