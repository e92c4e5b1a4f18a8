"""3d6 roll-under: rolling, classifying a roll (stunts, legendary, fumble) and its exact distribution."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import product

from crisis_desktop.rules.base import Explained, Outcome
from crisis_desktop.rules.kernel.dice import DiceSource, DieRoll

# Contest order of the outcome classes: a legendary result beats any success, a fumble loses to any failure.
TIER = {Outcome.CRITICAL_FAILURE: 0, Outcome.FAILURE: 1, Outcome.SUCCESS: 2, Outcome.CRITICAL_SUCCESS: 3}


@dataclass(frozen=True)
class Roll:
    """One 3d6 roll read against a target."""

    faces: tuple[int, int, int]
    target: int
    outcome: Outcome
    stunts: int

    @property
    def total(self) -> int:
        return sum(self.faces)

    @property
    def margin(self) -> int:
        """Target minus total: 0 or more on an ordinary success, negative on an ordinary failure."""
        return self.target - self.total

    @property
    def key(self) -> tuple[int, int]:
        """Contest rank: class first, then margin (a larger margin, or a smaller failure, ranks higher)."""
        return TIER[self.outcome], self.margin


def classify(faces: tuple[int, int, int], target: int, stunt_face: int) -> Roll:
    """Reads three faces against a target; the fumble face is the opposite of the stunt face."""
    stunts = faces.count(stunt_face)
    if stunts == 3:
        outcome = Outcome.CRITICAL_SUCCESS
    elif faces.count(7 - stunt_face) == 3:
        outcome = Outcome.CRITICAL_FAILURE
    elif sum(faces) <= target:
        outcome = Outcome.SUCCESS
    else:
        outcome = Outcome.FAILURE
    return Roll(faces, target, outcome, stunts)


def roll_3d6(dice: DiceSource, label: str) -> tuple[tuple[int, int, int], tuple[DieRoll, ...]]:
    faces = (dice.roll(6, label), dice.roll(6, label), dice.roll(6, label))
    return faces, tuple(DieRoll(6, f, label) for f in faces)


def dice_total(faces: tuple[int, ...]) -> Explained:
    return Explained.of(*((f"d6 #{i + 1}", f) for i, f in enumerate(faces)))


@cache
def _all_faces() -> tuple[tuple[int, int, int], ...]:
    return tuple(product(range(1, 7), range(1, 7), range(1, 7)))


@cache
def roll_distribution(target: int, stunt_face: int) -> tuple[tuple[Roll, float], ...]:
    """Every distinct (outcome, margin, stunts) of 3d6 against `target` with its exact probability.

    Rolls are grouped by what matters (the faces kept are one representative of the group).
    """
    groups: dict[tuple[Outcome, int, int], tuple[Roll, float]] = {}
    p = 1 / 216
    for faces in _all_faces():
        r = classify(faces, target, stunt_face)
        k = (r.outcome, r.margin, r.stunts)
        old = groups.get(k)
        groups[k] = (old[0], old[1] + p) if old else (r, p)
    return tuple(groups.values())


@cache
def outcome_odds(target: int, stunt_face: int) -> tuple[dict[Outcome, float], dict[int, float]]:
    """P(each outcome) and P(margin == n) of a check against `target`."""
    outcomes: dict[Outcome, float] = dict.fromkeys(Outcome, 0.0)
    margins: dict[int, float] = {}
    for r, p in roll_distribution(target, stunt_face):
        outcomes[r.outcome] += p
        margins[r.margin] = margins.get(r.margin, 0.0) + p
    return outcomes, dict(sorted(margins.items()))


@cache
def key_distribution(target: int, stunt_face: int) -> tuple[tuple[tuple[int, int], float], ...]:
    """P(contest key == k), sorted by key: what a contest needs of one side."""
    out: dict[tuple[int, int], float] = {}
    for r, p in roll_distribution(target, stunt_face):
        out[r.key] = out.get(r.key, 0.0) + p
    return tuple(sorted(out.items()))


def p_key_below(dist: tuple[tuple[tuple[int, int], float], ...], key: tuple[int, int]) -> tuple[float, float]:
    """P(other key < key) and P(other key == key) for a sorted key distribution."""
    below = equal = 0.0
    for k, p in dist:
        if k < key:
            below += p
        elif k == key:
            equal += p
        else:
            break
    return below, equal
