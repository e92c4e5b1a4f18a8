"""Hiding: a system where a fighter hides from its opponents (crisis: Hide, Sneak) and is found by a roll (Search)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass

from crisis_desktop.domain import Combatant
from crisis_desktop.rules.base.combat import CheckResult
from crisis_desktop.rules.base.economy import TurnEffects
from crisis_desktop.rules.base.effects import SetResource
from crisis_desktop.rules.base.part import Part
from crisis_desktop.rules.base.state import Actor
from crisis_desktop.rules.base.values import Options
from crisis_desktop.rules.kernel.dice import DiceSource

# The combat resource holding whom a combatant is hidden from: their combatant ids, separated by spaces.
HIDDEN_FROM = "hidden_from"


def hidden_ids(combatant: Combatant | None) -> frozenset[str]:
    """Whom the combatant is hidden from, as its rules keep it in `HIDDEN_FROM`."""
    value = combatant.resources.get(HIDDEN_FROM) if combatant is not None else None
    return frozenset(value.split()) if isinstance(value, str) else frozenset()


def set_hidden(combatant_id: str, ids: frozenset[str]) -> SetResource:
    """The effect that hides the combatant from `ids` (none: seen by everyone)."""
    return SetResource(combatant_id, HIDDEN_FROM, " ".join(sorted(ids)))


@dataclass(frozen=True)
class Watcher:
    """An opponent of someone who hides, and whether it sees that one on the battle map now (line of sight between
    their tokens); `sees` is None without a map or a token: the GM judges."""

    actor: Actor
    sees: bool | None = None

    @property
    def combatant_id(self) -> str:
        assert self.actor.combatant is not None
        return self.actor.combatant.id


class Hiding(Part, ABC):
    """Who cannot see whom, as data on the combatant (so undo takes it back), set by the rules' sight actions (crisis:
    Hide, Sneak) and undone by another (Search), an attack or a move in the open. The controller hands a sight action
    the actor's opponents with what the map says of their sight, refuses an attack on someone hidden from the
    attacker, and shows the state."""

    def hidden_from(self, actor: Actor) -> frozenset[str]:
        """The combatant ids of those who cannot see `actor` now (empty: it is seen): its `hidden_from` resource."""
        return hidden_ids(actor.combatant)

    @abstractmethod
    def sight_action(self, action_key: str) -> bool:
        """Whether this action hides or finds (the controller then calls `take_sight_action` with the opponents)."""

    def sight_rolls(self, action_key: str) -> bool:
        """Whether this sight action is a roll (crisis Sneak: Stealth; Search), for the views to ask for dice."""
        return False

    @abstractmethod
    def sight_refusal(self, actor: Actor, action_key: str, opponents: Sequence[Watcher]) -> str | None:
        """Why this sight action cannot be taken now among these opponents (in plain sight of one, nobody to find),
        for the views to say before it is tried; None when it can."""

    @abstractmethod
    def take_sight_action(self, actor: Actor, action_key: str, opponents: Sequence[Watcher], dice: DiceSource | None,
                          options: Options) -> tuple[CheckResult | None, TurnEffects]:
        """The sight action's roll, if any, and whom it leaves hidden from whom (its price is spent apart);
        ValueError with the reason when it cannot be taken now (in plain sight of an opponent, nobody to find)."""

    @abstractmethod
    def reveal(self, actor: Actor) -> TurnEffects:
        """`actor` shows itself (it attacks): seen by everyone again; nothing when it was not hidden."""
