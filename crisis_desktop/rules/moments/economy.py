"""A moment's action economy: one action and one reaction; trade one for the other; an extra one with every test one
step harder; forgo one to make the other one step easier. What a character declares sets which of these it takes
(`stance`, kept in the combatant's resources with what it has used this moment)."""

from __future__ import annotations

from dataclasses import dataclass

from crisis_desktop.domain import Combatant
from crisis_desktop.rules.base import (
    ActionAvailability,
    ActionRole,
    ActionSpec,
    Actor,
    Cost,
    Currency,
    Effect,
    Options,
    SetResource,
    StateRole,
    TurnEffects,
)
from crisis_desktop.rules.kernel.flows import Intent

CURRENCIES = (Currency("actions", "action", "actions"), Currency("reactions", "reaction", "reactions"))


@dataclass(frozen=True)
class Stance:
    """What a character takes this moment: its actions and reactions, and how many steps harder (positive) or
    easier (negative) all its tests are."""

    key: str
    label: str
    actions: int
    reactions: int
    steps: int
    help: str


STANCES = {s.key: s for s in (
    Stance("act", "Action and reaction", 1, 1, 0, "One action and one reaction, without penalty."),
    Stance("two_actions", "Two actions", 2, 0, 0, "Forgo the reaction for a second action."),
    Stance("two_reactions", "Two reactions", 0, 2, 0, "Forgo the action for a second reaction."),
    Stance("focus_action", "Focused action", 1, 0, -1,
           "Forgo the reaction to focus on the action: its test is one step easier."),
    Stance("focus_reaction", "Focused reaction", 0, 1, -1,
           "Forgo the action to focus on the reaction: its test is one step easier."),
    Stance("extra_action", "Extra action", 2, 1, 1,
           "A second action on top of the action and reaction: all tests this moment are one step harder."),
    Stance("extra_reaction", "Extra reaction", 1, 2, 1,
           "A second reaction on top of the action and reaction: all tests this moment are one step harder."),
)}
DEFAULT = "act"
# The combatant resource holding the reaction it declared ready this moment ("parry"), offered first when attacked.
READY_KEY = "ready_reaction"
ACTION_SPECS = (
    ActionSpec("attack", "Attack", {"actions": 1}, "A BOD test adding a skill or vocation bonus; the target may "
               "react (parry, block, dodge).", ActionRole.ATTACK),
    ActionSpec("move", "Move nearby", {"actions": 1}, "Move somewhere near (about 10 m).", ActionRole.MOVE),
    ActionSpec("move_distant", "Move somewhere distant", {"actions": 1, "reactions": 1},
               "Move somewhere distant (about 50 m): the action and the reaction."),
    ActionSpec("medical", "Medical attention", {"actions": 1}, "A hard INT test for one wound: 1d4 HP on a "
               "success; a failure bars that wound.", ActionRole.HEAL),
    ActionSpec("other", "Other action", {"actions": 1}, "Anything else: the referee rules, consistently."),
)


def _count_words(n: int, one: str) -> str:
    return f"no {one}" if n == 0 else f"1 {one}" if n == 1 else f"{n} {one}s"


def cost_words(s: Stance) -> str:
    """What a declaration takes, for the list it is picked from: "2 actions, 1 reaction; all tests one step harder"."""
    taken = f"{_count_words(s.actions, 'action')}, {_count_words(s.reactions, 'reaction')}"
    if s.steps > 0:
        return f"{taken}; all tests one step harder"
    if s.steps < 0:
        return f"{taken}; its test one step easier"
    return taken


def _count(combatant: Combatant | None, key: str) -> int:
    value = combatant.resources.get(key, 0) if combatant is not None else 0
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def stance(actor: Actor) -> Stance:
    key = actor.combatant.resources.get("stance") if actor.combatant is not None else None
    return STANCES.get(str(key), STANCES[DEFAULT])


def steps(actor: Actor) -> int:
    """Steps harder (positive) or easier (negative) the actor's tests are this moment: by its declaration, and one
    harder while it is encumbered."""
    declared = stance(actor).steps if actor.combatant is not None else 0
    return declared + (1 if actor.character.has_condition("encumbered") else 0)


