"""Damage and its consequences: hit location, the multiplier by roll difference, damage past armour, pain added to
Fatigue, critical and supercritical wounds by location with the repeat rules, incapacitation, bleeding and dying."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from crisis_desktop.domain import Character, EquipmentItem
from crisis_desktop.rules.base import AddCondition, DamageResult, Effect, Explained, Options, SetStatus
from crisis_desktop.rules.kernel.dice import DiceSource, DieRoll
from crisis_desktop.rules.kernel.tables import load_table
from crisis_desktop.rules.skirmish import sheet
from crisis_desktop.rules.skirmish.options import number, option

PENETRATION_CAP = 6


def _table() -> dict[str, Any]:
    table: dict[str, Any] = load_table("skirmish", "damage")
    return table


def location_label(loc: str) -> str:
    return str(_table()["locations"][loc]["label"])


def wound_row(loc: str, severity: str) -> dict[str, Any]:
    row: dict[str, Any] = _table()["locations"][loc][severity]
    return row


def location_odds() -> dict[str, float]:
    """P(each hit location): d4, a 1 rolling again (1-2 head, 3-4 torso)."""
    out: dict[str, float] = {loc: 0.0 for loc in sheet.LOCATIONS}
    for loc in _table()["hit_location"].values():
        if loc == "reroll":
            for again in _table()["hit_location_reroll"].values():
                out[again] += 1 / 16
        else:
            out[loc] += 1 / 4
    return out


def hit_location(dice: DiceSource, who: str) -> tuple[str, tuple[DieRoll, ...]]:
    first = dice.roll(4, f"{who}: hit location")
    loc = str(_table()["hit_location"][str(first)])
    if loc != "reroll":
        return loc, (DieRoll(4, first, f"{who}: hit location"),)
    second = dice.roll(4, f"{who}: hit location again (head or torso)")
    return (str(_table()["hit_location_reroll"][str(second)]),
            (DieRoll(4, first, f"{who}: hit location"), DieRoll(4, second, f"{who}: hit location again")))


def multiplier(difference: int, options: Options) -> int:
    """M by the roll difference R1 - R2: 1-5 x1, 6-10 x2, 11+ x3; a win on the natural-roll tie-break (difference 0)
    takes `skirmish_tie_multiplier`."""
    if difference <= 0:
        return number(options, "skirmish_tie_multiplier")
    return next(int(row["multiplier"]) for row in _table()["multipliers"] if difference >= row["from"])


def armour_against(target: Character, weapon: EquipmentItem, options: Options) -> Explained:
    """What the target's protection takes off the blow: AV (at most 6 against Penetration), and under the later text
    its shield value too (unless the weapon is Curving)."""
    av = sheet.armour_value(target)
    out = Explained.of(("armour value", -av.value))
    if weapon.stats.get("penetration") is True and av.value > PENETRATION_CAP:
        out = out.plus("Penetration (armour at most 6)", av.value - PENETRATION_CAP)
    if option(options, "paraverse_text") == "later":
        sv = sheet.shield_value(target).value
        if sv and weapon.stats.get("curving") is not True:
            out = out.plus("shield value", -sv)
    return out


def damage(m: int, base: Explained, protection: Explained) -> tuple[Explained, Explained]:
    """(M x B, M x B less protection, never below 0)."""
    raw = Explained.of((f"x{m} {base.explain()}", m * base.value))
    taken = raw
    for term in protection.terms:
        taken = taken.plus(term.label, term.value)
    return raw, taken.clamped(0, label="never below 0")


def pain(dealt: int, fortitude: int) -> int:
    """ceil(D / Fortitude); no damage, no pain."""
    return math.ceil(dealt / max(1, fortitude)) if dealt > 0 else 0


def wound_for(character: Character, loc: str, dealt: int) -> str | None:
    """The wound `dealt` damage makes at `loc`: critical when C <= D < 3C, supercritical from 3C; a location with a
    critical wound takes no second one (a supercritical still lands), one with a supercritical takes no more."""
    c = int(sheet.critical_threshold(character).value)
    has = sheet.wound(character, loc)
    if dealt >= 3 * c and has != "supercritical":
        return "supercritical"
    if c <= dealt < 3 * c and has == "none":
        return "critical"
    return None


@dataclass(frozen=True)
class Standing:
    """How a character stands, read off its sheet."""

    dead: bool
    incapacitated: bool
    bleeding: bool

    @property
    def dying(self) -> bool:
        return self.incapacitated and self.bleeding and not self.dead

    @property
    def down(self) -> bool:
        return self.dead or self.incapacitated


def standing(character: Character, *, fatigue: int | None = None, wounds: dict[str, str] | None = None,
             bleeding: bool | None = None) -> Standing:
    """The character's standing, or what it would be with this Fatigue, these wounds and bleeding."""
    states = {loc: sheet.wound(character, loc) for loc in sheet.LOCATIONS}
    states.update(wounds or {})
    rows = [wound_row(loc, s) for loc, s in states.items() if s != "none"]
    tired = sheet.fatigue(character) if fatigue is None else fatigue
    failures = character.status.get("death_failures", 0)
    dead = (character.has_condition("dead") or any(r["dead"] for r in rows)
            or (isinstance(failures, int) and failures >= 3))
    down = (int(sheet.endurance(character).value) - tired <= 0 or any(r["incapacitated"] for r in rows)
            or character.has_condition("incapacitated"))
    bleeds = character.has_condition("bleeding") if bleeding is None else bleeding
    fresh = [wound_row(loc, s) for loc, s in (wounds or {}).items() if s != "none"]
    return Standing(dead, down or dead, bleeds or any(r["bleeding"] for r in fresh))


