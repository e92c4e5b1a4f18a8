"""A tiny ruleset whose rounds are planned phases (skirmish-like): shoot, strike or wait; a plan is recorded on the
combatant; the End phase counts the rounds each combatant has seen."""

from __future__ import annotations

from collections.abc import Sequence

from crisis_desktop.rules.base import Actor, Effect, Options, SetResource, TurnEffects
from crisis_desktop.rules.kernel.flows import RoundFlow
from crisis_desktop.rules.kernel.flows.phased import Phase, PhasedFlow, PlanEconomy, Plannable
from tests.fakes.tiny import TinyRuleset, counter

PHASES = (Phase("ranged", "ranged"), Phase("melee", "melee"), Phase("misc", "misc"))
PLANS = (Plannable("shoot", "ranged attack", "ranged"), Plannable("strike", "melee attack", "melee"),
         Plannable("wait", "wait", "misc"))


class PhasedFake(TinyRuleset, PlanEconomy):
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

    def plan_effects(self, actor: Actor, choice: str, options: Options) -> Sequence[Effect]:
        assert actor.combatant is not None
        return (SetResource(actor.combatant.id, "planned", choice),)
