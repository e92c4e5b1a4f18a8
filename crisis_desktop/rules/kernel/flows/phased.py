"""Planned phases (skirmish-like): everyone plans, then the plans resolve phase by phase, then the End phase.

State saved in the encounter: `stage` ("planning" or the key of the phase being resolved), `plans`
(combatant id -> the key of what it planned), `acting` (who acts in the current phase: fixed when the phase
begins, so a combatant downed in the phase still completes its action) and `done` (who has resolved in it).
Plans stay the GM's while the table plans; they are announced (OrderRow.announced, for the players' screen) once
the GM resolves the phases. An attack a combatant makes or takes part in marks its action done (`acted`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from crisis_desktop.rules.base.economy import ActionRole, TurnEffects
from crisis_desktop.rules.base.effects import Effect
from crisis_desktop.rules.base.state import Actor, StateRole
from crisis_desktop.rules.base.values import Options
from crisis_desktop.rules.kernel.dice import DiceSource
from crisis_desktop.rules.kernel.flows import (
    Choice,
    Fight,
    FightState,
    FlowState,
    LogLine,
    OrderRow,
    RoundFlow,
    StepOffer,
    Stepped,
    StepRole,
    offer,
)
from crisis_desktop.rules.kernel.flows import intents as intents_

PLANNING = "planning"
PLAN, RESOLVE_PHASES, RESOLVE, NEXT_PHASE = "plan", "resolve_phases", "resolve", "next_phase"


@dataclass(frozen=True)
class Phase:
    """One phase of a round ("ranged", "melee"), in the order the rules resolve them."""

    key: str
    label: str


@dataclass(frozen=True)
class Plannable:
    """Something a combatant may plan, and the phase it resolves in."""

    key: str
    label: str
    phase: str
    help: str = ""
    role: ActionRole | None = None      # what kind of action it plans (Choice.role)
    item: str | None = None             # the weapon it commits the combatant to (Choice.item)
    asks: intents_.IntentAsk | None = None   # what else the plan holds: its target, where it moves (Choice.asks)

    @property
    def choice(self) -> Choice:
        return Choice(self.key, self.label, self.help, self.role, self.item, asks=self.asks)


class PhaseRules(Protocol):
    """What planned phases ask of a ruleset."""

    def phases(self, options: Options) -> Sequence[Phase]:
        """The phases where planned actions resolve, in order (the End phase follows them)."""
        ...

    def plannable(self, actor: Actor, options: Options) -> Sequence[Plannable]:
        """What this combatant may plan this round."""
        ...

    def end_of_round(self, actor: Actor, options: Options) -> TurnEffects:
        """The End phase for one combatant (conditions wearing off, recovery)."""
        ...


class PlanEconomy:
    """What a planned-phases ruleset may add to the flow's bookkeeping, with a default that adds nothing: the flow
    applies `plan_effects` when a combatant plans (the rules record the plan on it, to hold its attacks to it)."""

    def plan_effects(self, actor: Actor, choice: str, options: Options) -> Sequence[Effect]:
        """What planning `choice` records on the combatant."""
        return ()

    def assign(self, placed: Sequence[intents_.Placed], attackers: Sequence[str],
               near: intents_.Nearness) -> dict[str, str]:
        """Whom each of `attackers` (who plan an attack) would fight, from where everyone stands, for the GM to change:
        by default each one's nearest foe."""
        return intents_.nearest_foes(placed, attackers, near)

    def carries_out_plan(self, plan: str, action_key: str) -> bool:
        """Whether taking the action `action_key` carries out the planned `plan` (the combatant is then done in its
        phase); every action does by default."""
        return True


@dataclass
class _State:
    stage: str = PLANNING
    plans: dict[str, str] = field(default_factory=dict)
    acting: list[str] = field(default_factory=list)
    done: list[str] = field(default_factory=list)
    intents: dict[str, dict[str, str]] = field(default_factory=dict)

    @classmethod
    def of(cls, fight: FightState) -> _State:
        data = fight.state()
        return cls(str(data.get("stage", PLANNING)), dict(data.get("plans", {})), list(data.get("acting", [])),
                   list(data.get("done", [])), {cid: one.dump() for cid, one in intents_.stored(data).items()})

    def dump(self) -> FlowState:
        return {"stage": self.stage, "plans": self.plans, "acting": self.acting, "done": self.done,
                intents_.INTENTS: self.intents}


