"""Genesys fights compiled for the simulator: each combat check drawn from its pool's exact odds, what its symbols buy
and each hit landed by the rules' own spending and damage (critical injuries rolled as the rules roll them), turns as
the side-slot flow runs them; each answer of the rules kept under the part of a combatant's state it reads."""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING

from crisis_desktop.domain import Character, ConditionState, EquipmentItem, ItemKind, StatValue
from crisis_desktop.domain.encounter import Combatant, Side
from crisis_desktop.rules.base import (
    ActionAvailability,
    Actor,
    AddCondition,
    AttackRequest,
    AttackTarget,
    BarRole,
    CheckRequest,
    CoverLevel,
    Effect,
    Explained,
    MapSpan,
    RemoveCondition,
    SetResource,
    SetStatus,
    StateRole,
)
from crisis_desktop.rules.base.quick import Attempt, NotQuick, Planner, PreparedFight, QuickFight, QuickWeapon
from crisis_desktop.rules.genesys import actions, attacks, checks, combat, damage, initiative, narrative, stats, tables
from crisis_desktop.rules.genesys.movement import MOVE, MOVE_FAR
from crisis_desktop.rules.genesys.narrative import ADVANTAGE, SUCCESS, TRIUMPH
from crisis_desktop.rules.genesys.options import option
from crisis_desktop.rules.kernel.dice import DieKind
from crisis_desktop.rules.kernel.geometry import Coord, Grid
from crisis_desktop.rules.kernel.quick_parts import MapReader, Sampler

if TYPE_CHECKING:
    from crisis_desktop.rules.genesys.ruleset import GenesysRuleset

FIGHTING = StateRole.FIGHTING
_NO_EFFECT = tables.CheckEffect()
_critical_row = cache(tables.critical_row)
_MADE = 1024                   # characters rebuilt from a state kept at most at once
_KEPT = 20_000                 # states kept from one fight to the next at most (past it they are forgotten)
_Items = tuple[tuple[str, StatValue], ...]
# What the map fixes for an attack: the target's inputs and the attack's own (Attacks.map_reading).
_Fixed = tuple[_Items, _Items]
_Conditions = tuple[tuple[str, int | None, str], ...]
# One hit as attacks.Hit has it, its target left out: damage terms, Pierce, soak, to strain, critical, extra
# activations, Vicious, label.
_HitSpec = tuple[tuple[tuple[str, int], ...], int, bool, bool, bool, int, int, str]
# What a check's result does to its target: the hits in the order they land, and the conditions its qualities bring.
_Strike = tuple[tuple[_HitSpec, ...], tuple[tuple[str, int | None], ...]]

# Of a combatant's resources, what each of the rules' answers reads (each function's own `resource` calls): the rest
# of a state is its character's status and conditions, which every answer may read.
_STARTS = ("distracted",)                                           # actions.start_turn
_ENDS = ("aim", "aim_fresh")                                        # actions.end_turn
_NEXT = tuple(checks.NEXT_CHECK)                                    # dice a next check waits for
_PAYS = ("actions_used", "aim", *_NEXT)                             # attacks.paid_and_used_up
_MANEUVERS = ("maneuvers_used", "free_maneuvers", "maneuvers_granted", "aim")    # maneuver_price, a move's spending
# The turn's economy (the action and maneuvers taken or granted, a Distracted turn, Medicine given): an attack's
# check and what its symbols buy never read them.
_ECONOMY = frozenset({"maneuvers_used", "maneuvers_granted", "actions_used", "free_maneuvers", "aim_fresh",
                      "distracted", "medicine_treated"})


@dataclass(frozen=True)
class _Odds:
    """Every result of a pool (net successes, net advantage, triumphs) with its exact chance, drawn by its number."""

    sampler: Sampler[int]
    results: tuple[tuple[int, int, int], ...]

    @classmethod
    def of(cls, pool: narrative.Pool) -> _Odds:
        found = narrative.pool_odds(pool)
        axes = [a for a in (SUCCESS, ADVANTAGE, TRIUMPH) if a in found.axes]
        joint = found.joint(*axes)
        keys = sorted(joint)
        named = [dict(zip(axes, values, strict=True)) for values in keys]
        return cls(Sampler.of(0.0, {k: joint[values] for k, values in enumerate(keys)}),
                   tuple((n.get(SUCCESS, 0), n.get(ADVANTAGE, 0), n.get(TRIUMPH, 0)) for n in named))

    def draw(self, rng: random.Random) -> int:
        k = self.sampler.draw(rng)
        assert k is not None                 # nothing falls below a chance of nothing
        return k


@dataclass(frozen=True)
class _Taken:
    """What one hit's damage did (damage.take): its effects, the wounds and strain it left, whether it knocked the
    target out, whether any of it got through."""

    effects: tuple[Effect, ...]
    wounds: int
    strain: int
    knocked_out: bool
    through: bool