def actions_left(actor: Actor) -> int:
    return max(0, stance(actor).actions - _count(actor.combatant, "actions_used"))


def reactions_left(actor: Actor) -> int:
    return max(0, stance(actor).reactions - _count(actor.combatant, "reactions_used"))


def moment_effects(actor: Actor, options: Options) -> tuple[Effect, ...]:
    """A new moment: nothing used, nothing declared yet."""
    if actor.combatant is None:
        return ()
    cid = actor.combatant.id
    out = [SetResource(cid, "stance", DEFAULT), SetResource(cid, "actions_used", 0),
           SetResource(cid, "reactions_used", 0)]
    if ready_reaction(actor):
        out.append(SetResource(cid, READY_KEY, ""))
    return tuple(out)


def ready_reaction(actor: Actor) -> str:
    """The reaction the combatant declared ready this moment ("parry"); empty when none."""
    value = actor.combatant.resources.get(READY_KEY, "") if actor.combatant is not None else ""
    return value if isinstance(value, str) else ""


def start_encounter(actor: Actor, options: Options) -> TurnEffects:
    """As the fight begins: a new moment."""
    return TurnEffects(moment_effects(actor, options))


def intent_effects(actor: Actor, intent: Intent, options: Options) -> tuple[Effect, ...]:
    """Record the reaction declared ready (or that none is)."""
    if actor.combatant is None or intent.reaction == ready_reaction(actor):
        return ()
    return (SetResource(actor.combatant.id, READY_KEY, intent.reaction),)


def declare_effects(actor: Actor, choice: str, options: Options) -> tuple[Effect, ...]:
    if actor.combatant is None or choice not in STANCES:
        return ()
    return (SetResource(actor.combatant.id, "stance", choice),)


def price_reason(actor: Actor, price: Cost) -> str | None:
    """Why the actor cannot pay `price` now, or None when it can."""
    s = stance(actor)
    if price.get("actions", 0) > actions_left(actor):
        return (f"{actor.name} has no action left this moment ({s.label})" if s.actions
                else f"{actor.name} declared no action this moment ({s.label})")
    if price.get("reactions", 0) > reactions_left(actor):
        return f"{actor.name} has no reaction left this moment ({s.label})"
    return None


def pay(actor: Actor, price: Cost, what: str = "") -> TurnEffects:
    """The effects of paying `price` (for `what`): the actions, reactions or focus counted for this moment;
    ValueError with the reason when it cannot be paid."""
    reason = price_reason(actor, price)
    if reason:
        raise ValueError(reason)
    if actor.combatant is None:
        return TurnEffects()
    cid = actor.combatant.id
    out: list[Effect] = []
    if price.get("actions"):
        out.append(SetResource(cid, "actions_used", _count(actor.combatant, "actions_used") + price["actions"]))
    if price.get("reactions"):
        out.append(SetResource(cid, "reactions_used",
                               _count(actor.combatant, "reactions_used") + price["reactions"]))
    return TurnEffects(tuple(out))


def available_actions(actor: Actor, fighting: StateRole, state_text: str) -> list[ActionAvailability]:
    out = []
    for spec in ACTION_SPECS:
        reason = state_text if fighting is not StateRole.FIGHTING else (price_reason(actor, spec.cost) or "")
        if not reason and spec.key == "move_distant" and actor.character.has_condition("encumbered"):
            reason = f"{actor.name} is encumbered: it moves somewhere near only"
        out.append(ActionAvailability(spec, spec.cost, not reason, reason))
    return out


def spend_action(actor: Actor, action_key: str, options: Options, cost: int | None = None) -> TurnEffects:
    """The effects of taking `action_key` now: its declared price paid; ValueError with the reason if it is not
    allowed."""
    spec = next((a for a in ACTION_SPECS if a.key == action_key), None)
    if spec is None:
        raise ValueError(f"The moments rules have no action {action_key!r}")
    if action_key == "move_distant" and actor.character.has_condition("encumbered"):
        raise ValueError(f"{actor.name} is encumbered: it moves somewhere near only")
    return pay(actor, spec.cost)
