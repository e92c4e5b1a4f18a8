"""What a printed moments sheet adds to the stored values: each stat's easy and hard goals, per weapon the attack's
goal (easy, hard, the critical range) and damage dice, the reactions with their goals, the major wounds and the wounds
taken."""

from __future__ import annotations

from crisis_desktop.domain import Character, EquipmentItem, ItemKind
from crisis_desktop.rules.base import Explained, Options, SheetAttack, SheetDefence, SheetTrack, StatRoll, Term
from crisis_desktop.rules.base.printing import Printing
from crisis_desktop.rules.moments import sheet, wounds
from crisis_desktop.rules.moments.attacks import REACTION_STEPS, weapon_skill
from crisis_desktop.rules.moments.d100 import goal

STATES = {wounds.TREATED: "treated", wounds.BARRED: "no more medical attention"}
# At least this many boxes for major wounds, however few the character has had.
MAJOR_WOUND_BOXES = 3
_HALVED = {"hp_max": ("BOD", "POW"), "pp_max": ("INT", "POW")}


class MomentsPrinting(Printing):
    heading = "Easy / hard"
    legend = ("Easy / hard: the stat's goal for an easy and a hard test. A test succeeds when a d100 rolls under the "
              "goal (3 x the stat, plus the single best bonus that applies; the goals are under Derived values); "
              "easy doubles it, hard halves it. Under a tenth of the goal is a critical; 100 fumbles.")

    def roll(self, character: Character, key: str, options: Options) -> StatRoll | None:
        """A stat's goal when the test is easy and when it is hard ("78 / 19"), without a bonus."""
        if key not in sheet.STAT_LABELS:
            return None
        value = sheet.stat(character, key)
        return StatRoll(f"{goal(value, 0, -1).value:g} / {goal(value, 0, 1).value:g}")

    def attacks(self, character: Character, options: Options) -> list[SheetAttack]:
        """Per weapon: a BOD test with the weapon's skill bonus; the goal, easy and hard, the critical range; the
        damage dice and type."""
        return [weapon_attack(character, w) for w in character.equipment if w.kind is ItemKind.WEAPON]

    def attack_notes(self, character: Character, options: Options) -> list[str]:
        return ["A d100 under the goal hits; under a tenth of it is a critical, 100 fumbles. If the target reacts, "
                "both roll: the only success wins; both succeed, a critical beats a success, then the higher roll. "
                "Damage less the target's armour points comes off its HP.",
                f"A blow of half the current HP or more is a major wound (now {half_of(sheet.hp(character))} HP): "
                "the d12 table and a death test."]

    def defences(self, character: Character, options: Options) -> list[SheetDefence]:
        """Parry (opposed BOD, the held weapon's bonus), Block (easy, with a shield's bonus), Dodge (hard), each one
        reaction (the armour points are under the derived values)."""
        bod = sheet.stat(character, "bod")
        found = sheet.bonuses(character)
        # What it parries with, as the attack's rules pick it: a melee or balanced weapon before a ranged one.
        weapons = [w for w in sheet.worn(character, ItemKind.WEAPON) if not w.stats.get("shield")]
        held = next((w for w in weapons if w.stats.get("reach", "melee") != "ranged"), weapons[0] if weapons else None)
        shield = next((s for s in sheet.shields(character) if sheet.usage_die(s)), None)
        out = [_reaction("Parry", bod, found, weapon_skill(held), REACTION_STEPS["parry"],
                         "Opposed BOD test" + (f" with {held.name}" if held is not None else ""))]
        if shield is not None:
            out.append(_reaction("Block", bod, found, weapon_skill(shield), REACTION_STEPS["block"],
                                 f"Easy opposed BOD test with {shield.name}; a win negates the damage and steps the "
                                 "shield's usage die down"))
        out.append(_reaction("Dodge", bod, found, "", REACTION_STEPS["dodge"],
                             "Hard opposed BOD test; a bonus that applies is added before halving"))
        return out

    def tracks(self, character: Character, options: Options) -> list[SheetTrack]:
        """Hit points, then the major wounds: a box per wound taken, never fewer than three. The label stays the same
        whatever the HP (the simulator and the board know a track by it)."""
        major = sum(1 for w in wounds.wounds(character) if w.major)
        return [*super().tracks(character, options),
                SheetTrack("Major wounds (half the current HP or more in one blow: d12 table, death test)",
                           max(MAJOR_WOUND_BOXES, major), major, supply=False)]

    def derived_text(self, key: str, value: Explained) -> str:
        """HP and PP as "(BOD 13 + POW 10) / 2, rounded up = 12"."""
        if key in _HALVED and len(value.terms) == 3:
            a, b = value.terms[0], value.terms[1]
            return f"({a.label} {a.value:g} + {b.label} {b.value:g}) / 2, rounded up = {value.value:g}"
        return value.explain()


