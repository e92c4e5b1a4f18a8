"""Counts of symbols: what a symbol die shows, and what a pool of them adds up to (success, advantage, triumph)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass


class Tally(Mapping[str, int]):
    """An immutable, hashable count of symbols; symbols counted 0 are left out, so equal tallies compare equal.
    Tallies add up symbol by symbol, so a pool's result is the sum of its dice's faces, and exact odds over tallies
    use the same convolution as odds over numbers."""

    __slots__ = ("_counts", "_hash")

    def __init__(self, counts: Mapping[str, int] | Iterable[tuple[str, int]] = ()) -> None:
        items = counts.items() if isinstance(counts, Mapping) else counts
        merged: dict[str, int] = {}
        for symbol, n in items:
            merged[symbol] = merged.get(symbol, 0) + n
        self._counts = {s: n for s, n in sorted(merged.items()) if n}
        self._hash = hash(tuple(self._counts.items()))

    @classmethod
    def from_sorted(cls, items: tuple[tuple[str, int], ...]) -> Tally:
        """A tally from (symbol, count) pairs already sorted by symbol, each count non-zero and each symbol once: the
        fast way for code that builds many tallies it has made canonical itself (exact odds over thousands)."""
        tally = cls.__new__(cls)
        tally._counts = dict(items)
        tally._hash = hash(items)
        return tally

    @classmethod
    def of(cls, *symbols: str) -> Tally:
        """One of each symbol named: Tally.of("success", "success", "advantage")."""
        return cls((s, 1) for s in symbols)

    def __getitem__(self, symbol: str) -> int:
        return self._counts[symbol]

    def get(self, symbol: str, default: int = 0) -> int:  # type: ignore[override]
        return self._counts.get(symbol, default)

    def __iter__(self) -> Iterator[str]:
        return iter(self._counts)

    def __len__(self) -> int:
        return len(self._counts)

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Tally):
            return self._counts == other._counts
        return NotImplemented

    def __lt__(self, other: Tally) -> bool:
        """An arbitrary but fixed order, so that distributions over tallies can be sorted for display."""
        return tuple(self._counts.items()) < tuple(other._counts.items())

    def __add__(self, other: Tally) -> Tally:
        return Tally([*self._counts.items(), *other._counts.items()])

    def net(self, plus: str, minus: str) -> int:
        """How far `plus` outnumbers `minus` (successes net of failures)."""
        return self.get(plus) - self.get(minus)

    def describe(self, names: Mapping[str, str] | None = None) -> str:
        """"2 success, 1 advantage" (in the rules' words where `names` gives them); "nothing" when empty."""
        names = names or {}
        return ", ".join(f"{n} {names.get(s, s)}" for s, n in self._counts.items()) or "nothing"

    def __repr__(self) -> str:
        return f"Tally({self._counts!r})"


@dataclass(frozen=True)
class Cancellation:
    """The rules' cancellation of a pool of symbol dice: in each pair, one `plus` symbol cancels one `minus` symbol
    (a success cancels a failure), so only the one that outnumbers the other is left, by the difference; symbols in
    no pair (triumph, despair) are kept as they are. Called on a tally it gives what is left. Passed to
    `odds.pool(kinds, reduce=...)`, it lets the exact odds be worked out on arrays of counts, fast for large pools."""

    pairs: tuple[tuple[str, str], ...]

    def __post_init__(self) -> None:
        named = [symbol for pair in self.pairs for symbol in pair]
        if len(named) != len(set(named)):
            raise ValueError(f"Each symbol may be in one cancelling pair only: {self.pairs}")

    def __call__(self, tally: Tally) -> Tally:
        paired = {symbol for pair in self.pairs for symbol in pair}
        counts = {symbol: n for symbol, n in tally.items() if symbol not in paired}
        for plus, minus in self.pairs:
            net = tally.get(plus) - tally.get(minus)
            if net > 0:
                counts[plus] = net
            elif net < 0:
                counts[minus] = -net
        return Tally(counts)