def _names(fight: FightState, ids: Sequence[str]) -> str:
    return ", ".join(fight.name(c) for c in ids)


class PhasedFlow(RoundFlow):
    """A Planning step (every able combatant plans one action), then the phases in the rules' order (those
    with a plan in a phase act in it, the GM marks each resolved), then the End phase and a new round."""

    def __init__(self, rules: PhaseRules) -> None:
        self.rules = rules

    def _able(self, fight: FightState, combatant_id: str) -> bool:
        return fight.state_of(combatant_id).role is StateRole.FIGHTING

    def _phases(self, fight: FightState) -> list[Phase]:
        return list(self.rules.phases(fight.options))

    def _plannable(self, fight: FightState, combatant_id: str) -> dict[str, Plannable]:
        return {p.key: p for p in self.rules.plannable(fight.actor(combatant_id), fight.options)}

    def _plan_label(self, fight: FightState, combatant_id: str, key: str) -> str:
        found = self._plannable(fight, combatant_id).get(key)
        return found.label if found else key

    def _phase_of(self, fight: FightState, combatant_id: str, key: str) -> str | None:
        found = self._plannable(fight, combatant_id).get(key)
        return found.phase if found else None

    def _phase_label(self, fight: FightState, key: str) -> str:
        return next((p.label for p in self._phases(fight) if p.key == key), key)

    def unplanned(self, fight: FightState, s: _State) -> list[str]:
        """The able combatants who have not planned yet."""
        return [c.id for c in fight.encounter.combatants if c.id not in s.plans and self._able(fight, c.id)]

    # -- reading --------------------------------------------------------------------------------------
    def acting(self, fight: FightState) -> tuple[str, ...]:
        s = _State.of(fight)
        if s.stage == PLANNING:
            return ()
        return tuple(c for c in s.acting if c not in s.done)

    def acts_when_down(self, fight: FightState, combatant_id: str) -> bool:
        """A phase resolves at once: whoever was able when it began carries out its plan, whatever befell it since."""
        return combatant_id in self.acting(fight)

    def order(self, fight: FightState) -> list[OrderRow]:
        s = _State.of(fight)
        rank = {p.key: i for i, p in enumerate(self._phases(fight))}
        combatants = [c.id for c in fight.encounter.combatants]

        def phase_rank(cid: str) -> int:
            phase = self._phase_of(fight, cid, s.plans[cid]) if cid in s.plans else None
            return rank.get(phase, len(rank)) if phase is not None else len(rank) + 1

        rows = []
        for cid in sorted(combatants, key=phase_rank):
            phase = self._phase_of(fight, cid, s.plans[cid]) if cid in s.plans else None
            position = self._phase_label(fight, phase) if phase else ""
            if cid in s.done:
                status = "done"
            elif cid in s.plans:
                verb = "acting" if cid in s.acting else "plans"
                status = f"{verb}: {self._said(fight, s, cid)}"
            elif s.stage == PLANNING:
                status = "to plan" if self._able(fight, cid) else "cannot act"
            else:
                status = "no plan"
            current = s.stage != PLANNING and cid in s.acting and cid not in s.done
            # The table learns the plans when the GM resolves them, not while everyone is planning: until then the
            # players see everyone in the encounter's order, whatever the plans sort the GM's order by.
            planning = s.stage == PLANNING
            announced = self._said(fight, s, cid, told=True) if not planning and cid in s.plans else ""
            rows.append(OrderRow(cid, position, status, current, announced=announced,
                                 told_rank=combatants.index(cid) if planning else None))
        return rows

    def _said(self, fight: FightState, s: _State, combatant_id: str, told: bool = False) -> str:
        """A plan with what it intends: "Melee attack: Broadsword — attack Gorran" (`told`: as the table hears it, a
        target hidden from the players unnamed)."""
        key = s.plans[combatant_id]
        label = self._plan_label(fight, combatant_id, key)
        meant = intents_.Intent.of(s.intents.get(combatant_id))
        if meant.empty():
            return label
        found = self._plannable(fight, combatant_id).get(key)
        said = intents_.words(meant, found.choice if found else None, intents_.NamesOf(fight, told),
                              intents_.item_names(fight, combatant_id))
        return f"{label} — {said}" if said else label

    def intent(self, fight: FightState, combatant_id: str) -> intents_.Intent | None:
        """What the combatant planned this round, with the weapon of a planned attack."""
        s = _State.of(fight)
        if combatant_id not in s.plans:
            return None
        meant = intents_.Intent.of(s.intents.get(combatant_id))
        found = self._plannable(fight, combatant_id).get(s.plans[combatant_id])
        if found is not None and found.item and not meant.weapon:
            meant = intents_.Intent(meant.action, found.item, meant.target, meant.where, meant.reaction)
        return meant

    def intend(self, fight: Fight, combatant_id: str, intent: intents_.Intent) -> None:
        """What the combatant means with the plan it made this round (its target, where it moves)."""
        s = _State.of(fight)
        name = fight.name(combatant_id)
        if combatant_id not in s.plans:
            raise ValueError(f"{name} has planned nothing this round")
        found = self._plannable(fight, combatant_id).get(s.plans[combatant_id])
        if found is None:
            raise ValueError(f"{name}'s plan is no longer open to it")
        choice = found.choice
        if intent.weapon and choice.item and intent.weapon != choice.item:
            raise ValueError(f"{name} planned {choice.label}: that is the weapon it attacks with this round")
        intents_.check(intent, choice, combatant_id, (c.id for c in fight.encounter.combatants), name)
        state = s.dump()
        intents_.keep(state, combatant_id, intent)
        fight.set_state(state)
        said = intents_.words(intent, choice, intents_.NamesOf(fight), intents_.item_names(fight, combatant_id))
        fight.log(LogLine("plan", f"{name} intends: {said}" if said else f"{name} says nothing more", combatant_id))

    def propose_targets(self, fight: FightState, placed: Sequence[intents_.Placed], attackers: Sequence[str],
                        near: intents_.Nearness) -> dict[str, str]:
        if isinstance(self.rules, PlanEconomy):
            return self.rules.assign(placed, attackers, near)
        return intents_.nearest_foes(placed, attackers, near)

    def round_label(self, fight: FightState) -> str:
        s = _State.of(fight)
        stage = "planning" if s.stage == PLANNING else f"{self._phase_label(fight, s.stage)} phase"
        return f"Round {fight.encounter.round} · {stage}"

    def roles(self) -> frozenset[StepRole]:
        return frozenset({StepRole.PLAN, StepRole.CHOOSE, StepRole.ADVANCE})   # no step back, nothing to hold

    def offers(self, fight: FightState) -> list[StepOffer]:
        s = _State.of(fight)
        if s.stage == PLANNING:
            waiting = self.unplanned(fight, s)
            offers = [StepOffer(f"{PLAN}:{cid}", "Plan", StepRole.PLAN, actors=(cid,),
                                choices=tuple(p.choice for p in self._plannable(fight, cid).values()),
                                help=f"What {fight.name(cid)} will do this round")
                      for cid in waiting]
            reason = ""
            if waiting:
                reason = f"Still to plan: {_names(fight, waiting)}"
            elif not s.plans:
                reason = "Nobody is left who can act; end the encounter"
            offers.append(StepOffer(RESOLVE_PHASES, "Resolve phases", StepRole.ADVANCE, allowed=not reason,
                                    reason=reason, help="Everyone has planned: resolve the plans phase by phase"))
            return offers
        waiting = [c for c in s.acting if c not in s.done]
        phase = self._phase_label(fight, s.stage)
        last = self._later_phase(fight, s) is None
        return [
            StepOffer(RESOLVE, "Resolve", StepRole.CHOOSE, actors=tuple(waiting), allowed=bool(waiting),
                      reason="" if waiting else f"Everyone in the {phase} phase has resolved",
                      help="Mark this combatant's planned action done"),
            StepOffer(NEXT_PHASE, "End round" if last else "Next phase", StepRole.ADVANCE, allowed=not waiting,
                      reason=f"Still to resolve in the {phase} phase: {_names(fight, waiting)}" if waiting else "",
                      help="The End phase, then a new round's planning" if last else "Go on to the next phase"),
        ]

    # -- steps ----------------------------------------------------------------------------------------
    def start(self, fight: Fight, dice: DiceSource) -> Stepped:
        fight.log(LogLine("start", f"{fight.encounter.name} begins"))
        fight.set_round(1)
        fight.set_state(_State().dump())
        if not self.unplanned(fight, _State()):
            raise ValueError("Nobody can act in this fight")
        fight.log(LogLine("round", "Round 1 begins: planning"))
        return Stepped(new_round=True)

    def take(self, fight: Fight, key: str, actor_id: str | None = None, choice: str | None = None,
             dice: DiceSource | None = None) -> Stepped:
        s = _State.of(fight)
        if key.startswith(f"{PLAN}:") or key == PLAN:
            owner = key.partition(":")[2] or None
            if owner is not None and actor_id is not None and actor_id != owner:
                raise ValueError(f"This plan is {fight.name(owner)}'s, not {fight.name(actor_id)}'s")
            self._plan(fight, s, owner or actor_id, choice)
            return Stepped()
        if key == RESOLVE_PHASES:
            offer(self.offers(fight), key)
            first = self._later_phase(fight, s)
            self._enter_phase(fight, s, first)
            return Stepped(new_round=first is None)
        if key == RESOLVE:
            self._resolve(fight, s, actor_id)
            return Stepped()
        if key == NEXT_PHASE:
            offer(self.offers(fight), key)
            later = self._later_phase(fight, s)
            if later is not None:
                self._enter_phase(fight, s, later)
                return Stepped()
            self._end_phase(fight, s)
            return Stepped(new_round=True)
        raise ValueError(f"{key.replace('_', ' ').capitalize()} is not a step of this fight")

    def joined(self, fight: Fight, combatant_id: str) -> None:
        s = _State.of(fight)
        when = "plans now" if s.stage == PLANNING else "plans from the next round on"
        fight.log(LogLine("join", f"{fight.name(combatant_id)} joins the fight and {when}", combatant_id))

    def referenced(self, fight: FightState) -> set[str]:
        s = _State.of(fight)
        return {*s.plans, *s.acting, *s.done, *intents_.referenced(s.dump())}

    def acted(self, fight: Fight, combatant_id: str, action_key: str | None = None) -> None:
        """An attack, or an action, carried out this combatant's planned action in the current phase: it is done
        (nothing to mark outside its phase: an attack on it, or a GM's attack out of order, resolves nobody's plan;
        nor an action the rules say the plan carries on the way, as a move into the area a melee attack is fought)."""
        s = _State.of(fight)
        if s.stage == PLANNING or combatant_id not in s.acting or combatant_id in s.done:
            return
        if action_key is not None and isinstance(self.rules, PlanEconomy) and combatant_id in s.plans \
                and not self.rules.carries_out_plan(s.plans[combatant_id], action_key):
            return
        s.done.append(combatant_id)
        fight.set_state(s.dump())

    def left(self, fight: Fight, combatant_id: str) -> None:
        s = _State.of(fight)
        s.plans.pop(combatant_id, None)
        for ids in (s.acting, s.done):
            if combatant_id in ids:
                ids.remove(combatant_id)
        state = s.dump()
        intents_.forget_combatant(state, combatant_id)
        fight.set_state(state)

    # -- the phase machine ----------------------------------------------------------------------------
    def _plan(self, fight: Fight, s: _State, combatant_id: str | None, choice: str | None) -> None:
        if s.stage != PLANNING:
            raise ValueError(f"Plans are made in the planning step; this is the "
                             f"{self._phase_label(fight, s.stage)} phase")
        if combatant_id is None:
            raise ValueError("Pick who plans")
        name = fight.name(combatant_id)
        if combatant_id in s.plans:
            planned = self._plan_label(fight, combatant_id, s.plans[combatant_id])
            raise ValueError(f"{name} has already planned: {planned}")
        if not self._able(fight, combatant_id):
            state = fight.state_of(combatant_id)
            raise ValueError(f"{name} cannot act: {state.text}")
        plannable = self._plannable(fight, combatant_id)
        if choice is None or choice not in plannable:
            allowed = ", ".join(p.label for p in plannable.values())
            raise ValueError(f"Pick what {name} plans: {allowed}")
        s.plans[combatant_id] = choice
        fight.set_state(s.dump())
        if isinstance(self.rules, PlanEconomy):
            fight.apply(self.rules.plan_effects(fight.actor(combatant_id), choice, fight.options),
                        f"{name} plans")
        fight.log(LogLine("plan", f"{name} plans: {plannable[choice].label}", combatant_id))

    def _later_phase(self, fight: FightState, s: _State) -> str | None:
        """The next phase after the current stage in which someone planned an action; None: the End phase."""
        keys = [p.key for p in self._phases(fight)]
        after = keys.index(s.stage) + 1 if s.stage in keys else 0
        planned = {self._phase_of(fight, cid, key) for cid, key in s.plans.items()}
        return next((k for k in keys[after:] if k in planned), None)

    def _enter_phase(self, fight: Fight, s: _State, phase: str | None) -> None:
        if phase is None:
            self._end_phase(fight, s)
            return
        s.stage, s.done = phase, []
        planned = [c.id for c in fight.encounter.combatants
                   if c.id in s.plans and self._phase_of(fight, c.id, s.plans[c.id]) == phase]
        s.acting = [c for c in planned if self._able(fight, c)]
        fight.set_state(s.dump())
        label = self._phase_label(fight, phase)
        who = _names(fight, s.acting) or "nobody"
        verb = "act" if len(s.acting) > 1 else "acts"
        fight.log(LogLine("phase", f"{label[:1].upper()}{label[1:]} phase: {who} {verb}"))
        for cid in planned:
            if cid not in s.acting:
                fight.log(LogLine("phase", f"{fight.name(cid)} cannot act and loses its planned "
                                  f"{self._plan_label(fight, cid, s.plans[cid])}", cid))

    def _resolve(self, fight: Fight, s: _State, combatant_id: str | None) -> None:
        if s.stage == PLANNING:
            raise ValueError("Nothing resolves while planning; resolve the phases once everyone has planned")
        if combatant_id is None:
            raise ValueError("Pick who resolves")
        name = fight.name(combatant_id)
        phase = self._phase_label(fight, s.stage)
        if combatant_id not in s.acting:
            raise ValueError(f"{name} has no action in the {phase} phase")
        if combatant_id in s.done:
            raise ValueError(f"{name} has already resolved in the {phase} phase")
        s.done.append(combatant_id)
        fight.set_state(s.dump())
        fight.log(LogLine("resolve", f"{name} resolves: {self._plan_label(fight, combatant_id, s.plans[combatant_id])}",
                          combatant_id))

    def _end_phase(self, fight: Fight, s: _State) -> None:
        notes: list[str] = []
        for combatant in fight.encounter.combatants:
            name = fight.name(combatant.id)
            ended = self.rules.end_of_round(fight.actor(combatant.id), fight.options)
            fight.apply(ended.effects, f"End phase: {name}")
            notes += [f"{name}: {n}" for n in ended.notes]
        fight.log(LogLine("phase", "End phase", details=tuple(notes)))
        round_ = fight.encounter.round + 1
        fight.set_round(round_)
        fight.set_state(_State().dump())
        fight.log(LogLine("round", f"Round {round_} begins: planning"))
