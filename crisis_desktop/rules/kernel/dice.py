"""Where dice come from: an injected seeded generator, or the physical dice the GM typed in.

Rules never call the global `random`; they ask a DiceSource for each die and record what it gave, so
a result can be replayed from its recorded dice.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from crisis_desktop.rules.kernel.tally import Tally


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
    # How it is drawn (rules/kernel/glyphs.py): "square", "diamond" or "hexagon", its colour and the colour of the
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


@dataclass(frozen=True)
class DieAsk:
    """One die a roll asks for: its sides, what it is for ("Vera Kask: turn order (Mind d8)") and, for a die of
    symbols, its kind."""

    sides: int
    label: str = ""
    kind: DieKind | None = None

    @property
    def name(self) -> str:
        """The die in words: "Ability die (green)", "d8"."""
        if self.kind is None:
            return f"d{self.sides}"
        return f"{self.kind.name} ({self.kind.colour})" if self.kind.colour else self.kind.name


def dice_words(dice: Sequence[DieAsk]) -> str:
    """A pool in words, kinds in the order first rolled: "Ability die (green) ×2, Proficiency die (yellow)"."""
    counts: dict[str, int] = {}
    for die in dice:
        counts[die.name] = counts.get(die.name, 0) + 1
    return ", ".join(name if n == 1 else f"{name} ×{n}" for name, n in counts.items())


@dataclass(frozen=True)
class RollPool:
    """Whose roll it is and the dice it rolls, in the order the rules roll them (one combatant's initiative)."""

    who: str
    dice: tuple[DieAsk, ...]

    def describe(self) -> str:
        """"Vera Kask: d8", "Kara Voss: Ability die (green) ×2, Proficiency die (yellow)"."""
        return f"{self.who}: {dice_words(self.dice) or 'no dice'}"


class NeedMoreDice(Exception):
    """Raised by TypedDice when the GM has not typed enough dice for the roll."""

    def __init__(self, sides: int, label: str, kind: DieKind | None = None) -> None:
        die = kind.name if kind is not None else f"d{sides}"
        super().__init__(f"Enter another {die}" + (f" for {label}" if label else ""))
        self.sides = sides
        self.label = label
        self.kind = kind

    @property
    def ask(self) -> DieAsk:
        """The die wanted next."""
        return DieAsk(self.sides, self.label, self.kind)


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
        self.asked: list[DieAsk] = []      # every die asked for, in order (the one that ran out or was refused too)

    @property
    def remaining(self) -> int:
        return len(self._values) - self._next

    def roll(self, sides: int, label: str = "", kind: DieKind | None = None) -> int:
        self.asked.append(DieAsk(sides, label, kind))
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


@dataclass
class DiceProbe:
    """What a roll made with some typed faces asks: the die each face was read as (`asked`, one a face, up to the
    first refused), the die wanted next (`missing`, None when the faces are enough), why the faces cannot be read
    (`problem`: an unknown face, a number the die has not, the rules' refusal) and how many faces were typed
    beyond what the roll reads (`extra`)."""

    asked: list[DieAsk] = field(default_factory=list)
    missing: DieAsk | None = None
    problem: str | None = None
    extra: int = 0

    @property
    def complete(self) -> bool:
        return self.missing is None and self.problem is None and not self.extra


def probe(roll: Callable[[DiceSource], object], values: Sequence[int | str]) -> DiceProbe:
    """Make the roll with the faces typed so far (its result is dropped) to learn which die each face is for and
    which one comes next: typed dice are entered one die at a time, each knowing whose it is and what it is."""
    dice = TypedDice(values)
    found = DiceProbe()
    try:
        roll(dice)
    except NeedMoreDice as exc:
        found.missing = exc.ask
    except ValueError as exc:
        found.problem = str(exc)
    found.asked = dice.asked[:-1] if found.missing is not None else list(dice.asked)
    if found.missing is None and found.problem is None:
        found.extra = dice.remaining
        if found.extra:
            found.problem = (f"{found.extra} face{'s' if found.extra != 1 else ''} typed beyond what this roll reads: "
                             "take them out, or check the order")
    return found


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
