"""Genesys healing: Medicine checks by wounds against the threshold (once per patient and encounter), Medicine on a
critical injury at its severity, a night's rest, the weekly Resilience check, and strain recovered after a fight; the
treatments a GM is offered, with why each cannot be given now."""

from __future__ import annotations

from crisis_desktop.domain import Character, ItemKind
from crisis_desktop.rules.base import (
    Actor,
    CheckRequest,
    CheckResult,
    Effect,
    Options,
    RemoveCondition,
    SetResource,
    SetStatus,
    Term,
    Treatment,
    TurnEffects,
)
from crisis_desktop.rules.genesys import actions, checks, sheet, stats, tables, talents
from crisis_desktop.rules.genesys.narrative import ADVANTAGE, Pool
from crisis_desktop.rules.kernel.dice import DiceSource

KIT_TAGS = frozenset({"medkit", "medical"})


def has_kit(character: Character) -> bool:
    return any(KIT_TAGS.intersection(i.tags) or "medkit" in i.name.lower()
               for i in stats.equipped(character, ItemKind.GEAR))


def wound_difficulty(patient: Character) -> tuple[int, str]:
    """Easy while the wounds are at most half the threshold, Average above half, Hard above the threshold."""
    wounds, threshold = stats.wounds(patient), sheet.wound_threshold(patient).value
    rows = tables.healing()["medicine"]
    row = rows[2] if wounds > threshold else rows[1] if wounds * 2 > threshold else rows[0]
    return int(row["difficulty"]), f"{row['text']} ({wounds} of {threshold:g})"


def medicine_pool(healer: Actor, patient: Actor, difficulty: int, why: str) -> Pool:
    """A Medicine check: +2 difficulty treating oneself, +1 without a medkit."""
    table = tables.healing()
    request = CheckRequest(healer, "medicine", 0)
    pool = checks.check_pool(request).add("difficulty", difficulty, why)
    if healer.character.id == patient.character.id:
        pool = pool.add("difficulty", int(table["self_difficulty"]), "treating oneself")
    if not has_kit(healer.character):
        pool = pool.add("difficulty", int(table["no_kit_difficulty"]), "no medkit")
    return pool


def heal(healer: Actor, patient: Actor, dice: DiceSource, options: Options,
         modifiers: tuple[Term, ...] = ()) -> tuple[CheckResult, TurnEffects]:
    """A Medicine check on a patient's wounds: each net success heals a wound, each advantage a strain. Once per
    patient and encounter (ValueError when it was treated already)."""
    if patient.combatant is not None and patient.combatant.resources.get("medicine_treated"):
        raise ValueError(f"{patient.name} has had a Medicine check this encounter already")
    difficulty, why = wound_difficulty(patient.character)
    pool = medicine_pool(healer, patient, difficulty, why)
    for term in modifiers:              # the GM's circumstances: a boost or setback die per point
        pool = pool.add("boost" if term.value > 0 else "setback", abs(int(term.value)), term.label)
    result, rolled = checks.roll_check(pool, dice, f"{healer.name}: Medicine on {patient.name}")
    c = patient.character
    effects: list[Effect] = checks.next_check_used(healer)      # dice left on the healer's next check: this one
    if patient.combatant is not None:
        effects.append(SetResource(patient.combatant.id, "medicine_treated", True))
    if not result.outcome.succeeded:
        return result, TurnEffects(tuple(effects), (f"{healer.name} fails to treat {patient.name} "
                                                    f"({pool.describe()})",))
    surgeon = talents.rank(healer.character, "surgeon") * talents.catalogue()["surgeon"].per_rank
    healed = min(rolled.net_successes + surgeon, stats.wounds(c))
    relieved = min(max(0, rolled.net.get(ADVANTAGE)), stats.strain(c)) if stats.tracks_strain(c) else 0
    effects.append(SetStatus(c.id, "wounds", stats.wounds(c) - healed))
    if relieved:
        effects.append(SetStatus(c.id, "strain", stats.strain(c) - relieved))
    note = f"{patient.name} heals {healed} wound{'s' if healed != 1 else ''}" + \
        (f" ({healer.name}'s Surgeon {surgeon // talents.catalogue()['surgeon'].per_rank}: +{surgeon})"
         if surgeon else "") + (f" and {relieved} strain" if relieved else "")
    return result, TurnEffects(tuple(effects), (note,))


