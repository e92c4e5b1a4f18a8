"""A tiny ruleset of side slots whose checks roll dice of symbols (genesys-like): edge dice for the skill, snag
dice for the difficulty; successes cancel failures and advantages cancel threats."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cached_property

from crisis_desktop.domain import StatValue
from crisis_desktop.rules.base import (
    Actor,
    CheckOdds,
    CheckRequest,
    CheckResult,
    Checks,
    ContestResult,
    Explained,
    FieldKind,
    FieldSpec,
    Options,
    Outcome,
)
from crisis_desktop.rules.kernel import odds
from crisis_desktop.rules.kernel.dice import DiceSource, DieKind, DieRoll, Face
from crisis_desktop.rules.kernel.tally import Tally
from tests.fakes.slots import SlotsFake


def faces(*texts: str) -> tuple[Face, ...]:
    names = {"s": "success", "a": "advantage", "f": "failure", "t": "threat"}
    return tuple(Face(text, Tally.of(*(names[c] for c in text if c in names))) for text in texts)


EDGE = DieKind("edge", "Edge die", faces("blank", "blank", "s", "s", "sa", "a"), "green")
SNAG = DieKind("snag", "Snag die", faces("blank", "f", "f", "t", "ft", "blank"), "purple")


def cancel(tally: Tally) -> Tally:
    """Successes cancel failures, advantages cancel threats: what is left over."""
    s, a = tally.net("success", "failure"), tally.net("advantage", "threat")
    return Tally({"success": max(s, 0), "failure": max(-s, 0), "advantage": max(a, 0), "threat": max(-a, 0)})


class SymbolsFakeChecks(Checks):
    """The checks of the SymbolsFake rules."""

    rules: SymbolsFake

    def check_skills(self, character, options) -> list[tuple[str, str]]:
        return [("grit", "Grit")]

    def check_inputs(self, actor: Actor, skill: str, options: Options) -> list[FieldSpec]:
        return [FieldSpec("difficulty", "Snag dice", FieldKind.INT, "Check", 2, 0, 5),
                FieldSpec("edge", "Extra edge dice", FieldKind.INT, "Check", 0, 0, 3)]

    def check_request(self, actor: Actor, skill: str, inputs: Mapping[str, StatValue]) -> CheckRequest:
        return CheckRequest(actor, skill, int(inputs.get("difficulty", 2)), inputs={"edge": inputs.get("edge", 0)})

    def check(self, request: CheckRequest, dice: DiceSource, options: Options) -> CheckResult:
        shown = Tally()
        rolled = []
        for kind in self.rules.pool(request):
            face = dice.roll(kind.sides, f"{request.actor.name}: {kind.name}", kind)
            rolled.append(DieRoll(kind.sides, face, kind.name))
            shown = shown + kind.symbols(face)
        net = cancel(shown)
        outcome = Outcome.SUCCESS if net.get("success") else Outcome.FAILURE
        return CheckResult(Explained.of(("net success", net.net("success", "failure"))),
                           Explained.of(("one success", 1)), outcome, net.net("success", "failure"), tuple(rolled),
                           tally=net)

    def check_odds(self, request: CheckRequest, options: Options) -> CheckOdds:
        tallies = odds.pool(self.rules.pool(request), reduce=cancel)
        success = sum(p for t, p in tallies.items() if t.get("success"))
        return CheckOdds({Outcome.SUCCESS: success, Outcome.FAILURE: 1 - success},
                         odds.mapped_keys(tallies, lambda t: t.net("success", "failure")), tallies)

    def contest(self, active: CheckRequest, passive: CheckRequest, dice: DiceSource,
                options: Options) -> ContestResult:
        a, p = self.check(active, dice, options), self.check(passive, dice, options)
        winner = "active" if a.degree > p.degree else "passive" if p.degree > a.degree else None
        return ContestResult(a, p, winner, "more net successes wins")


class SymbolsFake(SlotsFake):
    id = "fake-symbols"
    name = "Fake symbols"

    def dice_kinds(self) -> Sequence[DieKind]:
        return (EDGE, SNAG)

    def pool(self, request: CheckRequest) -> list[DieKind]:
        extra = request.inputs.get("edge", 0)
        edges = 2 + int(request.actor.character.stats.get("grit", 0) or 0) + (extra if isinstance(extra, int) else 0)
        return [EDGE] * edges + [SNAG] * request.difficulty

    @cached_property
    def checks(self) -> SymbolsFakeChecks:
        return SymbolsFakeChecks(self)
