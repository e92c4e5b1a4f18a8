"""Injury and recovery: damage past armour comes off HP, 0 HP is death; losing at least half the current HP to one
source rolls a major wound (d12, by damage type) and its death test; medical attention and natural healing."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from crisis_desktop.domain import Character
from crisis_desktop.rules.base import (
    Actor,
    AddCondition,
    CheckResult,
    DamageResult,
    Effect,
    Explained,
    Mark,
    Options,
    SetStatus,
)
from crisis_desktop.rules.kernel.dice import DiceSource, DieRoll
from crisis_desktop.rules.kernel.tables import load_table
from crisis_desktop.rules.moments import sheet
from crisis_desktop.rules.moments.options import option

OPEN, TREATED, BARRED = "open", "treated", "barred"


@dataclass(frozen=True)
class WoundRow:
    """One cell of the major wound table: what it is, and the death test (die, bonus) or death outright."""

    roll: int
    part: str
    sided: bool
    text: str
    die: int | None
    bonus: int
    death: bool

    def describe(self, side: str = "") -> str:
        where = f" ({side})" if side and self.sided else ""
        test = f" (d{self.die}{f'+{self.bonus}' if self.bonus else ''})" if self.die else ""
        return f"{self.part}{where}: {self.text}{test}{', death' if self.death else ''}"


def row(roll: int, damage_type: str, options: Options) -> WoundRow:
    """The table's cell for a d12 roll and damage type (slicing 9 by `slicing_eye_fix`)."""
    table: dict[str, Any] = load_table("moments", "major_wounds")
    found = table["rows"][roll - 1]
    cell = found[damage_type]
    if damage_type == "slicing" and roll == 9 and option(options, "slicing_eye_fix") == "on":
        cell = table["eye_fix"]
    return WoundRow(roll, found["part"], found["sided"], cell["text"], cell["die"], cell["bonus"], cell["death"])


@dataclass(frozen=True)
class Wound:
    """A wound taken (one instance of damage), as kept in the status text: HP lost, damage type, the major wound's
    d12 roll and side if one was rolled, and whether medical attention healed it or may no longer try."""

    hp: int
    damage_type: str
    major: int | None = None
    side: str = ""
    state: str = OPEN

    def text(self) -> str:
        major = f" major {self.major}{f' {self.side}' if self.side else ''}" if self.major else ""
        return f"{self.hp} {self.damage_type}{major}{'' if self.state == OPEN else f' {self.state}'}"

    @classmethod
    def parse(cls, text: str) -> Wound:
        words = text.split()
        hp, damage_type = int(words[0]), words[1]
        major, side, state = None, "", OPEN
        rest = words[2:]
        if rest and rest[0] == "major":
            major = int(rest[1])
            rest = rest[2:]
            if rest and rest[0] in ("left", "right"):
                side, rest = rest[0], rest[1:]
        if rest:
            state = rest[0]
        return cls(hp, damage_type, major, side, state)


def wounds(character: Character) -> list[Wound]:
    text = character.status.get("wounds", "")
    return [Wound.parse(t) for t in text.split(";") if t.strip()] if isinstance(text, str) else []


def wounds_text(items: list[Wound]) -> str:
    return "; ".join(w.text() for w in items)


def is_major(lost: int, current_hp: int) -> bool:
    """At least half the current HP lost from a single source."""
    return lost > 0 and 2 * lost >= current_hp


def side_of(last_roll: int) -> str:
    """Left when the last test's result was even, right when odd."""
    return "left" if last_roll % 2 == 0 else "right"


def death_test(cell: WoundRow, dice: DiceSource, who: str) -> tuple[bool, str]:
    """(dies, note): die + bonus at least the die's size kills; 'death' kills outright; no die, no test."""
    if cell.death:
        return True, f"{who}: {cell.text}: death"
    if cell.die is None:
        return False, f"{who}: no death test"
    face = dice.roll(cell.die, f"{who}: death test d{cell.die}")
    total = face + cell.bonus
    dies = total >= cell.die
    bonus = f" + {cell.bonus}" if cell.bonus else ""
    return dies, (f"{who}: death test d{cell.die}{bonus} = {face}{bonus} = {total} against {cell.die}: "
                  + ("dies of the wound" if dies else "survives, if medical attention comes quickly"))


