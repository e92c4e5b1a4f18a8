"""Genesys checks: the pool from characteristic and rank, the difficulty and its upgrades, boost and setback dice
(what conditions and critical injuries add, by themselves); rolled with cancellation, priced exactly; opposed
checks."""

from __future__ import annotations

from collections.abc import Mapping

from crisis_desktop.domain import Character, StatValue
from crisis_desktop.rules.base import (
    Actor,
    CheckOdds,
    CheckRequest,
    CheckResult,
    ContestResult,
    Effect,
    Explained,
    FieldKind,
    FieldSpec,
    Options,
    Outcome,
    SetResource,
)
from crisis_desktop.rules.genesys import narrative, stats, story, tables
from crisis_desktop.rules.genesys.custom_skills import custom_skills
from crisis_desktop.rules.genesys.narrative import FAILURE, SUCCESS, Pool, Rolled
from crisis_desktop.rules.kernel.dice import DiceSource
from crisis_desktop.rules.kernel.tally import Tally

NO_OPTIONS: Options = {}         # a check outside a campaign: no skills of the GM's own
INPUTS = ("upgrade_difficulty", "upgrade_ability", "boost", "setback", *story.INPUTS)
# Dice an earlier roll left on a combatant's next check (advantage or threat spent on it, an Off balance or Stinger
# injury), as combatant resources: what each adds, and how it reads in the pool's steps.
NEXT_CHECK: dict[str, tuple[str, str]] = {
    "next_boost": ("boost", "boost die"), "next_setback": ("setback", "setback die"),
    "next_difficulty": ("difficulty", "difficulty die"), "next_upgrade_ability": ("upgrade ability", "upgrade"),
    "next_upgrade_difficulty": ("upgrade difficulty", "difficulty upgrade"),
}


def check_inputs() -> list[FieldSpec]:
    names = ", ".join(f"{n} {i}" for i, n in enumerate(tables.difficulty_names()))
    return [
        FieldSpec("difficulty", "Difficulty", FieldKind.INT, "Check", 2, 0, 5,
                  help=f"Difficulty dice: {names}"),
        FieldSpec("upgrade_difficulty", "Upgrade difficulty", FieldKind.INT, "Check", 0, 0, 5,
                  help="Each turns a difficulty die into a challenge die (adds a difficulty die when none is left)"),
        FieldSpec("upgrade_ability", "Upgrade ability", FieldKind.INT, "Check", 0, 0, 5,
                  help="Each turns an ability die into a proficiency die (adds an ability die when none is left)"),
        FieldSpec("boost", "Boost dice", FieldKind.INT, "Check", 0, 0, 6, help="Helpful circumstances"),
        FieldSpec("setback", "Setback dice", FieldKind.INT, "Check", 0, 0, 6, help="Hindering circumstances"),
    ]


def request_from(actor: Actor, skill: str, inputs: Mapping[str, StatValue]) -> CheckRequest:
    values = dict(inputs)
    difficulty = values.pop("difficulty", 2)
    if isinstance(difficulty, bool) or not isinstance(difficulty, int):
        raise ValueError(f"The difficulty must be a whole number of dice, not {difficulty!r}")
    unknown = sorted(set(values) - set(INPUTS))
    if unknown:
        raise ValueError(f"Genesys checks have no input {', '.join(unknown)}")
    return CheckRequest(actor, skill, difficulty, inputs=values)


def characteristic_of(skill: str, options: Options = NO_OPTIONS) -> str:
    """The characteristic a check of `skill` rolls with (a characteristic rolls with itself; a skill of the GM's own
    with the one it is based on, from the campaign's `options`)."""
    if skill in stats.characteristic_keys():
        return skill
    found = tables.skills().get(skill) or custom_skills(options).get(skill)
    if found is None:
        raise KeyError(f"Genesys has no skill or characteristic {skill!r}")
    return found.characteristic


def skill_label(skill: str, options: Options = NO_OPTIONS) -> str:
    own = custom_skills(options).get(skill)
    return own.name if own is not None else stats.label(skill)


def base_pool(character: Character, skill: str, options: Options = NO_OPTIONS) -> Pool:
    """Green and yellow dice from the characteristic and the rank."""
    key = characteristic_of(skill, options)
    value = stats.characteristic(character, key)
    if skill == key:
        return narrative.skill_pool(value, 0, f"{stats.label(key)} {value}")
    rank = stats.rank(character, skill)
    return narrative.skill_pool(value, rank, f"{stats.label(key)} {value}, {skill_label(skill, options)} {rank}")


def own_modifiers(pool: Pool, character: Character, skill: str, options: Options = NO_OPTIONS) -> Pool:
    """What the character's own state adds to every check it makes: disoriented, and its critical injuries."""
    if character.has_condition("disoriented"):
        pool = pool.add("setback", 1, "disoriented")
    key = characteristic_of(skill, options)
    for carried in stats.active_criticals(character):
        effect = carried.row.checks
        name = carried.row.name
        if effect.characteristics and key not in effect.characteristics:
            continue
        pool = pool.add("setback", effect.setback, name)
        pool = pool.add("difficulty", effect.difficulty, name)
        upgrades = dict(effect.skill_upgrade).get(skill, effect.upgrade)
        pool = pool.upgrade_difficulty(upgrades, name)
    return pool


def next_check(actor: Actor) -> dict[str, int]:
    """The dice waiting on the actor's next check, by resource key (only those there)."""
    combatant = actor.combatant
    if combatant is None:
        return {}
    found = {key: combatant.resources.get(key, 0) for key in NEXT_CHECK}
    return {key: int(n) for key, n in found.items() if isinstance(n, int | float) and not isinstance(n, bool) and n}