def half_of(hp: int) -> int:
    """The smallest loss that is a major wound at `hp` current HP (at least half of it)."""
    return max(1, (hp + 1) // 2)


def critical_range(goal_value: int) -> str:
    """The d100 rolls that are a critical against `goal_value` (under a tenth of it): "01-05", or "none"."""
    top = (goal_value - 1) // 10
    return f"01-{top:02d}" if top >= 2 else ("01" if top == 1 else "none")


def goal_words(bod: int, bonus: int, skill: str, step: int) -> str:
    """A goal as a player works it out: "3 x BOD 39 + Swords 35 = 74", easy "(...) x 2 = 148", hard "(...) / 2,
    rounded down = 37"."""
    base = f"3 x BOD {3 * bod}" + (f" + {skill or 'bonus'} {bonus}" if bonus else "")
    value = goal(bod, bonus, step).value
    if step < 0:
        return f"({base}) x 2 = {value:g}" if bonus else f"{base} x 2 = {value:g}"
    if step > 0:
        return f"({base}) / 2, rounded down = {value:g}" if bonus else f"{base} / 2, rounded down = {value:g}"
    return f"{base} = {value:g}"


def weapon_attack(character: Character, weapon: EquipmentItem) -> SheetAttack:
    bod = sheet.stat(character, "bod")
    skill = weapon_skill(weapon)
    bonus = sheet.bonuses(character).get(skill, 0)
    normal = goal(bod, bonus)
    easy, hard = goal(bod, bonus, -1).value, goal(bod, bonus, 1).value
    try:
        damage = sheet.damage(weapon).text
    except ValueError as exc:
        damage = str(exc)
    reach = str(weapon.stats.get("reach", "melee"))
    where = {"melee": "reaches close", "balanced": "close, or thrown to near",
             "ranged": "to distant; far is hard"}.get(reach, reach)
    die = sheet.usage_die(weapon)
    notes = [goal_words(bod, bonus, skill, 0), f"critical {critical_range(int(normal.value))}",
             f"easy {easy:g}, hard {hard:g}", where, f"usage d{die}" if die else "used up"]
    return SheetAttack(weapon.name, f"d100 under {normal.value:g}", "the goal; opposed if the target reacts",
                       f"{damage} {weapon.stats.get('damage_type', 'crushing')}", "; ".join(notes))


def _reaction(name: str, bod: int, found: dict[str, int], skill: str, step: int, how: str) -> SheetDefence:
    bonus = found.get(skill, 0)
    value = goal(bod, bonus, step).value
    crit = critical_range(int(value))
    return SheetDefence(name, f"d100 under {value:g}",
                        f"{goal_words(bod, bonus, skill, step)}; critical {crit}. {how}; one reaction")


def wounds_taken(character: Character, options: Options) -> Explained | None:
    """Every wound taken, by the HP it cost: a major wound named as the table has it (with the death test's die), and
    whether medical attention treated it or may no longer try; None without a wound."""
    taken = wounds.wounds(character)
    if not taken:
        return None
    terms = []
    for w in taken:
        label = wounds.row(w.major, w.damage_type, options).describe(w.side) if w.major else f"{w.damage_type} wound"
        state = STATES.get(w.state)
        terms.append(Term(f"{label} ({state})" if state else label, w.hp))
    return Explained.of(*terms)
