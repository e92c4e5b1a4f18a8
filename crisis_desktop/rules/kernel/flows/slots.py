"""Side slots (genesys-like): initiative gives each side slots, and any of that side's combatants who has not
acted this round may fill one.

State saved in the encounter: `slots` (in initiative order, each `{"side": side, "by": combatant id or None}`:
who filled it this round), `index` (the current slot) and `acted` (who has filled a slot this round). A slot
whose side has nobody left who can act is skipped with a log line; when the slots are used up a new round
begins and everyone may act again.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from crisis_desktop.domain.encounter import Side
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

FILL, END_TURN = "fill_slot", "end_turn"
SIDE_WORDS = {Side.PARTY.value: "PC", Side.ENEMIES.value: "NPC", Side.NEUTRAL.value: "Neutral"}


class SlotRules(Protocol):
    """What side slots ask of a ruleset."""

    def roll_initiative(self, actors: Sequence[Actor], dice: DiceSource, options: Options) -> list[InitiativeEntry]:
        """Everyone's initiative; the ranks (ties broken as the rules say) order the slots."""
        ...

    def start_turn(self, actor: Actor, options: Options) -> TurnEffects: ...

    def end_turn(self, actor: Actor, options: Options) -> TurnEffects: ...


def side_word(side: str) -> str:
    return SIDE_WORDS.get(side, side.capitalize())


@dataclass
class _State:
    slots: list[dict[str, Any]] = field(default_factory=list)
    index: int = 0
    acted: list[str] = field(default_factory=list)
    sides: dict[str, str] = field(default_factory=dict)

    @classmethod
    def of(cls, fight: FightState) -> _State:
        data = fight.state()
        return cls([dict(s) for s in data.get("slots", [])], int(data.get("index", 0)), list(data.get("acted", [])),
                   dict(data.get("sides", {})))

    def dump(self) -> FlowState:
        return {"slots": self.slots, "index": self.index, "acted": self.acted, "sides": self.sides}

    @property
    def slot(self) -> dict[str, Any] | None:
        return self.slots[self.index] if 0 <= self.index < len(self.slots) else None

    @property
    def filler(self) -> str | None:
        slot = self.slot
        return slot["by"] if slot is not None else None

    def label(self, index: int) -> str:
        side = self.slots[index]["side"]
        number = sum(1 for s in self.slots[: index + 1] if s["side"] == side)
        return f"{side_word(side)} slot {number}"


