"""Crisis checks: an exploding, imploding skill die plus modifiers against a Difficulty; Extras; contests; aid."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from crisis_desktop.rules.base import (
    CheckOdds,
    CheckRequest,
    CheckResult,
    ContestResult,
    Explained,
    Options,
    Outcome,
    Term,
)
from crisis_desktop.rules.crisis import stats, tables
from crisis_desktop.rules.crisis.options import option
from crisis_desktop.rules.kernel import odds
from crisis_desktop.rules.kernel.dice import DiceSource, DieRoll

# A critical failure loses every comparison; this stands in for its total in contest odds.
CRITICAL_FAILURE_TOTAL = -(10**6)
MAX_REROLLS = 1000


def extras(total: int | float) -> int:
    """Extras = max(0, floor(total / 4) - 1): 9 gives 1, 13 gives 2."""
    return max(0, int(total // 4) - 1)


@dataclass(frozen=True)
class DieOutcome:
    """A rolled skill die: its value (before modifiers), whether it was a critical failure, the dice."""

    value: int
    critical_failure: bool
    exploded: bool
    dice: tuple[DieRoll, ...]


def roll_skill_die(dice: DiceSource, sides: int, label: str = "") -> DieOutcome:
    """The top face explodes (roll again and add); a natural 1 implodes: a second 1 is a critical failure,
    otherwise the 1 stands."""
    rolled: list[DieRoll] = []
    first = dice.roll(sides, label)
    rolled.append(DieRoll(sides, first, label))
    if first == 1:
        second = dice.roll(sides, f"{label} (implosion)")
        rolled.append(DieRoll(sides, second, f"{label} (implosion)"))
        return DieOutcome(1, second == 1, False, tuple(rolled))
    total = face = first
    while face == sides:
        face = dice.roll(sides, f"{label} (exploded)")
        rolled.append(DieRoll(sides, face, f"{label} (exploded)"))
        total += face
    return DieOutcome(total, False, first == sides, tuple(rolled))


@lru_cache(maxsize=64)
def die_distribution(sides: int) -> tuple[tuple[tuple[int, float], ...], float]:
    """(distribution of the die's value when not a critical failure, P(critical failure)); the parts sum to 1."""
    p = 1.0 / sides
    dist = odds.exploding(sides)
    # A natural 1 stays 1 unless the implosion die shows 1 too.
    dist[1] = p * (1.0 - p)
    return tuple(sorted(dist.items())), p * p


def check_modifiers(request: CheckRequest) -> list[Term]:
    """The request's own terms, assets (same-named ones do not stack), unfavourable circumstances and
    the actor's conditions."""
    terms = list(request.modifiers)
    seen: set[str] = set()
    for asset in request.assets:
        key = asset.strip().lower()
        if key in seen:
            continue
        seen.add(key)
        terms.append(Term(f"asset: {asset}", 1))
    for circumstance in request.unfavourable:
        terms.append(Term(f"unfavourable: {circumstance}", -1))
    terms.extend(stats.condition_check_terms(request.actor.character, request.skill))
    return terms


def target_of(request: CheckRequest) -> Explained:
    return Explained.of((f"Difficulty {request.difficulty} ({tables.difficulty_name(request.difficulty)})",
                         request.difficulty))


def check(request: CheckRequest, dice: DiceSource, options: Options,
          extra_terms: Sequence[Term] = ()) -> CheckResult:
    die = stats.roll_die(request.actor.character, request.skill, options)
    rolled = roll_skill_die(dice, die.sides, die.label)
    terms = [Term(die.label, rolled.value)]
    if die.bonus:
        terms.append(Term("die above d12", die.bonus))
    terms.extend(check_modifiers(request))
    terms.extend(extra_terms)
    total = Explained.of(*terms)
    target = target_of(request)
    if rolled.critical_failure:
        outcome = Outcome.CRITICAL_FAILURE
    elif total.value >= target.value:
        critical = rolled.exploded and option(options, "critical_success") == "exploded"
        outcome = Outcome.CRITICAL_SUCCESS if critical else Outcome.SUCCESS
    else:
        outcome = Outcome.FAILURE
    degree = extras(total.value) if outcome.succeeded else 0
    return CheckResult(total, target, outcome, degree, rolled.dice)


@lru_cache(maxsize=4096)
def _odds(sides: int, modifier: int, difficulty: int, critical_exploded: bool
          ) -> tuple[tuple[tuple[Outcome, float], ...], tuple[tuple[int, float], ...]]:
    dist, p_crit = die_distribution(sides)
    outcomes = {Outcome.CRITICAL_FAILURE: p_crit, Outcome.FAILURE: 0.0, Outcome.SUCCESS: 0.0,
                Outcome.CRITICAL_SUCCESS: 0.0}
    degrees: dict[int, float] = {0: p_crit}
    for value, p in dist:
        total = value + modifier
        if total >= difficulty:
            key = Outcome.CRITICAL_SUCCESS if critical_exploded and value > sides else Outcome.SUCCESS
            outcomes[key] += p
            n = extras(total)
            degrees[n] = degrees.get(n, 0.0) + p
        else:
            outcomes[Outcome.FAILURE] += p
            degrees[0] += p
    return tuple(outcomes.items()), tuple(sorted(degrees.items()))


def modifier_total(request: CheckRequest, options: Options, extra_terms: Sequence[Term] = ()) -> tuple[int, int]:
    """(die sides, flat total of every modifier) of a request."""
    die = stats.roll_die(request.actor.character, request.skill, options)
    flat = die.bonus + sum(t.value for t in check_modifiers(request)) + sum(t.value for t in extra_terms)
    return die.sides, int(flat)


def check_odds(request: CheckRequest, options: Options, extra_terms: Sequence[Term] = ()) -> CheckOdds:
    sides, flat = modifier_total(request, options, extra_terms)
    outcomes, degrees = _odds(sides, flat, request.difficulty, option(options, "critical_success") == "exploded")
    return CheckOdds(dict(outcomes), dict(degrees))


def total_distribution(sides: int, modifier: int) -> odds.Dist:
    """Distribution of a roll's total, a critical failure counted as CRITICAL_FAILURE_TOTAL."""
    dist, p_crit = die_distribution(sides)
    out = {value + modifier: p for value, p in dist}
    out[CRITICAL_FAILURE_TOTAL] = p_crit
    return out


# --------------------------------------------------------------------------- contests


def _rank(result: CheckResult) -> float:
    return CRITICAL_FAILURE_TOTAL if result.outcome is Outcome.CRITICAL_FAILURE else result.total.value


def contest(active: CheckRequest, passive: CheckRequest, dice: DiceSource, options: Options) -> ContestResult:
    """Higher total wins; a critical failure loses to anything else. Ties per `contest_tie`."""
    first_a = check(active, dice, options)
    first_p = check(passive, dice, options)
    a, p = first_a, first_p
    rerolls: list[str] = []
    for _ in range(MAX_REROLLS):
        if _rank(a) != _rank(p):
            break
        if option(options, "contest_tie") == "active":
            return ContestResult(first_a, first_p, "active", f"tie at {a.total.value:g}: the active party wins")
        a, p = check(active, dice, options), check(passive, dice, options)
        rerolls.append(f"{a.total.value:g} to {p.total.value:g}")
    winner = "active" if _rank(a) > _rank(p) else "passive"
    name = active.actor.name if winner == "active" else passive.actor.name
    reason = f"{name} wins {first_a.total.value:g} to {first_p.total.value:g}"
    if rerolls:
        reason = f"{name} wins the tie reroll ({', '.join(rerolls)})"
    return ContestResult(first_a, first_p, winner, reason)


@dataclass(frozen=True)
class ContestOdds:
    active: float
    passive: float
    tie: float          # only under contest_tie "reroll" is this 0 and the rerolls are folded in


def contest_odds(active: CheckRequest, passive: CheckRequest, options: Options) -> ContestOdds:
    a_sides, a_mod = modifier_total(active, options)
    p_sides, p_mod = modifier_total(passive, options)
    return _contest_odds(a_sides, a_mod, p_sides, p_mod, option(options, "contest_tie"))


@lru_cache(maxsize=4096)
def _contest_odds(a_sides: int, a_mod: int, p_sides: int, p_mod: int, tie_rule: str) -> ContestOdds:
    win, tie, lose = odds.compare(total_distribution(a_sides, a_mod), total_distribution(p_sides, p_mod))
    if tie_rule == "active":
        return ContestOdds(win + tie, lose, 0.0)
    decided = win + lose
    return ContestOdds(win / decided, lose / decided, 0.0)


# --------------------------------------------------------------------------- aid


def aid_terms(helpers: Sequence[CheckResult]) -> tuple[Term, ...]:
    """Helpers roll at DL 4: +2 if any succeeds (aid does not stack), -2 per helper's critical failure."""
    terms: list[Term] = []
    if any(h.outcome.succeeded for h in helpers):
        terms.append(Term("aid", 2))
    for h in helpers:
        if h.outcome is Outcome.CRITICAL_FAILURE:
            terms.append(Term("helper's critical failure", -2))
    return tuple(terms)


def aid_request(helper: CheckRequest) -> CheckRequest:
    """A helper's request at the aid Difficulty (4)."""
    return CheckRequest(helper.actor, helper.skill, 4, helper.modifiers, helper.assets, helper.unfavourable)
