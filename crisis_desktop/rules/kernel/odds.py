"""Exact probability distributions of dice results: dict[int, float] over totals, or over any outcome that adds up
(a Tally of symbols), and convolution helpers."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from functools import lru_cache
from typing import Any, Protocol, TypeVar

from crisis_desktop.rules.kernel.dice import DieKind
from crisis_desktop.rules.kernel.tally import Cancellation, Tally

# A distribution maps each possible total to its probability; the probabilities sum to 1.
Dist = dict[int, float]


class Summable(Hashable, Protocol):
    """An outcome that adds up with another of its kind: a number, a Tally."""

    def __add__(self, other: Any, /) -> Any: ...


K = TypeVar("K", bound=Summable)

# Exploding dice are followed until the probability of yet another explosion is below this.
EPSILON = 1e-12
# The most outcome pairs one convolution may combine (about half a second of work), and the most faces a die
# may have here: beyond, exact odds would take minutes or the memory of the machine, and are refused.
MAX_COMBINATIONS = 2_000_000


class TooManyOutcomes(ValueError):
    """Exact odds that would take too long to work out; str() says so in plain words."""


def refuse_beyond(count: int, limit: int = MAX_COMBINATIONS, what: str = "combinations of outcomes") -> None:
    """TooManyOutcomes when `count` is more than `limit` (the work an exact price would take)."""
    if count > limit:
        raise TooManyOutcomes(f"too many outcomes to price exactly: {count:,} {what}, more than {limit:,}")


def constant(value: int) -> Dist:
    """The distribution of a number that is not rolled."""
    return {value: 1.0}


@lru_cache(maxsize=64)
def _die(sides: int) -> tuple[tuple[int, float], ...]:
    if sides < 1:
        raise ValueError(f"a die needs at least one side, got d{sides}")
    refuse_beyond(sides, what="faces of one die")
    p = 1.0 / sides
    return tuple((face, p) for face in range(1, sides + 1))


def die(sides: int) -> Dist:
    """One plain die: faces 1..sides, each equally likely."""
    return dict(_die(sides))


@lru_cache(maxsize=64)
def _exploding(sides: int, epsilon: float) -> tuple[tuple[int, float], ...]:
    if sides < 2:
        raise ValueError(f"an exploding die needs at least two sides, got d{sides}")
    refuse_beyond(sides, what="faces of one die")
    p = 1.0 / sides
    out: Dist = {}
    reach = 1.0          # probability of having exploded this many times
    base = 0             # sum of the top faces rolled so far
    while True:
        for face in range(1, sides):
            out[base + face] = out.get(base + face, 0.0) + reach * p
        reach *= p
        base += sides
        if reach < epsilon:
            # The tail beyond this point is smaller than epsilon; keep it on the last top face so
            # that the distribution still sums to 1.
            out[base] = out.get(base, 0.0) + reach
            break
    return tuple(sorted(out.items()))


def exploding(sides: int, epsilon: float = EPSILON) -> Dist:
    """A die whose top face is rolled again and added, for as long as it comes up."""
    return dict(_exploding(sides, epsilon))


def convolve(a: Mapping[K, float], b: Mapping[K, float]) -> dict[K, float]:
    """The distribution of the sum of two independent values (numbers, or tallies of symbols); TooManyOutcomes
    beyond MAX_COMBINATIONS pairs."""
    refuse_beyond(len(a) * len(b))
    out: dict[K, float] = {}
    for va, pa in a.items():
        for vb, pb in b.items():
            key = va + vb
            out[key] = out.get(key, 0.0) + pa * pb
    return out


def convolve_all(dists: Iterable[Mapping[int, float]]) -> Dist:
    """The sum of any number of independent values (constant 0 for none)."""
    out: Dist = {0: 1.0}
    for d in dists:
        out = convolve(out, d)
    return out


def face_distribution(kind: DieKind) -> dict[Tally, float]:
    """One die of symbols: each face's tally, faces showing the same symbols merged."""
    out: dict[Tally, float] = {}
    for face in kind.faces:
        out[face.symbols] = out.get(face.symbols, 0.0) + 1.0 / kind.sides
    return out


def pool(kinds: Iterable[DieKind], reduce: Callable[[Tally], Tally] | None = None) -> Mapping[Tally, float]:
    """The exact distribution of what a pool of symbol dice shows together, each die's faces equally likely.
    `reduce` (the rules' cancellation: a success cancels a failure) is applied after each die, which keeps the
    number of outcomes small; it must give the same result whatever order the dice come in. A `Cancellation` as
    `reduce` is worked out on arrays instead (`tally_odds.TallyOdds`: the same odds, in milliseconds for a dozen
    dice, with the distribution of each symbol at hand)."""
    if isinstance(reduce, Cancellation):
        from crisis_desktop.rules.kernel.tally_odds import cancelled_pool  # numpy: imported on first use

        return cancelled_pool(kinds, reduce)
    out: dict[Tally, float] = {Tally(): 1.0}
    for kind in kinds:
        out = convolve(out, face_distribution(kind))
        if reduce is not None:
            out = mapped_keys(out, reduce)
    return out


