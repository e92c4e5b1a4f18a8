"""Dice expressions such as "d6", "2d6+1", "Body", "2 x Body", "Body - 2": parse, roll, exact distribution."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from crisis_desktop.rules.base.values import Explained, Term
from crisis_desktop.rules.kernel import odds
from crisis_desktop.rules.kernel.dice import DiceSource


@dataclass(frozen=True)
class DiceTerm:
    """One signed part of an expression.

    A dice term has `sides`; an attribute term names a stat (`attribute`, "body") whose die size is
    looked up when rolling; a constant has neither and is worth `count`. `factor` multiplies the
    term's roll ("2 x Body": one Body roll doubled, unless the caller asks for it as two dice).
    """

    count: int
    sides: int | None = None
    attribute: str | None = None
    factor: int = 1
    sign: int = 1

    @property
    def is_constant(self) -> bool:
        return self.sides is None and self.attribute is None

    def text(self) -> str:
        if self.is_constant:
            core = str(self.count)
        elif self.sides is not None:
            core = f"{self.count if self.count != 1 else ''}d{self.sides}"
        else:
            name = (self.attribute or "").title()
            core = name if self.count == 1 else f"{self.count} {name}"
        return f"{self.factor} x {core}" if self.factor != 1 else core


_NUMBER = r"\d+"
_ATOM = rf"(?:(?P<count>{_NUMBER})?d(?P<sides>{_NUMBER})|(?P<const>{_NUMBER})|(?P<attr>[a-z_][a-z_]*))"
_TERM = re.compile(
    rf"^(?:(?P<pre>{_NUMBER})\s*[x*×]\s*)?{_ATOM}(?:\s*[x*×]\s*(?P<post>{_NUMBER}))?$", re.IGNORECASE
)


@dataclass(frozen=True)
class DiceExpr:
    """A parsed dice expression; immutable and hashable, so distributions can be cached."""

    terms: tuple[DiceTerm, ...]

    # -- reading ----------------------------------------------------------------------------
    @property
    def text(self) -> str:
        out = ""
        for i, t in enumerate(self.terms):
            if i == 0:
                out = t.text() if t.sign > 0 else f"-{t.text()}"
            else:
                out += f" {'+' if t.sign > 0 else '-'} {t.text()}"
        return out or "0"

    def attributes(self) -> frozenset[str]:
        """Stat keys the expression needs ("body" for "2 x Body")."""
        return frozenset(t.attribute for t in self.terms if t.attribute is not None)

    def dice_count(self) -> int:
        return sum(t.count for t in self.terms if not t.is_constant)

    # -- changing ---------------------------------------------------------------------------
    def with_dice_delta(self, delta: int) -> DiceExpr:
        """Adds (or, negative, removes) dice of the first dice term: +1 die for Long range, one die less
        per tile from an explosion's centre. A term brought to 0 dice disappears."""
        for i, t in enumerate(self.terms):
            if t.is_constant or t.sign < 0:
                continue
            count = max(0, t.count + delta)
            terms = list(self.terms)
            if count:
                terms[i] = replace(t, count=count)
            else:
                del terms[i]
            return DiceExpr(tuple(terms))
        return self

    def resolved(self, attributes: Mapping[str, int], factor_as_dice: bool = False) -> DiceExpr:
        """Attribute terms replaced by their die ("Body" with body d8 becomes d8).

        With `factor_as_dice`, "2 x Body" becomes 2d8 instead of one d8 roll doubled.
        """
        terms: list[DiceTerm] = []
        for t in self.terms:
            if t.attribute is not None:
                if t.attribute not in attributes:
                    raise KeyError(f"the expression {self.text!r} needs a value for {t.attribute.title()}")
                sides = int(attributes[t.attribute])
                if factor_as_dice:
                    t = DiceTerm(t.count * t.factor, sides, None, 1, t.sign)
                else:
                    t = DiceTerm(t.count, sides, None, t.factor, t.sign)
            terms.append(t)
        return DiceExpr(tuple(terms))

    # -- rolling ----------------------------------------------------------------------------
    def roll(self, dice: DiceSource, attributes: Mapping[str, int] | None = None, *, factor_as_dice: bool = False,
             explode: bool = False, label: str = "damage") -> Explained:
        """Rolls the expression; each die (and each multiplication) is a term of the result."""
        expr = self.resolved(attributes or {}, factor_as_dice)
        terms: list[Term] = []
        for t in expr.terms:
            if t.is_constant:
                terms.append(Term("modifier", t.sign * t.count))
                continue
            assert t.sides is not None
            rolled = 0
            for _ in range(t.count):
                value = dice.roll(t.sides, label)
                face_total = value
                while explode and value == t.sides and t.sides > 1:
                    value = dice.roll(t.sides, f"{label} (exploded)")
                    face_total += value
                rolled += face_total
                terms.append(Term(f"d{t.sides}", t.sign * face_total))
            if t.factor != 1:
                terms.append(Term(f"x {t.factor}", t.sign * rolled * (t.factor - 1)))
        return Explained.of(*terms)

    def distribution(self, attributes: Mapping[str, int] | None = None, *, factor_as_dice: bool = False,
                     explode: bool = False) -> odds.Dist:
        """Exact distribution of the total (cached per expression, attribute dice and flags)."""
        expr = self.resolved(attributes or {}, factor_as_dice)
        return dict(_distribution(expr, explode))

    def mean(self, attributes: Mapping[str, int] | None = None, *, factor_as_dice: bool = False,
             explode: bool = False) -> float:
        return odds.expected(self.distribution(attributes, factor_as_dice=factor_as_dice, explode=explode))


