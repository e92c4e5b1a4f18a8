"""What many simulated fights add up to: exact integer tallies (merged in any order, from any number of processes,
to the same totals) and the figures a GM reads, each with its 95% confidence interval."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from crisis_desktop.controller.simulate.engine import UNDECIDED, FightRecord

Z95 = 1.959963984540054


@dataclass
class Tally:
    """Counts and integer sums over fights: merging two tallies is exact, whatever the order."""

    runs: int = 0
    wins: dict[str, int] = field(default_factory=dict)            # side value or how nobody won -> fights
    fled: int = 0
    rounds: dict[int, int] = field(default_factory=dict)          # rounds -> fights
    downed: dict[str, int] = field(default_factory=dict)          # combatant -> fights it was down or out in
    killed: dict[str, int] = field(default_factory=dict)          # combatant -> fights it ended out of for good
    bar_sum: dict[str, dict[str, int]] = field(default_factory=dict)
    bar_squares: dict[str, dict[str, int]] = field(default_factory=dict)

    def add(self, record: FightRecord) -> None:
        self.runs += 1
        self.wins[record.winner] = self.wins.get(record.winner, 0) + 1
        self.fled += record.fled
        self.rounds[record.rounds] = self.rounds.get(record.rounds, 0) + 1
        for cid in record.downed:
            self.downed[cid] = self.downed.get(cid, 0) + 1
        for cid in record.killed:
            self.killed[cid] = self.killed.get(cid, 0) + 1
        for cid, bars in record.bars.items():
            sums = self.bar_sum.setdefault(cid, {})
            squares = self.bar_squares.setdefault(cid, {})
            for key, value in bars.items():
                sums[key] = sums.get(key, 0) + value
                squares[key] = squares.get(key, 0) + value * value

    def merge(self, other: Tally) -> None:
        self.runs += other.runs
        self.fled += other.fled
        for r, n in other.rounds.items():
            self.rounds[r] = self.rounds.get(r, 0) + n
        for mine, theirs in ((self.wins, other.wins), (self.downed, other.downed), (self.killed, other.killed)):
            for name, n in theirs.items():
                mine[name] = mine.get(name, 0) + n
        for mine_bars, theirs_bars in ((self.bar_sum, other.bar_sum), (self.bar_squares, other.bar_squares)):
            for cid, bars in theirs_bars.items():
                target = mine_bars.setdefault(cid, {})
                for key, n in bars.items():
                    target[key] = target.get(key, 0) + n


@dataclass(frozen=True)
class Estimate:
    """A figure with its 95% confidence interval."""

    value: float
    low: float
    high: float

    def to_dict(self) -> dict[str, float]:
        return {"value": round(self.value, 6), "low": round(self.low, 6), "high": round(self.high, 6)}


def proportion(hits: int, n: int) -> Estimate:
    """A chance from `hits` of `n` fights, with Wilson's 95% interval (sound at 0% and 100% too)."""
    if n <= 0:
        return Estimate(0.0, 0.0, 1.0)
    p = hits / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return Estimate(p, max(0.0, centre - half), min(1.0, centre + half))


def mean(total: int, squares: int, n: int) -> Estimate:
    """A mean from the sum and the sum of squares of `n` values, with the normal 95% interval."""
    if n <= 0:
        return Estimate(0.0, 0.0, 0.0)
    m = total / n
    variance = max(0.0, (squares - total * total / n) / (n - 1)) if n > 1 else 0.0
    half = Z95 * math.sqrt(variance / n)
    return Estimate(m, m - half, m + half)


@dataclass(frozen=True)
class CombatantFigures:
    """One combatant's figures: its chance to be down (or out) at some point, to end out of the fight for good, and
    the mean of each of its bars at the end."""

    combatant_id: str
    name: str
    side: str
    pc: bool
    downed: Estimate
    killed: Estimate
    bars: Mapping[str, tuple[str, Estimate]]       # bar key -> (label, mean left)


@dataclass(frozen=True)
class Summary:
    """What the fights came to, as the dialog and the command line show it."""

    encounter: str
    ruleset: str
    runs: int
    seed: int
    tactics: Mapping[str, str]
    wins: Mapping[str, Estimate]                   # side value, then each way nobody won (UNDECIDED) -> chance
    fled: Estimate
    rounds: Mapping[int, int]                      # rounds -> fights
    mean_rounds: Estimate
    combatants: Sequence[CombatantFigures]
    cancelled: bool = False
    played_by: str = ""                            # how the fights were played (quick fights or the full rules path)
    played_from: str = "from the start"            # where they start: "from round 2, as it stands"

    def to_dict(self) -> dict[str, Any]:
        return {
            "encounter": self.encounter,
            "ruleset": self.ruleset,
            "runs": self.runs,
            "seed": self.seed,
            "cancelled": self.cancelled,
            "played_by": self.played_by,
            "played_from": self.played_from,
            "tactics": dict(self.tactics),
            "wins": {side: e.to_dict() for side, e in self.wins.items()},
            "fled": self.fled.to_dict(),
            "rounds": {"mean": self.mean_rounds.to_dict(),
                       "histogram": {str(r): n for r, n in sorted(self.rounds.items())}},
            "combatants": [
                {"id": c.combatant_id, "name": c.name, "side": c.side, "pc": c.pc, "downed": c.downed.to_dict(),
                 "killed": c.killed.to_dict(),
                 "resources_left": {key: {"label": label, **e.to_dict()} for key, (label, e) in c.bars.items()}}
                for c in self.combatants
            ],
        }


@dataclass(frozen=True)
class Who:
    """What the summary needs to know of a combatant besides its tallies."""

    combatant_id: str
    name: str
    side: str
    pc: bool
    bars: Mapping[str, str]                        # bar key -> label


def summarise(tally: Tally, who: Sequence[Who], sides: Sequence[str], *, encounter: str, ruleset: str, seed: int,
              tactics: Mapping[str, str], cancelled: bool = False, played_by: str = "",
              played_from: str = "from the start") -> Summary:
    n = tally.runs
    wins = {side: proportion(tally.wins.get(side, 0), n) for side in sides}
    wins.update({ending: proportion(tally.wins.get(ending, 0), n) for ending in UNDECIDED})
    total = sum(r * k for r, k in tally.rounds.items())
    squares = sum(r * r * k for r, k in tally.rounds.items())
    figures = []
    for w in who:
        sums, sq = tally.bar_sum.get(w.combatant_id, {}), tally.bar_squares.get(w.combatant_id, {})
        bars = {key: (label, mean(sums.get(key, 0), sq.get(key, 0), n)) for key, label in w.bars.items()}
        figures.append(CombatantFigures(w.combatant_id, w.name, w.side, w.pc,
                                        proportion(tally.downed.get(w.combatant_id, 0), n),
                                        proportion(tally.killed.get(w.combatant_id, 0), n), bars))
    return Summary(encounter, ruleset, n, seed, dict(tactics), wins, proportion(tally.fled, n), dict(tally.rounds),
                   mean(total, squares, n), figures, cancelled, played_by, played_from)