def mapped_keys(d: Mapping[K, float], fn: Callable[[K], Any]) -> dict[Any, float]:
    """The distribution of fn(outcome), for outcomes of any kind; outcomes mapping to the same value merge."""
    out: dict[Any, float] = {}
    for v, p in d.items():
        key = fn(v)
        out[key] = out.get(key, 0.0) + p
    return out


def repeat(d: Mapping[int, float], times: int) -> Dist:
    """The sum of `times` independent copies of `d` (by repeated squaring)."""
    if times < 0:
        raise ValueError(f"cannot add up {times} copies")
    result: Dist = {0: 1.0}
    power = dict(d)
    while times:
        if times & 1:
            result = convolve(result, power)
        times >>= 1
        if times:
            power = convolve(power, power)
    return result


@lru_cache(maxsize=256)
def _dice_sum(count: int, sides: int, explode: bool) -> tuple[tuple[int, float], ...]:
    single = exploding(sides) if explode else die(sides)
    return tuple(sorted(repeat(single, count).items()))


def dice_sum(count: int, sides: int, explode: bool = False) -> Dist:
    """`count`d`sides` added up (3d6, 2d12...); cached."""
    return dict(_dice_sum(count, sides, explode))


def shift(d: Mapping[int, float], offset: int) -> Dist:
    """Adds a constant to every outcome."""
    return {v + offset: p for v, p in d.items()}


def scale(d: Mapping[int, float], factor: int) -> Dist:
    """Multiplies every outcome by a constant (one roll doubled, not two rolls)."""
    out: Dist = {}
    for v, p in d.items():
        out[v * factor] = out.get(v * factor, 0.0) + p
    return out


def negate(d: Mapping[int, float]) -> Dist:
    return {-v: p for v, p in d.items()}


def mapped(d: Mapping[int, float], fn: Callable[[int], int]) -> Dist:
    """The distribution of fn(outcome); outcomes mapping to the same value merge."""
    out: Dist = {}
    for v, p in d.items():
        key = fn(v)
        out[key] = out.get(key, 0.0) + p
    return out


def clamp_low(d: Mapping[int, float], low: int) -> Dist:
    """Outcomes below `low` count as `low` (damage never below 0...)."""
    return mapped(d, lambda v: v if v >= low else low)


def mixture(parts: Iterable[tuple[float, Mapping[int, float]]]) -> Dist:
    """Weighted sum of distributions: with probability w the value follows d."""
    out: Dist = {}
    for weight, d in parts:
        if weight == 0.0:
            continue
        for v, p in d.items():
            out[v] = out.get(v, 0.0) + weight * p
    return out


def total(d: Mapping[int, float]) -> float:
    """Sum of the probabilities (1 for a complete distribution)."""
    return sum(d.values())


def normalised(d: Mapping[int, float]) -> Dist:
    """Scales the probabilities so that they sum to 1."""
    s = total(d)
    if s <= 0.0:
        raise ValueError("cannot normalise an empty distribution")
    return {v: p / s for v, p in d.items()}


def expected(d: Mapping[int, float]) -> float:
    return sum(v * p for v, p in d.items())


def variance(d: Mapping[int, float]) -> float:
    mean = expected(d)
    return sum((v - mean) ** 2 * p for v, p in d.items())


def at_least(d: Mapping[int, float], threshold: int) -> float:
    """P(outcome >= threshold)."""
    return sum(p for v, p in d.items() if v >= threshold)


def at_most(d: Mapping[int, float], threshold: int) -> float:
    """P(outcome <= threshold)."""
    return sum(p for v, p in d.items() if v <= threshold)


def probability(d: Mapping[int, float], predicate: Callable[[int], bool]) -> float:
    return sum(p for v, p in d.items() if predicate(v))


def compare(a: Mapping[int, float], b: Mapping[int, float]) -> tuple[float, float, float]:
    """(P(a > b), P(a == b), P(a < b)) for independent a and b, in O(|a| + |b|) after sorting."""
    b_sorted = sorted(b.items())
    cumulative: list[tuple[int, float]] = []   # (value, P(b < value)) at each of b's values
    below = 0.0
    for v, p in b_sorted:
        cumulative.append((v, below))
        below += p
    b_total = below
    b_point = dict(b)
    greater = equal = 0.0
    idx = 0
    for va, pa in sorted(a.items()):
        while idx < len(cumulative) and cumulative[idx][0] < va:
            idx += 1
        less_than = cumulative[idx][1] if idx < len(cumulative) else b_total
        greater += pa * less_than
        equal += pa * b_point.get(va, 0.0)
    a_total = total(a)
    return greater, equal, a_total * b_total - greater - equal


def trimmed(d: Mapping[int, float], epsilon: float = 0.0) -> Dist:
    """Drops outcomes with probability <= epsilon (0 drops only impossible ones), sorted by value."""
    return {v: p for v, p in sorted(d.items()) if p > epsilon}


__all__ = [
    "EPSILON", "MAX_COMBINATIONS", "Dist", "TooManyOutcomes", "at_least", "at_most", "clamp_low", "compare",
    "constant", "convolve", "convolve_all", "dice_sum", "die", "exploding", "expected", "face_distribution", "mapped",
    "mapped_keys", "mixture", "negate", "normalised", "pool", "probability", "refuse_beyond", "repeat", "scale",
    "shift", "total", "trimmed", "variance",
]
