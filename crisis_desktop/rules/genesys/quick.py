"""Genesys fights compiled for the simulator: each combat check drawn from its pool's exact odds, what its symbols buy
and each hit landed by the rules' own spending and damage (critical injuries rolled as the rules roll them), turns as
the side-slot flow runs them; each answer of the rules kept under the part of a combatant's state it reads.

This module sets the fight up and runs its rounds; the states are kept in quick_states.py, the attacks resolved in
quick_strikes.py, the map and the moves read in quick_map.py."""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import TYPE_CHECKING

from crisis_desktop.domain import EquipmentItem, ItemKind
from crisis_desktop.domain.encounter import Side
from crisis_desktop.rules.base import Actor, BarRole, CheckRequest, CoverLevel, StateRole
from crisis_desktop.rules.base.quick import Attempt, NotQuick, Planner, PreparedFight, QuickFight, QuickWeapon
from crisis_desktop.rules.genesys import checks, combat, initiative, stats
from crisis_desktop.rules.genesys.options import option
from crisis_desktop.rules.genesys.quick_map import FightMap
from crisis_desktop.rules.genesys.quick_states import FIGHTING, KEPT, FightStates, GenesysFightState
from crisis_desktop.rules.genesys.quick_strikes import Odds, Strikes
from crisis_desktop.rules.kernel.geometry import Coord, Grid

if TYPE_CHECKING:
    from crisis_desktop.rules.genesys.ruleset import GenesysRuleset


