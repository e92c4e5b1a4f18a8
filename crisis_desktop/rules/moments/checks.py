"""Tests outside attacks: a stat's goal with the single best bonus, easy or hard, and opposed tests."""

from __future__ import annotations

from collections.abc import Mapping

from crisis_desktop.domain import CharacterKind, StatValue
from crisis_desktop.rules.base import (
    Actor,
    CheckOdds,
    CheckRequest,
    CheckResult,
    ContestChances,
    ContestResult,
    Explained,
    FieldKind,
    FieldSpec,
    Options,
    Outcome,
)
from crisis_desktop.rules.kernel.dice import DiceSource, DieRoll
from crisis_desktop.rules.moments import economy, sheet
from crisis_desktop.rules.moments.d100 import (
    Band,
    Rolled,
    band,
    band_odds,
    goal,
    net_steps,
    opposed_odds,
    opposed_winner,
)

DIFFICULTY_STEPS = {"easy": -1, "normal": 0, "hard": 1}
NONE = "none"


def check_inputs(actor: Actor, skill: str, options: Options) -> list[FieldSpec]:
    names = sorted(sheet.bonuses(actor.character))
    return [FieldSpec("difficulty", "Difficulty", FieldKind.CHOICE, "Test", "normal",
                      choices=tuple(DIFFICULTY_STEPS), help="Easy doubles the goal; hard halves it."),
            FieldSpec("bonus", "Bonus", FieldKind.CHOICE, "Test", NONE, choices=(NONE, *names),
                      help="The single best skill or vocation that applies.")]


def request_from(actor: Actor, skill: str, inputs: Mapping[str, StatValue]) -> CheckRequest:
    values = dict(inputs)
    difficulty = values.pop("difficulty", "normal")
    if difficulty not in DIFFICULTY_STEPS:
        raise ValueError(f"The difficulty must be easy, normal or hard, not {difficulty!r}")
    if skill not in sheet.STAT_LABELS:
        raise ValueError(f"Tests are made on BOD, INT or POW, not {skill!r}")
    return CheckRequest(actor, skill, DIFFICULTY_STEPS[str(difficulty)], inputs=values)


def goal_of(request: CheckRequest, options: Options) -> Explained:
    """3 x stat + the named bonus, one step per difficulty and per the moment's declaration."""
    actor = request.actor
    name = request.inputs.get("bonus", NONE)
    found = sheet.bonuses(actor.character)
    if name not in (None, "", NONE) and name not in found:
        raise ValueError(f"{actor.name} has no skill or vocation {name!r}")
    bonus = found.get(str(name), 0)
    return goal(sheet.stat(actor.character, request.skill), bonus,
                net_steps(max(0, request.difficulty) + max(0, economy.steps(actor)),
                          max(0, -request.difficulty) + max(0, -economy.steps(actor)), options),
                f"3 x {sheet.STAT_LABELS[request.skill]}", str(name))


def medical_goal(healer: Actor, options: Options) -> Explained:
    """Medical attention: a hard INT test with the best bonus named Medicine, Healer or Physician, if any."""
    found = sheet.bonuses(healer.character)
    name = max((n for n in found if n.lower() in ("medicine", "healer", "physician", "first aid")),
               key=lambda n: found[n], default="")
    return goal(sheet.stat(healer.character, "int"), found.get(name, 0),
                net_steps(1 + max(0, economy.steps(healer)), max(0, -economy.steps(healer)), options),
                "3 x INT", name or "bonus")


def _result(roll: int, g: Explained) -> CheckResult:
    b = band(roll, int(g.value))
    return CheckResult(Explained.of(("d100", roll)), g, b.outcome, int(g.value) - roll, (DieRoll(100, roll),))


def check(request: CheckRequest, dice: DiceSource, options: Options) -> CheckResult:
    g = goal_of(request, options)
    return _result(dice.roll(100, f"{request.actor.name}: {sheet.STAT_LABELS[request.skill]} test (goal "
                                  f"{g.value:g})"), g)


def check_odds(request: CheckRequest, options: Options) -> CheckOdds:
    g = int(goal_of(request, options).value)
    bands = band_odds(g)
    outcomes: dict[Outcome, float] = {b.outcome: p for b, p in bands.items()}
    degrees: dict[int, float] = {}
    for face in range(1, 101):
        degrees[g - face] = degrees.get(g - face, 0.0) + 0.01
    return CheckOdds(outcomes, degrees)


def contest(active: CheckRequest, passive: CheckRequest, dice: DiceSource, options: Options) -> ContestResult:
    a, p = check(active, dice, options), check(passive, dice, options)
    ra = Rolled(int(a.total.value), band(int(a.total.value), int(a.target.value)),
                active.actor.character.kind is CharacterKind.PC)
    rp = Rolled(int(p.total.value), band(int(p.total.value), int(p.target.value)),
                passive.actor.character.kind is CharacterKind.PC)
    winner, why = opposed_winner(ra, rp)
    return ContestResult(a, p, winner, why)


def contest_chances(active: CheckRequest, passive: CheckRequest, options: Options) -> ContestChances:
    """Exact, over the 10,000 pairs of d100 rolls (d100.opposed_odds): the only success wins, then the better band,
    then the higher roll; a tie to the player character, else to the defender."""
    odds = opposed_odds(int(goal_of(active, options).value), int(goal_of(passive, options).value),
                        active.actor.character.kind is CharacterKind.PC,
                        passive.actor.character.kind is CharacterKind.PC)
    won = sum(p for (_a, _p, winner), p in odds.items() if winner == "active")
    return ContestChances(won, 1.0 - won)


__all__ = ["Band", "check", "check_odds", "contest", "contest_chances"]
