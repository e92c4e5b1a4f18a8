"""What a printed crisis sheet shows besides the stored values: the die an untrained skill rolls, what each weapon
rolls against what (the skill die and its modifiers against DL 4 or the target's Parry), Parry and Dodge, Dying and
ammunition boxes."""

from __future__ import annotations

from crisis_desktop.domain import Character, EquipmentItem, ItemKind
from crisis_desktop.rules.base import Actor, Options, SheetAttack, SheetDefence, SheetTrack, StatRoll
from crisis_desktop.rules.base.printing import Printing
from crisis_desktop.rules.crisis import combat, sheet, stats, tables
from crisis_desktop.rules.crisis.options import option
from crisis_desktop.rules.qstar.context import AttackContext

# The stand-in target an attack is planned against for the sheet: nothing of its own changes the attacker's roll.
_ANYONE = Character(name="the target")


class CrisisPrinting(Printing):
    def roll(self, character: Character, key: str, options: Options) -> StatRoll | None:
        """An untrained skill (left empty) shows the die it really rolls under the `untrained_skill` option."""
        if key not in stats.SKILL_ATTRIBUTE:
            return None
        value = character.stats.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            return None
        die = stats.roll_die(character, key, options)
        how = {"attribute": f"rolls {stats.label(stats.SKILL_ATTRIBUTE[key])}",
               "attribute_halved": f"{stats.label(stats.SKILL_ATTRIBUTE[key])} halved"}.get(
            str(option(options, "untrained_skill")), "untrained")
        return StatRoll(f"d{die.sides}" + (f"+{die.bonus}" if die.bonus else ""),
                        "untrained" if how == "untrained" else f"untrained, {how}")

    def attacks(self, character: Character, options: Options) -> list[SheetAttack]:
        """Per weapon: the skill die plus its HIT and the character's own modifiers, against DL 4 (ranged) or the
        target's Parry (melee); its damage dice, range and AP."""
        return [weapon_attack(character, w, options) for w in character.equipment if w.kind is ItemKind.WEAPON]

    def attack_notes(self, character: Character, options: Options) -> list[str]:
        c = tables.combat()
        return [f"Skill die (top face explodes) + modifiers must reach Against. Cover {c['cover']['light']} or "
                f"{c['cover']['heavy']}; range {c['range_penalty_per_increment']} a step past the first; each full 4 "
                "past the first 4: +1 damage."]

    def defences(self, character: Character, options: Options) -> list[SheetDefence]:
        """Parry (what a melee attack must reach) and Dodge (against an area attack); the DR is under the derived
        values."""
        parry = sheet.parry(character, options)
        c = tables.combat()
        athletics = stats.roll_die(character, "athletics", options)
        return [
            SheetDefence("Parry", f"{parry.value:g}",
                         f"melee attack's goal, -1 per extra foe (to -{c['max_extra_enemy_penalty']})"),
            SheetDefence("Dodge", f"d{athletics.sides}" + (f"+{athletics.bonus}" if athletics.bonus else ""),
                         "Athletics against an area attack, once a round"),
        ]

    def tracks(self, character: Character, options: Options) -> list[SheetTrack]:
        """The board's bars, Dying (Health 0 down to death), then a box per round of each magazine and the spare
        magazines."""
        return [*super().tracks(character, options), dying_track(character),
                *ammunition_tracks(character)]


def weapon_attack(character: Character, weapon: EquipmentItem, options: Options) -> SheetAttack:
    """One weapon's attack as the sheet prints it."""
    kind = combat.weapon_kind(weapon)
    skill = str(weapon.stats.get("skill") or ("melee" if kind == "melee" else "light_weapons"))
    die = stats.roll_die(character, skill, options) if skill in stats.SKILL_ATTRIBUTE else None
    damage = str(weapon.stats.get("damage") or "d6")
    try:
        plan = combat.plan(AttackContext(Actor(character), weapon, Actor(_ANYONE)), options)
    except ValueError as exc:           # a damage text edited by hand: the sheet says why it is not rolled
        return SheetAttack(weapon.name, "–", "–", damage, str(exc))
    flat = (die.bonus if die else 0) + int(sum(t.value for t in plan.modifiers))
    roll = (f"{stats.label(skill)} d{die.sides}" if die else skill) + (f"{flat:+d}" if flat else "")
    against = "the target's Parry" if kind == "melee" else f"DL {int(plan.target.value)}"
    kind_of_damage = str(weapon.stats.get("damage_type") or "physical")
    if plan.damage.attributes():        # "Body" in DMG is the attacker's own Body die
        damage = f"{plan.damage.resolved(dict(plan.attributes)).text} ({damage})"
    notes = [f"{t.label} {t.value:+g}" for t in plan.modifiers if not t.label.startswith(weapon.name)]
    increment = stats.int_stat(weapon, "range")
    if kind != "melee" and increment:
        notes.append(f"range {increment} tiles a step, {tables.combat()['max_range_increments']} steps")
    radius = stats.int_stat(weapon, "aoe_radius")
    if combat.is_area(weapon):
        notes.append(f"area radius {radius} tiles; a miss scatters" if radius else "area; a miss scatters")
    if "close_range" in weapon.tags and kind != "melee":
        notes.append("damage x2 at short range")
    rof = stats.int_stat(weapon, "rof", 1)
    if rof > 1:
        notes.append(f"RoF {rof} (+{tables.combat()['extra_attack_ap']} AP, {tables.combat()['extra_attack_hit']} "
                     "per extra attack)")
    notes.append(f"{combat.attack_cost(weapon)} AP")
    return SheetAttack(weapon.name, roll, against,
                       damage if kind_of_damage == "physical" else f"{damage} {kind_of_damage}", "; ".join(notes))


def dying_track(character: Character) -> SheetTrack:
    """Dying: at Health 0 or below a character takes a wound each turn and dies at the table's death line (-10); a
    box per Health point below 0, marked as far as the character is past 0 now."""
    death = -int(tables.combat()["death_at_health"])
    below = max(0, -int(sheet.current_health(character).value))
    return SheetTrack(f"Dying (Health 0 to -{death})", death, min(death, below), supply=False)


def ammunition_tracks(character: Character) -> list[SheetTrack]:
    """A box per round of each weapon's magazine (rounds fired marked), and the spare magazines."""
    tracks = []
    for item in character.equipment:
        if item.kind is not ItemKind.WEAPON:
            continue
        cap = item.stats.get("cap")
        if not isinstance(cap, int) or isinstance(cap, bool) or cap <= 0:
            continue
        loaded = item.stats.get("ammo")
        left = loaded if isinstance(loaded, int) and not isinstance(loaded, bool) else cap
        tracks.append(SheetTrack(f"{item.name} rounds", cap, max(0, cap - left)))
        mags = item.stats.get("mag")
        if isinstance(mags, int) and not isinstance(mags, bool) and mags > 0:
            tracks.append(SheetTrack(f"{item.name} spare magazines", mags, 0))
    return tracks