@lru_cache(maxsize=1024)
def _distribution(expr: DiceExpr, explode: bool) -> tuple[tuple[int, float], ...]:
    parts: list[odds.Dist] = []
    offset = 0
    for t in expr.terms:
        if t.is_constant:
            offset += t.sign * t.count
            continue
        assert t.sides is not None
        d = odds.dice_sum(t.count, t.sides, explode and t.sides > 1)
        if t.factor != 1:
            d = odds.scale(d, t.factor)
        if t.sign < 0:
            d = odds.negate(d)
        parts.append(d)
    return tuple(sorted(odds.shift(odds.convolve_all(parts), offset).items()))


# What any expression may hold, whatever the rules: reading a longer text or a longer number costs more
# than any sheet needs (the rules' own bounds on dice and sides are far below these).
MAX_TEXT = 200
MAX_DIGITS = 9


@lru_cache(maxsize=1024)
def parse(text: str) -> DiceExpr:
    """Parses "d6", "2d6 + 1", "Body", "2 x Body", "Body - 2", "3d8"; ValueError saying what is wrong."""
    source = text.strip()
    if not source:
        raise ValueError("a dice expression is empty; write e.g. d6, 2d6+1 or Body - 2")
    if len(source) > MAX_TEXT:
        raise ValueError(f"a dice expression has at most {MAX_TEXT} characters, this one {len(source):,}")
    long_number = re.search(rf"\d{{{MAX_DIGITS + 1},}}", source)
    if long_number:
        raise ValueError(f"{long_number.group()} is too large a number for a dice expression "
                         f"(at most {MAX_DIGITS} digits)")
    pieces = re.split(r"\s*([+-])\s*", source)
    sign = 1
    terms: list[DiceTerm] = []
    if pieces[0] == "":
        # a leading sign: "-2 + d6"
        pieces = pieces[1:]
    else:
        pieces = ["+", *pieces]
    for op, chunk in zip(pieces[0::2], pieces[1::2], strict=False):
        sign = 1 if op == "+" else -1
        m = _TERM.match(chunk.strip())
        if not m or (m.group("pre") and m.group("post")):
            raise ValueError(f"cannot read {chunk.strip()!r} in the dice expression {text!r}")
        factor = int(m.group("pre") or m.group("post") or 1)
        if factor < 1:
            raise ValueError(f"a multiplier must be at least 1 in {text!r}")
        if m.group("sides") is not None:
            count = int(m.group("count") or 1)
            sides = int(m.group("sides"))
            if count < 1 or sides < 1:
                raise ValueError(f"{chunk.strip()!r} needs at least one die of at least one side")
            terms.append(DiceTerm(count, sides, None, factor, sign))
        elif m.group("const") is not None:
            terms.append(DiceTerm(int(m.group("const")) * factor, None, None, 1, sign))
        else:
            terms.append(DiceTerm(1, None, m.group("attr").lower(), factor, sign))
    if len(pieces) % 2:
        raise ValueError(f"the dice expression {text!r} ends with an operator")
    return DiceExpr(tuple(terms))


