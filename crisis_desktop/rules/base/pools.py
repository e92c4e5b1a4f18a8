"""The Pools part: points a table shares across its sessions (story points, destiny), kept in the campaign, filled at
the start of a session and moved by what a check spends."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from crisis_desktop.domain import Character
from crisis_desktop.domain.campaign import POOL_MAX
from crisis_desktop.rules.base.part import Part
from crisis_desktop.rules.base.values import Options
from crisis_desktop.rules.kernel.dice import DiceSource

__all__ = ["POOL_MAX", "PoolSpec", "PoolSpend", "Pools", "SessionStart"]

@dataclass(frozen=True)
class PoolSpec:
    """A pool of points the campaign keeps (`Campaign.pools[key]`), as the rules name it."""

    key: str
    label: str           # "Players' story points"
    short: str = ""      # what the board's narrow label says ("Players"); the label if empty
    help: str = ""

    @property
    def shown(self) -> str:
        return self.short or self.label


@dataclass(frozen=True)
class PoolSpend:
    """Points a check spends from one pool; they go to `target` (a story point flips to the other side) unless it is
    empty. `why` says what they buy ("upgrade ability")."""

    source: str
    target: str = ""
    count: int = 1
    why: str = ""


@dataclass(frozen=True)
class SessionStart:
    """The pools at the start of a session and how they were found (a roll), for the log and the GM."""

    pools: Mapping[str, int]
    notes: tuple[str, ...] = ()


class Pools(Part):
    """The shared pools of a system: which there are, what a session starts with. A check says what it spends of
    them (`Checks.check_pool_spends`); the controller checks that the points are there and moves them."""

    def pools(self, options: Options) -> Sequence[PoolSpec]:
        """The pools, as the rules (and their options) name them; none by default."""
        return ()

    def title(self, options: Options) -> str:
        """What the rules call their pools together ("Story points", "Destiny")."""
        return "Pools"

    def session_start(self, characters: Sequence[Character], dice: DiceSource, options: Options) -> SessionStart:
        """The pools at the start of a session of the campaign whose characters these are; all empty by default."""
        return SessionStart({p.key: 0 for p in self.pools(options)})

    def text(self, values: Mapping[str, int], options: Options) -> str:
        """'Players 3, GM 1': every pool with its points, as the board shows them."""
        return ", ".join(f"{p.shown} {values.get(p.key, 0)}" for p in self.pools(options))
