"""Where dice come from: an injected seeded generator, or the physical dice the GM typed in.

Rules never call the global `random`; they ask a DiceSource for each die and record what it gave, so
a result can be replayed from its recorded dice.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol

from crisis_desktop.rules.tally import Tally


@dataclass(frozen=True)
class DieRoll:
    """One die as rolled: its number of sides, the face, and what it was for."""

    sides: int
    value: int
    label: str = ""
    kind: str = ""                   # the key of the DieKind for a die of symbols (its face is `value`)


@dataclass(frozen=True)
class Face:
    """One face of a die of symbols: how the GM types it ("s", "sa", "blank") and the symbols it shows."""

    text: str
    symbols: Tally
    shows: tuple[str, ...] = ()      # the symbols printed on it, where they are not what it counts (a triumph
                                     # counts a success besides, and shows only the triumph)

    def printed(self) -> tuple[str, ...]:
        """The symbols drawn on the face, one by one: `shows`, else each symbol it counts as many times."""
        return self.shows or tuple(symbol for symbol, n in self.symbols.items() for _ in range(n))


@dataclass(frozen=True)
class DieKind:
    """A die of the rules' own whose faces show symbols (Genesys's ability die), not numbers. Rolling one is asking
    the DiceSource for a face number from 1 to `sides` with `kind` set; the face's symbols are `faces[n - 1]`."""

    key: str
    name: str
    faces: tuple[Face, ...]
    colour: str = ""                 # how the table knows it ("green"), for the typed dice palette
    # How it is drawn (rules/glyphs.py): "square", "diamond" or "hexagon", its colour and the colour of the
    # symbols on it ("#rrggbb"); empty where the rules do not say, and the GUI shows it in words.
    shape: str = ""
    fill: str = ""
    ink: str = ""

    @property
    def sides(self) -> int:
        return len(self.faces)

    def face_texts(self) -> list[str]:
        """Each distinct face as the GM types it, in the die's order."""
        return list(dict.fromkeys(f.text for f in self.faces))

    def face_number(self, text: str) -> int:
        """The face number (1 = the first) of a face typed as `text`; ValueError naming the faces this die has."""
        wanted = text.strip().lower()
        for number, face in enumerate(self.faces, start=1):
            if face.text.lower() == wanted:
                return number
        raise ValueError(f"The {self.name} has the faces {', '.join(self.face_texts())}; {text!r} was entered")

    def symbols(self, number: int) -> Tally:
        return self.faces[number - 1].symbols


class NeedMoreDice(Exception):
    """Raised by TypedDice when the GM has not typed enough dice for the roll."""

    def __init__(self, sides: int, label: str, kind: DieKind | None = None) -> None:
        die = kind.name if kind is not None else f"d{sides}"
        super().__init__(f"Enter another {die}" + (f" for {label}" if label else ""))
        self.sides = sides
        self.label = label
        self.kind = kind


class DiceSource(Protocol):
    def roll(self, sides: int, label: str = "", kind: DieKind | None = None) -> int:
        """A face from 1 to `sides`; `kind` names a die of symbols (its face number is returned)."""
        ...


class RandomDice:
    """Dice from a seeded generator; same seed, same results. Keeps a record of every die."""

    def __init__(self, seed: int | None = None, rng: random.Random | None = None) -> None:
        self._rng = rng if rng is not None else random.Random(seed)
        self.rolled: list[DieRoll] = []

    def roll(self, sides: int, label: str = "", kind: DieKind | None = None) -> int:
        if sides < 1:
            raise ValueError(f"a die needs at least one side, got d{sides}")
        value = self._rng.randint(1, sides)
        self.rolled.append(DieRoll(sides, value, label))
        return value


class TypedDice:
    """Dice the GM rolled at the table and typed in, taken in order: numbers for numbered dice, face texts ("sa",
    "blank") for dice of symbols.

    Each value is checked against the die asked for: a 9 typed for a d8, or "t" for a die without that face, is
    refused with the reason.
    """

    def __init__(self, values: Iterable[int | str]) -> None:
        self._values: Sequence[int | str] = list(values)
        self._next = 0
        self.rolled: list[DieRoll] = []

    @property
    def remaining(self) -> int:
        return len(self._values) - self._next

    def roll(self, sides: int, label: str = "", kind: DieKind | None = None) -> int:
        if self._next >= len(self._values):
            raise NeedMoreDice(sides, label, kind)
        typed = self._values[self._next]
        if kind is not None and isinstance(typed, str):
            value = kind.face_number(typed)
        elif isinstance(typed, str):
            if not typed.strip().isdigit():
                raise ValueError(f"A d{sides}{f' for {label}' if label else ''} shows a number; {typed!r} was entered")
            value = int(typed)
        else:
            value = typed
        if not 1 <= value <= sides:
            what = f" for {label}" if label else ""
            raise ValueError(f"A d{sides}{what} shows 1 to {sides}; {value} was entered")
        self._next += 1
        self.rolled.append(DieRoll(sides, value, label))
        return value


class ReplayDice:
    """Dice that give back what an earlier roll showed, die by die in the order each kind was rolled (`rolls`, as
    `rolled` records them), and take any further die from `fallback`: the same roll spent another way shows the
    same dice, and a critical injury it did not roll before gets a fresh one. Keeps a record of every die."""

    def __init__(self, rolls: Iterable[DieRoll], fallback: DiceSource) -> None:
        self._queues: dict[tuple[int, str], list[int]] = {}
        for die in rolls:
            self._queues.setdefault((die.sides, die.label), []).append(die.value)
        self._fallback = fallback
        self.rolled: list[DieRoll] = []

    def roll(self, sides: int, label: str = "", kind: DieKind | None = None) -> int:
        name = kind.name if kind is not None else f"d{sides}"
        queue = self._queues.get((sides, name))
        value = queue.pop(0) if queue else self._fallback.roll(sides, label, kind)
        self.rolled.append(DieRoll(sides, value, name))
        return value