def take_damage(character: Character, rolled: Explained, damage_type: str, last_roll: int, dice: DiceSource | None,
                options: Options) -> DamageResult:
    """Damage minus armour points off HP; a major wound and its death test when at least half the current HP goes.
    `last_roll` is the last test's d100 (which side of the body); without `dice` (damage the GM deals by hand) a
    major wound due is noted for the GM to roll."""
    ap = sheet.armour_points(character)
    taken = rolled.plus("armour points", -min(int(ap.value), int(rolled.value))) if ap.value else rolled
    lost = int(taken.value)
    current = sheet.hp(character)
    name = character.name
    effects: list[Effect] = []
    notes: list[str] = []
    if lost <= 0:
        return DamageResult(rolled, taken, True, (), (f"{name}'s armour soaks it all",))
    wound = Wound(lost, damage_type)
    left = current - lost
    effects.append(SetStatus(character.id, "hp_lost", sheet.hp_lost(character) + min(lost, current)))
    if left <= 0:
        notes.append(f"{name} is dead: {current} HP, {lost} lost")
        effects.append(AddCondition(character.id, "dead"))
    elif is_major(lost, current) and dice is None:
        notes.append(f"A major wound is due for {name} ({lost} of {current} HP): roll the d12 and its death test")
    elif is_major(lost, current) and dice is not None:
        d12 = dice.roll(12, f"{name}: major wound d12")
        side = side_of(last_roll)
        cell = row(d12, damage_type, options)
        wound = replace(wound, major=d12, side=side if cell.sided else "")
        notes.append(f"Major wound for {name} ({lost} of {current} HP): d12 = {d12}: {cell.describe(side)}")
        dies, note = death_test(cell, dice, name)
        notes.append(note)
        if dies:
            effects.append(AddCondition(character.id, "dead"))
    effects.append(SetStatus(character.id, "wounds", wounds_text([*wounds(character), wound])))
    return DamageResult(rolled, taken, True, tuple(effects), tuple(notes))


def treatable(character: Character) -> list[int]:
    """The wounds medical attention may still try, by index."""
    return [i for i, w in enumerate(wounds(character)) if w.state == OPEN]


def medical_attention(healer: Character, patient: Character, int_goal: Explained, dice: DiceSource
                      ) -> tuple[CheckResult, tuple[Effect, ...], tuple[str, ...]]:
    """A hard INT test for the first wound still open: a success heals 1d4 HP (not past the maximum) and the wound is
    treated; a failure restores nothing and bars that wound. ValueError when no wound may be treated."""
    from crisis_desktop.rules.moments.d100 import band

    items = wounds(patient)
    open_ = treatable(patient)
    if not open_:
        raise ValueError(f"{patient.name} has no wound that medical attention may still treat")
    index = open_[0]
    roll = dice.roll(100, f"{healer.name}: medical attention, hard INT test (goal {int_goal.value:g})")
    b = band(roll, int(int_goal.value))
    check = CheckResult(Explained.of(("d100", roll)), int_goal, b.outcome, int(int_goal.value) - roll,
                        (DieRoll(100, roll),))
    effects: list[Effect] = []
    if b.outcome.succeeded:
        healed = min(dice.roll(4, f"{patient.name}: 1d4 HP"), sheet.hp_lost(patient))
        effects.append(SetStatus(patient.id, "hp_lost", sheet.hp_lost(patient) - healed))
        items[index] = replace(items[index], state=TREATED)
        note = f"{healer.name} treats {patient.name}'s wound ({items[index].text()}): {healed} HP back"
    else:
        items[index] = replace(items[index], state=BARRED)
        note = (f"{healer.name} fails to treat {patient.name}'s wound: no HP back, and nobody may treat it again "
                "until a medical skill or vocation improves")
    effects.append(SetStatus(patient.id, "wounds", wounds_text(items)))
    return check, tuple(effects), (note,)


def rest_week(patient: Character) -> tuple[tuple[Effect, ...], tuple[str, ...]]:
    """A week of relative rest: 1 HP back. ValueError at full HP or when dead."""
    if patient.has_condition("dead"):
        raise ValueError(f"{patient.name} is dead")
    if sheet.hp_lost(patient) <= 0:
        raise ValueError(f"{patient.name} has lost no HP")
    return ((SetStatus(patient.id, "hp_lost", sheet.hp_lost(patient) - 1),),
            (f"{patient.name} rests a week: 1 HP back",))


def marks(actor: Actor, options: Options) -> list[Mark]:
    """Each major wound carried, by where it is ("Major wound: Arm (left)"), with the table's cell and its death test,
    and how it stands: the test survived and medical attention wanted, treated, or barred from treatment."""
    character = actor.character
    out = []
    for wound in wounds(character):
        if wound.major is None:
            continue
        cell = row(wound.major, wound.damage_type, options)
        test = "" if cell.die is None else f"death test d{cell.die}{f'+{cell.bonus}' if cell.bonus else ''} "
        standing = {OPEN: f"{test}survived: medical attention wanted".strip(),
                    TREATED: "treated", BARRED: "medical attention failed: nobody may treat it again for now"}
        where = f" ({wound.side})" if wound.side and cell.sided else ""
        out.append(Mark(f"Major wound: {cell.part}{where}",
                        f"{cell.text}{', death' if cell.death else ''}; {wound.hp} {wound.damage_type} HP lost; "
                        f"{standing.get(wound.state, wound.state)}"))
    return out