@dataclass(frozen=True)
class _Hurt:
    """What one critical injury did (damage.critical): its effects, the injuries carried, wounds and strain after."""

    effects: tuple[Effect, ...]
    carried: tuple[stats.Carried, ...]
    wounds: int
    strain: int


@dataclass
class _Injury:
    """A critical injury the rules roll on a d100 for one target as it stands: what is added to the roll (injuries
    carried, Vicious, extra activations), and what each row it lands on (with Horrific's d10) does."""

    bonus: int
    rows: dict[tuple[str, int | None], _Hurt] = field(default_factory=dict)


class _Dice:
    """Dice given in advance, then fresh ones from the fight's generator (as RandomDice rolls them), each recorded."""

    def __init__(self, faces: Sequence[int], rng: random.Random) -> None:
        self._faces = list(faces)
        self._rng = rng
        self.rolled: list[tuple[int, int]] = []

    def roll(self, sides: int, label: str = "", kind: DieKind | None = None) -> int:
        n = len(self.rolled)
        face = self._faces[n] if n < len(self._faces) else self._rng.randint(1, sides)
        self.rolled.append((sides, face))
        return face


@dataclass(slots=True, eq=False)
class _Character:
    """A combatant's character as the fight has left it (status and conditions), and what the rules say of it: one
    object for each (compared by identity)."""

    i: int
    status: _Items
    conditions: _Conditions
    role: StateRole
    quiet: int
    sheet: int = -1
    build: int = -1
    health: float | None = None
    vitals: tuple[int, int, tuple[stats.Carried, ...]] | None = None
    # The rules' answers about it, each under (what was asked, the resources of the combatant's it reads): the
    # effects of a step (-1: refused), whether something may be paid for, how far a move goes, what a hit leaves.
    effects: dict[Hashable, int] = field(default_factory=dict)
    flags: dict[Hashable, bool] = field(default_factory=dict)
    reaches: dict[Hashable, int | None] = field(default_factory=dict)
    landings: dict[Hashable, int] = field(default_factory=dict)


@dataclass(slots=True)
class _State:
    """One combatant's state in the fight: its character and its combat resources, and where each step leads."""

    char: _Character
    resources: _Items
    read: dict[str, StatValue]
    started: int = -1
    ended: int = -1
    paid: int = -1
    attacking: int = -1
    attacked: int = -1
    may_attack: bool | None = None
    may_move: bool | None = None
    waiting: _Items | None = None                                   # the dice its next check waits for
    after: dict[int, int] = field(default_factory=dict)             # effects -> state


@dataclass
class GenesysFightState:
    """One genesys fight under way: the slots of the round (each one's side, in initiative order), the current slot
    and who fills it, who has acted this round; each combatant's state (a number), role and cell."""

    round: int
    slots: list[str]
    index: int
    by: int | None
    acted: list[bool]
    sids: list[int]
    roles: list[StateRole]
    cells: list[Coord | None]


