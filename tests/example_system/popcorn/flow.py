"""Popcorn initiative: the first to act is picked by the GM or by the highest d20 + Agility; whoever has acted picks
who acts next among those who have not acted this round; the last to act picks who opens the next round (themself
too).

State saved in the encounter: `acted` (who has acted this round, in order, the one acting now last) and `current`
(who is acting now; None while the GM picks, at the start or after the one acting left the fight).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from crisis_desktop.rules.base import Actor, InitiativeEntry, Options, StateRole, TurnEffects
from crisis_desktop.rules.kernel.dice import DiceSource
from crisis_desktop.rules.kernel.flows import Fight, LogLine, OrderRow, RoundFlow, StepOffer, Stepped, StepRole

HAND_OVER, OPEN = "hand_over", "open_round"


class PopcornRules(Protocol):
    def roll_initiative(self, actors: Sequence[Actor], dice: DiceSource, options: Options) -> list[InitiativeEntry]:
        ...

    def start_turn(self, actor: Actor, options: Options) -> TurnEffects: ...

    def end_turn(self, actor: Actor, options: Options) -> TurnEffects: ...


class PopcornFlow(RoundFlow):
    """Whoever acted hands the turn on. `gm_opens`: the GM picks the first to act, nobody rolls."""

    def __init__(self, rules: PopcornRules, *, gm_opens: bool = False) -> None:
        self.rules = rules
        self.gm_opens = gm_opens

    def _able(self, fight: Fight, combatant_id: str) -> bool:
        return fight.state_of(combatant_id).role is StateRole.FIGHTING

    @staticmethod
    def _read(fight: Fight) -> tuple[list[str], str | None]:
        data = fight.state()
        return list(data.get("acted", [])), data.get("current")

    def _waiting(self, fight: Fight, acted: list[str]) -> tuple[str, ...]:
        return tuple(c.id for c in fight.encounter.combatants if c.id not in acted and self._able(fight, c.id))

    def _picker(self, fight: Fight, current: str | None) -> str:
        return fight.name(current) if current is not None else "The GM"

    # -- reading --------------------------------------------------------------------------------------
    def roles(self) -> frozenset[StepRole]:
        return frozenset({StepRole.ADVANCE})      # every step hands the fight on to someone picked

    def acting(self, fight: Fight) -> tuple[str, ...]:
        current = self._read(fight)[1]
        return (current,) if current is not None else ()

    def order(self, fight: Fight) -> list[OrderRow]:
        acted, current = self._read(fight)
        rows = [OrderRow(cid, str(n), "acting" if cid == current else "acted", cid == current)
                for n, cid in enumerate(acted, start=1)]
        return rows + [OrderRow(c.id, "", "to act" if self._able(fight, c.id) else "cannot act")
                       for c in fight.encounter.combatants if c.id not in acted]

    def offers(self, fight: Fight) -> list[StepOffer]:
        acted, current = self._read(fight)
        picker = self._picker(fight, current)
        waiting = self._waiting(fight, acted)
        if waiting:
            label = "Acts first" if not acted else "Next"
            return [StepOffer(HAND_OVER, label, StepRole.ADVANCE, actors=waiting,
                              help=f"{picker} picks who acts next among those who have not acted this round")]
        able = tuple(c.id for c in fight.encounter.combatants if self._able(fight, c.id))
        return [StepOffer(OPEN, f"Opens round {fight.encounter.round + 1}", StepRole.ADVANCE, actors=able,
                          allowed=bool(able), reason="" if able else "Nobody is left who can act; end the encounter",
                          help=f"Everyone has acted: {picker} picks who opens the next round")]

    # -- steps ----------------------------------------------------------------------------------------
    def start(self, fight: Fight, dice: DiceSource) -> Stepped:
        encounter = fight.encounter
        fight.set_round(1)
        if self.gm_opens:
            fight.set_state({"acted": [], "current": None})
            fight.log(LogLine("start", f"{encounter.name} begins. The GM picks who acts first"))
            fight.log(LogLine("round", "Round 1 begins"))
            return Stepped(new_round=True, result=[])
        actors = [fight.actor(c.id) for c in encounter.combatants]
        entries = sorted(self.rules.roll_initiative(actors, dice, fight.options), key=lambda e: e.rank)
        fight.log(LogLine("start", f"{encounter.name} begins. Initiative: "
                          + ", ".join(f"{fight.name(e.combatant_id)} {e.roll.value:g}" for e in entries)))
        for entry in entries:
            fight.record_initiative(entry)
        fight.log(LogLine("round", "Round 1 begins"))
        first = next((e.combatant_id for e in entries if self._able(fight, e.combatant_id)), None)
        if first is None:
            raise ValueError("Nobody can act in this fight")
        self._begin(fight, [], first, "highest initiative")
        return Stepped(new_round=True, result=entries)

    def take(self, fight: Fight, key: str, actor_id: str | None = None, choice: str | None = None,
             dice: DiceSource | None = None) -> Stepped:
        acted, current = self._read(fight)
        if key not in (HAND_OVER, OPEN):
            raise ValueError(f"{key.replace('_', ' ').capitalize()} is not a step of this fight")
        waiting = self._waiting(fight, acted)
        if (key == OPEN) != (not waiting):
            raise ValueError("Someone has not acted this round yet" if waiting else "Everyone has acted this round")
        if actor_id is None:
            raise ValueError(f"{self._picker(fight, current)} picks who acts next: pick someone")
        name = fight.name(actor_id)
        if key == HAND_OVER and actor_id not in waiting:
            raise ValueError(f"{name} cannot be picked: " + ("already acted this round" if actor_id in acted
                                                              else fight.state_of(actor_id).text))
        if key == OPEN and not self._able(fight, actor_id):
            raise ValueError(f"{name} cannot open the round: {fight.state_of(actor_id).text}")
        picker = self._picker(fight, current)
        if current is not None:
            turn = self.rules.end_turn(fight.actor(current), fight.options)
            fight.apply(turn.effects, f"End of {picker}'s turn")
        if key == OPEN:
            round_ = fight.encounter.round + 1
            fight.set_round(round_)
            fight.log(LogLine("round", f"Round {round_} begins"))
            acted = []
        self._begin(fight, acted, actor_id, f"picked by {picker}")
        return Stepped(new_round=key == OPEN)

    def _begin(self, fight: Fight, acted: list[str], combatant_id: str, why: str) -> None:
        fight.set_state({"acted": [*acted, combatant_id], "current": combatant_id})
        name = fight.name(combatant_id)
        turn = self.rules.start_turn(fight.actor(combatant_id), fight.options)
        fight.apply(turn.effects, f"{name}'s turn")
        fight.log(LogLine("turn", f"{name}'s turn ({why})", combatant_id, turn.notes))

    def joined(self, fight: Fight, combatant_id: str) -> None:
        fight.log(LogLine("join", f"{fight.name(combatant_id)} joins the fight and may be picked this round",
                          combatant_id))

    def left(self, fight: Fight, combatant_id: str) -> None:
        acted, current = self._read(fight)
        if combatant_id in acted:
            acted.remove(combatant_id)
        fight.set_state({"acted": acted, "current": None if current == combatant_id else current})

    def referenced(self, fight: Fight) -> set[str]:
        acted, current = self._read(fight)
        return {*acted, *([current] if current else [])}
