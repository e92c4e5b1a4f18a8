"""Parts every ruleset's quick fight uses (rules/base/quick.py): an outcome drawn from exact odds with one uniform
number, the battle map read once per pair of cells, the sequential flow's next turn, and a quick fight whose rounds
run as the sequential flow runs them (its turn bookkeeping, for the kernel to add its own rules to)."""

from __future__ import annotations

import math
import random
from abc import abstractmethod
from bisect import bisect_right
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from itertools import accumulate
from typing import TYPE_CHECKING, Generic, Protocol, TypeVar

from crisis_desktop.domain import EquipmentItem, StatValue
from crisis_desktop.rules.base import CoverLevel, Ruleset, StateRole
from crisis_desktop.rules.base.quick import Planner, PreparedFight, QuickFight
from crisis_desktop.rules.kernel.geometry import Grid

if TYPE_CHECKING:
    from crisis_desktop.rules.kernel.cover import CoverReading
    from crisis_desktop.rules.kernel.geometry import AreaRelation, Coord, Terrain

T = TypeVar("T")


@dataclass(frozen=True)
class Sampler(Generic[T]):
    """An outcome of exact odds drawn with one uniform number: None (nothing happens) below `miss`, else the value
    whose cumulative weight first exceeds the number."""

    miss: float
    cumulative: tuple[float, ...]
    values: tuple[T, ...]

    @classmethod
    def of(cls, p_miss: float, weights: Mapping[T, float], order: Sequence[T] | None = None) -> Sampler[T]:
        """From the chance of nothing and the weight of each value (the values in `order`, else sorted)."""
        values = tuple(order) if order is not None else tuple(sorted(weights))  # type: ignore[type-var]
        cumulative = tuple(accumulate((weights[v] for v in values), initial=p_miss))[1:]
        # The last value takes whatever rounding left above the sum of the weights.
        return cls(p_miss, (*cumulative[:-1], math.inf) if cumulative else (), values)

    def draw(self, rng: random.Random) -> T | None:
        u = rng.random()
        if u < self.miss:
            return None
        return self.values[bisect_right(self.cumulative, u)]


# The map between two cells: distance in tiles, in metres, reach, cover as the rules read it, labelled areas.
Measure = tuple[int, float, int, "CoverReading", "AreaRelation"]


class MapReader:
    """The battle map as the rules read it between two cells, each pair worked out once: distance, reach, cover and
    line of sight, and whether a weapon may strike across it. For rules whose reading of cover does not depend on
    what changes in a simulated fight (every reading is asked without the fighters)."""

    def __init__(self, rules: Ruleset, terrain: Terrain, grid: Grid, options: Mapping[str, StatValue]) -> None:
        self.rules, self.terrain, self.grid, self.options = rules, terrain, grid, options
        self._measures: dict[tuple[Coord, Coord], Measure] = {}
        self._refused: dict[tuple[str, Coord, Coord], bool] = {}

    def measure(self, here: Coord, there: Coord) -> Measure:
        key = (here, there)
        found = self._measures.get(key)
        if found is None:
            reading = self.rules.cover_between(self.terrain, here, there, options=self.options)
            found = self._measures[key] = (self.grid.distance(here, there), self.grid.metres(here, there),
                                           self.grid.reach(here, there), reading,
                                           self.terrain.zones.relation(here, there))
        return found

    def refused(self, weapon: EquipmentItem, here: Coord, there: Coord) -> bool:
        """No line of sight, or a target out of the weapon's reach (the board's map refusals)."""
        key = (weapon.id, here, there)
        found = self._refused.get(key)
        if found is None:
            tiles, _metres, reach, reading, areas = self.measure(here, there)
            attacks = self.rules.attacks
            assert attacks is not None
            found = self._refused[key] = not reading.line_of_sight or \
                attacks.reach_refusal(weapon, tiles, reach, areas) is not None
        return found

    def cover(self, here: Coord, there: Coord) -> tuple[CoverLevel, bool]:
        """Cover of `there` against `here`, and whether there is line of sight."""
        reading = self.measure(here, there)[3]
        return reading.cover, reading.line_of_sight


def next_turn(order: Sequence[int], index: int, round_: int, roles: Sequence[StateRole],
              surprise: Collection[int] = (), wrap: bool = True) -> tuple[int, int] | None:
    """The sequential flow's next turn after position `index` of the turn order: the next combatant not out of the
    fight (in the surprise round, round 0, one of `surprise`), as (position, round); None when nobody can take one
    (or, without `wrap`, nobody before the round's end)."""
    for _ in range(2 * len(order) + 1):
        index += 1
        if index >= len(order):
            if not wrap:
                return None
            index, round_ = 0, round_ + 1
        i = order[index]
        if round_ == 0 and surprise and i not in surprise:
            continue
        if roles[i] is not StateRole.OUT:
            return index, round_
    return None


