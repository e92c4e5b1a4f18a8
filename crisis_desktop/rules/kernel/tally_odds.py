"""Exact odds of a pool of symbol dice under a Cancellation, worked out on an array of counts (numpy, imported on
first use): one axis per cancelling pair (its net) and one per other symbol, so a pool of a dozen dice takes a few
milliseconds however many tallies it can show. The tallies themselves are made only when asked for."""

from __future__ import annotations

from collections.abc import ItemsView, Iterable, Iterator, Mapping, Sequence, ValuesView
from typing import TYPE_CHECKING, Any

from crisis_desktop.rules.kernel.dice import DieKind
from crisis_desktop.rules.kernel.tally import Cancellation, Tally

if TYPE_CHECKING:
    from numpy.typing import NDArray


class TallyOdds(Mapping[Tally, float]):
    """The exact distribution of what a pool shows after its cancellation: P(tally) for every tally it can show.

    It is a mapping like any other distribution over tallies, and also answers the usual questions of a pool at
    once from its array: `net(axis)` (the distribution of successes net of failures, of triumphs...) and
    `joint(*axes)`. An axis is named by the `plus` symbol of its pair, or by a symbol in no pair."""

    def __init__(self, cancellation: Cancellation, others: Sequence[str], low: Sequence[int],
                 array: NDArray[Any]) -> None:
        self.cancellation = cancellation
        self.axes: tuple[str, ...] = (*(plus for plus, _ in cancellation.pairs), *others)
        self._low = tuple(low)
        self._array = array
        self._dict: dict[Tally, float] | None = None

    # -- the questions of a pool, from the array -----------------------------------------------------
    def _axis(self, name: str) -> int:
        try:
            return self.axes.index(name)
        except ValueError:
            raise KeyError(f"No axis {name!r}; the axes are {', '.join(self.axes)}") from None

    def joint(self, *axes: str) -> dict[tuple[int, ...], float]:
        """The joint distribution of the named axes (the others summed out), keyed by their values in that order;
        a pair's axis counts its `plus` symbol net of its `minus` one."""
        import numpy as np

        indices = [self._axis(a) for a in axes]
        summed = tuple(i for i in range(len(self.axes)) if i not in indices)
        marginal = self._array.sum(axis=summed) if summed else self._array
        # sum() keeps the kept axes in their original order: put them in the order asked for.
        kept = sorted(indices)
        marginal = np.transpose(marginal, [kept.index(i) for i in indices])
        where = np.nonzero(marginal)
        values = [(w + self._low[i]).tolist() for w, i in zip(where, indices, strict=True)]
        probabilities = marginal[where].tolist()
        return {tuple(v[n] for v in values): p for n, p in enumerate(probabilities)}

    def net(self, axis: str) -> dict[int, float]:
        """The distribution of one axis: successes net of failures (negative: failures left), triumphs..."""
        return {key[0]: p for key, p in self.joint(axis).items()}

    # -- the Mapping ---------------------------------------------------------------------------------
    def _index(self, tally: Tally) -> tuple[int, ...]:
        position: list[int] = []
        known = set()
        for plus, minus in self.cancellation.pairs:
            if tally.get(plus) and tally.get(minus):
                raise KeyError(tally)           # never left after cancellation
            position.append(tally.get(plus) - tally.get(minus))
            known |= {plus, minus}
        position += [tally.get(symbol) for symbol in self.axes[len(self.cancellation.pairs):]]
        known |= set(self.axes)
        if set(tally) - known:
            raise KeyError(tally)
        index = tuple(v - low for v, low in zip(position, self._low, strict=True))
        if any(i < 0 or i >= n for i, n in zip(index, self._array.shape, strict=True)):
            raise KeyError(tally)
        return index

    def __getitem__(self, tally: Tally) -> float:
        if self._dict is not None:
            return self._dict[tally]
        p = float(self._array[self._index(tally)])
        if p == 0.0:
            raise KeyError(tally)
        return p

    def _materialised(self) -> dict[Tally, float]:
        if self._dict is None:
            self._dict = self._tallies()
        return self._dict

    def _tallies(self) -> dict[Tally, float]:
        import numpy as np

        where = np.nonzero(self._array)
        probabilities = self._array[where].tolist()
        pairs = self.cancellation.pairs
        # Per axis, what each of its values stands for: () for none, or the one (symbol, count) it shows.
        parts: list[list[tuple[tuple[str, int], ...]]] = []
        for axis, size in enumerate(self._array.shape):
            low = self._low[axis]
            if axis < len(pairs):
                plus, minus = pairs[axis]
                parts.append([((plus, v),) if v > 0 else ((minus, -v),) if v < 0 else ()
                              for v in range(low, low + size)])
            else:
                symbol = self.axes[axis]
                parts.append([((symbol, v),) if v else () for v in range(low, low + size)])
        columns = [[parts[axis][i] for i in w.tolist()] for axis, w in enumerate(where)]
        made = Tally.from_sorted
        keys = [made(tuple(sorted(sum(shown, ())))) for shown in zip(*columns, strict=True)]
        return dict(zip(keys, probabilities, strict=True))

    def __iter__(self) -> Iterator[Tally]:
        return iter(self._materialised())

    def __len__(self) -> int:
        import numpy as np

        return int(np.count_nonzero(self._array))

    def items(self) -> ItemsView[Tally, float]:
        return self._materialised().items()

    def values(self) -> ValuesView[float]:
        return self._materialised().values()

    def __repr__(self) -> str:
        return f"TallyOdds(axes={self.axes}, tallies={len(self)})"


def cancelled_pool(kinds: Iterable[DieKind], cancellation: Cancellation) -> TallyOdds:
    """The exact odds of a pool of symbol dice, each face equally likely, after `cancellation`."""
    import numpy as np

    kinds = list(kinds)
    paired = {symbol for pair in cancellation.pairs for symbol in pair}
    others = sorted({s for kind in kinds for face in kind.faces for s in face.symbols} - paired)
    pairs = cancellation.pairs

    def vector(tally: Tally) -> tuple[int, ...]:
        return (*(tally.get(plus) - tally.get(minus) for plus, minus in pairs), *(tally.get(s) for s in others))

    dims = len(pairs) + len(others)
    low, high = [0] * dims, [0] * dims
    array: NDArray[Any] = np.ones((1,) * dims)
    for kind in kinds:
        faces: dict[tuple[int, ...], float] = {}
        for face in kind.faces:
            v = vector(face.symbols)
            faces[v] = faces.get(v, 0.0) + 1.0 / kind.sides
        new_low = [low[d] + min(v[d] for v in faces) for d in range(dims)]
        new_high = [high[d] + max(v[d] for v in faces) for d in range(dims)]
        grown = np.zeros(tuple(h - lo + 1 for lo, h in zip(new_low, new_high, strict=True)))
        for v, p in faces.items():
            # The old array lands shifted by the face: its first cell is at old low + face - new low.
            at = tuple(slice(low[d] + v[d] - new_low[d], low[d] + v[d] - new_low[d] + array.shape[d])
                       for d in range(dims))
            grown[at] += p * array
        array, low, high = grown, new_low, new_high
    return TallyOdds(cancellation, others, low, array)


__all__ = ["TallyOdds", "cancelled_pool"]