def is_valid(text: str) -> str | None:
    """None if `text` parses, else the reason in plain words (for sheet validation)."""
    try:
        parse(text)
    except ValueError as exc:
        return str(exc)
    return None


def out_of_bounds(expr: DiceExpr, max_dice: int | None = None, max_sides: int | None = None) -> str | None:
    """None if the expression rolls at most `max_dice` dice of at most `max_sides` sides, else the reason.

    An attribute multiplied ("2 x Body") counts as that many dice, since a rule option may roll it so; the
    attribute's own die is the rules' (d4 to d12 in crisis), never larger than the sheet allows."""
    if max_dice is not None:
        count = sum(t.count * (t.factor if t.attribute is not None else 1) for t in expr.terms if not t.is_constant)
        if count > max_dice:
            return f"at most {max_dice} dice, not {count:,}"
    if max_sides is not None:
        sides = max((t.sides for t in expr.terms if t.sides is not None), default=0)
        if sides > max_sides:
            return f"dice of at most {max_sides} sides, not d{sides:,}"
    return None


def unknown_parts(expr: DiceExpr, sides: Sequence[int] = (), names: Sequence[str] | None = None) -> str | None:
    """None if the expression rolls only dice of `sides` (any, when empty) and names only the stats `names` (any,
    when None), else the reason: "d5 is not a die of these rules (d4, d6, ...)", "banana is not a stat"."""
    if sides:
        for t in expr.terms:
            if t.sides is not None and t.sides not in sides:
                allowed = ", ".join(f"d{s}" for s in sides)
                return f"d{t.sides} is not a die of these rules ({allowed})"
    if names is not None:
        for t in expr.terms:
            if t.attribute is not None and t.attribute not in names:
                allowed = ", ".join(n.replace("_", " ").title() for n in names) or "none here"
                return f"{t.attribute!r} is not a stat a dice expression may name ({allowed})"
    return None


# The largest die a stat named in an expression rolls ("Body": d4 to d12 in the rules that name stats).
ATTRIBUTE_MAX_SIDES = 12


def total_range(expr: DiceExpr, attribute_sides: int = ATTRIBUTE_MAX_SIDES) -> tuple[int, int]:
    """The lowest and highest total of one roll of the expression, without exploding: each die from 1 to its sides,
    a stat named from 1 to `attribute_sides`, times its factor; a term taken away swaps its ends."""
    low = high = 0
    for t in expr.terms:
        if t.is_constant:
            least = most = t.count
        else:
            sides = t.sides if t.sides is not None else attribute_sides
            least, most = t.count * t.factor, t.count * sides * t.factor
        if t.sign > 0:
            low, high = low + least, high + most
        else:
            low, high = low - most, high - least
    return low, high


def problem(text: str, max_dice: int | None = None, max_sides: int | None = None, sides: Sequence[int] = (),
            names: Sequence[str] | None = None) -> str | None:
    """None if `text` is a dice expression within the bounds, of the dice `sides` and naming only the stats
    `names` (see unknown_parts), else the reason in plain words."""
    try:
        expr = parse(text)
    except ValueError as exc:
        return str(exc)
    return out_of_bounds(expr, max_dice, max_sides) or unknown_parts(expr, sides, names)


__all__ = ["ATTRIBUTE_MAX_SIDES", "MAX_DIGITS", "MAX_TEXT", "DiceExpr", "DiceTerm", "is_valid", "out_of_bounds",
           "parse", "problem", "total_range", "unknown_parts"]