def with_next_check(pool: Pool, actor: Actor) -> Pool:
    """The pool with the dice waiting on the actor's next check."""
    for key, n in next_check(actor).items():
        what, _ = NEXT_CHECK[key]
        why = "left on this check by an earlier roll"
        if what == "upgrade ability":
            pool = pool.upgrade_ability(n, why)
        elif what == "upgrade difficulty":
            pool = pool.upgrade_difficulty(n, why)
        else:
            pool = pool.add(what, n, why)
    return pool


def next_check_used(actor: Actor) -> list[Effect]:
    """The dice waiting on the actor's next check are used up by this one."""
    combatant = actor.combatant
    return [SetResource(combatant.id, key, 0) for key in next_check(actor)] if combatant is not None else []


def next_check_text(actor: Actor) -> str:
    """'+1 boost die, +1 difficulty upgrade' waiting on the next check; empty when none."""
    return ", ".join(f"+{n} {NEXT_CHECK[key][1]}{'s' if n != 1 else ''}" for key, n in next_check(actor).items())


def no_boost(pool: Pool, character: Character) -> Pool:
    """Senses scattered: no boost dice at all, whatever added them (applied last)."""
    blocked = next((c.row.name for c in stats.active_criticals(character) if c.row.checks.no_boost), None)
    return pool.add("boost", -pool.boost, blocked) if blocked and pool.boost else pool


def _int_input(request: CheckRequest, key: str) -> int:
    value = request.inputs.get(key, 0)
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def check_pool(request: CheckRequest, options: Options = NO_OPTIONS) -> Pool:
    character = request.actor.character
    name = tables.difficulty_name(request.difficulty)
    pool = narrative.difficulty_pool(base_pool(character, request.skill, options), request.difficulty, name)
    pool = pool.upgrade_ability(_int_input(request, "upgrade_ability"), "GM")
    pool = pool.upgrade_difficulty(_int_input(request, "upgrade_difficulty"), "GM")
    pool = pool.add("boost", _int_input(request, "boost"), "GM").add("setback", _int_input(request, "setback"), "GM")
    pool = story.upgraded(pool, request.inputs)
    pool = with_next_check(pool, request.actor)
    return no_boost(own_modifiers(pool, character, request.skill, options), character)


def net_successes(shown: Tally, label: str = "successes") -> Explained:
    """Successes less failures, the failures left out when there are none."""
    terms = [(label, shown.get(SUCCESS))] + ([("failures", -shown.get(FAILURE))] if shown.get(FAILURE) else [])
    return Explained.of(*terms)


def result(rolled: Rolled, pool: Pool) -> CheckResult:
    """A rolled pool as a check's result: the net successes with their two terms, one needed."""
    shown = rolled.shown
    total = net_successes(shown)
    outcome = Outcome.SUCCESS if rolled.succeeded else Outcome.FAILURE
    return CheckResult(total, Explained.of(("one net success", 1)), outcome, rolled.net_successes, rolled.dice,
                       tally=rolled.net, symbol_names=narrative.symbol_names())


def roll_check(pool: Pool, dice: DiceSource, label: str) -> tuple[CheckResult, Rolled]:
    rolled = narrative.roll(pool, dice, label)
    return result(rolled, pool), rolled


def check(request: CheckRequest, dice: DiceSource, options: Options) -> CheckResult:
    return roll_check(check_pool(request, options), dice,
                      f"{request.actor.name}: {skill_label(request.skill, options)}")[0]


def odds_of(pool: Pool) -> CheckOdds:
    found = narrative.pool_odds(pool)
    success = narrative.success_chance(found)
    return CheckOdds({Outcome.SUCCESS: success, Outcome.FAILURE: 1.0 - success}, found.net(SUCCESS), found)


def check_odds(request: CheckRequest, options: Options) -> CheckOdds:
    return odds_of(check_pool(request, options))


def opposed_pool(active: CheckRequest, passive: CheckRequest, options: Options = NO_OPTIONS) -> Pool:
    """An opposed check: the active side's pool against difficulty dice from the other side's characteristic and
    rank (purple as the higher of the two, of which the lower are upgraded to red)."""
    them = base_pool(passive.actor.character, passive.skill, options)
    pool = base_pool(active.actor.character, active.skill, options)
    why = f"opposed by {passive.actor.name}"
    pool = pool.add("difficulty", them.ability, why).add("challenge", them.proficiency, why)
    pool = pool.add("boost", _int_input(active, "boost"), "GM").add("setback", _int_input(active, "setback"), "GM")
    return no_boost(own_modifiers(pool, active.actor.character, active.skill, options), active.actor.character)


def contest(active: CheckRequest, passive: CheckRequest, dice: DiceSource, options: Options) -> ContestResult:
    """One roll of the active side against the passive side's skill as difficulty: a success wins."""
    pool = opposed_pool(active, passive, options)
    mine, _ = roll_check(pool, dice, f"{active.actor.name}: {skill_label(active.skill, options)}")
    theirs = CheckResult(Explained.of(("opposing pool", 0)), Explained.of(("one net success", 1)),
                         Outcome.FAILURE if mine.outcome.succeeded else Outcome.SUCCESS, -mine.degree, ())
    winner = "active" if mine.outcome.succeeded else "passive"
    return ContestResult(mine, theirs, winner, f"{pool.describe()}: {mine.describe()}")
