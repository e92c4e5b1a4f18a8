"""Sequential turns by initiative: one combatant at a time, with delay, act now, out-of-turn actors and a
surprise round (the crisis rulesets' flow).

State saved in the encounter: `order` (combatant ids, first to act first), `index` (whose turn), `surprise`
(who acts in the surprise round, round 0; empty when nobody is surprised), `delayed` (holding their turn this
round), and `furthest`/`begun`: the furthest round reached and whose turns have begun in it, so that going
back a turn and forward again never counts the start of a turn twice.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from crisis_desktop.rules.base.combat import InitiativeEntry
from crisis_desktop.rules.base.economy import TurnEffects
from crisis_desktop.rules.base.state import Actor, StateRole
from crisis_desktop.rules.base.values import Options
from crisis_desktop.rules.kernel.dice import DiceSource
from crisis_desktop.rules.kernel.flows import (
    Fight,
    FightState,
    FlowState,
    LogLine,
    OrderRow,
    RoundFlow,
    StepOffer,
    Stepped,
    StepRole,
)

NEXT, PREVIOUS, DELAY, ACT_NOW = "next_turn", "previous_turn", "delay", "act_now"


class TurnRules(Protocol):
    """What sequential turns ask of a ruleset."""

    def roll_initiative(self, actors: Sequence[Actor], dice: DiceSource, options: Options) -> list[InitiativeEntry]:
        ...

    def surprise_round(self, actors: Sequence[Actor]) -> list[str]:
        """Who acts in a surprise round (empty: no surprise round)."""
        ...

    def start_turn(self, actor: Actor, options: Options) -> TurnEffects: ...

    def end_turn(self, actor: Actor, options: Options) -> TurnEffects: ...


@dataclass
class _State:
    order: list[str] = field(default_factory=list)
    index: int = 0
    surprise: list[str] = field(default_factory=list)
    delayed: list[str] = field(default_factory=list)
    furthest: int = 0
    begun: list[str] = field(default_factory=list)

    @classmethod
    def of(cls, fight: FightState) -> _State:
        data = fight.state()
        return cls(list(data.get("order", [])), int(data.get("index", 0)), list(data.get("surprise", [])),
                   list(data.get("delayed", [])), int(data.get("furthest", 0)), list(data.get("begun", [])))

    def dump(self) -> FlowState:
        return {"order": self.order, "index": self.index, "surprise": self.surprise, "delayed": self.delayed,
                "furthest": self.furthest, "begun": self.begun}

    @property
    def current(self) -> str | None:
        return self.order[self.index] if 0 <= self.index < len(self.order) else None


def never(_actor: Actor) -> bool:
    return False


class SequentialFlow(RoundFlow):
    """Turns in initiative order. `delay` offers Delay and Act now where the rules have them;
    `out_of_turn` says who may act outside its own turn (crisis: whoever is on overwatch)."""

    def __init__(self, rules: TurnRules, *, delay: bool = True, out_of_turn: Callable[[Actor], bool] = never) -> None:
        self.rules = rules
        self.delay = delay
        self.out_of_turn = out_of_turn

    def _takes_turns(self, fight: FightState, combatant_id: str) -> bool:
        """A combatant out of the fight for good has its turns skipped."""
        return fight.state_of(combatant_id).role is not StateRole.OUT

    # -- reading --------------------------------------------------------------------------------------
    def acting(self, fight: FightState) -> tuple[str, ...]:
        current = _State.of(fight).current
        return (current,) if current is not None else ()

    def may_act(self, fight: FightState, combatant_id: str) -> bool:
        if combatant_id in self.acting(fight):
            return True
        return self.out_of_turn(fight.actor(combatant_id))

    def order(self, fight: FightState) -> list[OrderRow]:
        s = _State.of(fight)
        rows = []
        for number, cid in enumerate(s.order, start=1):
            status = ""
            if cid in s.delayed:
                status = "delaying"
            elif fight.encounter.round == 0 and s.surprise and cid not in s.surprise:
                status = "surprised"
            rows.append(OrderRow(cid, str(number), status, cid == s.current))
        return rows

    def round_label(self, fight: FightState) -> str:
        if fight.encounter.round == 0 and _State.of(fight).surprise:
            return "Surprise round"
        return f"Round {fight.encounter.round}"

    def roles(self) -> frozenset[StepRole]:
        held = {StepRole.HOLD, StepRole.CHOOSE} if self.delay else set()
        return frozenset({StepRole.ADVANCE, StepRole.BACK, *held})

    def offers(self, fight: FightState) -> list[StepOffer]:
        s = _State.of(fight)
        round_ = fight.encounter.round
        can_go_on = self._find(fight, s, s.index, round_) is not None
        offers = [StepOffer(NEXT, "Next turn", StepRole.ADVANCE, allowed=can_go_on,
                            reason="" if can_go_on else "Nobody is left who can take a turn; end the encounter",
                            help="End this turn, begin the next")]
        back = self._previous(fight, s)
        offers.append(StepOffer(PREVIOUS, "Previous turn", StepRole.BACK, allowed=back is not None,
                                reason="" if back else "This is the first turn of the fight",
                                help="Back to the last turn (the rules' effects stay: Undo takes them back)"))
        if self.delay:
            holding = s.current is not None and s.current not in s.delayed
            offers.append(StepOffer(DELAY, "Delay", StepRole.HOLD, allowed=holding and can_go_on,
                                    reason="" if holding and can_go_on else "Nobody's turn to delay",
                                    help="Hold this turn to act later in the round"))
            waiting = tuple(cid for cid in s.delayed if cid != s.current)
            offers.append(StepOffer(ACT_NOW, "Act now", StepRole.CHOOSE, actors=waiting,
                                    allowed=bool(waiting) and s.current is not None,
                                    reason="" if waiting else "Nobody is delaying",
                                    help="A delaying combatant acts after this turn"))
        return offers

    # -- steps ----------------------------------------------------------------------------------------
    def start(self, fight: Fight, dice: DiceSource) -> Stepped:
        encounter = fight.encounter
        actors = [fight.actor(c.id) for c in encounter.combatants]
        entries = sorted(self.rules.roll_initiative(actors, dice, fight.options), key=lambda e: e.rank)
        surprise = list(self.rules.surprise_round(actors))
        s = _State(order=[e.combatant_id for e in entries], surprise=surprise)
        fight.log(LogLine("start", f"{encounter.name} begins. Turn order: "
                          + ", ".join(f"{fight.name(e.combatant_id)} {e.roll.value:g}" for e in entries)))
        for entry in entries:
            fight.record_initiative(entry)
        round_ = 0 if surprise else 1
        fight.set_round(round_)
        if surprise:
            fight.log(LogLine("round", "Surprise round: only "
                              + ", ".join(fight.name(c) for c in s.order if c in surprise) + " act"))
        else:
            fight.log(LogLine("round", "Round 1 begins"))
        first = self._find(fight, s, -1, round_, wrap=False)
        if first is None:
            raise ValueError("Nobody can act in this fight")
        s.index, s.furthest = first[0], round_
        self._begin_turn(fight, s, round_)
        return Stepped(new_round=True, result=entries)

    def take(self, fight: Fight, key: str, actor_id: str | None = None, choice: str | None = None,
             dice: DiceSource | None = None) -> Stepped:
        s = _State.of(fight)
        if key == NEXT:
            return Stepped(self._advance(fight, s, end_current=True))
        if key == PREVIOUS:
            return self._back(fight, s)
        if key == DELAY and self.delay:
            current = s.current
            if current is None or current in s.delayed:
                raise ValueError("Nobody's turn to delay")
            s.delayed.append(current)
            fight.log(LogLine("delay", f"{fight.name(current)} delays", current))
            return Stepped(self._advance(fight, s, end_current=False))
        if key == ACT_NOW and self.delay:
            return self._act_now(fight, s, actor_id)
        raise ValueError(f"{key.replace('_', ' ').capitalize()} is not a step of this fight")

    def joined(self, fight: Fight, combatant_id: str) -> None:
        s = _State.of(fight)
        s.order.append(combatant_id)
        fight.set_state(s.dump())
        side = fight.encounter.combatant(combatant_id).side.value
        fight.log(LogLine("join", f"{fight.name(combatant_id)} joins the fight ({side}), last in the turn order",
                          combatant_id))

    def referenced(self, fight: FightState) -> set[str]:
        s = _State.of(fight)
        return {*s.order, *s.surprise, *s.delayed, *s.begun}

    def left(self, fight: Fight, combatant_id: str) -> None:
        s = _State.of(fight)
        if combatant_id not in s.order:
            return
        position = s.order.index(combatant_id)
        was_current = s.current == combatant_id
        s.order.remove(combatant_id)
        for ids in (s.surprise, s.delayed, s.begun):
            if combatant_id in ids:
                ids.remove(combatant_id)
        if position < s.index or s.index >= len(s.order) > 0:
            s.index = max(0, s.index - 1)
        fight.set_state(s.dump())
        if was_current and s.order:
            # The current fighter leaving hands the turn on as Next turn would, to whoever comes after it.
            with contextlib.suppress(ValueError):  # nobody left who can act: the GM ends the fight
                self._advance(fight, s, end_current=False, after=position - 1)

    # -- the turn machine -----------------------------------------------------------------------------
    def _eligible(self, fight: FightState, s: _State, combatant_id: str, round_: int) -> bool:
        if round_ == 0 and s.surprise and combatant_id not in s.surprise:
            return False
        return self._takes_turns(fight, combatant_id)

    def _find(self, fight: FightState, s: _State, index: int, round_: int, wrap: bool = True) -> tuple[int, int] | None:
        """The next (index, round) after `index` whose combatant can take a turn; None if nobody can."""
        if not s.order:
            return None
        for _ in range(2 * len(s.order) + 1):
            index += 1
            if index >= len(s.order):
                if not wrap:
                    return None
                index, round_ = 0, round_ + 1
            if self._eligible(fight, s, s.order[index], round_):
                return index, round_
        return None

    def _previous(self, fight: FightState, s: _State) -> tuple[int, int] | None:
        first_round = 0 if s.surprise else 1
        index, round_ = s.index, fight.encounter.round
        for _ in range(2 * len(s.order) + 1):
            index -= 1
            if index < 0:
                if round_ <= first_round:
                    return None
                index, round_ = len(s.order) - 1, round_ - 1
            # A delaying combatant's turn is held, not behind us: Act now brings it back (Undo takes back the delay).
            if s.order[index] not in s.delayed and self._eligible(fight, s, s.order[index], round_):
                return index, round_
        return None

    def _begin_turn(self, fight: Fight, s: _State, round_: int) -> None:
        combatant_id = s.order[s.index]
        name = fight.name(combatant_id)
        if combatant_id in s.delayed:
            # A delayed turn resumes: its start (AP and the like) already happened.
            s.delayed.remove(combatant_id)
            fight.set_state(s.dump())
            fight.log(LogLine("turn", f"{name} acts now (delayed turn)", combatant_id))
            return
        if round_ < s.furthest or (round_ == s.furthest and combatant_id in s.begun):
            fight.set_state(s.dump())
            fight.log(LogLine("turn", f"{name}'s turn again (its start was already counted)", combatant_id))
            return
        if round_ > s.furthest:
            s.furthest, s.begun = round_, []
        s.begun.append(combatant_id)
        fight.set_state(s.dump())
        turn = self.rules.start_turn(fight.actor(combatant_id), fight.options)
        fight.apply(turn.effects, f"{name}'s turn")
        fight.log(LogLine("turn", f"{name}'s turn", combatant_id, turn.notes))

    def _advance(self, fight: Fight, s: _State, end_current: bool, after: int | None = None) -> bool:
        """Hands the turn on (to the first who can act after position `after`, by default the current one's);
        True when that begins a new round."""
        current = s.current
        if current is not None and end_current:
            turn = self.rules.end_turn(fight.actor(current), fight.options)
            name = fight.name(current)
            fight.apply(turn.effects, f"End of {name}'s turn")
            if turn.notes:
                fight.log(LogLine("turn end", f"End of {name}'s turn", current, turn.notes))
        round_before = fight.encounter.round
        found = self._find(fight, s, s.index if after is None else after, round_before)
        if found is None:
            raise ValueError("Nobody is left who can take a turn; end the encounter")
        s.index, round_ = found
        new_round = round_ != round_before
        fresh_round = new_round and round_ > s.furthest
        if new_round:
            fight.set_round(round_)
            if fresh_round:
                for cid in list(s.delayed):
                    s.delayed.remove(cid)
                    fight.log(LogLine("turn", f"{fight.name(cid)} delayed too long and loses that turn", cid))
                fight.log(LogLine("round", f"Round {round_} begins"))
            else:
                fight.log(LogLine("round", f"Round {round_} again"))
        self._begin_turn(fight, s, round_)
        return fresh_round

    def _back(self, fight: Fight, s: _State) -> Stepped:
        found = self._previous(fight, s)
        if found is None:
            raise ValueError("This is the first turn of the fight")
        s.index, round_ = found
        if round_ != fight.encounter.round:
            fight.set_round(round_)
        fight.set_state(s.dump())
        cid = s.order[s.index]
        fight.log(LogLine("override", f"GM: back to {fight.name(cid)}'s turn", cid))
        return Stepped()

    def _act_now(self, fight: Fight, s: _State, combatant_id: str | None) -> Stepped:
        if combatant_id is None or combatant_id not in s.delayed:
            name = fight.name(combatant_id) if combatant_id else "Nobody"
            raise ValueError(f"{name} is not delaying")
        current = s.current
        if current is None or current == combatant_id:
            raise ValueError("Nobody's turn to act after")
        s.order.remove(combatant_id)
        position = s.order.index(current)
        s.order.insert(position + 1, combatant_id)
        s.index = position
        return Stepped(self._advance(fight, s, end_current=True))