def describe(character: Character, s: Standing, fatigue: int | None = None) -> str:
    name = character.name
    if s.dead:
        return f"{name} is dead"
    if s.dying:
        return f"{name} is dying: incapacitated and bleeding (a death check each watch)"
    if s.incapacitated:
        return f"{name} is incapacitated (unconscious, stable)"
    tired = sheet.fatigue(character) if fatigue is None else fatigue
    stamina = int(sheet.endurance(character).value) - tired
    return f"{name} can fight (Stamina {stamina})" + (", bleeding" if s.bleeding else "")


def take(character: Character, raw: Explained, taken: Explained, loc: str) -> DamageResult:
    """Apply damage `taken` at `loc`: its pain to Fatigue, the wound it makes, and what follows (bleeding, down,
    dead)."""
    dealt = int(taken.value)
    name = character.name
    where = location_label(loc).lower()
    if dealt <= 0:
        return DamageResult(raw, taken, True, (), (f"{name}'s armour stops the blow to the {where}",))
    fortitude = int(sheet.fortitude(character).value)
    hurt = pain(dealt, fortitude)
    before = sheet.fatigue(character)
    effects: list[Effect] = [SetStatus(character.id, "fatigue", before + hurt)]
    stamina = int(sheet.endurance(character).value) - before - hurt
    notes = [f"{name} takes {dealt} damage to the {where}: {hurt} pain (ceil({dealt} / Fortitude {fortitude})), "
             f"Fatigue {before} -> {before + hurt}, Stamina {stamina}"]
    severity = wound_for(character, loc, dealt)
    wounds: dict[str, str] = {}
    if severity is not None:
        row = wound_row(loc, severity)
        wounds[loc] = severity
        effects.append(SetStatus(character.id, f"wound_{loc}", severity))
        c = int(sheet.critical_threshold(character).value)
        bound = f"{dealt} >= 3 x CON {c}" if severity == "supercritical" else f"CON {c} <= {dealt} < {3 * c}"
        notes.append(f"{severity.capitalize()} wound ({bound}): {row['name']}. {row['note']}")
        if row["bleeding"] and not character.has_condition("bleeding"):
            effects.append(AddCondition(character.id, "bleeding"))
        if row["dead"] and not character.has_condition("dead"):
            effects.append(AddCondition(character.id, "dead"))
    elif sheet.wound(character, loc) != "none" and dealt >= int(sheet.critical_threshold(character).value):
        notes.append(f"No further wound: the {where} already has a {sheet.wound(character, loc)} wound")
    was, now = standing(character), standing(character, fatigue=before + hurt, wounds=wounds)
    if now != was or now.down:
        notes.append(describe(character, now, before + hurt))
    return DamageResult(raw, taken, True, tuple(effects), tuple(notes))


def bleed(character: Character) -> tuple[tuple[Effect, ...], tuple[str, ...]]:
    """The End phase: bleeding adds 1 Fatigue while Stamina is above 0."""
    if not standing(character).bleeding or standing(character).dead:
        return (), ()
    if int(sheet.stamina(character).value) <= 0:
        return (), (f"{character.name} bleeds; Stamina is already 0 or less",)
    after = sheet.fatigue(character) + 1
    notes = [f"{character.name} bleeds: Fatigue {after - 1} -> {after}"]
    if int(sheet.endurance(character).value) - after <= 0:
        notes.append(describe(character, standing(character, fatigue=after), after))
    return (SetStatus(character.id, "fatigue", after),), tuple(notes)