class GenesysQuickFight(QuickFight[GenesysFightState]):
    """A prepared genesys fight, compiled once for many simulated plays: its states (`store`), its attacks
    (`strikes`) and its map (`board`)."""

    def __init__(self, rules: GenesysRuleset, prepared: PreparedFight) -> None:
        self.rules = rules
        self.options = dict(prepared.options)
        campaign = prepared.campaign
        encounter = campaign.encounter(prepared.encounter_id)
        battle_map = next((m for m in campaign.battle_maps if m.id == encounter.battle_map_id), None) \
            if encounter.battle_map_id else None
        grid = Grid.of(battle_map) if battle_map is not None and prepared.terrain is not None else None
        tokens = {t.combatant_id: (t.x, t.y) for t in battle_map.tokens} if battle_map is not None else {}
        actors: list[Actor] = []
        self._items: list[list[EquipmentItem]] = []
        for combatant in encounter.combatants:
            character = campaign.character(combatant.character_id)
            if any(a.character.id == character.id for a in actors):
                raise NotQuick(f"{character.name} is more than one combatant")
            items = stats.equipped(character, ItemKind.WEAPON)
            for item in items:
                self._check_weapon(character.name, item)
            actors.append(Actor(character, combatant.model_copy(update={"resources": {}})))
            self._items.append(items)
        self.sides = [c.side.value for c in encounter.combatants]
        self.weapons = [[QuickWeapon(item.id, rules.attacks.weapon_range(item) is not None) for item in items]
                        for items in self._items]
        self._cells = [tokens.get(c.id) if grid is not None else None for c in encounter.combatants]
        self.store = FightStates(rules, self.options, actors)
        self.strikes = Strikes(rules, self.options, self.store, self._items)
        self.board = FightMap(rules, self.options, self.store, self._items, prepared.terrain, grid)
        self.movement = self.board.movement
        store = self.store
        # Each combatant as the encounter's start leaves it (fresh combat resources), then how it rolls initiative.
        store.start = [store.after(store.intern(i, store.body(a)), store.effects_id(
            rules.start_encounter(a, self.options).effects)) for i, a in enumerate(actors)]
        if not any(store.states[sid].char.role is FIGHTING for sid in store.start):
            raise NotQuick("Nobody can act in this fight")
        self._initiative = [self._initiative_of(sid) for sid in store.start]

    def _check_weapon(self, name: str, item: EquipmentItem) -> None:
        w = combat.weapon(item)
        if w.quality("limited_ammo"):
            raise NotQuick(f"{name}'s {item.name} counts its shots (Limited Ammo)")
        if w.quality("slow_firing"):
            raise NotQuick(f"{name}'s {item.name} waits rounds between shots (Slow-Firing)")
        if "thrown" in item.tags:
            raise NotQuick(f"{name}'s {item.name} is thrown")
        if w.quality("blast"):
            raise NotQuick(f"{name}'s {item.name} has Blast (a template on the map)")
        if w.quality("prepare"):
            raise NotQuick(f"{name}'s {item.name} must be prepared before each attack (Prepare)")

    def _initiative_of(self, sid: int) -> tuple[Odds, int]:
        """How initiative.roll_initiative rolls the combatant's check (Cool, or Vigilance when surprised, with no
        dice a next check waits for) and ranks a tie of it."""
        actor = self.store.actor(sid)
        assert actor.combatant is not None
        pool = checks.check_pool(CheckRequest(Actor(actor.character), initiative.initiative_skill(actor), 0))
        pc_first = option(self.options, "initiative_final_tie") == "pc_first"
        return self.strikes.odds(pool), 0 if (actor.combatant.side is Side.PARTY) == pc_first else 1

    # -- the round: side slots -------------------------------------------------------------------------------
    def new(self, rng: random.Random) -> GenesysFightState:
        store = self.store
        if len(store.states) > KEPT:
            store.forget()
        n = len(self.sides)
        # Initiative as roll_initiative ranks it: net successes, then net advantage, then the side, then the list.
        ranked = []
        for number, (odds, side_rank) in enumerate(self._initiative):
            successes, advantage, _ = odds.results[odds.draw(rng)]
            ranked.append((-successes, -advantage, side_rank, number))
        ranked.sort()
        sids = list(store.start)
        s = GenesysFightState(1, [self.sides[r[3]] for r in ranked], -1, None, [False] * n, sids,
                              [store.states[sid].char.role for sid in sids], list(self._cells))
        self._next_slot(s)
        return s

    def round(self, s: GenesysFightState) -> int:
        return s.round

    def stage(self, s: GenesysFightState) -> Hashable:
        return s.index

    def acting(self, s: GenesysFightState) -> tuple[int, ...]:
        return (s.by,) if s.by is not None else ()

    def may_act(self, s: GenesysFightState, i: int) -> bool:
        return s.by == i

    def advance(self, s: GenesysFightState, plan: Planner) -> bool:
        """Fill the slot with the first of its side who may (the simulator picks the first offered), else end the
        turn or skip the slot and go on to the next one someone can fill; nobody plans in slots."""
        store = self.store
        if s.by is None and 0 <= s.index < len(s.slots):
            who = self._candidate(s, s.slots[s.index])
            if who is not None:
                s.by = who
                s.acted[who] = True
                store.set(s, who, store.started(s.sids[who]))
                return True
        if FIGHTING not in s.roles:
            return False                    # nobody is left who can take a turn
        if s.by is not None:
            store.set(s, s.by, store.ended(s.sids[s.by]))
        self._next_slot(s)
        return True

    def _candidate(self, s: GenesysFightState, side: str) -> int | None:
        """The first of the side's combatants (in the encounter's order) who has not acted this round and can."""
        for i, other in enumerate(self.sides):
            if other == side and not s.acted[i] and s.roles[i] is FIGHTING:
                return i
        return None

    def _next_slot(self, s: GenesysFightState) -> None:
        """SlotFlow._next_slot: the next slot someone can fill, a new round when the slots are used up (everyone
        has a slot of its side, so someone fighting fills one within a round)."""
        while True:
            s.index += 1
            s.by = None
            if s.index >= len(s.slots):
                s.index, s.round = 0, s.round + 1
                s.acted = [False] * len(s.acted)
            if self._candidate(s, s.slots[s.index]) is not None:
                return

    def role(self, s: GenesysFightState, i: int) -> StateRole:
        return s.roles[i]

    def roles(self, s: GenesysFightState) -> list[StateRole]:
        return s.roles

    def health_left(self, s: GenesysFightState, i: int) -> float:
        char = self.store.states[s.sids[i]].char
        if char.health is None:
            char.health = 1.0
            for bar in self.rules.sheet.resources(self.store.actor(s.sids[i]), self.options):
                if bar.role is BarRole.HEALTH and bar.maximum > 0:
                    share = bar.current / bar.maximum
                    char.health = share if bar.lower_is_worse else 1.0 - share
                    break
        return char.health

    def has_weapon(self, s: GenesysFightState, i: int, w: int) -> bool:
        return True                         # nothing thrown, nothing that runs out (refused at compile time)

    # -- attacks (quick_strikes.py) --------------------------------------------------------------------------
    def may_attack(self, s: GenesysFightState, i: int) -> bool:
        return self.strikes.may_attack(s.sids[i])

    def attack(self, s: GenesysFightState, i: int, w: int, j: int, rng: random.Random) -> Attempt:
        sids, strikes = s.sids, self.strikes
        sa, sb = sids[i], sids[j]
        if not strikes.may_attack(sa):
            return Attempt.UNPAID
        here, there = s.cells[i], s.cells[j]
        fixed = self.board.fixed_inputs(s, i, w, j) if here is not None and there is not None else ((), ())
        odds = strikes.check(i, w, fixed, sa, sb)
        if odds is None:
            return Attempt.REFUSED
        strike = strikes.strike(i, w, fixed, sa, sb, odds.results[odds.draw(rng)])
        self.store.set(s, i, strikes.paid(sa, sb, i, w))
        if strike:
            self.store.set(s, j, strikes.land(sb, strike, rng))
        return Attempt.PAID

    # -- the map (quick_map.py) ------------------------------------------------------------------------------
    def cell(self, s: GenesysFightState, i: int) -> Coord | None:
        return s.cells[i]

    def cells(self, s: GenesysFightState) -> list[Coord | None]:
        return s.cells

    def map_refused(self, s: GenesysFightState, i: int, w: int, j: int) -> bool:
        return self.board.refused(s, i, w, j)

    def cover(self, s: GenesysFightState, attacker: int, target: int, cell: Coord) -> tuple[CoverLevel, bool]:
        return self.board.cover(s, attacker, cell)

    def may_move(self, s: GenesysFightState, i: int) -> bool:
        return self.board.may_move(s.sids[i])

    def reach(self, s: GenesysFightState, i: int) -> int | None:
        return self.board.reach(s.sids[i])

    def move(self, s: GenesysFightState, i: int, goal: Coord) -> bool:
        return self.board.move(s, i, goal)

    # -- what is reported ------------------------------------------------------------------------------------
    def quiet_key(self, s: GenesysFightState) -> Hashable:
        states = self.store.states
        return tuple([states[sid].char.quiet for sid in s.sids])

    def actor_key(self, s: GenesysFightState, i: int) -> Hashable:
        # What is read of an actor at the end, its bars but the actions', is its character's alone.
        char = self.store.states[s.sids[i]].char
        return char.status, char.conditions

    def actor(self, s: GenesysFightState, i: int) -> Actor:
        return self.store.actor(s.sids[i])


__all__ = ["GenesysFightState", "GenesysQuickFight"]
