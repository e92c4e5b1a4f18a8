"""A tiny ruleset whose rounds are moments (moments-like): an opposed d6 ranks everyone, declarations go worst
to best, resolution best to worst."""

from __future__ import annotations

from collections.abc import Sequence

from crisis_desktop.rules.base import Actor, InitiativeEntry, Options
from crisis_desktop.rules.kernel.dice import DiceSource
from crisis_desktop.rules.kernel.flows import Choice, RoundFlow
from crisis_desktop.rules.kernel.flows.declared import DeclareResolveFlow
from tests.fakes.tiny import TinyRuleset

DECLARATIONS = (Choice("attack", "attack"), Choice("defend", "defend"))


class DeclaredFake(TinyRuleset):
    id = "fake-declared"
    name = "Fake declared"

    def round_flow(self, options: Options) -> RoundFlow:
        return DeclareResolveFlow(self)

    def rank_moment(self, actors: Sequence[Actor], dice: DiceSource, options: Options) -> list[InitiativeEntry]:
        return self.roll_initiative(actors, dice, options)

    def declarable(self, actor: Actor, options: Options) -> Sequence[Choice]:
        return DECLARATIONS
