"""Checks: d20 + skill - Fatigue (combat skills in a fight are exempt) against 10, 20 or 25, success when the total is
higher; a natural 20 succeeds and a natural 1 fails; advantage and disadvantage; opposed checks."""

from __future__ import annotations

from crisis_desktop.rules.base import (
    Actor,
    CheckOdds,
    CheckRequest,
    CheckResult,
    ContestResult,
    Explained,
    FieldKind,
    FieldSpec,
    Options,
    Outcome,
)
from crisis_desktop.rules.kernel.dice import DiceSource
from crisis_desktop.rules.skirmish import d20, sheet


def check_inputs(actor: Actor, skill: str, options: Options) -> list[FieldSpec]:
    return [FieldSpec("difficulty", "Difficulty", FieldKind.INT, "Check", 10, 1, 40,
                      help="The total must be higher: 10, 20 or 25 (15 for medical checks and death checks)."),
            FieldSpec("circumstance", "Circumstance", FieldKind.INT, "Check", 0, -20, 20),
            FieldSpec("advantage", "Advantage", FieldKind.BOOL, "Check", False,
                      help="Roll 2d20 and keep the higher; several sources count as one."),
            FieldSpec("disadvantage", "Disadvantage", FieldKind.BOOL, "Check", False,
                      help="Roll 2d20 and keep the lower; advantage and disadvantage cancel.")]


def modifier(request: CheckRequest) -> Explained:
    """Skill value, minus Fatigue unless a combat skill is used in a fight, plus the request's modifiers."""
    c = request.actor.character
    if request.skill not in sheet.GOVERNING and request.skill not in sheet.STAT_LABELS:
        raise ValueError(f"Checks are made on a skill or a stat, not {request.skill!r}")
    out = sheet.skill_value(c, request.skill)
    exempt = request.skill in sheet.COMBAT_SKILLS and request.actor.combatant is not None
    if sheet.fatigue(c) and not exempt:
        out = out.plus("Fatigue", -sheet.fatigue(c))
    for term in request.modifiers:
        out = out.plus(term.label, term.value)
    return out


def request_edge(request: CheckRequest) -> int:
    return d20.edge(request.inputs.get("advantage") is True, request.inputs.get("disadvantage") is True)


def _label(request: CheckRequest) -> str:
    return sheet.SKILL_LABELS.get(request.skill) or sheet.STAT_LABELS.get(request.skill, request.skill)


def outcome(face: int, total: int, difficulty: int) -> Outcome:
    if face == 20:
        return Outcome.SUCCESS
    if face == 1:
        return Outcome.FAILURE
    return Outcome.SUCCESS if total > difficulty else Outcome.FAILURE


def check(request: CheckRequest, dice: DiceSource, options: Options) -> CheckResult:
    mod = modifier(request)
    face, rolled = d20.roll(dice, request_edge(request), f"{request.actor.name}: {_label(request)} check")
    total = Explained((face + mod.value), (*Explained.of(("d20", face)).terms, *mod.terms))
    target = Explained.of(("difficulty", request.difficulty))
    return CheckResult(total, target, outcome(face, int(total.value), request.difficulty),
                       int(total.value) - request.difficulty, rolled)


def check_odds(request: CheckRequest, options: Options) -> CheckOdds:
    mod = int(modifier(request).value)
    outcomes: dict[Outcome, float] = {Outcome.SUCCESS: 0.0, Outcome.FAILURE: 0.0}
    degrees: dict[int, float] = {}
    for face, p in d20.natural(request_edge(request)).items():
        total = face + mod
        outcomes[outcome(face, total, request.difficulty)] += p
        degrees[total - request.difficulty] = degrees.get(total - request.difficulty, 0.0) + p
    return CheckOdds(outcomes, degrees)


def contest(active: CheckRequest, passive: CheckRequest, dice: DiceSource, options: Options) -> ContestResult:
    """The higher total wins; a tie goes to the resisting (passive) side, as the later text says."""
    a, p = check(active, dice, options), check(passive, dice, options)
    if a.total.value > p.total.value:
        return ContestResult(a, p, "active", f"{a.total.value:g} beats {p.total.value:g}")
    if a.total.value < p.total.value:
        return ContestResult(a, p, "passive", f"{p.total.value:g} beats {a.total.value:g}")
    return ContestResult(a, p, "passive", f"a tie at {a.total.value:g} goes to the resisting side")
