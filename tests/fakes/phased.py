"""A tiny ruleset whose rounds are planned phases (skirmish-like): shoot, strike or wait; the End phase
counts the rounds each combatant has seen."""

from __future__ import annotations

from collections.abc import Sequence

from crisis_desktop.rules.base import Actor, Options, TurnEffects
from crisis_desktop.rules.flow import RoundFlow
from crisis_desktop.rules.flows.phased import Phase, PhasedFlow, Plannable
from tests.fakes.tiny import TinyRuleset, counter

PHASES = (Phase("ranged", "ranged"), Phase("melee", "melee"), Phase("misc", "misc"))
PLANS = (Plannable("shoot", "ranged attack", "ranged"), Plannable("strike", "melee attack", "melee"),
         Plannable("wait", "wait", "misc"))


class PhasedFake(TinyRuleset):
    id = "fake-phased"
    name = "Fake phased"

    def round_flow(self, options: Options) -> RoundFlow:
        return PhasedFlow(self)

    def phases(self, options: Options) -> Sequence[Phase]:
        return PHASES

    def plannable(self, actor: Actor, options: Options) -> Sequence[Plannable]:
        return PLANS

    def end_of_round(self, actor: Actor, options: Options) -> TurnEffects:
        return TurnEffects((counter(actor, "rounds"),), (f"{actor.name} catches its breath",))
