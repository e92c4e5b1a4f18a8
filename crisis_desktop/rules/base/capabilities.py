"""Capabilities of attacks that only some systems have: a ruleset declares the ones it has by inheriting them, and
the shared layers ask with isinstance before they use one. No system inherits another's. Besides, the setup flag
of surprise, for the rulesets that have it to declare (Ruleset.setup_flags)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from crisis_desktop.domain import Combatant, StatValue
from crisis_desktop.rules.base.combat import AttackOdds, AttackRequest, AttackResult
from crisis_desktop.rules.base.sheet import FieldKind, FieldSpec
from crisis_desktop.rules.base.values import Options
from crisis_desktop.rules.kernel.dice import DiceSource

if TYPE_CHECKING:
    from crisis_desktop.rules.kernel.geometry import Coord, Grid, ScatterResult


class Executes(ABC):
    """Attacks with a finishing blow on a helpless target instead of an ordinary attack (crisis: Execute)."""

    EXECUTE_LABEL: str = "Execute"
    # How the blow is made, as the attack shows it in place of what the roll must beat.
    EXECUTE_HOW: str = "no attack roll, double damage, then the target's roll to survive"

    @abstractmethod
    def execute_odds(self, request: AttackRequest, options: Options) -> AttackOdds:
        """The exact odds of the finishing blow on the request's one target; ValueError with the reason when it
        does not apply (the target is not helpless, several targets)."""

    @abstractmethod
    def resolve_execute(self, request: AttackRequest, dice: DiceSource, options: Options) -> AttackResult:
        """The finishing blow rolled; ValueError with the reason when it does not apply."""


@dataclass(frozen=True)
class ScatteredAttack(AttackResult):
    """An area attack that missed and came down elsewhere (a result of a `Scatters` ruleset): `scatter` is the
    direction die's face and the tiles it went astray, for the map to find the landing cell."""

    scatter: tuple[int, int] = field(kw_only=True)


class Scatters(ABC):
    """Area attacks that, when they miss, go astray and go off where they land, hurting less the further one stands
    from where they go off (crisis: a grenade's scatter and fall-off). A missed attack's result is a
    `ScatteredAttack`; the controller finds who stands where it landed and resolves the blast there."""

    @abstractmethod
    def blast_inputs(self, tiles_from_centre: int) -> dict[str, StatValue]:
        """The target inputs of standing `tiles_from_centre` tiles from where the blast goes off (its fall-off)."""

    @abstractmethod
    def resolve_landed(self, request: AttackRequest, dice: DiceSource, options: Options) -> AttackResult:
        """The blast going off where it landed: everyone under it there (the request's targets, with their
        `blast_inputs`) is caught, without an attack roll."""

    def landing(self, result: AttackResult, grid: Grid, aimed_at: Coord, thrower: Coord) -> ScatterResult | None:
        """Where a missed area attack came down on the map, aimed at `aimed_at` from `thrower`; None when the result
        did not go astray."""
        from crisis_desktop.rules.kernel.geometry import scatter  # geometry imports rules.base: import on use

        if not isinstance(result, ScatteredAttack):
            return None
        face, tiles = result.scatter
        return scatter(grid, aimed_at, thrower, face, tiles)


class OutOfTurnAttacks(ABC):  # noqa: B024 (a capability declared by inheriting it, with a working default)
    """Attacks that count apart when made outside the attacker's own turn (crisis: an attack from overwatch ends
    the watch). The controller marks such a request with `made_out_of_turn` before the rules read it."""

    # The attack input that marks the request; the rules read it among the attack's inputs.
    OUT_OF_TURN_INPUT: str = "out_of_turn"

    def made_out_of_turn(self, request: AttackRequest) -> AttackRequest:
        """The request as made outside the attacker's own turn: by default with the attack input
        `OUT_OF_TURN_INPUT` set to true."""
        return out_of_turn_marked(request, self.OUT_OF_TURN_INPUT)


def out_of_turn_marked(request: AttackRequest, key: str) -> AttackRequest:
    """The request with the attack input `key` set to true: how a ruleset that reads the mark among its own
    attack inputs implements `OutOfTurnAttacks.made_out_of_turn`."""
    return replace(request, inputs={**request.inputs, key: True})


# The setup flag of a combatant caught unaware when the fight starts, for rules that have surprise (a surprise
# round, another skill for initiative): a ruleset with surprise lists it among its `Ruleset.setup_flags`.
SURPRISED = FieldSpec("surprised", "Surprised", FieldKind.BOOL, "Encounter", False,
                      help="Caught unaware when the fight starts")


def is_surprised(combatant: Combatant | None) -> bool:
    """Whether the GM marked this combatant caught unaware (the SURPRISED setup flag)."""
    return combatant is not None and combatant.setup.get(SURPRISED.key) is True
