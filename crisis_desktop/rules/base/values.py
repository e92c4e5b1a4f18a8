"""The value types at the bottom of the rules: explained numbers (a value with the labelled terms it is made of),
rule options as read, the levels of cover. A leaf: it imports only the domain, so the kernel's geometry and dice read
it without importing the Ruleset interface."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from crisis_desktop.domain import StatValue

Options = Mapping[str, StatValue]


class CoverLevel(StrEnum):
    """How much of a target the cover between it and the attacker hides, as the map paints it."""

    NONE = "none"
    LIGHT = "light"
    HEAVY = "heavy"
    TOTAL = "total"



@dataclass(frozen=True)
class Term:
    """One labelled part of a number: ("Melee d6", 6), ("2 extra enemies in reach", -2)."""

    label: str
    value: int | float


@dataclass(frozen=True)
class Explained:
    """A number with the ordered terms it is made of; the terms always add up to `value`.

    Where a rule clamps a result (Parry never below 2), the clamp is a term of its own.
    """

    value: int | float
    terms: tuple[Term, ...] = ()

    @classmethod
    def of(cls, *terms: Term | tuple[str, int | float]) -> Explained:
        ts = tuple(t if isinstance(t, Term) else Term(*t) for t in terms)
        return cls(sum(t.value for t in ts), ts)

    def plus(self, label: str, value: int | float) -> Explained:
        return Explained(self.value + value, (*self.terms, Term(label, value)))

    def clamped(self, low: int | float | None = None, high: int | float | None = None,
                label: str = "limit") -> Explained:
        """Adds a term that brings the value within [low, high], if it is outside."""
        if low is not None and self.value < low:
            return self.plus(f"{label} (at least {low})", low - self.value)
        if high is not None and self.value > high:
            return self.plus(f"{label} (at most {high})", high - self.value)
        return self

    def breakdown(self) -> str:
        """Each term as label = value, then the total: 'Melee d6 = 6, no melee weapon = -2, total = 4'; one term
        that is the whole value: 'Body d8 / 2 = 4'."""
        if len(self.terms) == 1 and self.terms[0].value == self.value or not self.terms:
            return self.explain()
        parts = [f"{t.label} = {t.value:+g}" if i else f"{t.label} = {t.value:g}" for i, t in enumerate(self.terms)]
        return f"{', '.join(parts)}, total = {self.value:g}"

    def explain(self) -> str:
        """Plain text for a tooltip: 'Melee d6 6, no melee weapon -2 = 4'; one term: 'Body d8 / 2 = 4'."""
        if len(self.terms) == 1 and self.terms[0].value == self.value:
            return f"{self.terms[0].label} = {self.value:g}"
        parts = [f"{t.label} {t.value:+g}" if i else f"{t.label} {t.value:g}" for i, t in enumerate(self.terms)]
        return f"{', '.join(parts)} = {self.value:g}" if parts else f"{self.value:g}"