def heal_critical(healer: Actor, patient: Actor, key: str, dice: DiceSource,
                  options: Options) -> tuple[CheckResult, TurnEffects]:
    """Medicine on one carried critical injury, at its severity (Easy to Daunting); success heals it. The rules allow
    one try per injury a week: that is for the GM to keep."""
    carried = stats.criticals(patient.character)
    found = next((c for c in carried if c.row.key == key), None)
    if found is None:
        raise ValueError(f"{patient.name} carries no critical injury {key!r}")
    severity = found.row.severity or 4
    pool = medicine_pool(healer, patient, severity, f"{found.row.name}, severity {severity}")
    result, _ = checks.roll_check(pool, dice, f"{healer.name}: Medicine on {patient.name}'s {found.row.name}")
    if not result.outcome.succeeded:
        return result, TurnEffects((), (f"{found.row.name} is not healed; the next try is in a week",))
    return result, TurnEffects(_without(patient.character, found), (f"{patient.name}'s {found.row.name} heals",))


def _without(c: Character, injury: stats.Carried) -> tuple[Effect, ...]:
    """The injury gone from the list, and the condition it brought with it."""
    carried = stats.criticals(c)
    carried.remove(injury)
    effects: list[Effect] = [SetStatus(c.id, "criticals", stats.criticals_text(carried))]
    condition = injury.row.condition
    still = any(other.row.condition == condition for other in carried if not other.lapsed)
    if condition and c.has_condition(condition) and not still and condition != "prone":
        effects.append(RemoveCondition(c.id, condition))
    return tuple(effects)


def night_rest(patient: Actor, options: Options) -> TurnEffects:
    """A night's rest: 1 wound heals, all strain goes, and the day's stimpacks count from nothing again."""
    c = patient.character
    per_night = int(tables.healing()["natural_wounds_per_night"])
    healed = min(per_night, stats.wounds(c))
    effects: list[Effect] = [SetStatus(c.id, "wounds", stats.wounds(c) - healed), SetStatus(c.id, "strain", 0),
                             SetStatus(c.id, "stimpacks", 0)]
    return TurnEffects(tuple(effects), (f"{patient.name} rests: {healed} wound healed, strain gone",))


def weekly_resilience(patient: Actor, dice: DiceSource, options: Options) -> tuple[CheckResult, TurnEffects]:
    """Once a week a Resilience check at the severity of the worst injury carried: success heals it, a triumph one
    more."""
    carried = stats.criticals(patient.character)
    if not carried:
        raise ValueError(f"{patient.name} carries no critical injury")
    worst = max(carried, key=lambda c: c.row.severity or 4)
    severity = worst.row.severity or 4
    pool = checks.check_pool(CheckRequest(patient, "resilience", severity))
    result, rolled = checks.roll_check(pool, dice, f"{patient.name}: Resilience against {worst.row.name}")
    if not result.outcome.succeeded:
        return result, TurnEffects((), (f"{worst.row.name} does not heal this week",))
    healed = [worst] + [c for c in carried if c is not worst][: rolled.net.get("triumph")]
    left = [c for c in carried if all(c is not h for h in healed)]
    return result, TurnEffects((SetStatus(patient.character.id, "criticals", stats.criticals_text(left)),),
                               tuple(f"{injury.row.name} heals" for injury in healed))


def recover_strain(actor: Actor, dice: DiceSource, options: Options,
                   skill: str = "discipline") -> tuple[CheckResult, TurnEffects]:
    """After an encounter: a Simple Cool or Discipline check; each net success takes away 1 strain."""
    allowed = tables.healing()["strain_recovery_skills"]
    if skill not in allowed:
        raise ValueError(f"Strain is recovered with {' or '.join(s.capitalize() for s in allowed)}, not {skill}")
    c = actor.character
    pool = checks.check_pool(CheckRequest(actor, skill, int(tables.healing()["strain_recovery_difficulty"])))
    result, rolled = checks.roll_check(pool, dice, f"{actor.name}: {skill.capitalize()} to recover strain")
    recovered = min(max(0, rolled.net_successes), stats.strain(c))
    effects = (SetStatus(c.id, "strain", stats.strain(c) - recovered),) if recovered else ()
    return result, TurnEffects(effects, (f"{actor.name} recovers {recovered} strain",))


