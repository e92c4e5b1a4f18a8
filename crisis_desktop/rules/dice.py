"""Where dice come from: an injected seeded generator, or the physical dice the GM typed in.

Rules never call the global `random`; they ask a DiceSource for each die and record what it gave, so
a result can be replayed from its recorded dice.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol


@dataclass(frozen=True)
class DieRoll:
    """One die as rolled: its number of sides, the face, and what it was for."""

    sides: int
    value: int
    label: str = ""


class NeedMoreDice(Exception):
    """Raised by TypedDice when the GM has not typed enough dice for the roll."""

    def __init__(self, sides: int, label: str) -> None:
        super().__init__(f"Enter another d{sides}" + (f" for {label}" if label else ""))
        self.sides = sides
        self.label = label


class DiceSource(Protocol):
    def roll(self, sides: int, label: str = "") -> int:
        """A face from 1 to `sides`."""
        ...


class RandomDice:
    """Dice from a seeded generator; same seed, same results. Keeps a record of every die."""

    def __init__(self, seed: int | None = None, rng: random.Random | None = None) -> None:
        self._rng = rng if rng is not None else random.Random(seed)
        self.rolled: list[DieRoll] = []

    def roll(self, sides: int, label: str = "") -> int:
        if sides < 1:
            raise ValueError(f"a die needs at least one side, got d{sides}")
        value = self._rng.randint(1, sides)
        self.rolled.append(DieRoll(sides, value, label))
        return value


class TypedDice:
    """Dice the GM rolled at the table and typed in, taken in order.

    Each value is checked against the die asked for: a 9 typed for a d8 is refused with the reason.
    """

    def __init__(self, values: Iterable[int]) -> None:
        self._values = list(values)
        self._next = 0
        self.rolled: list[DieRoll] = []

    @property
    def remaining(self) -> int:
        return len(self._values) - self._next

    def roll(self, sides: int, label: str = "") -> int:
        if self._next >= len(self._values):
            raise NeedMoreDice(sides, label)
        value = self._values[self._next]
        if not 1 <= value <= sides:
            what = f" for {label}" if label else ""
            raise ValueError(f"A d{sides}{what} shows 1 to {sides}; {value} was entered")
        self._next += 1
        self.rolled.append(DieRoll(sides, value, label))
        return value
