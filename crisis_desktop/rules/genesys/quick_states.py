"""The states of a genesys quick fight (rules/genesys/quick.py): each combatant's state a number, the same state the
same number in every fight; its character rebuilt from it as the rules read it, and where the rules' effects lead
from it (a turn's start and end, an attack's price, a hit taken), each answer kept under the part of a state it
reads."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from crisis_desktop.domain import Character, ConditionState, StatValue
from crisis_desktop.domain.encounter import Combatant
from crisis_desktop.rules.base import (
    Actor,
    AddCondition,
    Effect,
    RemoveCondition,
    SetResource,
    SetStatus,
    StateRole,
)
from crisis_desktop.rules.genesys import checks, stats
from crisis_desktop.rules.kernel.geometry import Coord

if TYPE_CHECKING:
    from crisis_desktop.rules.genesys.ruleset import GenesysRuleset

FIGHTING = StateRole.FIGHTING
MADE = 1024                    # characters rebuilt from a state kept at most at once
KEPT = 20_000                  # states kept from one fight to the next at most (past it they are forgotten)
Items = tuple[tuple[str, StatValue], ...]
Conditions = tuple[tuple[str, int | None, str], ...]

# Of a combatant's resources, what each of the rules' answers reads (each function's own `resource` calls): the rest
# of a state is its character's status and conditions, which every answer may read.
STARTS = ("distracted",)                                            # actions.start_turn
ENDS = ("aim", "aim_fresh")                                         # actions.end_turn
NEXT = tuple(checks.NEXT_CHECK)                                     # dice a next check waits for
PAYS = ("actions_used", "aim", *NEXT)                               # attacks.paid_and_used_up
MANEUVERS = ("maneuvers_used", "free_maneuvers", "maneuvers_granted", "aim")     # maneuver_price, a move's spending
# The turn's economy (the action and maneuvers taken or granted, a Distracted turn, Medicine given): an attack's
# check and what its symbols buy never read them.
ECONOMY = frozenset({"maneuvers_used", "maneuvers_granted", "actions_used", "free_maneuvers", "aim_fresh",
                     "distracted", "medicine_treated"})


@dataclass(slots=True, eq=False)
class FightCharacter:
    """A combatant's character as the fight has left it (status and conditions), and what the rules say of it: one
    object for each (compared by identity)."""

    i: int
    status: Items
    conditions: Conditions
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
class CombatantState:
    """One combatant's state in the fight: its character and its combat resources, and where each step leads."""

    char: FightCharacter
    resources: Items
    read: dict[str, StatValue]
    started: int = -1
    ended: int = -1
    paid: int = -1
    attacking: int = -1
    attacked: int = -1
    may_attack: bool | None = None
    may_move: bool | None = None
    waiting: Items | None = None                                    # the dice its next check waits for
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