# -- the treatments a GM is offered -------------------------------------------------------------------------------
MEDICINE, STIMPACK = "first_aid", "stimpack"            # the fight's action and maneuver of those keys
CRITICAL, NIGHT, RESILIENCE, STRAIN = "heal_critical", "night_rest", "weekly_resilience", "recover_strain"
NOT_IN_A_FIGHT = "not during a fight: end the encounter first"


def treatments(patient: Actor, options: Options, *, fighting: bool) -> list[Treatment]:
    """Medicine and a stimpack, in a fight as the action and the maneuver of whoever gives them, engaged with the
    patient, and after it; between fights Medicine on a critical injury, a night's rest, the weekly Resilience check
    and strain recovered after the encounter."""
    c, name = patient.character, patient.name
    wounds, carried = stats.wounds(c), stats.criticals(c)
    injuries = tuple(dict.fromkeys((i.row.key, f"{i.row.name} (severity {i.row.severity or 4})") for i in carried))
    treated = patient.combatant is not None and bool(patient.combatant.resources.get("medicine_treated"))
    used = stats.int_value(c.status.get("stimpacks"))
    reach = actions.ENGAGED if fighting else None         # after the fight there is time to walk over
    skills = tuple((key, key.capitalize()) for key in tables.healing()["strain_recovery_skills"])

    def between(*more: tuple[bool, str]) -> str:
        return NOT_IN_A_FIGHT if fighting else next((why for failed, why in more if failed), "")

    return [
        Treatment(MEDICINE, "Medicine", "A Medicine check on the patient's wounds (in a fight the healer's action, "
                  "engaged with the patient): each net success heals a wound, each advantage a strain; once per "
                  "patient and encounter, the care after the fight included.",
                  action_key=MEDICINE if fighting else None, rolls=True, reach=reach,
                  reason=(f"{name} has had a Medicine check this encounter already" if treated else "")
                  or (f"{name} has no wounds" if not wounds else "")),
        Treatment(STIMPACK, "Stimpack", "One of the healer's stimpacks (in a fight a maneuver, on itself or an "
                  "engaged patient): heals 5 wounds, then 4, 3, 2, 1 for each further one within a day.",
                  action_key=STIMPACK if fighting else None, reach=reach,
                  reason=(f"{name} has no wounds" if not wounds else "")
                  or (f"{name} has used {used} stimpacks today: another heals nothing"
                      if not actions.stimpack_heal(used) else "")),
        Treatment(CRITICAL, "Medicine on a critical injury", "A Medicine check at the injury's severity; success "
                  "heals it. One try per injury a week.", rolls=True, choices=injuries,
                  reason=between((not carried, f"{name} carries no critical injury"))),
        Treatment(NIGHT, "A night's rest", "1 wound heals, all strain goes, the day's stimpacks count from nothing.",
                  healer=False, reason=between((not (wounds or stats.strain(c) or used),
                                                f"{name} has no wounds, strain or stimpacks to rest off"))),
        Treatment(RESILIENCE, "Weekly Resilience check", "At the severity of the worst injury carried: success heals "
                  "it, a triumph one more.", healer=False, rolls=True,
                  reason=between((not carried, f"{name} carries no critical injury"))),
        Treatment(STRAIN, "Recover strain after the encounter", "A Simple Cool or Discipline check: each net "
                  "success takes away 1 strain.", healer=False, rolls=True, choices=skills,
                  reason=between((not stats.tracks_strain(c), f"{name} takes strain as wounds"),
                                 (not stats.strain(c), f"{name} has no strain"))),
    ]


def treat(key: str, healer: Actor, patient: Actor, dice: DiceSource, options: Options,
          choice: str | None = None) -> tuple[CheckResult | None, TurnEffects]:
    """A treatment between fights, or a stimpack in one (its maneuver is charged by whoever gives it; the fight's
    Medicine is `heal`)."""
    if key == MEDICINE:
        return heal(healer, patient, dice, options)
    if key == STIMPACK:
        return None, actions.use_stimpack(healer, patient)
    if key == CRITICAL:
        if choice is None:
            raise ValueError(f"Which of {patient.name}'s critical injuries?")
        return heal_critical(healer, patient, choice, dice, options)
    if key == NIGHT:
        return None, night_rest(patient, options)
    if key == RESILIENCE:
        return weekly_resilience(patient, dice, options)
    if key == STRAIN:
        return recover_strain(patient, dice, options, choice or "discipline")
    raise ValueError(f"Genesys has no treatment {key!r}")