class GenesysQuickFight(QuickFight[GenesysFightState]):
    """A prepared genesys fight, compiled once for many simulated plays."""

    def __init__(self, rules: GenesysRuleset, prepared: PreparedFight) -> None:
        self.rules = rules
        self.options = dict(prepared.options)
        self.terrain = prepared.terrain
        self.movement = rules.movement()
        campaign = prepared.campaign
        encounter = campaign.encounter(prepared.encounter_id)
        battle_map = next((m for m in campaign.battle_maps if m.id == encounter.battle_map_id), None) \
            if encounter.battle_map_id else None
        self.grid = Grid.of(battle_map) if battle_map is not None and self.terrain is not None else None
        self.map = MapReader(rules, self.terrain, self.grid, self.options) \
            if self.grid is not None and self.terrain is not None else None
        tokens = {t.combatant_id: (t.x, t.y) for t in battle_map.tokens} if battle_map is not None else {}
        self._actors: list[Actor] = []
        self._items: list[list[EquipmentItem]] = []
        for combatant in encounter.combatants:
            character = campaign.character(combatant.character_id)
            if any(a.character.id == character.id for a in self._actors):
                raise NotQuick(f"{character.name} is more than one combatant")
            items = stats.equipped(character, ItemKind.WEAPON)
            for item in items:
                self._check_weapon(character.name, item)
            self._actors.append(Actor(character, combatant.model_copy(update={"resources": {}})))
            self._items.append(items)
        self._minion = [stats.is_minion(a.character) for a in self._actors]
        self._by_character = {a.character.id: i for i, a in enumerate(self._actors)}
        self._by_combatant = {c.id: i for i, c in enumerate(encounter.combatants)}
        self.sides = [c.side.value for c in encounter.combatants]
        self.weapons = [[QuickWeapon(item.id, rules.weapon_range(item) is not None) for item in items]
                        for items in self._items]
        self._cells = [tokens.get(c.id) if self.grid is not None else None for c in encounter.combatants]
        self._characters: dict[tuple[int, _Items, _Conditions], _Character] = {}
        self._combatants: dict[tuple[int, _Items], Combatant] = {}
        self._made: dict[_Character, Character] = {}
        self._sids: dict[tuple[_Character, _Items], int] = {}
        self._states: list[_State] = []
        self._quiets: dict[Hashable, int] = {}
        self._views: dict[Hashable, int] = {}
        self._effects: dict[tuple[Effect, ...], int] = {}
        self._effect_lists: list[tuple[Effect, ...]] = []
        self._pools: dict[tuple[int, ...], _Odds] = {}
        self._rolls: dict[tuple[int, int, int, _Fixed], _Odds | None] = {}
        # Strike 0 is a check that buys nothing: the target is left as it was.
        self._strikes: dict[_Strike, int] = {((), ()): 0}
        self._strike_list: list[_Strike] = [((), ())]
        self._spent: dict[Hashable, int] = {}
        self._takes: dict[Hashable, _Taken] = {}
        self._injuries: dict[Hashable, _Hurt | _Injury] = {}
        self._die = tables.critical_constants()["die"]
        self._fixed: dict[tuple[Coord, Coord, str, tuple[int, ...], tuple[int, ...]], _Fixed] = {}
        self._moves: dict[tuple[Coord, Coord, frozenset[Coord]], str | None] = {}
        # Each combatant as the encounter's start leaves it (fresh combat resources), then how it rolls initiative.
        self._start = [self._after(self._intern(i, self._body(a)), self._effects_id(
            rules.start_encounter(a, self.options).effects)) for i, a in enumerate(self._actors)]
        if not any(self._states[sid].char.role is FIGHTING for sid in self._start):
            raise NotQuick("Nobody can act in this fight")
        self._initiative = [self._initiative_of(sid) for sid in self._start]

    def _check_weapon(self, name: str, item: EquipmentItem) -> None:
        w = combat.weapon(item)
        if w.quality("limited_ammo"):
            raise NotQuick(f"{name}'s {item.name} counts its shots (Limited Ammo)")
        if "thrown" in item.tags:
            raise NotQuick(f"{name}'s {item.name} is thrown")
        if w.quality("blast"):
            raise NotQuick(f"{name}'s {item.name} has Blast (a template on the map)")

    def _initiative_of(self, sid: int) -> tuple[_Odds, int]:
        """How initiative.roll_initiative rolls the combatant's check (Cool, or Vigilance when surprised, with no
        dice a next check waits for) and ranks a tie of it."""
        actor = self._actor(sid)
        assert actor.combatant is not None
        pool = checks.check_pool(CheckRequest(Actor(actor.character), initiative.initiative_skill(actor), 0))
        pc_first = option(self.options, "initiative_final_tie") == "pc_first"
        return self._odds(pool), 0 if (actor.combatant.side is Side.PARTY) == pc_first else 1

    # -- states ----------------------------------------------------------------------------------------------
    @staticmethod
    def _body(actor: Actor) -> tuple[_Items, _Conditions, _Items]:
        c, combatant = actor.character, actor.combatant
        assert combatant is not None
        return (tuple(sorted(c.status.items())), tuple((s.key, s.rounds, s.note) for s in c.conditions),
                tuple(sorted(combatant.resources.items())))

    def _intern(self, i: int, body: tuple[_Items, _Conditions, _Items]) -> int:
        """The number of combatant i's state: the same state, the same number in every fight (until `_forget`)."""
        status, conditions, resources = body
        char_key = (i, status, conditions)
        char = self._characters.get(char_key)
        if char is None:
            char = _Character(i, status, conditions, StateRole.FIGHTING, -1)
            label = self.rules.state(self._character(char), self.options)
            char.role = label.role
            # Nothing is happening while everyone's state and status stay as they are (the full path's stalemate).
            char.quiet = self._quiets.setdefault((i, label.key, status), len(self._quiets))
            self._characters[char_key] = char
        key = (char, resources)
        sid = self._sids.get(key)
        if sid is None:
            sid = self._sids[key] = len(self._states)
            self._states.append(_State(char, resources, dict(resources)))
        return sid

    def _character(self, char: _Character) -> Character:
        """The character in this state (a shallow copy: what it shares with the prepared one is only read), kept
        while it is among the last made: most questions about a state come soon after it first comes about."""
        found = self._made.get(char)
        if found is None:
            if len(self._made) >= _MADE:
                self._made.clear()
            found = self._made[char] = self._actors[char.i].character.model_copy(update={
                "status": dict(char.status),
                "conditions": [ConditionState(key=key, rounds=rounds, note=note)
                               for key, rounds, note in char.conditions]})
        return found

    def _actor(self, sid: int) -> Actor:
        """The combatant in this state, as the rules read it (its combat resources a copy made once for each)."""
        state = self._states[sid]
        i = state.char.i
        combatant = self._combatants.get((i, state.resources))
        if combatant is None:
            prepared = self._actors[i].combatant
            assert prepared is not None
            combatant = self._combatants[(i, state.resources)] = prepared.model_copy(
                update={"resources": dict(state.resources)})
        return Actor(self._character(state.char), combatant)

    def _effects_id(self, effects: Sequence[Effect]) -> int:
        key = tuple(effects)
        found = self._effects.get(key)
        if found is None:
            found = self._effects[key] = len(self._effect_lists)
            self._effect_lists.append(key)
        return found

    def _after(self, sid: int, effects: int) -> int:
        """The state the effects leave, applied in order as the controller applies them (each one the combatant's
        own: a turn's start or end, its attack's price, a hit it takes)."""
        state = self._states[sid]
        found = state.after.get(effects)
        if found is not None:
            return found
        i = state.char.i
        status, conditions, resources = dict(state.char.status), list(state.char.conditions), dict(state.resources)
        for effect in self._effect_lists[effects]:
            if isinstance(effect, SetResource) and self._by_combatant[effect.combatant_id] == i:
                resources[effect.key] = effect.value
            elif isinstance(effect, SetStatus | AddCondition | RemoveCondition) \
                    and self._by_character[effect.character_id] == i:
                if isinstance(effect, SetStatus):
                    status[effect.key] = effect.value
                    continue
                conditions = [c for c in conditions if c[0] != effect.key]
                if isinstance(effect, AddCondition):
                    conditions.append((effect.key, effect.rounds, ""))
            else:
                raise TypeError(f"Quick genesys fights do not apply {effect} to {self._actors[i].name}")
        found = state.after[effects] = self._intern(i, (tuple(sorted(status.items())), tuple(conditions),
                                                        tuple(sorted(resources.items()))))
        return found

    def _answer(self, sid: int, kind: str, reads: Sequence[str]) -> tuple[_Character, Hashable]:
        """The combatant's character, and the key of one of the rules' answers about it: its kind and the resources
        it reads."""
        state = self._states[sid]
        return state.char, (kind, *(state.read.get(key) for key in reads))

    def _step(self, sid: int, kind: str, reads: Sequence[str], effects: Callable[[Actor], Sequence[Effect]]) -> int:
        """The state after the rules' effects of `kind` (reading the character and these resources), kept."""
        char, key = self._answer(sid, kind, reads)
        found = char.effects.get(key)
        if found is None:
            found = char.effects[key] = self._effects_id(effects(self._actor(sid)))
        return self._after(sid, found)

    def _set(self, s: GenesysFightState, i: int, sid: int) -> None:
        s.sids[i] = sid
        s.roles[i] = self._states[sid].char.role

    def _started(self, sid: int) -> int:
        """The state once the combatant's turn starts (start_turn: fresh maneuvers and action, bleeding)."""
        state = self._states[sid]
        if state.started < 0:
            state.started = self._step(sid, "start", _STARTS,
                                       lambda actor: self.rules.start_turn(actor, self.options).effects)
        return state.started

    def _ended(self, sid: int) -> int:
        """The state once the combatant's turn ends (end_turn: conditions counted down, an aim lost)."""
        state = self._states[sid]
        if state.ended < 0:
            state.ended = self._step(sid, "end", _ENDS, lambda actor: self.rules.end_turn(actor, self.options).effects)
        return state.ended

    # -- the round: side slots -------------------------------------------------------------------------------
    def new(self, rng: random.Random) -> GenesysFightState:
        if len(self._states) > _KEPT:
            self._forget()
        n = len(self._actors)
        # Initiative as roll_initiative ranks it: net successes, then net advantage, then the side, then the list.
        ranked = []
        for number, (odds, side_rank) in enumerate(self._initiative):
            successes, advantage, _ = odds.results[odds.draw(rng)]
            ranked.append((-successes, -advantage, side_rank, number))
        ranked.sort()
        sids = list(self._start)
        s = GenesysFightState(1, [self.sides[r[3]] for r in ranked], -1, None, [False] * n, sids,
                              [self._states[sid].char.role for sid in sids], list(self._cells))
        self._next_slot(s)
        return s

    def _forget(self) -> None:
        """Forget every state and what was kept of it, between two fights: most states of a long run come about once
        (injuries pile up in many orders), and kept they only take memory. What is kept under the part of a state
        the rules read (a check's odds, what its results buy, a hit's damage, an injury) stays."""
        start = [self._states[sid] for sid in self._start]
        for kept in (self._characters, self._made, self._sids, self._quiets, self._effects):
            kept.clear()
        self._states.clear()
        self._effect_lists.clear()
        self._start = [self._intern(state.char.i, (state.char.status, state.char.conditions, state.resources))
                       for state in start]

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
        if s.by is None and 0 <= s.index < len(s.slots):
            who = self._candidate(s, s.slots[s.index])
            if who is not None:
                s.by = who
                s.acted[who] = True
                self._set(s, who, self._started(s.sids[who]))
                return True
        if FIGHTING not in s.roles:
            return False                    # nobody is left who can take a turn
        if s.by is not None:
            self._set(s, s.by, self._ended(s.sids[s.by]))
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
        char = self._states[s.sids[i]].char
        if char.health is None:
            char.health = 1.0
            for bar in self.rules.resources(self._actor(s.sids[i]), self.options):
                if bar.role is BarRole.HEALTH and bar.maximum > 0:
                    share = bar.current / bar.maximum
                    char.health = share if bar.lower_is_worse else 1.0 - share
                    break
        return char.health

    def has_weapon(self, s: GenesysFightState, i: int, w: int) -> bool:
        return True                         # nothing thrown, nothing that runs out (refused at compile time)

    # -- attacks ---------------------------------------------------------------------------------------------
    def may_attack(self, s: GenesysFightState, i: int) -> bool:
        return self._may_attack(s.sids[i])

    def _may_attack(self, sid: int) -> bool:
        """Whether the attack's price may be paid: without Limited Ammo, every attack costs the turn's action
        (actions.action_price)."""
        state = self._states[sid]
        if state.may_attack is None:
            char, key = self._answer(sid, "price", ("actions_used",))
            found = char.flags.get(key)
            if found is None:
                found = char.flags[key] = actions.action_price(self._actor(sid), self.options).reason is None
            state.may_attack = found
        return state.may_attack

    def attack(self, s: GenesysFightState, i: int, w: int, j: int, rng: random.Random) -> Attempt:
        sids = s.sids
        sa, sb = sids[i], sids[j]
        if not self._may_attack(sa):
            return Attempt.UNPAID
        here, there = s.cells[i], s.cells[j]
        fixed = self._fixed_inputs(s, i, w, j) if here is not None and there is not None else ((), ())
        a, b = self._states[sa], self._states[sb]
        key = (a.attacking if a.attacking >= 0 else self._attacking(sa), w,
               b.attacked if b.attacked >= 0 else self._attacked(sb), fixed)
        if key in self._rolls:
            odds = self._rolls[key]
        else:
            odds = self._rolls[key] = self._roll(i, w, fixed, sa, sb)
        if odds is None:
            return Attempt.REFUSED
        strike = self._strike(i, w, fixed, sa, sb, odds.results[odds.draw(rng)])
        if a.paid < 0:
            # Paying reads the attacker alone (no input, no target), the same whatever the weapon: none counts its
            # shots or is thrown.
            a.paid = self._step(sa, "pay", _PAYS, lambda actor: attacks.paid_and_used_up(
                AttackRequest(actor, self._items[i][w], (AttackTarget(self._actor(sb)),)), self.options))
        self._set(s, i, a.paid)
        if strike:
            self._set(s, j, self._land(sb, strike, rng))
        return Attempt.PAID

    def _attacking(self, sid: int) -> int:
        """What of an attacker its check and its blows read: its sheet as its injuries leave it, its conditions, the
        resources that are not the turn's economy (aim, guarded stance, dice its next check waits for), and of the
        damage it has taken only a minion group's members left (they roll its skill)."""
        state = self._states[sid]
        char = state.char
        alive = stats.minions_alive(self._actor(sid).character) if self._minion[char.i] else None
        state.attacking = self._view(("attacking", self._sheet(sid), alive, char.conditions,
                                      tuple(kv for kv in state.resources if kv[0] not in _ECONOMY)))
        return state.attacking

    def _attacked(self, sid: int) -> int:
        """What of a target an attack's check and its spending read: its sheet as its injuries leave it (soak), its
        conditions (prone) and the resources that are not the turn's economy (guarded stance); not the damage it
        has taken."""
        state = self._states[sid]
        state.attacked = self._view(("attacked", self._sheet(sid), state.char.conditions,
                                     tuple(kv for kv in state.resources if kv[0] not in _ECONOMY)))
        return state.attacked

    def _sheet(self, sid: int) -> int:
        """The sheet as the character's injuries leave it, as a check reads it: its characteristics (`_build`) and,
        in order, what each injury in effect does to its checks."""
        char = self._states[sid].char
        if char.sheet < 0:
            char.sheet = self._view((self._build(sid), tuple(
                carried.row.checks for carried in stats.active_criticals(self._character(char))
                if carried.row.checks != _NO_EFFECT)))
        return char.sheet

    def _build(self, sid: int) -> int:
        """The characteristics as the character's injuries leave them (a Horrific injury lowers one): what a blow's
        damage (Brawn), soak and the thresholds read of its sheet besides what never changes."""
        char = self._states[sid].char
        if char.build < 0:
            c = self._character(char)
            char.build = self._view((char.i, tuple(stats.characteristic(c, key)
                                                   for key in stats.characteristic_keys())))
        return char.build

    def _view(self, key: Hashable) -> int:
        return self._views.setdefault(key, len(self._views))

    def _request(self, i: int, w: int, fixed: _Fixed, attacker: Actor, target: Actor) -> AttackRequest:
        """The attack as the simulator declares it (every input at its default; genesys's do not depend on the
        round), what the map fixes as the rules read it (the range band, engagement, cover)."""
        weapon = self._items[i][w]
        own = {spec.key: spec.default for spec in self.rules.attack_inputs(attacker, weapon, 1, self.options)}
        values = {spec.key: spec.default for spec in self.rules.target_inputs(attacker, weapon, target, 1,
                                                                               self.options)}
        return AttackRequest(attacker, weapon, (AttackTarget(target, values | dict(fixed[0])),),
                             own | dict(fixed[1]))

    def _roll(self, i: int, w: int, fixed: _Fixed, sa: int, sb: int) -> _Odds | None:
        """The odds of the attack's check (combat.attack_pool) between these states; None where the rules refuse it
        (out of the weapon's range band)."""
        try:
            return self._odds(combat.attack_pool(self._request(i, w, fixed, self._actor(sa), self._actor(sb)),
                                                 self.options))
        except ValueError:
            return None

    def _odds(self, pool: narrative.Pool) -> _Odds:
        key = tuple(pool.count(kind) for kind in narrative.ORDER)
        found = self._pools.get(key)
        if found is None:
            found = self._pools[key] = _Odds.of(pool)
        return found

    def _strike(self, i: int, w: int, fixed: _Fixed, sa: int, sb: int, result: tuple[int, int, int]) -> int:
        """What the check's result does to the target, as attacks.resolve spends it: the hits it makes (advantage
        and triumph spent by the `advantage_spending` option) and the conditions its qualities bring. It reads the
        attacker's characteristics (its Brawn) and the target's (its soak)."""
        a, b = self._states[sa].char.build, self._states[sb].char.build
        key = (w, a if a >= 0 else self._build(sa), b if b >= 0 else self._build(sb), result)
        found = self._spent.get(key)
        if found is None:
            found = self._spent[key] = self._spend(i, w, fixed, sa, sb, result)
        return found

    def _spend(self, i: int, w: int, fixed: _Fixed, sa: int, sb: int, result: tuple[int, int, int]) -> int:
        request = self._request(i, w, fixed, self._actor(sa), self._actor(sb))
        s, advantage, triumph = result
        weapon = combat.weapon(request.weapon)
        situation = combat.situation(request)
        second = combat.off_hand(request, situation)
        hit = s >= 1
        target = request.target.character
        # An improvised weapon adds a threat to what the dice show: one advantage fewer, none below nothing.
        advantage = max(0, advantage - int(weapon.improvised))
        wounding = hit and attacks._wounding(target, attacks._damage_terms(weapon, request.attacker.character, s),
                                             weapon.quality("pierce"), situation.to_strain)
        p = combat.plan_spending(weapon, hit=hit, wounding=wounding, advantage=advantage, triumph=triumph, further=0,
                                 auto_fire=situation.auto_fire, second=second, options=self.options,
                                 minion_target=stats.is_minion(target))
        hits = tuple((h.terms, h.pierce, h.soak, h.to_strain, h.crit, h.extra_crits, h.vicious, h.label)
                     for h in attacks.hits_of(request, weapon, second, s, hit, p, situation.to_strain))
        conditions = []
        if hit:
            for key in p.qualities:
                if key in attacks.QUALITY_CONDITIONS:
                    condition, rounds = attacks.QUALITY_CONDITIONS[key]
                    conditions.append((condition, weapon.quality(key) if rounds else None))
        strike = (hits, tuple(conditions))
        number = self._strikes.get(strike)
        if number is None:
            number = self._strikes[strike] = len(self._strike_list)
            self._strike_list.append(strike)
        return number

    def _land(self, sb: int, strike: int, rng: random.Random) -> int:
        """The target's state once the strike lands, hit by hit as attacks._land lands each: its damage through
        soak (damage.take), then the critical injuries it calls for (damage.critical), the d100 drawn from `rng`."""
        state = self._states[sb]
        char = state.char
        if state.waiting is None:
            state.waiting = tuple((k, state.read[k]) for k in _NEXT if k in state.read)
        key = (state.waiting, strike)
        found = char.landings.get(key)
        if found is not None:
            return self._after(sb, found)
        if char.vitals is None:
            c = self._actor(sb).character
            char.vitals = (stats.wounds(c), stats.strain(c), tuple(stats.criticals(c)))
        wounds, strain, carried = char.vitals
        hits, conditions = self._strike_list[strike]
        effects: list[Effect] = []
        rolled = False
        for hit in hits:
            taken = self._take(sb, wounds, strain, hit)
            effects += taken.effects
            wounds, strain = taken.wounds, taken.strain
            crit, extra, vicious = hit[4], hit[5], hit[6]
            for number in range(int(crit and taken.through) + int(taken.knocked_out)):
                hurt, dice = self._critical(sb, key[0], wounds, strain, carried, vicious,
                                            extra if number == 0 and crit else 0, rng)
                effects += hurt.effects
                carried, wounds, strain = hurt.carried, hurt.wounds, hurt.strain
                rolled = rolled or dice
        character_id = self._actors[char.i].character.id
        effects += [AddCondition(character_id, condition, rounds) for condition, rounds in conditions]
        found = self._effects_id(effects)
        if not rolled:
            char.landings[key] = found      # no die rolled: the same strike always lands the same
        return self._after(sb, found)

    def _take(self, sb: int, wounds: int, strain: int, hit: _HitSpec) -> _Taken:
        """One hit's damage less soak (damage.take, reading of the target's sheet its soak and thresholds)."""
        key = (self._build(sb), wounds, strain, hit)
        found = self._takes.get(key)
        if found is None:
            target = self._actor(sb)
            terms, pierce, soak, to_strain = hit[:4]
            taken = damage.take(target, Explained.of(*terms),
                                damage.soak_against(target.character, pierce) if soak else None, self.options,
                                to_strain=to_strain, wounds_now=wounds, strain_now=strain)
            found = self._takes[key] = _Taken(taken.result.effects, taken.wounds, taken.strain, taken.knocked_out,
                                              taken.result.taken.value >= 1)
        return found

    def _critical(self, sb: int, waiting: Hashable, wounds: int, strain: int, carried: tuple[stats.Carried, ...],
                  vicious: int, extra: int, rng: random.Random) -> tuple[_Hurt, bool]:
        """A critical injury for the target (damage.critical), and whether a die was rolled for it (a minion group
        loses a member without one). What it does depends on the row the d100 lands on, not the face: each row's
        is worked out once."""
        i = self._states[sb].char.i
        key = (i, waiting, wounds, strain, carried, vicious, extra)
        found = self._injuries.get(key)
        if isinstance(found, _Hurt):
            return found, False
        if found is None:
            dice = _Dice((), rng)
            hurt = self._hurt(sb, wounds, strain, carried, vicious, extra, dice)
            if not dice.rolled:
                self._injuries[key] = hurt
                return hurt, False
            # What is added to the d100, as damage.critical works it out (on the injuries carried now).
            status = {**dict(self._states[sb].char.status), "criticals": stats.criticals_text(list(carried))}
            probe = self._actors[i].character.model_copy(update={"status": status})
            found = self._injuries[key] = _Injury(int(sum(term.value for term in damage.critical_roll_terms(
                probe, vicious, extra, self.options))))
            faces = [face for _, face in dice.rolled]
            row = _critical_row(faces[0] + found.bonus)
            assert len(faces) == 1 + bool(row.characteristic_loss)
            found.rows[(row.key, faces[1] if row.characteristic_loss else None)] = hurt
            return hurt, True
        face = rng.randint(1, self._die)
        row = _critical_row(face + found.bonus)
        # Horrific and Gruesome pick a characteristic with a d10, rolled after the d100.
        d10 = rng.randint(1, 10) if row.characteristic_loss else None
        kept = found.rows.get((row.key, d10))
        if kept is None:
            kept = found.rows[(row.key, d10)] = self._hurt(sb, wounds, strain, carried, vicious, extra,
                                                           _Dice([face] if d10 is None else [face, d10], rng))
        return kept, True

    def _hurt(self, sb: int, wounds: int, strain: int, carried: tuple[stats.Carried, ...], vicious: int, extra: int,
              dice: _Dice) -> _Hurt:
        crit = damage.critical(self._actor(sb), dice, self.options, vicious=vicious, extra=extra, wounds_now=wounds,
                               strain_now=strain, carried_now=list(carried))
        return _Hurt(crit.effects, carried + ((crit.carried,) if crit.carried is not None else ()), crit.wounds,
                     crit.strain)

    # -- the map ---------------------------------------------------------------------------------------------
    def _fixed_inputs(self, s: GenesysFightState, i: int, w: int, j: int) -> _Fixed:
        """What the map fixes for fighter `i`'s attack with weapon `w` at `j`, as the rules read it (map_reading: the
        range band, who is engaged, cover), read once for each pair of cells, weapon and fighters next to them."""
        here, there = s.cells[i], s.cells[j]
        assert here is not None and there is not None and self.map is not None and self.grid is not None
        grid, cells = self.grid, s.cells
        near_a = tuple(k for k, c in enumerate(cells) if c is not None and k != i and s.roles[k] is FIGHTING
                       and grid.reach(c, here) == 1)
        near_b = tuple(k for k, c in enumerate(cells) if c is not None and k != j and s.roles[k] is FIGHTING
                       and grid.reach(c, there) == 1)
        weapon = self._items[i][w]
        key = (here, there, weapon.id, near_a, near_b)
        found = self._fixed.get(key)
        if found is None:
            tiles, metres, reach, reading, areas = self.map.measure(here, there)
            sids = s.sids
            span = MapSpan(tiles, metres, reach, grid.metres_per_cell, grid.hex, reading, areas,
                           self._actor(sids[i]), self._actor(sids[j]), tuple(self._actor(sids[k]) for k in near_a),
                           tuple(self._actor(sids[k]) for k in near_b))
            read = self.rules.map_reading(span, weapon, self.options)
            found = self._fixed[key] = (tuple(sorted(read.target_inputs.items())),
                                        tuple(sorted(read.attack_inputs.items())))
        return found

    def cell(self, s: GenesysFightState, i: int) -> Coord | None:
        return s.cells[i]

    def cells(self, s: GenesysFightState) -> list[Coord | None]:
        return s.cells

    def map_refused(self, s: GenesysFightState, i: int, w: int, j: int) -> bool:
        here, there = s.cells[i], s.cells[j]
        if here is None or there is None or self.map is None:
            return False
        return self.map.refused(self._items[i][w], here, there)

    def cover(self, s: GenesysFightState, attacker: int, target: int, cell: Coord) -> tuple[CoverLevel, bool]:
        """The map's painted cover as it stands: genesys reads it without the fighters."""
        there = s.cells[attacker]
        assert there is not None and self.map is not None
        return self.map.cover(there, cell)

    def may_move(self, s: GenesysFightState, i: int) -> bool:
        """Whether a Move or a Move two bands may be paid for now (Movement.may_move)."""
        sid = s.sids[i]
        state = self._states[sid]
        if state.may_move is None:
            char, key = self._answer(sid, "may move", _MANEUVERS)
            found = char.flags.get(key)
            if found is None:
                actor = self._actor(sid)
                found = char.flags[key] = any(self._availability(actor, action).allowed
                                              for action in self.movement.move_actions(actor) or ())
            state.may_move = found
        return state.may_move

    def _availability(self, actor: Actor, action: str) -> ActionAvailability:
        """Whether the action may be taken now, at what price: the ruleset's action_availability finds the same in
        available_actions, which asks actions.availability of each action."""
        return actions.availability(actor, action, self.options)

    def reach(self, s: GenesysFightState, i: int) -> int | None:
        sid = s.sids[i]
        char, key = self._answer(sid, "reach", _MANEUVERS)
        if key not in char.reaches:
            assert self.terrain is not None
            char.reaches[key] = self.movement.reach(self._actor(sid), self.terrain, self.options)
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
            plan = self.movement.plan_move(self._actor(self._start[i]), self.terrain, here, goal, occupied,
                                           self.options)
            action = self._moves[key] = plan.action
        if action is None:
            return False
        assert action in (MOVE, MOVE_FAR)
        sid = s.sids[i]
        char, spend = self._answer(sid, action, _MANEUVERS)
        effects = char.effects.get(spend)
        if effects is None:
            actor = self._actor(sid)
            effects = char.effects[spend] = -1 if not self._availability(actor, action).allowed else \
                self._effects_id(self.rules.spend_action(actor, action, self.options).effects)
        if effects < 0:
            return False
        self._set(s, i, self._after(sid, effects))
        s.cells[i] = goal
        return True

    # -- what is reported ------------------------------------------------------------------------------------
    def quiet_key(self, s: GenesysFightState) -> Hashable:
        states = self._states
        return tuple([states[sid].char.quiet for sid in s.sids])

    def actor_key(self, s: GenesysFightState, i: int) -> Hashable:
        # What is read of an actor at the end, its bars but the actions', is its character's alone.
        char = self._states[s.sids[i]].char
        return char.status, char.conditions

    def actor(self, s: GenesysFightState, i: int) -> Actor:
        return self._actor(s.sids[i])


__all__ = ["GenesysFightState", "GenesysQuickFight"]
