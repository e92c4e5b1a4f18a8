"""Declare and resolve (moments-like): every moment opens with an opposed ranking; declarations go from the
worst ranked to the best, resolution from the best to the worst.

State saved in the encounter: `stage` ("declare" or "resolve"), `ranking` (combatant ids, best first),
`declared` (combatant id -> the key of its declaration), `resolving` (who resolves now), `resolved`, and `left`:
per combatant whether its action and its reaction are still unused this moment. Reactions are not a step of
the flow (the defender picks one inside an attack); `reacted` records one (the controller calls it
for each reaction an attack's result reports).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from crisis_desktop.rules.base.combat import InitiativeEntry
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

DECLARE_STAGE, RESOLVE_STAGE = "declare", "resolve"
DECLARE, RESOLVE, NEXT = "declare", "resolve_declarations", "next_resolver"


class DeclareRules(Protocol):
    """What declare-and-resolve moments ask of a ruleset."""

    def rank_moment(self, actors: Sequence[Actor], dice: DiceSource, options: Options) -> list[InitiativeEntry]:
        """The opposed test that ranks everyone for a moment (rank 0 is the best)."""
        ...

    def declarable(self, actor: Actor, options: Options) -> Sequence[Choice]:
        """What this combatant may declare."""
        ...


class MomentEconomy:
    """What a declare/resolve ruleset may add to a moment's bookkeeping, each with a default that adds nothing: the
    flow applies `moment_effects` to everyone when a moment opens and `declare_effects` when a combatant declares,
    and lets a combatant react `reactions_allowed` times a moment."""

    def moment_effects(self, actor: Actor, options: Options) -> Sequence[Effect]:
        """What a new moment resets for this combatant (what it has used, what it declared)."""
        return ()

    def declare_effects(self, actor: Actor, choice: str, options: Options) -> Sequence[Effect]:
        """What declaring `choice` records on the combatant (how many actions and reactions it takes)."""
        return ()

    def intent_effects(self, actor: Actor, intent: intents_.Intent, options: Options) -> Sequence[Effect]:
        """What declaring `intent` with the declaration records on the combatant (the reaction it holds ready, for its
        attackers' panels to offer first)."""
        return ()

    def reactions_allowed(self, actor: Actor, options: Options) -> int:
        """How many reactions the combatant has this moment (by what it declared); one by default."""
        return 1


@dataclass
class _State:
    stage: str = DECLARE_STAGE
    ranking: list[str] = field(default_factory=list)
    declared: dict[str, str] = field(default_factory=dict)
    resolving: str | None = None
    resolved: list[str] = field(default_factory=list)
    left: dict[str, dict[str, int]] = field(default_factory=dict)
    intents: dict[str, dict[str, str]] = field(default_factory=dict)

    @classmethod
    def of(cls, fight: FightState) -> _State:
        data = fight.state()
        resolving = data.get("resolving")
        return cls(str(data.get("stage", DECLARE_STAGE)), list(data.get("ranking", [])),
                   dict(data.get("declared", {})), str(resolving) if resolving is not None else None,
                   list(data.get("resolved", [])),
                   {cid: dict(spent) for cid, spent in data.get("left", {}).items()},
                   {cid: one.dump() for cid, one in intents_.stored(data).items()})

    def dump(self) -> FlowState:
        return {"stage": self.stage, "ranking": self.ranking, "declared": self.declared, "resolving": self.resolving,
                "resolved": self.resolved, "left": self.left, intents_.INTENTS: self.intents}


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


class DeclareResolveFlow(RoundFlow):
    """Moments: rank, declare worst to best, resolve best to worst, rank again (the step that opens a new
    moment rolls: its offer says so, and the caller passes the app's dice or the GM's)."""

    def __init__(self, rules: DeclareRules) -> None:
        self.rules = rules

    def _able(self, fight: FightState, combatant_id: str) -> bool:
        return fight.state_of(combatant_id).role is StateRole.FIGHTING

    def _choices(self, fight: FightState, combatant_id: str) -> dict[str, Choice]:
        return {c.key: c for c in self.rules.declarable(fight.actor(combatant_id), fight.options)}

    def _label(self, fight: FightState, combatant_id: str, key: str) -> str:
        found = self._choices(fight, combatant_id).get(key)
        return found.label if found else key

    def to_declare(self, fight: FightState, s: _State) -> list[str]:
        """The able combatants who have not declared, in the order they declare (worst ranked first)."""
        return [c for c in reversed(s.ranking) if c not in s.declared and self._able(fight, c)]

    # -- reading --------------------------------------------------------------------------------------
    def acting(self, fight: FightState) -> tuple[str, ...]:
        s = _State.of(fight)
        return (s.resolving,) if s.stage == RESOLVE_STAGE and s.resolving is not None else ()

    def order(self, fight: FightState) -> list[OrderRow]:
        """While declaring, the rows in declaration order (the worst ranked first); while resolving, in resolution
        order (the best ranked first). Statuses are short: the declaration, who declares or resolves now, who is done.
        Rules with a MomentEconomy show what each has left in their own resources; for others a used reaction is
        noted here."""
        s = _State.of(fight)
        declaring = s.stage == DECLARE_STAGE
        waiting = self.to_declare(fight, s) if declaring else []
        own_count = isinstance(self.rules, MomentEconomy)
        rows = []
        for number, cid in enumerate(reversed(s.ranking) if declaring else s.ranking, start=1):
            what = self._said(fight, s, cid)
            told = self._said(fight, s, cid, told=True) if cid in s.intents else what
            current = cid == s.resolving or (declaring and bool(waiting) and waiting[0] == cid)
            if declaring and what:
                status = f"declared: {what}"
            elif declaring:
                status = "declares now" if current else "" if self._able(fight, cid) else "cannot act"
            elif current:
                status = f"resolving: {what}"
            elif cid in s.resolved:
                status = "done"
            else:
                status = f"declared: {what}" if what else "no declaration"
            if not own_count and not s.left.get(cid, {}).get("reaction", True):
                status = f"{status}, reaction used" if status else "reaction used"
            position = f"{'declares' if declaring else 'resolves'} {_ordinal(number)}"
            # The table hears each declaration, and who declares now.
            announced = f"declared: {told}" if told else "declares now" if declaring and current else ""
            rows.append(OrderRow(cid, position, status, current, announced=announced))
        return rows

    def _said(self, fight: FightState, s: _State, combatant_id: str, told: bool = False) -> str:
        """A declaration with what it intends: "Extra action — attack Vera with the Sword, ready to parry" (`told`:
        as the table hears it, a target hidden from the players unnamed)."""
        if combatant_id not in s.declared:
            return ""
        key = s.declared[combatant_id]
        meant = intents_.Intent.of(s.intents.get(combatant_id))
        said = intents_.words(meant, self._choices(fight, combatant_id).get(key), intents_.NamesOf(fight, told),
                              intents_.item_names(fight, combatant_id)) if not meant.empty() else ""
        label = self._label(fight, combatant_id, key)
        return f"{label} — {said}" if said else label

    def intent(self, fight: FightState, combatant_id: str) -> intents_.Intent | None:
        s = _State.of(fight)
        return intents_.Intent.of(s.intents.get(combatant_id)) if combatant_id in s.declared else None

    def intend(self, fight: Fight, combatant_id: str, intent: intents_.Intent) -> None:
        """What the combatant means with the declaration it made this moment (kept until the next moment)."""
        s = _State.of(fight)
        name = fight.name(combatant_id)
        if combatant_id not in s.declared:
            raise ValueError(f"{name} has declared nothing this moment")
        choice = self._choices(fight, combatant_id).get(s.declared[combatant_id])
        if choice is None:
            raise ValueError(f"{name}'s declaration is no longer open to it")
        intents_.check(intent, choice, combatant_id, (c.id for c in fight.encounter.combatants), name)
        state = s.dump()
        intents_.keep(state, combatant_id, intent)
        fight.set_state(state)
        if isinstance(self.rules, MomentEconomy):
            fight.apply(self.rules.intent_effects(fight.actor(combatant_id), intent, fight.options),
                        f"{name} declares")
        said = intents_.words(intent, choice, intents_.NamesOf(fight), intents_.item_names(fight, combatant_id))
        fight.log(LogLine("declare", f"{name} intends: {said}" if said else f"{name} says nothing more",
                          combatant_id))

    def round_label(self, fight: FightState) -> str:
        stage = "declaring" if _State.of(fight).stage == DECLARE_STAGE else "resolving"
        return f"Moment {fight.encounter.round} · {stage}"

    def roles(self) -> frozenset[StepRole]:
        return frozenset({StepRole.PLAN, StepRole.ADVANCE})   # declare, then resolve in the ranking's order

    def offers(self, fight: FightState) -> list[StepOffer]:
        s = _State.of(fight)
        if s.stage == DECLARE_STAGE:
            waiting = self.to_declare(fight, s)
            offers = []
            if waiting:
                first = waiting[0]
                offers.append(StepOffer(DECLARE, "Declare", StepRole.PLAN, actors=(first,),
                                        choices=tuple(self._choices(fight, first).values()),
                                        help=f"{fight.name(first)} declares now (the worst ranked declares first)"))
            reason = ""
            if waiting:
                reason = "Still to declare: " + ", ".join(fight.name(c) for c in waiting)
            elif not s.declared:
                reason = "Nobody is left who can act; end the encounter"
            offers.append(StepOffer(RESOLVE, "Resolve declarations", StepRole.ADVANCE, allowed=not reason,
                                    reason=reason, help="Everyone has declared: resolve from the best ranked"))
            return offers
        upcoming = self._upcoming(fight, s)
        if upcoming:
            help_ = f"This resolution is done; {fight.name(upcoming[0])} resolves next"
            return [StepOffer(NEXT, "Next to resolve", StepRole.ADVANCE, help=help_)]
        return [StepOffer(NEXT, "Next moment", StepRole.ADVANCE, rolls=True,
                          help="This resolution is done; rank everyone again for a new moment")]

    # -- steps ----------------------------------------------------------------------------------------
    def start(self, fight: Fight, dice: DiceSource) -> Stepped:
        fight.log(LogLine("start", f"{fight.encounter.name} begins"))
        entries = self._new_moment(fight, dice, 1)
        if not self.to_declare(fight, _State.of(fight)):
            raise ValueError("Nobody can act in this fight")
        return Stepped(new_round=True, result=entries)

    def take(self, fight: Fight, key: str, actor_id: str | None = None, choice: str | None = None,
             dice: DiceSource | None = None) -> Stepped:
        s = _State.of(fight)
        if key == DECLARE:
            self._declare(fight, s, actor_id, choice)
            return Stepped()
        if key == RESOLVE:
            offer(self.offers(fight), key)
            s.stage = RESOLVE_STAGE
            fight.log(LogLine("moment", "Resolution, best ranked first"))
            self._next_resolver(fight, s)
            return Stepped()
        if key == NEXT:
            offer(self.offers(fight), key)
            if s.resolving is not None:
                done = s.resolving
                s.resolved.append(done)
                s.left.setdefault(done, {"action": True, "reaction": True})["action"] = False
                s.resolving = None
            if self._next_resolver(fight, s):
                return Stepped()
            if dice is None:
                raise ValueError("A new moment ranks everyone again: roll or enter its dice")
            entries = self._new_moment(fight, dice, fight.encounter.round + 1)
            return Stepped(new_round=True, result=entries)
        raise ValueError(f"{key.replace('_', ' ').capitalize()} is not a step of this fight")

    def reacted(self, fight: Fight, combatant_id: str, what: str = "reacts") -> None:
        """Record a reaction (chosen by the defender inside an attack); ValueError when none is left."""
        s = _State.of(fight)
        left = s.left.setdefault(combatant_id, {"action": True, "reaction": True})
        if not left.get("reaction", True):
            raise ValueError(f"{fight.name(combatant_id)} has no reaction left this moment")
        taken = int(left.get("reactions_taken", 0)) + 1
        allowed = self.rules.reactions_allowed(fight.actor(combatant_id), fight.options) \
            if isinstance(self.rules, MomentEconomy) else 1
        if allowed > 1:
            left["reactions_taken"] = taken
        left["reaction"] = taken < allowed
        fight.set_state(s.dump())
        fight.log(LogLine("reaction", f"{fight.name(combatant_id)} {what}", combatant_id))

    def joined(self, fight: Fight, combatant_id: str) -> None:
        s = _State.of(fight)
        s.ranking.append(combatant_id)
        s.left[combatant_id] = {"action": True, "reaction": True}
        fight.set_state(s.dump())
        fight.log(LogLine("join", f"{fight.name(combatant_id)} joins the fight, ranked last this moment",
                          combatant_id))

    def referenced(self, fight: FightState) -> set[str]:
        s = _State.of(fight)
        return {*s.ranking, *s.declared, *s.left, *s.resolved, *([s.resolving] if s.resolving else []),
                *intents_.referenced(s.dump())}

    def left(self, fight: Fight, combatant_id: str) -> None:
        s = _State.of(fight)
        if combatant_id in s.ranking:
            s.ranking.remove(combatant_id)
        s.declared.pop(combatant_id, None)
        s.left.pop(combatant_id, None)
        if combatant_id in s.resolved:
            s.resolved.remove(combatant_id)
        state = s.dump()
        intents_.forget_combatant(state, combatant_id)
        s.intents = state[intents_.INTENTS]
        if s.resolving == combatant_id:
            # The next best ranked resolves; when nobody is left, Next moment ranks everyone again.
            s.resolving = None
            self._next_resolver(fight, s)
        fight.set_state(s.dump())

    # -- the moment machine ---------------------------------------------------------------------------
    def _new_moment(self, fight: Fight, dice: DiceSource, moment: int) -> list[InitiativeEntry]:
        actors = [fight.actor(c.id) for c in fight.encounter.combatants]
        entries = sorted(self.rules.rank_moment(actors, dice, fight.options), key=lambda e: e.rank)
        fight.set_round(moment)
        fight.log(LogLine("round", f"Moment {moment}: "
                          + ", ".join(f"{fight.name(e.combatant_id)} {e.roll.value:g}" for e in entries)))
        for entry in entries:
            fight.record_initiative(entry)
        ranking = [e.combatant_id for e in entries]
        if isinstance(self.rules, MomentEconomy):
            for c in fight.encounter.combatants:
                fight.apply(self.rules.moment_effects(fight.actor(c.id), fight.options), f"Moment {moment}")
        fight.set_state(_State(ranking=ranking, left={c: {"action": True, "reaction": True} for c in ranking}).dump())
        return entries

    def _upcoming(self, fight: FightState, s: _State) -> list[str]:
        """Who resolves after the current one, best first (declared, not resolved, able now)."""
        return [c for c in s.ranking if c in s.declared and c not in s.resolved and c != s.resolving
                and self._able(fight, c)]

    def _next_resolver(self, fight: Fight, s: _State) -> bool:
        """The best ranked declared combatant who has not resolved becomes the one resolving (those who cannot
        act lose their declaration, with a log line); False when nobody is left to resolve."""
        for cid in s.ranking:
            if cid not in s.declared or cid in s.resolved or cid == s.resolving:
                continue
            if self._able(fight, cid):
                s.resolving = cid
                fight.set_state(s.dump())
                fight.log(LogLine("turn", f"{fight.name(cid)} resolves: {self._label(fight, cid, s.declared[cid])}",
                                  cid))
                return True
            s.resolved.append(cid)
            fight.log(LogLine("turn", f"{fight.name(cid)} cannot act and loses its declared "
                              f"{self._label(fight, cid, s.declared[cid])}", cid))
        s.resolving = None
        fight.set_state(s.dump())
        return False

    def _declare(self, fight: Fight, s: _State, combatant_id: str | None, choice: str | None) -> None:
        if s.stage != DECLARE_STAGE:
            raise ValueError("Declarations are over for this moment; they are being resolved")
        waiting = self.to_declare(fight, s)
        if not waiting:
            raise ValueError("Everyone who can act has declared")
        if combatant_id is None:
            raise ValueError(f"{fight.name(waiting[0])} declares next")
        name = fight.name(combatant_id)
        if combatant_id in s.declared:
            declared = self._label(fight, combatant_id, s.declared[combatant_id])
            raise ValueError(f"{name} has already declared: {declared}")
        if not self._able(fight, combatant_id):
            state = fight.state_of(combatant_id)
            raise ValueError(f"{name} cannot act: {state.text}")
        if combatant_id != waiting[0]:
            raise ValueError(f"{fight.name(waiting[0])} declares before {name} (the worst ranked declares first)")
        choices = self._choices(fight, combatant_id)
        if choice is None or choice not in choices:
            raise ValueError(f"Pick what {name} declares: {', '.join(c.label for c in choices.values())}")
        s.declared[combatant_id] = choice
        fight.set_state(s.dump())
        if isinstance(self.rules, MomentEconomy):
            fight.apply(self.rules.declare_effects(fight.actor(combatant_id), choice, fight.options),
                        f"{name} declares")
        fight.log(LogLine("declare", f"{name} declares: {choices[choice].label}", combatant_id))
