"""The action economy: actions and their roles, costs in the rules' currencies, what an action is allowed now."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from crisis_desktop.rules.base.effects import Effect


class ActionRole(StrEnum):
    """How the shared views offer an action."""

    PLAIN = "plain"          # a button: take it now
    ATTACK = "attack"        # through the attack dialog (weapon, target, modifiers, odds)
    HEAL = "heal"            # pick a patient, then roll the treatment (Controller.heal)
    MOVE = "move"            # also taken by moving the token on the map
    HELP = "help"            # taken on an ally the GM picks (Controller.take_action with a target)


Cost = Mapping[str, int]
"""What an action costs, by currency: {"ap": 2}; {"actions": 1}; {"maneuvers": 1, "strain": 2}. The ruleset
names its currencies (`Ruleset.currencies`) and shows a cost with `Ruleset.cost_text`."""


@dataclass(frozen=True)
class Currency:
    """One currency of a ruleset's action economy: AP, actions, maneuvers, strain, reactions..."""

    key: str
    singular: str
    plural: str

    def amount(self, count: int) -> str:
        return f"{count} {self.singular if count == 1 else self.plural}"


@dataclass(frozen=True)
class ActionSpec:
    """An action of the ruleset's action economy and its base cost."""

    key: str
    label: str
    cost: Cost
    help: str = ""
    role: ActionRole = ActionRole.PLAIN
    # For an action taken on another combatant (role HELP): the most steps between the two tokens on the battle
    # map, every diagonal counting 1 (1 is adjacent); None: anywhere.
    reach: int | None = None
    # Taking it makes an emptied weapon usable again (a reload, or a turn of a longer one): the simulator's tactics
    # take an allowed one when the fighter can pay for no attack.
    readies: bool = False


@dataclass(frozen=True)
class ActionAvailability:
    """Whether `actor` can take `action` now, at what price for this actor, and if not, why not."""

    action: ActionSpec
    price: Cost
    allowed: bool
    reason: str = ""


@dataclass(frozen=True)
class TurnEffects:
    effects: tuple[Effect, ...] = ()
    notes: tuple[str, ...] = ()
