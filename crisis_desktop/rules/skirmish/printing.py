"""What a printed skirmish sheet shows besides the stored values: each skill's roll (d20 plus the skill as worked
out), per weapon the attack roll against evasion or the skirmish and the damage (base x multiplier), Evasion, and the
wounds per location and death checks to mark."""

from __future__ import annotations

from crisis_desktop.domain import Character, EquipmentItem
from crisis_desktop.rules.base import Actor, Explained, Options, SheetAttack, SheetDefence, SheetTrack, StatRoll
from crisis_desktop.rules.base.printing import Printing
from crisis_desktop.rules.kernel.tables import load_table
from crisis_desktop.rules.skirmish import fighters, sheet, wounds
from crisis_desktop.rules.skirmish.options import number
from crisis_desktop.rules.skirmish.sheet import GOVERNING, skill_value
from crisis_desktop.rules.skirmish.treatment import DEATH_CHECK_TARGET

# The derived values worked out as (stat - 7) / 2 rounded down, + 4.
_HALF_OVER_SEVEN = frozenset({"endurance", "fortitude"})
# Three failed death checks kill (wounds.standing).
DEATH_CHECKS = 3


class SkirmishPrinting(Printing):
    legend = "Roll d20 + the skill; it must beat the difficulty (10, 20 or 25)"

    def roll(self, character: Character, key: str, options: Options) -> StatRoll | None:
        if key not in GOVERNING:
            return None
        value = skill_value(character, key)
        return StatRoll(f"d20{int(value.value):+d}", value.explain())

    def attacks(self, character: Character, options: Options) -> list[SheetAttack]:
        """Per weapon: d20 + its skill (Simple, Cumbersome and Wield counted), against the target's d20 + Evasion
        (ranged) or in a skirmish (melee); damage is the base damage times the multiplier, less armour."""
        return [weapon_attack(character, w, options) for w in sheet.weapons(character)]

    def attack_notes(self, character: Character, options: Options) -> list[str]:
        rows = sorted(load_table("skirmish", "damage")["multipliers"], key=lambda r: int(r["from"]))
        bounds = [(int(r["from"]), int(rows[i + 1]["from"]) - 1 if i + 1 < len(rows) else None, int(r["multiplier"]))
                  for i, r in enumerate(rows)]
        table = ", ".join(f"{lo}-{hi}: x{m}" if hi is not None else f"{lo}+: x{m}" for lo, hi, m in bounds)
        tie = number(options, "skirmish_tie_multiplier")
        return [f"Damage = base x multiplier - armour value; the multiplier by how much the winner's total beats "
                f"the other: {table} (x{tie} won on the natural roll). Melee: all in the skirmish roll d20 + skill; "
                "the higher side's best hits the other's lowest. Location d4: 1 again (1-2 head, 3-4 torso), 2 torso, "
                "3 arms, 4 legs."]

    def defences(self, character: Character, options: Options) -> list[SheetDefence]:
        """Evasion against a ranged attack (with the shield), and the damage that wounds."""
        evasion = skill_value(character, "evasion")
        sv = sheet.shield_value(character)
        c = int(sheet.critical_threshold(character).value)
        ranged = evasion.plus(sv.terms[0].label, sv.value) if sv.value else evasion
        shield = f"; shield +{sv.value:g} (not against Curving)" if sv.value else ""
        return [SheetDefence("Evasion", f"d20{int(ranged.value):+d}", f"ranged attacks must roll higher{shield}"),
                SheetDefence("Critical wound", f"{c} / {3 * c}", f"one blow: {c}+ critical, {3 * c}+ supercritical")]

    def tracks(self, character: Character, options: Options) -> list[SheetTrack]:
        """Stamina, a critical and a supercritical box per location (marked as the character is wounded), and the
        death checks failed."""
        rows = super().tracks(character, options)
        for loc in sheet.LOCATIONS:
            state = sheet.wound(character, loc)
            rows.append(SheetTrack(f"{wounds.location_label(loc)} wound: critical, supercritical", 2,
                                   sheet.WOUND_STATES.index(state), supply=False))
        failed = character.status.get("death_failures", 0)
        failed = failed if isinstance(failed, int) and not isinstance(failed, bool) else 0
        rows.append(SheetTrack(f"Death checks failed (d20 + Stamina against {DEATH_CHECK_TARGET})",
                               DEATH_CHECKS,
                               min(DEATH_CHECKS, failed), supply=False))
        return rows

    def derived_text(self, key: str, value: Explained) -> str:
        """Endurance and Fortitude as "(CON 12 - 7) / 2, down, + 4 = 6", Stamina with its Fatigue, Evasion as "DEX 14 -
        10 + training 3 = 7", Wield under the later text as "(PHY 13 + CON 12) / 2, rounded down = 12"."""
        terms = value.terms
        if key in _HALF_OVER_SEVEN and len(terms) == 3:
            return f"({terms[0].label} {terms[0].value:g} - 7) / 2, down, + 4 = {value.value:g}"
        if key == "evasion" and len(terms) == 3:
            return f"{terms[0].label} {terms[0].value:g} - 10 + training {terms[2].value:g} = {value.value:g}"
        if key == "stamina" and len(terms) == 4:
            return f"Endurance {sum(t.value for t in terms[:3]):g} less Fatigue {-terms[3].value:g} = {value.value:g}"
        if key == "wield" and len(terms) == 3:
            return (f"({terms[0].label} {terms[0].value:g} + {terms[1].label} {terms[1].value:g}) / 2, rounded down"
                    f" = {value.value:g}")
        return value.explain()


def weapon_attack(character: Character, weapon: EquipmentItem, options: Options) -> SheetAttack:
    modifier = fighters.attack_modifier(Actor(character), weapon, options, 0)
    base = sheet.base_damage(weapon)
    ranged = sheet.is_ranged(weapon)
    against = ("the target's d20 + Evasion" if ranged
               else "the other side's d20 + skill")
    notes = [modifier.explain()]
    if weapon.stats.get("penetration") is True:
        notes.append("Penetration: armour counts at most 6")
    if weapon.stats.get("curving") is True:
        notes.append("Curving: ignores the shield")
    return SheetAttack(weapon.name, f"d20{int(modifier.value):+d}", against, f"base {base.value:g} x multiplier",
                       "; ".join(notes))
