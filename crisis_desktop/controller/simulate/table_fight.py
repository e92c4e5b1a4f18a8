"""The full rules path as a compiled fight: every question the simulator's tactics ask is put to the encounter
controller on a working copy (SimController), exactly as at the table, so one loop plays both paths."""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from crisis_desktop.controller.simulate.fight import SimController
from crisis_desktop.rules.base import ActionRole, Actor, AttackResult, CoverLevel, StateRole
from crisis_desktop.rules.base.quick import Attempt, PlanChoice, Planner, QuickFight, QuickWeapon
from crisis_desktop.rules.kernel.dice import RandomDice
from crisis_desktop.rules.kernel.flows import Choice
from crisis_desktop.rules.kernel.geometry import Coord

if TYPE_CHECKING:
    from crisis_desktop.controller.simulate.engine import FightPlayer


@dataclass
class TableState:
    """One fight on the full rules path: its controller and dice, and everyone's role and token as last read."""

    ctl: SimController
    dice: RandomDice
    roles: list[StateRole] = field(default_factory=list)
    cells: list[Coord | None] = field(default_factory=list)


class TableFight(QuickFight[TableState]):
    """A setup's fights played through the encounter controller (the reference the quick fights are tested
    against): nothing is compiled, nothing kept from one fight to the next."""

    def __init__(self, player: FightPlayer) -> None:
        self.player = player
        self.ids = list(player.order)
        self._index = {cid: i for i, cid in enumerate(self.ids)}
        self.sides = [player.sides[cid] for cid in self.ids]
        ctl = player.fresh()
        self.weapons = [[QuickWeapon(w.id,
                                     player.attacks.weapon_range(w) is not None) for w in ctl.preview.weapons(cid)]
                        for cid in self.ids]
        self.has_movement = player.movement is not None

    def new(self, rng: random.Random) -> TableState:
        s = TableState(self.player.fresh(), RandomDice(rng=rng))
        s.ctl.begin(s.dice)
        self._read(s)
        return s

    def start(self, ctl: SimController, dice: RandomDice) -> TableState:
        """A fight already started on this controller (for a test that sets up a moment of the fight by hand)."""
        s = TableState(ctl, dice)
        self._read(s)
        return s

    def _read(self, s: TableState) -> None:
        """Everyone's role and token as the controller has them now (after each change the tactics make)."""
        ctl = s.ctl
        s.roles[:] = [ctl.view.state_of(cid).role for cid in self.ids]
        cells = ctl.preview.token_cells()
        s.cells[:] = [cells.get(cid) for cid in self.ids]

    def round(self, s: TableState) -> int:
        return s.ctl.view.encounter.round

    def stage(self, s: TableState) -> Hashable:
        return s.ctl.view.round_label()

    def acting(self, s: TableState) -> Sequence[int]:
        return [self._index[cid] for cid in s.ctl.view.acting()]

    def may_act(self, s: TableState, i: int) -> bool:
        return s.ctl.view.may_act(self.ids[i])

    def advance(self, s: TableState, plan: Planner) -> bool:
        def pick(ctl: SimController, cid: str, choices: Sequence[Choice]) -> str:
            i = self._index[cid]
            return choices[plan(i, self.plan_choices(i, choices))].key

        step = self.player._next_step(s.ctl, pick)
        if step is None:
            return False
        key, actor, choice = step
        s.ctl.commands.step(key, actor, choice, s.dice)
        self._read(s)
        return True

    def plan_choices(self, i: int, choices: Sequence[Choice]) -> list[PlanChoice]:
        """The flow's choices for combatant i as the tactics see them: an attack with one of its weapons, a move."""
        ids = [w.id for w in self.weapons[i]]
        return [PlanChoice(ids.index(c.item) if c.item in ids else None, c.role is ActionRole.MOVE) for c in choices]

    def role(self, s: TableState, i: int) -> StateRole:
        return s.roles[i]

    def roles(self, s: TableState) -> list[StateRole]:
        return s.roles

    def health_left(self, s: TableState, i: int) -> float:
        return self.player._health_left(s.ctl, self.ids[i])

    def has_weapon(self, s: TableState, i: int, w: int) -> bool:
        wid = self.weapons[i][w].id
        return any(weapon.id == wid for weapon in s.ctl.preview.weapons(self.ids[i]))

    def may_attack(self, s: TableState, i: int) -> bool:
        # No shortcut on the full path: the tactics try each weapon, and the rules say which they cannot pay for.
        return True

    def may_ready(self, s: TableState, i: int) -> bool:
        # No shortcut on the full path: `ready` asks the rules.
        return True

    def ready(self, s: TableState, i: int) -> bool:
        """The first action the rules allow now that readies a weapon (`ActionSpec.readies`), taken through the
        controller as at the table."""
        ctl, cid = s.ctl, self.ids[i]
        allowed = self.player.ruleset.economy.available_actions(ctl.view.actor(cid), self.player.options)
        action = next((a.action for a in allowed if a.allowed and a.action.readies), None)
        if action is None:
            return False
        try:
            ctl.commands.take_action(cid, action.key)
        except ValueError:
            return False
        self._read(s)
        return True

    def attack(self, s: TableState, i: int, w: int, j: int, rng: random.Random) -> Attempt:
        ctl, attacks = s.ctl, self.player.attacks
        try:
            request = ctl.preview.attack_request(self.ids[i], self.weapons[i][w].id, self.ids[j])
            price, cannot = attacks.attack_price(request, self.player.options)
            if cannot is not None:
                weapon = ctl.view.character_of(self.ids[i]).item(self.weapons[i][w].id)
                return Attempt.EMPTY if attacks.out_of_ammunition(request.attacker, weapon) else Attempt.UNPAID
            event = ctl.commands.attack(request, s.dice)
        except ValueError:
            return Attempt.REFUSED
        self._read(s)
        # An attack that costs something (AP, actions) may be made again while the attacker can pay; a free one is
        # made once a turn.
        return Attempt.PAID if isinstance(event.result, AttackResult) and any(price.values()) else Attempt.FREE

    def cell(self, s: TableState, i: int) -> Coord | None:
        return s.cells[i]

    def cells(self, s: TableState) -> list[Coord | None]:
        return s.cells

    def map_refused(self, s: TableState, i: int, w: int, j: int) -> bool:
        # A weapon no longer carried (a thrown grenade) is never tried: there is nothing of it for the map to refuse.
        if not self.has_weapon(s, i, w):
            return False
        return bool(s.ctl.preview.map_refusals(self.ids[i], self.weapons[i][w].id, self.ids[j]))

    def cover(self, s: TableState, attacker: int, target: int, cell: Coord) -> tuple[CoverLevel, bool]:
        ctl = s.ctl
        battle_map, there = ctl.preview.battle_map(), s.cells[attacker]
        assert battle_map is not None and there is not None
        reading = self.player.ruleset.cover_between(ctl.preview.terrain_of(battle_map), there, cell,
                                                    ctl.view.actor(self.ids[attacker]),
                                                    ctl.view.actor(self.ids[target]),
                                                    self.player.options)
        return reading.cover, reading.line_of_sight

    def may_move(self, s: TableState, i: int) -> bool:
        return self.player._may_move(s.ctl, self.ids[i])

    def reach(self, s: TableState, i: int) -> int | None:
        movement, battle_map = self.player.movement, s.ctl.preview.battle_map()
        if movement is None or battle_map is None:
            return None
        return movement.reach(s.ctl.view.actor(self.ids[i]), s.ctl.preview.terrain_of(battle_map), self.player.options)

    def move(self, s: TableState, i: int, goal: Coord) -> bool:
        """The move as the map makes it: planned and paid for under the rules (the action spent), the token moved."""
        ctl, cid, movement = s.ctl, self.ids[i], self.player.movement
        battle_map = ctl.preview.battle_map()
        assert battle_map is not None
        token = next(t for t in battle_map.tokens if t.combatant_id == cid)
        if movement is not None:
            occupied = frozenset((t.x, t.y) for t in battle_map.tokens if t.combatant_id != cid)
            plan = movement.plan_move(ctl.view.actor(cid), ctl.preview.terrain_of(battle_map), (token.x, token.y), goal,
                                      occupied,
                                      self.player.options)
            if not plan.allowed:
                return False
            if plan.action is not None:
                try:
                    ctl.commands.take_action(cid, plan.action)
                except ValueError:
                    return False
        token.x, token.y = goal
        ctl.view.changed()
        self._read(s)
        return True

    def finish(self, s: TableState) -> None:
        s.ctl.commands.end_encounter()
        self._read(s)

    def quiet_key(self, s: TableState) -> Hashable:
        return self.player._bars_now(s.ctl)

    def actor_key(self, s: TableState, i: int) -> Hashable:
        return None

    def actor(self, s: TableState, i: int) -> Actor:
        return s.ctl.view.actor(self.ids[i])


__all__ = ["TableFight", "TableState"]
