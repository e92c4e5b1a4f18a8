"""Tests of the moments rules: d100 strictly under a goal of 3 x stat + the single best bonus; easy doubles the goal,
hard halves it; a roll under a tenth of the goal is a critical, 100 a fumble. Opposed tests and their exact odds."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import IntEnum

from crisis_desktop.rules.base import Explained, Options, Outcome
from crisis_desktop.rules.moments.options import option

FUMBLE = 100
FACES = range(1, 101)


class Band(IntEnum):
    """How a test came out, worst to best (a higher band beats a lower one in an opposed test)."""

    FUMBLE = 0
    FAILURE = 1
    SUCCESS = 2
    CRITICAL = 3

    @property
    def outcome(self) -> Outcome:
        return {Band.FUMBLE: Outcome.CRITICAL_FAILURE, Band.FAILURE: Outcome.FAILURE, Band.SUCCESS: Outcome.SUCCESS,
                Band.CRITICAL: Outcome.CRITICAL_SUCCESS}[self]


def net_steps(harder: int, easier: int, options: Options) -> int:
    """Steps harder (positive) or easier (negative) the test is in the end: clamped to hard and easy unless
    `difficulty_steps` is multiplicative."""
    net = harder - easier
    if option(options, "difficulty_steps") == "clamped":
        return max(-1, min(1, net))
    return net


def goal(stat: int, bonus: int, steps: int = 0, stat_label: str = "3 x stat", bonus_label: str = "bonus") -> Explained:
    """3 x stat + bonus, doubled per step easier (negative steps), halved (rounded down) per step harder."""
    value = Explained.of((stat_label, 3 * stat), *(((bonus_label, bonus),) if bonus else ()))
    for _ in range(-steps):
        value = value.plus("easy (x 2)", value.value)
    for _ in range(steps):
        value = value.plus("hard (/ 2)", int(value.value) // 2 - value.value)
    return value


def band(roll: int, goal_value: int) -> Band:
    """100 fumbles; strictly under the goal succeeds; under a tenth of the goal (roll x 10 < goal) is a critical."""
    if roll >= FUMBLE:
        return Band.FUMBLE
    if roll * 10 < goal_value:
        return Band.CRITICAL
    if roll < goal_value:
        return Band.SUCCESS
    return Band.FAILURE


def band_odds(goal_value: int) -> dict[Band, float]:
    """Exact P(each band) of one d100 against the goal."""
    counts = {b: 0 for b in Band}
    for face in FACES:
        counts[band(face, goal_value)] += 1
    return {b: n / 100 for b, n in counts.items()}


@dataclass(frozen=True)
class Rolled:
    """One side of an opposed test: its roll, band, goal and whether it is a player character's."""

    roll: int
    band: Band
    pc: bool = False


def opposed_winner(active: Rolled, passive: Rolled) -> tuple[str, str]:
    """Who wins an opposed test ("active" or "passive") and why, by the text's rules: the only success wins; both
    succeed, a critical beats a plain success, then the higher roll; both fail, the higher roll that is not a fumble.
    A tie goes to the player character against a non-player one; otherwise to the defender (`passive`)."""
    a_ok, p_ok = active.band >= Band.SUCCESS, passive.band >= Band.SUCCESS
    if a_ok != p_ok:
        return ("active", "the only success") if a_ok else ("passive", "the only success")
    if active.band != passive.band:
        better = "active" if active.band > passive.band else "passive"
        return better, "a critical beats a success" if a_ok else "a fumble loses"
    if active.roll != passive.roll:
        higher = "active" if active.roll > passive.roll else "passive"
        return higher, "both succeed: the higher roll" if a_ok else "both fail: the higher roll"
    if active.pc != passive.pc:
        return ("active" if active.pc else "passive"), "a tie goes to the player character"
    return "passive", "a tie goes to the defender"


def opposed_odds(active_goal: int, passive_goal: int, active_pc: bool = False,
                 passive_pc: bool = False) -> Mapping[tuple[Band, Band, str], float]:
    """Exact P(active band, passive band, winner) over the 10,000 pairs of rolls."""
    out: dict[tuple[Band, Band, str], float] = {}
    for a in FACES:
        ra = Rolled(a, band(a, active_goal), active_pc)
        for p in FACES:
            rp = Rolled(p, band(p, passive_goal), passive_pc)
            key = (ra.band, rp.band, opposed_winner(ra, rp)[0])
            out[key] = out.get(key, 0.0) + 1 / 10000
    return out


def active_wins(active_goal: int, passive_goal: int, active_pc: bool = False, passive_pc: bool = False) -> float:
    return sum(p for (_a, _p, w), p in opposed_odds(active_goal, passive_goal, active_pc, passive_pc).items()
               if w == "active")
