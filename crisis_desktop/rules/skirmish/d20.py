"""The d20 as Paraverse rolls it: one die, or two keeping the higher (advantage) or the lower (disadvantage); several
sources count as one, and advantage and disadvantage cancel."""

from __future__ import annotations

from functools import cache

from crisis_desktop.rules.kernel.dice import DiceSource, DieRoll

FACES = range(1, 21)


def edge(advantage: bool, disadvantage: bool) -> int:
    """+1 advantage, -1 disadvantage, 0 when neither or both (they cancel)."""
    return int(advantage) - int(disadvantage)


def edge_word(e: int) -> str:
    return "advantage" if e > 0 else "disadvantage" if e < 0 else ""


@cache
def _natural(e: int) -> tuple[float, ...]:
    """P(the kept d20 shows face n), n = 1..20, as a tuple indexed n - 1."""
    if e == 0:
        return tuple(1 / 20 for _ in FACES)
    if e > 0:   # the higher of two: P(max = n) = (n^2 - (n-1)^2) / 400
        return tuple((2 * n - 1) / 400 for n in FACES)
    return tuple((41 - 2 * n) / 400 for n in FACES)


def natural(e: int) -> dict[int, float]:
    """The distribution of the face kept."""
    return {n: p for n, p in zip(FACES, _natural(max(-1, min(1, e))), strict=True)}


def roll(dice: DiceSource, e: int, label: str) -> tuple[int, tuple[DieRoll, ...]]:
    """The face kept and every die rolled (two with advantage or disadvantage)."""
    first = dice.roll(20, label)
    if e == 0:
        return first, (DieRoll(20, first, label),)
    second = dice.roll(20, f"{label} ({edge_word(e)})")
    kept = max(first, second) if e > 0 else min(first, second)
    return kept, (DieRoll(20, first, label), DieRoll(20, second, f"{label} ({edge_word(e)})"))
