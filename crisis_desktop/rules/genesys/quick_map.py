"""The battle map of a genesys quick fight (rules/genesys/quick.py): what it fixes for an attack as the rules read it
(the range band, who is engaged, cover), its refusals and cover, and the moves the rules price (Move, Move two
bands), each read once for what it depends on."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from crisis_desktop.domain import EquipmentItem, StatValue
from crisis_desktop.rules.base import ActionAvailability, Actor, CoverLevel, MapSpan
from crisis_desktop.rules.genesys import actions
from crisis_desktop.rules.genesys.movement import MOVE, MOVE_FAR, GenesysMovement
from crisis_desktop.rules.genesys.quick_states import FIGHTING, MANEUVERS, FightStates, GenesysFightState
from crisis_desktop.rules.genesys.quick_strikes import Fixed
from crisis_desktop.rules.kernel.geometry import Coord, Grid, Terrain
from crisis_desktop.rules.kernel.quick_parts import MapReader

if TYPE_CHECKING:
    from crisis_desktop.rules.genesys.ruleset import GenesysRuleset
    from crisis_desktop.rules.kernel.movement import Movement


class FightMap:
    """The map of one prepared fight (`reader` and `grid` None without one) between the states of `store`."""

    def __init__(self, rules: GenesysRuleset, options: Mapping[str, StatValue], store: FightStates,
                 items: list[list[EquipmentItem]], terrain: Terrain | None, grid: Grid | None) -> None:
        self.rules = rules
        self.options = options
        self.store = store
        self.items = items
        self.terrain = terrain
        self.grid = grid
        self.movement: Movement = GenesysMovement(rules)
        self.reader = MapReader(rules, terrain, grid, options) if grid is not None and terrain is not None else None
        self._fixed: dict[tuple[Coord, Coord, str, tuple[int, ...], tuple[int, ...]], Fixed] = {}
        self._moves: dict[tuple[Coord, Coord, frozenset[Coord]], str | None] = {}

    def fixed_inputs(self, s: GenesysFightState, i: int, w: int, j: int) -> Fixed:
        """What the map fixes for fighter `i`'s attack with weapon `w` at `j`, as the rules read it (map_reading: the
        range band, who is engaged, cover), read once for each pair of cells, weapon and fighters next to them."""
        here, there = s.cells[i], s.cells[j]
        assert here is not None and there is not None and self.reader is not None and self.grid is not None
        grid, cells = self.grid, s.cells
        near_a = tuple(k for k, c in enumerate(cells) if c is not None and k != i and s.roles[k] is FIGHTING
                       and grid.reach(c, here) == 1)
        near_b = tuple(k for k, c in enumerate(cells) if c is not None and k != j and s.roles[k] is FIGHTING
                       and grid.reach(c, there) == 1)
        weapon = self.items[i][w]
        key = (here, there, weapon.id, near_a, near_b)
        found = self._fixed.get(key)
        if found is None:
            tiles, metres, reach, reading, areas = self.reader.measure(here, there)
            sids, actor = s.sids, self.store.actor
            span = MapSpan(tiles, metres, reach, grid.metres_per_cell, grid.hex, reading, areas,
                           actor(sids[i]), actor(sids[j]), tuple(actor(sids[k]) for k in near_a),
                           tuple(actor(sids[k]) for k in near_b))
            read = self.rules.attacks.map_reading(span, weapon, self.options)
            found = self._fixed[key] = (tuple(sorted(read.target_inputs.items())),
                                        tuple(sorted(read.attack_inputs.items())))
        return found

    def refused(self, s: GenesysFightState, i: int, w: int, j: int) -> bool:
        here, there = s.cells[i], s.cells[j]
        if here is None or there is None or self.reader is None:
            return False
        return self.reader.refused(self.items[i][w], here, there)

    def cover(self, s: GenesysFightState, attacker: int, cell: Coord) -> tuple[CoverLevel, bool]:
        """The map's painted cover as it stands: genesys reads it without the fighters."""
        there = s.cells[attacker]
        assert there is not None and self.reader is not None
        return self.reader.cover(there, cell)

    def may_move(self, sid: int) -> bool:
        """Whether a Move or a Move two bands may be paid for now (Movement.may_move)."""
        state = self.store.states[sid]
        if state.may_move is None:
            char, key = self.store.answer(sid, "may move", MANEUVERS)
            found = char.flags.get(key)
            if found is None:
                actor = self.store.actor(sid)
                found = char.flags[key] = any(self._availability(actor, action).allowed
                                              for action in self.movement.move_actions(actor) or ())
            state.may_move = found
        return state.may_move

    def _availability(self, actor: Actor, action: str) -> ActionAvailability:
        """Whether the action may be taken now, at what price: the ruleset's action_availability finds the same in
        available_actions, which asks actions.availability of each action."""
        return actions.availability(actor, action, self.options)

    def reach(self, sid: int) -> int | None:
        char, key = self.store.answer(sid, "reach", MANEUVERS)
        if key not in char.reaches:
            assert self.terrain is not None
            char.reaches[key] = self.movement.reach(self.store.actor(sid), self.terrain, self.options)
        return char.reaches[key]

    def move(self, s: GenesysFightState, i: int, goal: Coord) -> bool:
        """A Move, or Move two bands, as the path's length needs (GenesysMovement.plan_move), paid as the rules
        price it now (spend_action: the maneuvers, their strain, an aim lost)."""
        here = s.cells[i]
        assert here is not None and self.terrain is not None
        occupied = frozenset(c for k, c in enumerate(s.cells) if k != i and c is not None)
        key = (here, goal, occupied)
        if key in self._moves:
            action = self._moves[key]
        else:
            # Which of the two moves it is depends on the path alone: asked of the combatant as the fight opened.
            plan = self.movement.plan_move(self.store.actor(self.store.start[i]), self.terrain, here, goal, occupied,
                                           self.options)
            action = self._moves[key] = plan.action
        if action is None:
            return False
        assert action in (MOVE, MOVE_FAR)
        sid = s.sids[i]
        char, spend = self.store.answer(sid, action, MANEUVERS)
        effects = char.effects.get(spend)
        if effects is None:
            actor = self.store.actor(sid)
            effects = char.effects[spend] = -1 if not self._availability(actor, action).allowed else \
                self.store.effects_id(self.rules.economy.spend_action(actor, action, self.options).effects)
        if effects < 0:
            return False
        self.store.set(s, i, self.store.after(sid, effects))
        s.cells[i] = goal
        return True


__all__ = ["FightMap"]