class TurnState(Protocol):
    """What the sequential flow's bookkeeping reads and changes of a quick fight's state: the round (0 the surprise
    round), the turn order (combatant numbers) and the position in it of the turn under way (-1 before the first),
    everyone's role and cell."""

    round: int
    order: list[int]
    index: int
    roles: list[StateRole]
    cells: list[Coord | None]


TS = TypeVar("TS", bound=TurnState)


class SequentialQuickFight(QuickFight[TS]):
    """A quick fight whose rounds run as the sequential flow runs them: one turn at a time in the turn order, whoever
    is out of the fight skipped, in the surprise round only those `_surprise` names; nobody plans, delays or acts
    out of turn. It reads the prepared fight's battle map (`grid`, `map`, each combatant's cell at the start).

    A kernel adds its own rules: what the start of a turn does (`_start_turn`), who acts in the surprise round and
    the weapon item the map reads; it opens each fight's first turn with `_open_turns`."""

    def __init__(self, rules: Ruleset, prepared: PreparedFight) -> None:
        self.options: dict[str, StatValue] = dict(prepared.options)
        self.terrain = prepared.terrain
        campaign = prepared.campaign
        encounter = campaign.encounter(prepared.encounter_id)
        battle_map = next((m for m in campaign.battle_maps if m.id == encounter.battle_map_id), None) \
            if encounter.battle_map_id else None
        self.grid = Grid.of(battle_map) if battle_map is not None and self.terrain is not None else None
        tokens = {t.combatant_id: (t.x, t.y) for t in battle_map.tokens} if battle_map is not None else {}
        self._start_cells: list[Coord | None] = [tokens.get(c.id) if self.grid is not None else None
                                                 for c in encounter.combatants]
        self.map = MapReader(rules, self.terrain, self.grid, self.options) \
            if self.grid is not None and self.terrain is not None else None
        self.sides = [c.side.value for c in encounter.combatants]

    # -- the kernel's own rules ------------------------------------------------------------------------------
    @abstractmethod
    def _start_turn(self, s: TS, i: int) -> None:
        """What the rules do at the start of combatant i's turn."""

    @abstractmethod
    def _surprise(self, s: TS) -> Collection[int]:
        """Who acts in the surprise round (round 0); nobody where there is none."""

    @abstractmethod
    def _weapon_item(self, i: int, w: int) -> EquipmentItem:
        """Combatant i's weapon w, as the map reads it."""

    # -- turns -----------------------------------------------------------------------------------------------
    def _open_turns(self, s: TS) -> TS:
        """The fight opened as the flow opens it: the first turn of its first round begun, if anyone can take one."""
        first = next_turn(s.order, -1, s.round, s.roles, self._surprise(s), wrap=False)
        if first is not None:
            s.index = first[0]
            self._start_turn(s, s.order[s.index])
        return s

    def round(self, s: TS) -> int:
        return s.round

    def acting(self, s: TS) -> tuple[int, ...]:
        return (s.order[s.index],) if 0 <= s.index < len(s.order) else ()

    def may_act(self, s: TS, i: int) -> bool:
        # Nobody is on overwatch in a simulated fight: only the one whose turn it is acts.
        return 0 <= s.index < len(s.order) and s.order[s.index] == i

    def advance(self, s: TS, plan: Planner) -> bool:
        """Next turn (nobody plans, and nobody delays in a simulated fight)."""
        found = next_turn(s.order, s.index, s.round, s.roles, self._surprise(s))
        if found is None:
            return False
        s.index, s.round = found
        self._start_turn(s, s.order[s.index])
        return True

    def role(self, s: TS, i: int) -> StateRole:
        return s.roles[i]

    def roles(self, s: TS) -> list[StateRole]:
        return s.roles

    # -- the map ---------------------------------------------------------------------------------------------
    def cell(self, s: TS, i: int) -> Coord | None:
        return s.cells[i]

    def cells(self, s: TS) -> list[Coord | None]:
        return s.cells

    def map_refused(self, s: TS, i: int, w: int, j: int) -> bool:
        here, there = s.cells[i], s.cells[j]
        if here is None or there is None or self.map is None:
            return False
        return self.map.refused(self._weapon_item(i, w), here, there)

    def cover(self, s: TS, attacker: int, target: int, cell: Coord) -> tuple[CoverLevel, bool]:
        """The map's cover as the rules read it between the cells, which no posture changes in a simulated fight."""
        there = s.cells[attacker]
        assert there is not None and self.map is not None
        return self.map.cover(there, cell)


__all__ = ["MapReader", "Measure", "Sampler", "SequentialQuickFight", "TurnState", "next_turn"]
