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
    TurnEffects,
)
from crisis_desktop.rules.crisis_classic import sheet, tables
from crisis_desktop.rules.crisis_classic.checks import roll_check
from crisis_desktop.rules.crisis_classic.options import option
from crisis_desktop.rules.crisis_classic.turns import restore_endurance
from crisis_desktop.rules.dice import DiceSource

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
