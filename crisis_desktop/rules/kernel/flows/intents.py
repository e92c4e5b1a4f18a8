"""What a combatant means to do with what it plans or declares: the action, weapon and target (or where it moves),
and the reaction it holds ready; kept in the flow's saved state beside the plan, shown on the board and, once
announced, to the table, and offered first when the attack is made. Who fights whom is proposed from the map
(`propose_targets`): by default each attacker's nearest foe; a ruleset with rules of assignment says otherwise."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from crisis_desktop.rules.base.economy import ActionRole
from crisis_desktop.rules.kernel.geometry.zones import AreaRelation

if TYPE_CHECKING:
    from crisis_desktop.rules.kernel.flows import Choice, FightState

# The key of the intents in a flow's saved state: combatant id -> Intent.dump().
INTENTS = "intents"


@dataclass(frozen=True)
class Intent:
    """What a combatant intends beyond the key of its plan or declaration. `action`: the key of the action it means
    to take (the rules' own, "attack", "move"; empty where the plan is that action); `weapon` and `target`: the item
    and the combatant id of an intended attack; `where`: where it means to move, in the GM's words (an area's name);
    `reaction`: the key of the reaction it holds ready ("parry"); empty or None: nothing said."""

    action: str = ""
    weapon: str | None = None
    target: str | None = None
    where: str = ""
    reaction: str = ""

    def empty(self) -> bool:
        return self == Intent()

    def dump(self) -> dict[str, str]:
        """JSON data for the flow's state: only what was said."""
        out = {"action": self.action, "weapon": self.weapon or "", "target": self.target or "",
               "where": self.where, "reaction": self.reaction}
        return {k: v for k, v in out.items() if v}

    @classmethod
    def of(cls, data: Any) -> Intent:
        """An intent from the flow's state (anything else in a hand-edited file reads as nothing said)."""
        if not isinstance(data, Mapping):
            return cls()

        def text(key: str) -> str:
            value = data.get(key, "")
            return value if isinstance(value, str) else ""

        return cls(text("action"), text("weapon") or None, text("target") or None, text("where"), text("reaction"))


@dataclass(frozen=True)
class IntentAsk:
    """What a plan or declaration may hold besides its choice, for the dialog that asks it. `actions`: the actions it
    may mean (an ATTACK one asks a weapon and a target, a MOVE one where); `reactions`: the reactions it may hold
    ready; `target`: the choice is itself an attack and asks a target; `where`: the choice is a move and asks where."""

    actions: tuple[Choice, ...] = ()
    reactions: tuple[Choice, ...] = ()
    target: bool = False
    where: bool = False


@dataclass(frozen=True)
class Placed:
    """A combatant as the proposal of targets reads it: its side, whether a player plays it, whether it means to fight
    in melee, whether it stands on the map, and the target its plan already holds."""

    combatant_id: str
    side: str
    pc: bool
    melee: bool = False
    on_map: bool = True
    target: str | None = None       # the target its plan already holds (set by the GM): kept, never proposed anew


@dataclass(frozen=True)
class Nearness:
    """How far apart two combatants stand on the map: `steps` (every diagonal counted as 1; None off the map) and
    `areas` (each one's labelled area, "" for none)."""

    steps: Callable[[str, str], int | None]
    areas: Callable[[str, str], AreaRelation | None] = field(default=lambda _a, _b: None)


def nearest_foes(placed: Sequence[Placed], attackers: Iterable[str], near: Nearness) -> dict[str, str]:
    """Each attacker's nearest foe standing (the encounter's order among equals; anyone off the map after those on
    it); attackers without a foe are left out."""
    out: dict[str, str] = {}
    by_id = {p.combatant_id: p for p in placed}
    for attacker in attackers:
        me = by_id.get(attacker)
        if me is None:
            continue
        if me.target is not None:
            out[attacker] = me.target
            continue
        foes = [p for p in placed if p.side != me.side]
        if foes:
            out[attacker] = min(foes, key=lambda p: _distance(near, attacker, p.combatant_id)).combatant_id
    return out


def _distance(near: Nearness, one: str, other: str) -> int:
    steps = near.steps(one, other)
    return steps if steps is not None else 10**6


