"""Crisis healing: Medicine checks (self -2, no aids -2 that an asset cancels), dying patients, natural healing."""

from __future__ import annotations

from collections.abc import Sequence

from crisis_desktop.domain import Character, ItemKind
from crisis_desktop.rules.base import (
    Actor,
    AddCondition,
    CheckRequest,
    CheckResult,
    Effect,
    Options,
    Outcome,
    RemoveCondition,
    SetStatus,
    Term,
    Treatment,
    TurnEffects,
)
from crisis_desktop.rules.crisis import checks, stats, tables
from crisis_desktop.rules.kernel.dice import DiceSource

# Gear that counts as a healing aid: tagged so, or named like one.
AID_TAGS = frozenset({"healing_aid", "medkit", "medical"})
AID_WORDS = ("medkit", "medical kit", "first aid", "bandage")


def healing_aids(character: Character) -> list[str]:
    """Names of the character's healing aids (each distinct one is an asset)."""
    out = []
    for item in character.equipment:
        if item.kind is not ItemKind.GEAR or not item.equipped:
            continue
        name = item.name.lower()
        if AID_TAGS.intersection(item.tags) or any(word in name for word in AID_WORDS):
            out.append(item.name)
    return out


def medicine_terms(self_treatment: bool, aids: Sequence[str]) -> list[Term]:
    """Self-treatment -2; no healing aids -2; the first aid only cancels that, each further distinct one +1."""
    table = tables.healing()
    terms: list[Term] = []
    if self_treatment:
        terms.append(Term("treating oneself", table["self_treatment"]))
    distinct = list(dict.fromkeys(a.strip().lower() for a in aids))
    if not distinct:
        terms.append(Term("no healing aids", table["no_healing_aids"]))
    elif len(distinct) > 1:
        terms.append(Term("further healing aids", table["extra_aid"] * (len(distinct) - 1)))
    return terms


def medicine_request(healer: Actor, patient: Actor, modifiers: tuple[Term, ...] = (),
                     aids: Sequence[str] | None = None) -> CheckRequest:
    found = healing_aids(healer.character) if aids is None else list(aids)
    terms = medicine_terms(healer.character.id == patient.character.id, found)
    return CheckRequest(healer, "medicine", tables.healing()["medicine_difficulty"], (*terms, *modifiers))


def heal(healer: Actor, patient: Actor, dice: DiceSource, options: Options,
         modifiers: tuple[Term, ...] = (), aids: Sequence[str] | None = None) -> tuple[CheckResult, TurnEffects]:
    """A Medicine check on a patient. Success: a dying patient is stabilised (incapacitated 10 rounds); otherwise
    1 wound plus 1 per Extra heals, lethal wounds first, each point left over healing 2 non-lethal."""
    result = checks.check(medicine_request(healer, patient, modifiers, aids), dice, options)
    c = patient.character
    effects: list[Effect] = []
    notes: list[str] = []
    if not result.outcome.succeeded:
        notes.append(f"{healer.name} fails to help {patient.name}")
        return result, TurnEffects((), tuple(notes))
    table = tables.healing()
    if c.has_condition("dying"):
        rounds = table["dying_stabilised_rounds"]
        effects += [RemoveCondition(c.id, "dying"), AddCondition(c.id, "incapacitated", rounds)]
        notes.append(f"{patient.name} is no longer dying but stays incapacitated for {rounds} rounds")
        return result, TurnEffects(tuple(effects), tuple(notes))
    points = 1 + result.degree
    wounds, nonlethal = stats.wounds(c), stats.nonlethal(c)
    healed_wounds = min(points, wounds)
    points -= healed_wounds
    healed_nonlethal = min(nonlethal, points * table["nonlethal_factor"])
    if healed_wounds:
        effects.append(SetStatus(c.id, "wounds", wounds - healed_wounds))
    if healed_nonlethal:
        effects.append(SetStatus(c.id, "nonlethal", nonlethal - healed_nonlethal))
    notes.append(f"{patient.name} recovers {healed_wounds} wound(s) and {healed_nonlethal} non-lethal damage")
    return result, TurnEffects(tuple(effects), tuple(notes))


def natural_modifiers() -> dict[str, Term]:
    return {row["key"]: Term(row["label"], row["modifier"]) for row in tables.healing()["natural"]}


def natural_healing(patient: Actor, dice: DiceSource, options: Options,
                    circumstances: Sequence[str] = ()) -> tuple[CheckResult, TurnEffects]:
    """The daily Body roll: success heals 1 wound, a critical failure adds one, a failure does nothing.
    `circumstances` are keys of the natural healing table (rough_travel, doctor, hospital...)."""
    table = natural_modifiers()
    unknown = [k for k in circumstances if k not in table]
    if unknown:
        raise KeyError(f"unknown natural healing circumstance(s): {', '.join(unknown)}; known: {', '.join(table)}")
    request = CheckRequest(patient, "body", tables.healing()["natural_difficulty"],
                           tuple(table[k] for k in circumstances))
    result = checks.check(request, dice, options)
    c = patient.character
    wounds = stats.wounds(c)
    if result.outcome.succeeded and wounds:
        return result, TurnEffects((SetStatus(c.id, "wounds", wounds - 1),), (f"{patient.name} heals 1 wound",))
    if result.outcome is Outcome.CRITICAL_FAILURE:
        return result, TurnEffects((SetStatus(c.id, "wounds", wounds + 1),),
                                   (f"{patient.name} gets worse: 1 more wound",))
    return result, TurnEffects((), (f"{patient.name} does not heal today",))


HOUR, DAY, NO_CIRCUMSTANCE = "hour_rest", "day_rest", "none"
BETWEEN_FIGHTS = "between fights: end the encounter first"


def rest_treatments(patient: Actor, *, fighting: bool) -> list[Treatment]:
    """Between fights: an hour (a non-lethal wound heals by itself) and a day (the daily Body roll of natural
    healing, with the circumstance the GM picks from the rules' table), each with the reason it cannot be given."""
    c, name = patient.character, patient.name
    table = tables.healing()
    circumstances = ((NO_CIRCUMSTANCE, "No circumstance (DL 4, no modifier)"),
                     *((row["key"], f"{row['label']} ({row['modifier']:+d})") for row in table["natural"]))
    hour = "" if stats.nonlethal(c) else f"{name} has no non-lethal damage"
    day = "" if stats.wounds(c) or c.has_condition("incapacitated") else f"{name} has no wound to heal"
    return [Treatment(HOUR, "An hour of rest", "Every hour one non-lethal wound heals by itself.", healer=False,
                      reason=BETWEEN_FIGHTS if fighting else hour),
            Treatment(DAY, "A day of natural healing", f"The daily Body roll at DL {table['natural_difficulty']}: a "
                      "success heals 1 wound, a critical failure adds one, a failure does nothing.", healer=False,
                      rolls=True, choices=circumstances, reason=BETWEEN_FIGHTS if fighting else day)]


def hourly_recovery(patient: Actor) -> TurnEffects:
    """Every hour one non-lethal wound heals by itself."""
    c = patient.character
    nonlethal = stats.nonlethal(c)
    if not nonlethal:
        return TurnEffects()
    return TurnEffects((SetStatus(c.id, "nonlethal", nonlethal - 1),), (f"{patient.name} recovers 1 non-lethal",))
