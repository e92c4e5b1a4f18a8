"""Healing: 1 Health per day of rest, plus a Science (Medicine) check translated into a Difficulty Level."""

from __future__ import annotations

from crisis_desktop.rules.base import (
    Actor,
    CheckResult,
    Explained,
    Options,
    Outcome,
    SetStatus,
    Term,
    Treatment,
    TurnEffects,
)
from crisis_desktop.rules.crisis_classic import sheet, tables
from crisis_desktop.rules.crisis_classic.checks import roll_check
from crisis_desktop.rules.crisis_classic.options import option
from crisis_desktop.rules.crisis_classic.turns import restore_endurance
from crisis_desktop.rules.kernel.dice import DiceSource

NATURAL_HEALING = 1


def extra_healing(result: CheckResult, options: Options) -> int:
    """The Medicine result as extra Health: see the rule option healing_translation."""
    if result.outcome is Outcome.CRITICAL_FAILURE:
        return 0
    if option(options, "healing_translation") == "margin":
        return max(0, result.degree) if result.outcome is not Outcome.CRITICAL_SUCCESS else max(1, result.degree)
    if result.outcome is Outcome.CRITICAL_SUCCESS:
        return tables.HIGHEST_DL
    # The roll passes Difficulty Level d when total <= target + change(d); the hardest such d is the result.
    passed = [row.level for row in tables.difficulty_table() if result.total.value <= result.target.value
              + row.target_change]
    return max(passed, default=0)


def medicine_target(healer: Actor, modifiers: tuple[Term, ...]) -> Explained:
    c = healer.character
    terms = sheet.skill_terms(c, "science") + list(modifiers) + sheet.condition_terms(c)
    return Explained.of(*terms)


def heal(healer: Actor, patient: Actor, dice: DiceSource, options: Options,
         modifiers: tuple[Term, ...] = ()) -> tuple[CheckResult, TurnEffects]:
    """One day of rest with medical care: 1 natural + the Medicine check's Difficulty Level."""
    _, result = roll_check(medicine_target(healer, modifiers), dice, f"{healer.name}: Science (Medicine)", options)
    extra = extra_healing(result, options)
    return result, _healed(patient, Explained.of(("natural healing", NATURAL_HEALING), ("Medicine check", extra)))


def natural_healing(patient: Actor) -> TurnEffects:
    """One day of rest without care: 1 Health."""
    return _healed(patient, Explained.of(("natural healing", NATURAL_HEALING)))


def _healed(patient: Actor, amount: Explained) -> TurnEffects:
    c = patient.character
    damage = sheet.status(c, "health_damage")
    healed = min(damage, int(amount.value))
    note = f"{c.name} heals {healed} Health ({amount.explain()})"
    if healed < amount.value:
        note += f"; only {damage} was missing"
    return TurnEffects((SetStatus(c.id, "health_damage", damage - healed),), (note,))


def full_rest(patient: Actor) -> TurnEffects:
    """A 10 minute break restores all Endurance."""
    notes: list[str] = []
    effects = restore_endurance(patient, sheet.status(patient.character, "endurance_damage"), notes)
    return TurnEffects(tuple(effects), tuple(notes))


def adrenalin_shot(patient: Actor) -> TurnEffects:
    """+15 Endurance at once (the 1 AP is spent by the user's Adrenalin Shot action)."""
    amount = tables.action_by_key()["adrenalin_shot"].restores_endurance
    notes: list[str] = []
    effects = restore_endurance(patient, amount, notes)
    return TurnEffects(tuple(effects), tuple(notes))


# -- the treatments a GM is offered -------------------------------------------------------------------------------

ADRENALIN, MEDICINE_REST, REST, BREAK = "adrenalin_shot", "medicine_rest", "rest_day", "short_break"
NOT_IN_A_FIGHT = "not during a fight: end the encounter first"


def treatments(patient: Actor, options: Options, *, fighting: bool) -> list[Treatment]:
    """In a fight an Adrenalin Shot, given by hand (the giver's action, 1 AP, next to the patient); between fights a
    day of rest with or without medical care and a 10 minute break."""
    c, name = patient.character, patient.name
    hurt = sheet.status(c, "health_damage") > 0
    tired = sheet.status(c, "endurance_damage") > 0
    shot = tables.action_by_key()[ADRENALIN]

    def between(why: str) -> str:
        return NOT_IN_A_FIGHT if fighting else why

    return [
        Treatment(ADRENALIN, shot.label, f"{shot.description} Given by hand: whoever gives it stands next to the "
                  f"patient and spends {shot.ap} AP.", action_key=ADRENALIN, reach=1,
                  reason=("" if fighting else "in a fight only, on the turn of whoever gives it")
                  or ("" if tired else f"{name} has all its Endurance")),
        Treatment(MEDICINE_REST, "A day of rest with medical care", "1 Health, and as many more as the Difficulty "
                  "Level the healer's Science (Medicine) check passes.", rolls=True,
                  reason=between("" if hurt else f"{name} has no Health to recover")),
        Treatment(REST, "A day of rest", "1 Health.", healer=False,
                  reason=between("" if hurt else f"{name} has no Health to recover")),
        Treatment(BREAK, "A 10 minute break", "All Endurance comes back.", healer=False,
                  reason=between("" if tired else f"{name} has all its Endurance")),
    ]