def words(intent: Intent, choice: Choice | None, names: Mapping[str, str], weapons: Mapping[str, str]) -> str:
    """The intent in words for the board and the table: "attack Brann with the Sword, ready to parry"; empty when
    nothing was said. `names`: combatant names by id; `weapons`: the actor's item names by id."""
    asks = choice.asks if choice is not None else None
    action = next((a for a in (asks.actions if asks else ()) if a.key == intent.action), None)
    parts: list[str] = []
    what = action.label[:1].lower() + action.label[1:] if action is not None else ""
    # A plan that is not an attack (a spell) is aimed "at" its target; an attack "attacks" it.
    aims = "attack" if action is not None or choice is None or choice.role is ActionRole.ATTACK else "at"
    if intent.target:
        what = f"{what or aims} {names.get(intent.target, 'someone gone')}"
    if intent.weapon and intent.weapon in weapons and (choice is None or choice.item != intent.weapon):
        what = f"{what or 'attack'} with the {weapons[intent.weapon]}"
    if intent.where:
        moving = (action.role if action is not None else choice.role if choice is not None else None) \
            is ActionRole.MOVE
        what = f"{what or 'move'} to {intent.where}" if moving else f"{what} at {intent.where}".strip()
    if what:
        parts.append(what)
    reaction = next((r for r in (asks.reactions if asks else ()) if r.key == intent.reaction), None)
    if reaction is not None:
        parts.append(f"ready to {reaction.label[:1].lower() + reaction.label[1:]}")
    return ", ".join(parts)


def stored(state: Mapping[str, Any]) -> dict[str, Intent]:
    """Every intent kept in a flow's saved state, by combatant id."""
    data = state.get(INTENTS, {})
    return {str(cid): Intent.of(one) for cid, one in data.items()} if isinstance(data, Mapping) else {}


def keep(state: dict[str, Any], combatant_id: str, intent: Intent) -> None:
    """Keep (or, for an empty intent, forget) what the combatant intends, in the flow's state `state`."""
    data = {cid: one.dump() for cid, one in stored(state).items()}
    if intent.empty():
        data.pop(combatant_id, None)
    else:
        data[combatant_id] = intent.dump()
    state[INTENTS] = data


def forget_combatant(state: dict[str, Any], combatant_id: str) -> None:
    """A combatant left the fight: its own intent goes, and every intent aimed at it loses its target."""
    data: dict[str, dict[str, str]] = {}
    for cid, one in stored(state).items():
        if cid == combatant_id:
            continue
        if one.target == combatant_id:
            one = Intent(one.action, one.weapon, None, one.where, one.reaction)
        if not one.empty():
            data[cid] = one.dump()
    state[INTENTS] = data


def referenced(state: Mapping[str, Any]) -> set[str]:
    """Every combatant id the intents name (their owners and their targets)."""
    return {x for cid, one in stored(state).items() for x in (cid, one.target) if x}


def check(intent: Intent, choice: Choice, combatant_id: str, combatants: Iterable[str], name: str) -> None:
    """ValueError with the reason when the intent does not fit the choice it comes with (`name`: whose it is)."""
    asks = choice.asks or IntentAsk()
    actions = {a.key: a for a in asks.actions}
    if intent.action and intent.action not in actions:
        raise ValueError(f"{name} cannot mean {intent.action!r} with {choice.label}")
    if intent.reaction and intent.reaction not in {r.key for r in asks.reactions}:
        held = ", ".join(r.label for r in asks.reactions) or "none"
        raise ValueError(f"{name} holds no {intent.reaction!r} ready with {choice.label} (reactions: {held})")
    if intent.target is not None:
        if intent.target == combatant_id:
            raise ValueError(f"{name} cannot aim at itself")
        if intent.target not in set(combatants):
            raise ValueError(f"{name}'s target is not in this fight")


class NamesOf(Mapping[str, str]):
    """The fight's combatant names by id, read as they are asked; `told`: as the table may hear them (a combatant
    hidden from the players is "someone unseen")."""

    def __init__(self, fight: FightState, told: bool = False) -> None:
        self._fight = fight
        self._ids = [c.id for c in fight.encounter.combatants]
        self._hidden = {c.id for c in fight.encounter.combatants if c.hidden} if told else set()

    def __getitem__(self, key: str) -> str:
        if key not in self._ids:
            raise KeyError(key)
        return "someone unseen" if key in self._hidden else self._fight.name(key)

    def __iter__(self) -> Iterator[str]:
        return iter(self._ids)

    def __len__(self) -> int:
        return len(self._ids)


def item_names(fight: FightState, combatant_id: str) -> dict[str, str]:
    return {item.id: item.name for item in fight.actor(combatant_id).character.equipment}