class FightStates:
    """Every combatant state met in the fights of one prepared fight, by number, and the effects met, by number;
    `start` the state of each combatant as the encounter's start leaves it."""

    def __init__(self, rules: GenesysRuleset, options: Mapping[str, StatValue], actors: list[Actor]) -> None:
        self.rules = rules
        self.options = options
        self.actors = actors
        self._by_character = {a.character.id: i for i, a in enumerate(actors)}
        self._by_combatant = {a.combatant.id: i for i, a in enumerate(actors) if a.combatant is not None}
        self._characters: dict[tuple[int, Items, Conditions], FightCharacter] = {}
        self._combatants: dict[tuple[int, Items], Combatant] = {}
        self._made: dict[FightCharacter, Character] = {}
        self._sids: dict[tuple[FightCharacter, Items], int] = {}
        self.states: list[CombatantState] = []
        self._quiets: dict[Hashable, int] = {}
        self._effects: dict[tuple[Effect, ...], int] = {}
        self.effect_lists: list[tuple[Effect, ...]] = []
        self.start: list[int] = []

    @staticmethod
    def body(actor: Actor) -> tuple[Items, Conditions, Items]:
        c, combatant = actor.character, actor.combatant
        assert combatant is not None
        return (tuple(sorted(c.status.items())), tuple((s.key, s.rounds, s.note) for s in c.conditions),
                tuple(sorted(combatant.resources.items())))

    def intern(self, i: int, body: tuple[Items, Conditions, Items]) -> int:
        """The number of combatant i's state: the same state, the same number in every fight (until `forget`)."""
        status, conditions, resources = body
        char_key = (i, status, conditions)
        char = self._characters.get(char_key)
        if char is None:
            char = FightCharacter(i, status, conditions, StateRole.FIGHTING, -1)
            label = self.rules.sheet.state(self.character(char), self.options)
            char.role = label.role
            # Nothing is happening while everyone's state and status stay as they are (the full path's stalemate).
            char.quiet = self._quiets.setdefault((i, label.key, status), len(self._quiets))
            self._characters[char_key] = char
        key = (char, resources)
        sid = self._sids.get(key)
        if sid is None:
            sid = self._sids[key] = len(self.states)
            self.states.append(CombatantState(char, resources, dict(resources)))
        return sid

    def character(self, char: FightCharacter) -> Character:
        """The character in this state (a shallow copy: what it shares with the prepared one is only read), kept
        while it is among the last made: most questions about a state come soon after it first comes about."""
        found = self._made.get(char)
        if found is None:
            if len(self._made) >= MADE:
                self._made.clear()
            found = self._made[char] = self.actors[char.i].character.model_copy(update={
                "status": dict(char.status),
                "conditions": [ConditionState(key=key, rounds=rounds, note=note)
                               for key, rounds, note in char.conditions]})
        return found

    def actor(self, sid: int) -> Actor:
        """The combatant in this state, as the rules read it (its combat resources a copy made once for each)."""
        state = self.states[sid]
        i = state.char.i
        combatant = self._combatants.get((i, state.resources))
        if combatant is None:
            prepared = self.actors[i].combatant
            assert prepared is not None
            combatant = self._combatants[(i, state.resources)] = prepared.model_copy(
                update={"resources": dict(state.resources)})
        return Actor(self.character(state.char), combatant)

    def effects_id(self, effects: Sequence[Effect]) -> int:
        key = tuple(effects)
        found = self._effects.get(key)
        if found is None:
            found = self._effects[key] = len(self.effect_lists)
            self.effect_lists.append(key)
        return found

    def after(self, sid: int, effects: int) -> int:
        """The state the effects leave, applied in order as the controller applies them (each one the combatant's
        own: a turn's start or end, its attack's price, a hit it takes)."""
        state = self.states[sid]
        found = state.after.get(effects)
        if found is not None:
            return found
        i = state.char.i
        status, conditions, resources = dict(state.char.status), list(state.char.conditions), dict(state.resources)
        for effect in self.effect_lists[effects]:
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
                raise TypeError(f"Quick genesys fights do not apply {effect} to {self.actors[i].name}")
        found = state.after[effects] = self.intern(i, (tuple(sorted(status.items())), tuple(conditions),
                                                       tuple(sorted(resources.items()))))
        return found

    def answer(self, sid: int, kind: str, reads: Sequence[str]) -> tuple[FightCharacter, Hashable]:
        """The combatant's character, and the key of one of the rules' answers about it: its kind and the resources
        it reads."""
        state = self.states[sid]
        return state.char, (kind, *(state.read.get(key) for key in reads))

    def step(self, sid: int, kind: str, reads: Sequence[str], effects: Callable[[Actor], Sequence[Effect]]) -> int:
        """The state after the rules' effects of `kind` (reading the character and these resources), kept."""
        char, key = self.answer(sid, kind, reads)
        found = char.effects.get(key)
        if found is None:
            found = char.effects[key] = self.effects_id(effects(self.actor(sid)))
        return self.after(sid, found)

    def set(self, s: GenesysFightState, i: int, sid: int) -> None:
        """Combatant i of the fight is now in state `sid`."""
        s.sids[i] = sid
        s.roles[i] = self.states[sid].char.role

    def started(self, sid: int) -> int:
        """The state once the combatant's turn starts (start_turn: fresh maneuvers and action, bleeding)."""
        state = self.states[sid]
        if state.started < 0:
            state.started = self.step(sid, "start", STARTS,
                                      lambda actor: self.rules.start_turn(actor, self.options).effects)
        return state.started

    def ended(self, sid: int) -> int:
        """The state once the combatant's turn ends (end_turn: conditions counted down, an aim lost)."""
        state = self.states[sid]
        if state.ended < 0:
            state.ended = self.step(sid, "end", ENDS, lambda actor: self.rules.end_turn(actor, self.options).effects)
        return state.ended

    def forget(self) -> None:
        """Forget every state and what was kept of it, between two fights: most states of a long run come about once
        (injuries pile up in many orders), and kept they only take memory. What is kept under the part of a state
        the rules read (a check's odds, what its results buy, a hit's damage, an injury) stays."""
        start = [self.states[sid] for sid in self.start]
        for kept in (self._characters, self._made, self._sids, self._quiets, self._effects):
            kept.clear()
        self.states.clear()
        self.effect_lists.clear()
        self.start = [self.intern(state.char.i, (state.char.status, state.char.conditions, state.resources))
                      for state in start]


__all__ = ["ECONOMY", "ENDS", "FIGHTING", "KEPT", "MANEUVERS", "NEXT", "PAYS", "STARTS", "CombatantState",
           "Conditions", "FightCharacter", "FightStates", "GenesysFightState", "Items"]
