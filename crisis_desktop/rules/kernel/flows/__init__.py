"""Round flows: how a fight proceeds (whose turn, which phase, what may be taken now), owned by each ruleset.

A flow never touches storage or Qt. It reads the fight through a `Fight` (the encounter, the options, the
actors) and records what a step does on it: its own new state (plain JSON data the encounter saves), the
round, the rules' effects and the log lines. The controller runs every flow the same way: ask `offers()`,
let the GM pick a step (and, where several combatants may take it, who), `take()` it on a draft of the
fight, and push what the step did as one undoable command. Four shapes exist: sequential turns by
initiative, side slots, planned phases, declare/resolve.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Protocol

from crisis_desktop.domain.encounter import Encounter
from crisis_desktop.rules.base.combat import InitiativeEntry
from crisis_desktop.rules.base.economy import ActionRole
from crisis_desktop.rules.base.effects import Effect
from crisis_desktop.rules.base.state import Actor, StateLabel
from crisis_desktop.rules.base.values import Term
from crisis_desktop.rules.kernel.dice import DiceSource
from crisis_desktop.rules.kernel.flows.intents import Intent as Intent
from crisis_desktop.rules.kernel.flows.intents import IntentAsk as IntentAsk
from crisis_desktop.rules.kernel.flows.intents import Nearness as Nearness
from crisis_desktop.rules.kernel.flows.intents import Placed as Placed
from crisis_desktop.rules.kernel.flows.intents import nearest_foes

# The flow's own state as saved in the encounter: JSON data only (str, numbers, bools, None, lists, dicts).
FlowState = dict[str, Any]


class StepRole(StrEnum):
    """What a step means to the shared views (which shortcut and which place it gets)."""

    ADVANCE = "advance"   # moves the fight on: Next turn, next phase, next moment (Ctrl+Return)
    BACK = "back"         # one step back (Ctrl+Backspace)
    HOLD = "hold"         # hold the turn for later (Ctrl+D)
    CHOOSE = "choose"     # a combatant takes its place now: fill a slot, act now, resolve a declared action
    PLAN = "plan"         # plan or declare what a combatant will do


@dataclass(frozen=True)
class Choice:
    """One thing a combatant may plan or declare ("ranged attack", "move", "parry"). `role`: what kind of action it
    plans, where it is one (an attack, a move), and `item`: the id of the item it commits the combatant to (the
    weapon of a planned attack), so that whoever plans for a combatant (the simulator) can tell the choices apart
    without reading their keys. `cost`: what it costs in the rules' words, shown beside it where it is picked ("2
    actions, no reaction"); `asks`: what else a plan or declaration of it holds (its target, the reaction held ready),
    None: nothing."""

    key: str
    label: str
    help: str = ""
    role: ActionRole | None = None
    item: str | None = None
    cost: str = ""
    asks: IntentAsk | None = None


@dataclass(frozen=True)
class StepOffer:
    """A step the GM may take now. `actors` lists who may take it (the GM picks one when there are several;
    empty when no combatant is needed); `choices` what may be planned or declared with it. `rolls`: taking it
    rolls dice (a new moment's ranking), so the caller should pass a DiceSource (typed dice may run out)."""

    key: str
    label: str
    role: StepRole
    actors: tuple[str, ...] = ()
    choices: tuple[Choice, ...] = ()
    allowed: bool = True
    reason: str = ""
    help: str = ""
    rolls: bool = False


@dataclass(frozen=True)
class OrderRow:
    """One row of the order the board and the player display show: a combatant (or an unfilled slot, with
    `combatant_id` None), its place ("1", "PC slot 2", "declares 3rd"), what it is doing, and whether it is
    acting now. `side`: the side whose place it is (a side slot: "party", "enemies"), where places belong to a side
    rather than to a combatant; empty otherwise. `announced` and `told_rank`: what the players may see of it, and
    where."""

    combatant_id: str | None
    position: str
    status: str = ""
    current: bool = False
    side: str = ""
    # What the table may know of this place as it is announced (a declaration, "declared: Two reactions"), for the
    # players' screen; empty by default (the status may hold what only the GM sees).
    announced: str = ""
    # Where the players see this row while its place is not yet announced (everyone planning: the order by plans is
    # the GM's), as a rank among the rows; None: the players see the order as it is.
    told_rank: int | None = None


@dataclass(frozen=True)
class LogLine:
    """A line for the combat log."""

    kind: str
    text: str
    actor_id: str | None = None
    details: tuple[str, ...] = ()
    terms: tuple[Term, ...] = ()


@dataclass(frozen=True)
class Stepped:
    """What taking a step did: whether it began a round (rewind goes back to there), and what it produced
    for the caller (initiative results, a resolved attack)."""

    new_round: bool = False
    result: Any = None


class FightState(Protocol):
    """The running fight as a flow reads it: the encounter, the rules' options and how each combatant stands. What
    the views and the flow's questions (offers, order, who acts) see; nothing here changes the fight."""

    @property
    def encounter(self) -> Encounter: ...

    @property
    def options(self) -> Mapping[str, Any]: ...

    def actor(self, combatant_id: str) -> Actor: ...

    def name(self, combatant_id: str) -> str: ...

    def state_of(self, combatant_id: str) -> StateLabel:
        """How the combatant stands under the rules now (the fight may keep the reading until its character
        changes)."""
        ...

    def state(self) -> FlowState:
        """The flow's saved state: a copy a step may change before `set_state`; when only reading (offers,
        order, acting), treat nested lists and dicts as read-only."""
        ...


class Fight(FightState, Protocol):
    """The running fight as a flow sees it while it takes a step: what it reads, and what the step writes.

    Reads see every change the step made so far (the controller drafts the step and turns it into one undoable
    command afterwards), so a turn that ends and another that begins in one step each see the state the rules left.
    """

    def set_state(self, state: FlowState) -> None: ...

    def set_round(self, round_: int) -> None: ...

    def apply(self, effects: Sequence[Effect], text: str) -> None:
        """Apply the rules' effects now."""
        ...

    def log(self, line: LogLine) -> None: ...

    def record_initiative(self, entry: InitiativeEntry) -> None:
        """Keep a combatant's initiative roll and how its tie was broken."""
        ...


class RoundFlow(ABC):
    """How rounds proceed in one system. Every method is pure; ValueError carries the reason a step is refused."""

    @abstractmethod
    def start(self, fight: Fight, dice: DiceSource) -> Stepped:
        """Initiative (or whatever opens the fight) and the first step."""

    @abstractmethod
    def roles(self) -> frozenset[StepRole]:
        """Every role a step of this flow can ever have, whatever the fight: the board offers no button and no
        shortcut for the others (a flow without a step back has no Previous)."""

    @abstractmethod
    def offers(self, fight: FightState) -> list[StepOffer]:
        """The steps open now, allowed or not (with the reason); each step's role is one of `roles()`."""

    @abstractmethod
    def take(self, fight: Fight, key: str, actor_id: str | None = None, choice: str | None = None,
             dice: DiceSource | None = None) -> Stepped:
        """Take the step `key` (for `actor_id`, with `choice` where it plans or declares)."""

    @abstractmethod
    def acting(self, fight: FightState) -> tuple[str, ...]:
        """Who is acting now: the current turn, a filled slot, everyone resolving in a phase."""

    @abstractmethod
    def order(self, fight: FightState) -> list[OrderRow]:
        """The order as the board shows it."""

    def may_act(self, fight: FightState, combatant_id: str) -> bool:
        """Whether `combatant_id` may take actions and attack now (out of turn too, where the rules allow)."""
        return combatant_id in self.acting(fight)

    def acts_when_down(self, fight: FightState, combatant_id: str) -> bool:
        """Whether a combatant the rules now count as down or out still carries out what it acts on now: where
        everyone acting in one step resolves at once (skirmish phases: an arrow that kills does not stop the arrow
        shot back). By default not: one who goes down during its own turn can act no further."""
        return False

    @abstractmethod
    def joined(self, fight: Fight, combatant_id: str) -> None:
        """A combatant joins the running fight (already in `fight.encounter.combatants`)."""

    @abstractmethod
    def left(self, fight: Fight, combatant_id: str) -> None:
        """A combatant left the running fight (already gone from `fight.encounter.combatants`)."""

    def round_label(self, fight: FightState) -> str:
        return f"Round {fight.encounter.round}"

    @abstractmethod
    def referenced(self, fight: FightState) -> set[str]:
        """Every combatant id the flow's saved state names (to drop those a hand-edited file names but no longer
        has, through `left`)."""

    def acted(self, fight: Fight, combatant_id: str, action_key: str | None = None) -> None:
        """A combatant's action was carried out by an attack it made or took part in (`action_key` None), or by the
        rules' action `action_key`: flows that track planned actions mark it done; others have nothing to record."""
        return None

    def intent(self, fight: FightState, combatant_id: str) -> Intent | None:
        """What the combatant intends with what it planned or declared (its target, its weapon, the reaction it holds
        ready); None where the flow keeps no intents or nothing is planned."""
        return None

    def intend(self, fight: Fight, combatant_id: str, intent: Intent) -> None:
        """Keep what the combatant intends with what it has just planned or declared (ValueError with the reason
        where the flow keeps none, or the intent does not fit the plan)."""
        raise ValueError("This fight keeps no intentions: nothing is planned or declared ahead")

    def propose_targets(self, fight: FightState, placed: Sequence[Placed], attackers: Sequence[str],
                        near: Nearness) -> dict[str, str]:
        """Whom each of `attackers` would fight, as the rules assign it from where everyone stands (`placed`: everyone
        able to fight), for the GM to change: by default each attacker's nearest foe."""
        return nearest_foes(placed, attackers, near)

    def reacted(self, fight: Fight, combatant_id: str, what: str) -> None:
        """A combatant took a reaction inside someone else's attack (a parry, a dodge): flows that count reactions
        spend one, or refuse with the reason (ValueError) when none is left; others have nothing to record."""
        return None


def offer(offers: Sequence[StepOffer], key: str) -> StepOffer:
    """The offer `key` among `offers`; ValueError when it is not open now, or not allowed (with the reason)."""
    found = next((o for o in offers if o.key == key), None)
    if found is None:
        raise ValueError(f"{key.replace('_', ' ').capitalize()} is not possible now")
    if not found.allowed:
        raise ValueError(found.reason)
    return found
