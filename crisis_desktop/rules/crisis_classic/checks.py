"""Checks and contests: target = ability + skill + modifiers + the Difficulty Level's target change; 3d6 <= target."""

from __future__ import annotations

from dataclasses import dataclass

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
from crisis_desktop.rules.crisis_classic import sheet, tables
from crisis_desktop.rules.crisis_classic.options import stunt_face
from crisis_desktop.rules.crisis_classic.threed6 import (
    Roll,
    classify,
    dice_total,
    key_distribution,
    outcome_odds,
    p_key_below,
    roll_3d6,
)
from crisis_desktop.rules.kernel.dice import DiceSource


def dl_term(base: int, easier: int = 0, harder: int = 0, what: str = "") -> Term:
    """The target change of a Difficulty Level shifted one step per asset/aim (easier) or unfavourable
    circumstance (harder); the shifted level stays within the table (1..10)."""
    tables.difficulty(base)  # refuses a base outside 1..10
    shifted = base - easier + harder
    level = min(tables.HIGHEST_DL, max(tables.LOWEST_DL, shifted))
    row = tables.difficulty(level)
    why = []
    if what:
        why.append(what)
    if easier or harder:
        steps = f"DL {base}" + (f" -{easier}" if easier else "") + (f" +{harder}" if harder else "")
        if shifted != level:
            steps += f" = {shifted}, kept within 1..10"
        why.append(steps)
    suffix = f" ({'; '.join(why)})" if why else ""
    return Term(f"Difficulty Level {row.level} {row.name}{suffix}", row.target_change)


def check_target(request: CheckRequest) -> Explained:
    c = request.actor.character
    terms = sheet.skill_terms(c, request.skill)
    terms += list(request.modifiers)
    terms += sheet.condition_terms(c)
    # Same-named circumstances count once: two "good tools" are one asset.
    terms.append(dl_term(request.difficulty, len(set(request.assets)), len(set(request.unfavourable))))
    return Explained.of(*terms)


@dataclass(frozen=True)
class StuntedCheck(CheckResult):
    """A check of these rules: besides its margin, how many dice showed the stunt face (critical hits in an
    attack, up to the weapon's RoF)."""

    stunts: int = 0


def roll_check(target: Explained, dice: DiceSource, label: str, options: Options) -> tuple[Roll, StuntedCheck]:
    faces, rolled = roll_3d6(dice, label)
    roll = classify(faces, int(target.value), stunt_face(options))
    result = StuntedCheck(total=dice_total(faces), target=target, outcome=roll.outcome, degree=roll.margin,
                          dice=rolled, stunts=roll.stunts)
    return roll, result


def check(request: CheckRequest, dice: DiceSource, options: Options) -> CheckResult:
    return roll_check(check_target(request), dice, f"{request.actor.name}: {request.skill}", options)[1]


def check_odds(request: CheckRequest, options: Options) -> CheckOdds:
    outcomes, margins = outcome_odds(int(check_target(request).value), stunt_face(options))
    return CheckOdds(outcomes=dict(outcomes), degrees=dict(margins))


def contest_winner(active: Roll, passive: Roll, defence: bool = False) -> tuple[str | None, str]:
    """Only one succeeds: it wins; both succeed: larger margin; both fail: smaller failure; equal: nobody
    (in a defence, the defender). A legendary result beats any success, a fumble loses to any failure."""
    if active.key > passive.key:
        winner: str | None = "active"
    elif passive.key > active.key:
        winner = "passive"
    else:
        winner = "passive" if defence else None
    a_ok, p_ok = active.outcome.succeeded, passive.outcome.succeeded
    if winner is None:
        reason = "equal results: nobody wins"
    elif active.key == passive.key:
        reason = "equal results: the defender wins"
    elif a_ok != p_ok:
        reason = "only one side succeeded"
    elif active.key[0] != passive.key[0]:
        reason = "a legendary result beats a success" if a_ok else "a fumble loses to a failure"
    else:
        best, worst = max(active.margin, passive.margin), min(active.margin, passive.margin)
        if a_ok:
            reason = f"both succeeded; margin {best} beats {worst}"
        else:
            reason = f"both failed; missed by {-best} rather than {-worst}"
    return winner, reason


def contest(active: CheckRequest, passive: CheckRequest, dice: DiceSource, options: Options) -> ContestResult:
    a_roll, a_result = roll_check(check_target(active), dice, f"{active.actor.name}: {active.skill}", options)
    p_roll, p_result = roll_check(check_target(passive), dice, f"{passive.actor.name}: {passive.skill}", options)
    winner, reason = contest_winner(a_roll, p_roll)
    return ContestResult(a_result, p_result, winner, reason)


@dataclass(frozen=True)
class ContestOdds:
    active: float
    passive: float
    nobody: float


def contest_odds(active: CheckRequest, passive: CheckRequest, options: Options) -> ContestOdds:
    """Exact chances of each side winning a contest (no defender: equal results stand)."""
    face = stunt_face(options)
    a_dist = key_distribution(int(check_target(active).value), face)
    p_dist = key_distribution(int(check_target(passive).value), face)
    win = tie = 0.0
    for key, p in a_dist:
        below, equal = p_key_below(p_dist, key)
        win += p * below
        tie += p * equal
    return ContestOdds(active=win, passive=1.0 - win - tie, nobody=tie)


def legendary_or_fumble(outcome: Outcome) -> str:
    if outcome is Outcome.CRITICAL_SUCCESS:
        return " (legendary: automatic success)"
    if outcome is Outcome.CRITICAL_FAILURE:
        return " (fumble: automatic failure)"
    return ""
