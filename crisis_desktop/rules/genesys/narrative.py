"""The six narrative dice and their faces (resources/rules/genesys/dice.json), pools built from characteristic and
rank, difficulty and upgrades, boost and setback; rolling a pool, cancellation, and exact odds of any pool."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache

from crisis_desktop.rules.base import Term
from crisis_desktop.rules.kernel import odds
from crisis_desktop.rules.kernel.dice import DiceSource, DieKind, DieRoll, Face
from crisis_desktop.rules.kernel.tables import load_table
from crisis_desktop.rules.kernel.tally import Cancellation, Tally
from crisis_desktop.rules.kernel.tally_odds import TallyOdds

ABILITY, PROFICIENCY, BOOST = "ability", "proficiency", "boost"
DIFFICULTY, CHALLENGE, SETBACK = "difficulty", "challenge", "setback"
# The order a pool's dice are rolled (and typed dice read) in: the positive dice, then the negative ones.
ORDER = (PROFICIENCY, ABILITY, BOOST, CHALLENGE, DIFFICULTY, SETBACK)
SUCCESS, ADVANTAGE, TRIUMPH = "success", "advantage", "triumph"
FAILURE, THREAT, DESPAIR = "failure", "threat", "despair"
# A success cancels a failure and an advantage a threat; triumph and despair stay (each also counted as a success
# or a failure, which do cancel).
CANCEL = Cancellation(((SUCCESS, FAILURE), (ADVANTAGE, THREAT)))


def face(text: str, legend: Mapping[str, Sequence[str]]) -> Face:
    """A face from its text: "blank", or symbol codes run together ("sa", "fth", "tr"). Each code counts the symbols
    the legend lists for it and shows the first (a triumph counts a success besides)."""
    if text == "blank":
        return Face(text, Tally())
    symbols: list[str] = []
    shows: list[str] = []
    rest = text
    codes = sorted(legend, key=len, reverse=True)        # "th" before "t"-less codes, "tr" before "t"
    while rest:
        code = next((c for c in codes if rest.startswith(c)), None)
        if code is None:
            raise ValueError(f"Unknown symbol in face {text!r}: {rest!r}")
        symbols += legend[code]
        shows.append(legend[code][0])
        rest = rest[len(code):]
    return Face(text, Tally.of(*symbols), tuple(shows))


@cache
def kinds() -> dict[str, DieKind]:
    """The six dice by key, faces as dice.json lists them."""
    data = load_table("genesys", "dice")
    legend = data["symbols"]
    out = {}
    for row in data["dice"]:
        faces = tuple(face(text, legend) for text in row["faces"])
        if len(faces) != row["sides"]:
            raise ValueError(f"The {row['name']} lists {len(faces)} faces, not {row['sides']}")
        out[row["key"]] = DieKind(row["key"], row["name"], faces, row["colour"], row.get("shape", ""),
                                  row.get("fill", ""), row.get("ink", ""))
    return out


def symbol_names() -> dict[str, str]:
    return dict(load_table("genesys", "dice")["symbol_names"])


@dataclass(frozen=True)
class Step:
    """One step of building a pool: why, and what it did ("ability", "upgrade difficulty"...) how many times."""

    why: str
    what: str
    count: int

    def text(self) -> str:
        return f"{self.why}: {'+' if self.count > 0 and not self.what.startswith('upgrade') else ''}" \
               f"{self.count} {self.what}"


@dataclass(frozen=True)
class Pool:
    """A dice pool by kind of die, and how it was built (each step, for the result to explain itself)."""

    ability: int = 0
    proficiency: int = 0
    boost: int = 0
    difficulty: int = 0
    challenge: int = 0
    setback: int = 0
    steps: tuple[Step, ...] = ()

    def count(self, key: str) -> int:
        return int(getattr(self, key))

    def add(self, key: str, n: int, why: str) -> Pool:
        """`n` more dice of `key` (fewer for a negative n, never below none)."""
        if not n:
            return self
        now = max(0, self.count(key) + n)
        return replace(self, steps=(*self.steps, Step(why, key, now - self.count(key))), **{key: now})

    def upgrade_ability(self, n: int, why: str) -> Pool:
        """Each upgrade turns an ability die into a proficiency die, or adds an ability die when none is left."""
        pool = self
        for _ in range(max(0, n)):
            if pool.ability:
                pool = replace(pool, ability=pool.ability - 1, proficiency=pool.proficiency + 1)
            else:
                pool = replace(pool, ability=pool.ability + 1)
        return replace(pool, steps=(*self.steps, Step(why, "upgrade ability", n))) if n > 0 else self

    def upgrade_difficulty(self, n: int, why: str) -> Pool:
        """Each upgrade turns a difficulty die into a challenge die, or adds a difficulty die when none is left."""
        pool = self
        for _ in range(max(0, n)):
            if pool.difficulty:
                pool = replace(pool, difficulty=pool.difficulty - 1, challenge=pool.challenge + 1)
            else:
                pool = replace(pool, difficulty=pool.difficulty + 1)
        return replace(pool, steps=(*self.steps, Step(why, "upgrade difficulty", n))) if n > 0 else self

    def terms(self) -> list[Term]:
        """The steps as terms (the dice each added), for a dialog to list."""
        return [Term(f"{step.why}: {step.what}", step.count) for step in self.steps]

    def dice(self) -> list[DieKind]:
        """Every die of the pool in the order they are rolled: positive, then negative."""
        table = kinds()
        return [table[key] for key in ORDER for _ in range(self.count(key))]

    @property
    def positive(self) -> int:
        return self.ability + self.proficiency + self.boost

    @property
    def negative(self) -> int:
        return self.difficulty + self.challenge + self.setback

    def describe(self) -> str:
        """'2 proficiency, 1 ability, 1 boost against 2 difficulty, 1 setback'."""
        def part(keys: Sequence[str]) -> str:
            return ", ".join(f"{self.count(k)} {k}" for k in keys if self.count(k)) or "nothing"
        return f"{part(ORDER[:3])} against {part(ORDER[3:])}"


def skill_pool(characteristic: int, rank: int, text: str = "") -> Pool:
    """Green dice as many as the higher of characteristic and rank, the lower of the two of them upgraded to yellow."""
    high, low = max(characteristic, rank, 0), max(min(characteristic, rank), 0)
    why = text or f"characteristic {characteristic}, rank {rank}"
    return Pool().add(ABILITY, high - low, why).add(PROFICIENCY, low, why)


def difficulty_pool(pool: Pool, dice: int, name: str) -> Pool:
    return pool.add(DIFFICULTY, dice, name)


def cancel(tally: Tally) -> Tally:
    return CANCEL(tally)


@dataclass(frozen=True)
class Rolled:
    """What a pool showed: every die (kind and face), the symbols before and after cancellation."""

    dice: tuple[DieRoll, ...]
    kinds: tuple[DieKind, ...]
    shown: Tally
    net: Tally

    @property
    def net_successes(self) -> int:
        return self.net.net(SUCCESS, FAILURE)

    @property
    def net_advantage(self) -> int:
        return self.net.net(ADVANTAGE, THREAT)

    @property
    def succeeded(self) -> bool:
        return self.net_successes >= 1

    def faces(self) -> list[str]:
        """Each die's face as the GM types it, in the order rolled (for replaying with TypedDice)."""
        return [kind.faces[roll.value - 1].text for roll, kind in zip(self.dice, self.kinds, strict=True)]


def roll(pool: Pool, dice: DiceSource, label: str) -> Rolled:
    """Roll every die of the pool (positive first), add up the faces and cancel."""
    shown = Tally()
    rolled: list[DieRoll] = []
    used: list[DieKind] = []
    for kind in pool.dice():
        number = dice.roll(kind.sides, f"{label}: {kind.name}", kind)
        rolled.append(DieRoll(kind.sides, number, kind.name, kind.key))
        used.append(kind)
        shown = shown + kind.symbols(number)
    return Rolled(tuple(rolled), tuple(used), shown, cancel(shown))


def pool_odds(pool: Pool) -> TallyOdds:
    """The exact odds of every result the pool can show, after cancellation."""
    found = odds.pool(pool.dice(), reduce=CANCEL)
    assert isinstance(found, TallyOdds)
    return found


def success_chance(found: TallyOdds) -> float:
    return sum(p for net, p in found.net(SUCCESS).items() if net >= 1)


def count(found: TallyOdds, symbol: str) -> dict[int, float]:
    """The distribution of one symbol's net count; a symbol no die of the pool shows (a triumph without yellow dice)
    is never there."""
    return found.net(symbol) if symbol in found.axes else {0: 1.0}