class SlotFlow(RoundFlow):
    """Initiative results become slots of their side; at each slot the GM picks which of that side's
    unacted, able combatants takes it."""

    def __init__(self, rules: SlotRules) -> None:
        self.rules = rules

    def _able(self, fight: FightState, combatant_id: str) -> bool:
        return fight.state_of(combatant_id).role is StateRole.FIGHTING

    def _side(self, fight: FightState, combatant_id: str) -> str:
        return fight.encounter.combatant(combatant_id).side.value

    def candidates(self, fight: FightState, s: _State, side: str) -> tuple[str, ...]:
        """Who may fill a slot of `side` now: that side's able combatants who have not acted this round."""
        return tuple(c.id for c in fight.encounter.combatants
                     if c.side.value == side and c.id not in s.acted and self._able(fight, c.id))

    # -- reading --------------------------------------------------------------------------------------
    def acting(self, fight: FightState) -> tuple[str, ...]:
        filler = _State.of(fight).filler
        return (filler,) if filler is not None else ()

    def order(self, fight: FightState) -> list[OrderRow]:
        s = _State.of(fight)
        rows = []
        for i, slot in enumerate(s.slots):
            if i < s.index:
                status = "done" if slot["by"] else "skipped"
            elif i == s.index:
                status = "acting" if slot["by"] else "to fill"
            else:
                status = ""
            rows.append(OrderRow(slot["by"], s.label(i), status, i == s.index, slot["side"]))
        for combatant in fight.encounter.combatants:
            if combatant.id not in s.acted:
                status = "to act" if self._able(fight, combatant.id) else "cannot act"
                rows.append(OrderRow(combatant.id, "", status))
        return rows

    def round_label(self, fight: FightState) -> str:
        s = _State.of(fight)
        slot = f" · {s.label(s.index)}" if s.slot is not None else ""
        return f"Round {fight.encounter.round}{slot}"

    def roles(self) -> frozenset[StepRole]:
        return frozenset({StepRole.ADVANCE, StepRole.CHOOSE})   # no step back, nothing to hold or plan

    def offers(self, fight: FightState) -> list[StepOffer]:
        s = _State.of(fight)
        slot = s.slot
        can_go_on = self._can_go_on(fight, s)
        nobody = "" if can_go_on else "Nobody is left who can take a turn; end the encounter"
        if slot is None:
            return [StepOffer(END_TURN, "Next round", StepRole.ADVANCE, allowed=can_go_on, reason=nobody,
                              help="Go on with a new round")]
        label = s.label(s.index)
        if slot["by"] is not None:
            return [StepOffer(END_TURN, "End turn", StepRole.ADVANCE, allowed=can_go_on, reason=nobody,
                              help=f"End {fight.name(slot['by'])}'s turn, go on to the next slot")]
        who = self.candidates(fight, s, slot["side"])
        word = side_word(slot["side"])
        return [
            StepOffer(FILL, f"Take the {label}", StepRole.CHOOSE, actors=who, allowed=bool(who),
                      reason="" if who else f"No {word} is left who can act this round",
                      help=f"One of the {word}s who have not acted this round takes this slot"),
            StepOffer(END_TURN, "Skip slot", StepRole.ADVANCE, allowed=not who and can_go_on,
                      reason=f"Pick the {word} who takes the {label} first" if who else nobody,
                      help="Nobody can take this slot: go on to the next one"),
        ]

    # -- steps ----------------------------------------------------------------------------------------
    def start(self, fight: Fight, dice: DiceSource) -> Stepped:
        encounter = fight.encounter
        actors = [fight.actor(c.id) for c in encounter.combatants]
        entries = sorted(self.rules.roll_initiative(actors, dice, fight.options), key=lambda e: e.rank)
        s = _State(slots=[{"side": self._side(fight, e.combatant_id), "by": None} for e in entries],
                   sides={c.id: c.side.value for c in encounter.combatants})
        fight.log(LogLine("start", f"{encounter.name} begins. Slots: "
                          + ", ".join(f"{s.label(i)} ({fight.name(e.combatant_id)} {e.roll.value:g})"
                                      for i, e in enumerate(entries))))
        for entry in entries:
            fight.record_initiative(entry)
        fight.set_round(1)
        fight.log(LogLine("round", "Round 1 begins"))
        s.index = -1
        if not self._can_go_on(fight, s):
            raise ValueError("Nobody can act in this fight")
        self._next_slot(fight, s)
        return Stepped(new_round=True, result=entries)

    def take(self, fight: Fight, key: str, actor_id: str | None = None, choice: str | None = None,
             dice: DiceSource | None = None) -> Stepped:
        s = _State.of(fight)
        if key == FILL:
            self._fill(fight, s, actor_id)
            return Stepped()
        if key == END_TURN:
            slot = s.slot
            if slot is None:
                return Stepped(self._next_slot(fight, s))
            if slot["by"] is None:
                who = self.candidates(fight, s, slot["side"])
                if who:
                    raise ValueError(f"Pick the {side_word(slot['side'])} who takes the {s.label(s.index)} first")
                fight.log(LogLine("turn", f"{s.label(s.index)} skipped: no {side_word(slot['side'])} "
                                  "is left who can act this round"))
            else:
                current = slot["by"]
                name = fight.name(current)
                turn = self.rules.end_turn(fight.actor(current), fight.options)
                fight.apply(turn.effects, f"End of {name}'s turn")
                if turn.notes:
                    fight.log(LogLine("turn end", f"End of {name}'s turn", current, turn.notes))
            return Stepped(self._next_slot(fight, s))
        raise ValueError(f"{key.replace('_', ' ').capitalize()} is not a step of this fight")

    def joined(self, fight: Fight, combatant_id: str) -> None:
        s = _State.of(fight)
        side = self._side(fight, combatant_id)
        s.slots.append({"side": side, "by": None})
        s.sides[combatant_id] = side
        fight.set_state(s.dump())
        fight.log(LogLine("join", f"{fight.name(combatant_id)} joins the fight: one more {side_word(side)} slot "
                          "at the end", combatant_id))

    def referenced(self, fight: FightState) -> set[str]:
        s = _State.of(fight)
        return {*s.acted, *s.sides, *(str(slot["by"]) for slot in s.slots if slot.get("by"))}

    def left(self, fight: Fight, combatant_id: str) -> None:
        s = _State.of(fight)
        was_current = s.filler == combatant_id
        if combatant_id in s.acted:
            s.acted.remove(combatant_id)
        own = next((i for i, slot in enumerate(s.slots) if slot["by"] == combatant_id), None)
        removed = self._slot_to_remove(s, s.sides.pop(combatant_id, None), own)
        moved = False
        if removed is not None:
            at_end = s.index >= len(s.slots)  # nobody could act: it stays so until a step finds someone
            moved = removed == s.index
            del s.slots[removed]
            if at_end:
                s.index = len(s.slots)
            elif removed < s.index:
                s.index -= 1
        if not (moved or was_current):
            fight.set_state(s.dump())
            return
        # The current slot is gone or its turn is over: the fight goes on at the next slot, as End turn would.
        if moved:
            s.index -= 1
        try:
            self._next_slot(fight, s)
        except ValueError:  # nobody left who can act: the GM ends the fight
            s.index = len(s.slots)
            fight.set_state(s.dump())

    @staticmethod
    def _slot_to_remove(s: _State, side: str | None, own: int | None) -> int | None:
        """The slot a leaver of `side` takes away. One who has filled a slot this round takes that one (an
        unfilled one would cost a teammate who has not acted its turn); one who has not takes an unfilled
        slot of its side, from the end (the current one when no later one is left, else a skipped one)."""
        if own is not None or side is None:
            return own
        of_side = [i for i, slot in enumerate(s.slots) if slot["side"] == side and slot["by"] is None]
        later = [i for i in of_side if i >= s.index]
        if later:
            return later[-1]
        return of_side[-1] if of_side else None

    # -- the slot machine -----------------------------------------------------------------------------
    def _fill(self, fight: Fight, s: _State, combatant_id: str | None) -> None:
        slot = s.slot
        if slot is None:
            raise ValueError("There is no slot to fill; end the encounter")
        label = s.label(s.index)
        if slot["by"] is not None:
            raise ValueError(f"{fight.name(slot['by'])} already holds the {label}")
        if combatant_id is None:
            raise ValueError(f"Pick who takes the {label}")
        name = fight.name(combatant_id)
        if self._side(fight, combatant_id) != slot["side"]:
            raise ValueError(f"The {label} is for the {side_word(slot['side'])}s; {name} is not one of them")
        if combatant_id in s.acted:
            raise ValueError(f"{name} has already acted this round")
        if not self._able(fight, combatant_id):
            state = fight.state_of(combatant_id)
            raise ValueError(f"{name} cannot act: {state.text}")
        slot["by"] = combatant_id
        s.acted.append(combatant_id)
        fight.set_state(s.dump())
        turn = self.rules.start_turn(fight.actor(combatant_id), fight.options)
        fight.apply(turn.effects, f"{name}'s turn")
        fight.log(LogLine("turn", f"{name} takes the {label}", combatant_id, turn.notes))

    def _can_go_on(self, fight: FightState, s: _State) -> bool:
        """Whether a later slot of this round, or any slot of a new round, has someone to fill it."""
        if any(self.candidates(fight, s, slot["side"]) for slot in s.slots[s.index + 1:]):
            return True
        sides = {slot["side"] for slot in s.slots}
        return any(c.side.value in sides and self._able(fight, c.id) for c in fight.encounter.combatants)

    def _next_slot(self, fight: Fight, s: _State) -> bool:
        """Move on to the next slot someone can fill (skipping the others with a log line, and beginning a new
        round when the slots are used up); True when a new round began. ValueError when nobody can act."""
        if not self._can_go_on(fight, s):
            raise ValueError("Nobody is left who can take a turn; end the encounter")
        new_round = False
        while True:  # ends within one new round: _can_go_on found a slot someone can fill
            s.index += 1
            if s.index >= len(s.slots):
                new_round = True
                s.index, s.acted = 0, []
                for slot in s.slots:
                    slot["by"] = None
                round_ = fight.encounter.round + 1
                fight.set_round(round_)
                fight.log(LogLine("round", f"Round {round_} begins"))
            side = s.slots[s.index]["side"]
            if self.candidates(fight, s, side):
                fight.set_state(s.dump())
                return new_round
            fight.log(LogLine("turn", f"{s.label(s.index)} skipped: no {side_word(side)} is left who can act "
                              "this round"))
