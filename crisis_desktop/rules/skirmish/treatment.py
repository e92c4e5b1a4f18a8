"""Between and after fights: death checks while dying, Stabilization (bleeding), Trauma treatment (a critical wound),
a watch's rest and a camp."""

from __future__ import annotations

from crisis_desktop.rules.base import (
    Actor,
    AddCondition,
    CheckRequest,
    CheckResult,
    Effect,
    Explained,
    Options,
    Outcome,
    RemoveCondition,
    SetStatus,
    Term,
    Treatment,
    TurnEffects,
)
from crisis_desktop.rules.kernel.dice import DiceSource, DieRoll
from crisis_desktop.rules.skirmish import checks, sheet, wounds
from crisis_desktop.rules.skirmish.options import option

MEDICAL_DIFFICULTY = 15
DEATH_CHECK_TARGET = 15
PARTIAL = 5


def _count(patient: Actor, key: str) -> int:
    value = patient.character.status.get(key, 0)
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def death_passes(total: int, options: Options) -> bool:
    """d20 + stamina against 15: `gte` passes on 15 (the default), `gt` must beat it."""
    if option(options, "death_check_success") == "gt":
        return total > DEATH_CHECK_TARGET
    return total >= DEATH_CHECK_TARGET


def critical_choices(patient: Actor) -> tuple[tuple[str, str], ...]:
    return tuple((loc, wounds.wound_row(loc, "critical")["name"]) for loc in sheet.LOCATIONS
                 if sheet.wound(patient.character, loc) == "critical")


def treatments(patient: Actor, options: Options, *, fighting: bool) -> list[Treatment]:
    c = patient.character
    s = wounds.standing(c)
    name = patient.name
    later = "given during a rest, after the fight" if fighting else ""
    dying = "" if s.dying else f"{name} is not dying"
    stab = "" if s.bleeding and not s.dead else f"{name} is not bleeding"
    if not stab and c.status.get("stabilization_barred") is True:
        stab = f"A Stabilization failed on {name}: no medical check can stabilize this patient"
    crits = critical_choices(patient)
    trauma = "" if crits else f"{name} has no critical wound to treat"
    rest = "" if sheet.fatigue(c) else f"{name} has no Fatigue"
    if not rest and s.bleeding:
        rest = f"{name} is bleeding: stabilize first"
    if not rest and s.dead:
        rest = f"{name} is dead"
    return [
        Treatment("death_check", "Death check", "Each watch while dying: d20 + Stamina against 15; three failures "
                  "kill.", healer=False, rolls=True, reason=dying or later),
        Treatment("stabilization", "Stabilization", "COG + Stabilization against 15 during a rest: the bleeding "
                  "stops. Within 5: try again next watch; worse: nobody can stabilize this patient.", rolls=True,
                  reason=stab or later),
        Treatment("trauma_treatment", "Trauma treatment", "COG + Trauma treatment against 15 during a camp: one "
                  "critical wound heals; a failure costs the patient 1 pain.", rolls=True, choices=crits,
                  reason=trauma or later),
        Treatment("rest", "Rest a watch", "+1 Stamina (1 Fatigue less).", healer=False, reason=rest or later),
        Treatment("camp", "Camp (three watches)", "All Stamina back.", healer=False, reason=rest or later),
    ]


def _medical(healer: Actor, skill: str, dice: DiceSource, options: Options) -> CheckResult:
    return checks.check(CheckRequest(healer, skill, MEDICAL_DIFFICULTY), dice, options)


def treat(key: str, healer: Actor, patient: Actor, dice: DiceSource, options: Options,
          choice: str | None = None) -> tuple[CheckResult | None, TurnEffects]:
    found = next((t for t in treatments(patient, options, fighting=False) if t.key == key), None)
    if found is None:
        raise ValueError(f"The skirmish rules have no treatment {key!r}")
    if not found.allowed:
        raise ValueError(found.reason)
    c = patient.character
    if key == "death_check":
        return death_check(patient, dice, options)
    if key == "stabilization":
        result = _medical(healer, "stabilization", dice, options)
        if result.outcome is Outcome.SUCCESS:
            effects: list[Effect] = [RemoveCondition(c.id, "bleeding"), SetStatus(c.id, "death_checks", 0),
                                     SetStatus(c.id, "death_failures", 0)]
            return result, TurnEffects(tuple(effects), (f"{healer.name} stabilizes {patient.name}: the bleeding "
                                                        "stops at the end of the rest",))
        if result.degree > -PARTIAL:
            return result, TurnEffects((), (f"A partial failure: {healer.name} may try again next watch",))
        return result, TurnEffects((SetStatus(c.id, "stabilization_barred", True),),
                                   (f"{healer.name} fails: no medical check can stabilize {patient.name} now",))
    if key == "trauma_treatment":
        options_ = dict(found.choices)
        loc = choice if choice in options_ else (found.choices[0][0] if len(found.choices) == 1 else None)
        if loc is None:
            raise ValueError(f"Pick the wound to treat: {', '.join(options_.values())}")
        result = _medical(healer, "trauma_treatment", dice, options)
        if result.outcome is Outcome.SUCCESS:
            return result, TurnEffects((SetStatus(c.id, f"wound_{loc}", "none"),),
                                       (f"{healer.name} treats {patient.name}'s {options_[loc].lower()}: healed",))
        after = sheet.fatigue(c) + 1
        return result, TurnEffects((SetStatus(c.id, "fatigue", after),),
                                   (f"The treatment fails: {patient.name} takes 1 pain (Fatigue {after})",))
    if key == "rest":
        return None, TurnEffects((SetStatus(c.id, "fatigue", sheet.fatigue(c) - 1),),
                                 (f"{patient.name} rests a watch: +1 Stamina",))
    return None, TurnEffects((SetStatus(c.id, "fatigue", 0),), (f"{patient.name} camps: all Stamina back",))


def death_check(patient: Actor, dice: DiceSource, options: Options) -> tuple[CheckResult, TurnEffects]:
    """d20 + current Stamina against 15 (a natural 20 passes, a natural 1 fails); three failures kill. Under
    `death_check_survivor` stable, a patient who has made three checks without failing them all is stable."""
    c = patient.character
    stamina = int(sheet.stamina(c).value)
    face = dice.roll(20, f"{patient.name}: death check")
    total = Explained((face + stamina), (Term("d20", face), Term("Stamina", stamina)))
    passed = face == 20 or (face != 1 and death_passes(int(total.value), options))
    made, failed = _count(patient, "death_checks") + 1, _count(patient, "death_failures") + (not passed)
    result = CheckResult(total, Explained.of(("death check", DEATH_CHECK_TARGET)),
                         Outcome.SUCCESS if passed else Outcome.FAILURE, int(total.value) - DEATH_CHECK_TARGET,
                         (DieRoll(20, face, f"{patient.name}: death check"),))
    effects: list[Effect] = [SetStatus(c.id, "death_checks", made), SetStatus(c.id, "death_failures", failed)]
    notes = [f"{patient.name}'s death check: {total.value:g} against 15, {'passed' if passed else 'failed'} "
             f"({failed} failed of {made})"]
    if failed >= 3:
        effects.append(AddCondition(c.id, "dead"))
        notes.append(f"{patient.name} dies")
    elif made >= 3 and option(options, "death_check_survivor") == "stable":
        effects += [RemoveCondition(c.id, "bleeding"), SetStatus(c.id, "death_checks", 0),
                    SetStatus(c.id, "death_failures", 0)]
        notes.append(f"{patient.name} has survived three death checks and is stable")
    return result, TurnEffects(tuple(effects), tuple(notes))
