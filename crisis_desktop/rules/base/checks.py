"""The Checks capability: a system with checks and contests to roll and to price."""


from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from crisis_desktop.domain import Character, StatValue
from crisis_desktop.rules.base.combat import (
    CheckOdds,
    CheckRequest,
    CheckResult,
    ContestResult,
    SpendBudget,
    SpendChoice,
    SpendPick,
)
from crisis_desktop.rules.base.economy import TurnEffects
from crisis_desktop.rules.base.effects import Effect
from crisis_desktop.rules.base.part import Part
from crisis_desktop.rules.base.pools import PoolSpend
from crisis_desktop.rules.base.sheet import (
    FieldKind,
    FieldSpec,
)
from crisis_desktop.rules.base.state import Actor
from crisis_desktop.rules.base.values import Options, Term
from crisis_desktop.rules.kernel.dice import DiceSource, DieKind


@dataclass(frozen=True)
class ContestChances:
    """Exact chances of a contest: the active side wins, the passive side wins, nobody does (a tie that stands)."""

    active: float
    passive: float
    nobody: float = 0.0


class Checks(Part, ABC):
    """A system with checks and contests to roll and to price. The check dialog is generated from `check_skills` and
    `check_inputs`, and makes its request with `check_request`."""

    def check_skills(self, character: Character, options: Options) -> list[tuple[str, str]]:
        """What a character may be checked on in a campaign with these rule options, as (stat key, label), in the
        sheet's order: every INT or DIE field of the campaign's sheet that applies to its kind, by default."""
        return [(f.key, f.label) for f in self.rules.sheet.campaign_fields(options)
                if character.kind in f.kinds and f.kind in (FieldKind.INT, FieldKind.DIE)]

    def check_inputs(self, actor: Actor, skill: str, options: Options) -> list[FieldSpec]:
        """What the GM sets for a check besides who and on what: the difficulty in the rules' scale and a
        circumstance, by default; a system adds its own (boost and setback dice)."""
        return [FieldSpec("difficulty", "Difficulty", FieldKind.INT, "Check", 4, 0, 20),
                FieldSpec("circumstance", "Circumstance", FieldKind.INT, "Check", 0, -20, 20)]

    def check_request(self, actor: Actor, skill: str, inputs: Mapping[str, StatValue]) -> CheckRequest:
        """The check from the values of `check_inputs`: the difficulty, the circumstance as a modifier, the rest as
        the request's own inputs."""
        values = dict(inputs)
        difficulty = values.pop("difficulty", 0)
        circumstance = values.pop("circumstance", 0)
        if isinstance(difficulty, bool) or not isinstance(difficulty, int):
            raise ValueError(f"The difficulty must be a whole number, not {difficulty!r}")
        modifiers = (Term("circumstance", circumstance),) if isinstance(circumstance, int) and circumstance else ()
        return CheckRequest(actor, skill, difficulty, modifiers, inputs=values)

    def check_dice(self, request: CheckRequest, options: Options) -> Sequence[DieKind]:
        """The dice of symbols the check rolls, in the order they are rolled, for the dialog to show the pool before
        the roll; none for dice of numbers (the default)."""
        return ()

    def check_pool_spends(self, request: CheckRequest, options: Options) -> Sequence[PoolSpend]:
        """What the check spends of the campaign's shared pools (a story point that upgrades it), already counted in
        its pool and odds; the controller refuses the check when the points are not there, and moves them when it is
        rolled. Nothing by default."""
        return ()

    @abstractmethod
    def check(self, request: CheckRequest, dice: DiceSource, options: Options) -> CheckResult: ...

    @abstractmethod
    def check_odds(self, request: CheckRequest, options: Options) -> CheckOdds: ...

    def check_effects(self, request: CheckRequest, result: CheckResult, options: Options) -> list[Effect]:
        """What making the check changes besides its result (dice an earlier roll left on the actor's next check,
        used up now); nothing by default."""
        return []

    def check_spend_choices(self, request: CheckRequest, result: CheckResult, options: Options,
                            fighters: Sequence[Actor] = ()) -> list[SpendChoice]:
        """What a rolled check's symbols can buy, for the GM to pick (`fighters`: everyone in the fight, for
        choices that land on an ally); none by default (a check of numbers)."""
        return []

    def check_spending_left(self, request: CheckRequest, result: CheckResult, picks: Sequence[SpendPick],
                            options: Options, fighters: Sequence[Actor] = ()) -> SpendBudget:
        """What the picks leave of the check's symbols; nothing to spend by default."""
        return SpendBudget({}, {}, "These rules spend nothing after a check" if picks else None)

    def resolve_check_spending(self, request: CheckRequest, result: CheckResult, picks: Sequence[SpendPick],
                               options: Options, fighters: Sequence[Actor] = ()) -> TurnEffects:
        """The effects and notes of the picks (ValueError with the reason when they cannot be bought); by default
        nothing can be picked."""
        if picks:
            raise ValueError("These rules spend nothing after a check")
        return TurnEffects((), ())

    @abstractmethod
    def contest(self, active: CheckRequest, passive: CheckRequest, dice: DiceSource,
                options: Options) -> ContestResult: ...

    def contest_chances(self, active: CheckRequest, passive: CheckRequest, options: Options) -> ContestChances | None:
        """The exact chances of a contest, for the check dialog to show before the roll; None where the rules do not
        price contests (the default: the dialog says so)."""
        return None
