"""What a printed crisis-classic sheet shows besides the stored ranks: each ability's and skill's effective
roll-under target (ability + rank, or the untrained penalty, and the character's conditions), what each weapon rolls
under and the defence it meets, the character's own defence rolls, ammunition boxes."""

from __future__ import annotations

from crisis_desktop.domain import Character, EquipmentItem, ItemKind
from crisis_desktop.rules.base import Actor, Explained, Options, SheetAttack, SheetDefence, SheetTrack, StatRoll
from crisis_desktop.rules.base.printing import Printing
from crisis_desktop.rules.crisis_classic import combat, sheet, tables
from crisis_desktop.rules.crisis_classic.actions import resolve_action
from crisis_desktop.rules.crisis_classic.options import option, stunt_face
from crisis_desktop.rules.qstar.context import AttackContext

# The stand-in on the other side of an attack the sheet works out: a player character with nothing of its own that
# changes the roll (no conditions, no fixed defence).
_ANYONE = Character(name="the other side")
# A melee and a ranged weapon with no HIT, for the defences (a defence reads only whether the attack is melee).
_MELEE = EquipmentItem(name="a melee attack", kind=ItemKind.WEAPON, stats={"skill": "melee"})
_RANGED = EquipmentItem(name="a ranged attack", kind=ItemKind.WEAPON, stats={"skill": "light_weapons", "range": 10})


class ClassicPrinting(Printing):
    heading = "3d6 ≤"
    legend = ("3d6 ≤: roll 3d6; at or under the number succeeds, before the Difficulty Level's change "
              "(Average 0). Untrained skills include their penalty.")

    def roll(self, character: Character, key: str, options: Options) -> StatRoll | None:
        if key not in tables.ability_by_key() and key not in tables.skill_by_key():
            return None
        terms = sheet.skill_terms(character, key) + sheet.condition_terms(character)
        target = Explained.of(*terms)
        rank = character.stats.get(key)
        untrained = key in tables.skill_by_key() and not (isinstance(rank, int) and not isinstance(rank, bool))
        return StatRoll(str(int(target.value)), "untrained" if untrained else "", ())

    def attacks(self, character: Character, options: Options) -> list[SheetAttack]:
        """Per weapon: the roll-under target (skill, HIT, conditions), the defence it must then beat, END damage and
        the damage per critical hit."""
        return [weapon_attack(character, w, options) for w in character.equipment if w.kind is ItemKind.WEAPON]

    def attack_notes(self, character: Character, options: Options) -> list[str]:
        return [f"Roll 3d6: at or under the number hits, unless the defender then rolls 3d6 at or under its defence "
                f"with a better result (a larger margin; the defender wins ties). Each die showing "
                f"{stunt_face(options)} on a hit is a critical hit (at most the weapon's RoF): DMG more each. "
                "Each range increment past the first -2; cover per the rules option."]

    def defences(self, character: Character, options: Options) -> list[SheetDefence]:
        """The defence rolls against a melee and a ranged attack (armour's Defence included)."""
        me, anyone = Actor(character), Actor(_ANYONE)
        melee = Explained.of(*combat.defence_modifiers(AttackContext(anyone, _MELEE, me), options))
        ranged = Explained.of(*combat.defence_modifiers(AttackContext(anyone, _RANGED, me), options))
        out = [SheetDefence("Melee defence", f"3d6 ≤ {int(melee.value)}",
                            f"against a melee attack that hits ({melee.explain()}); -2 per enemy in reach past the "
                            "first"),
               SheetDefence("Ranged defence", f"3d6 ≤ {int(ranged.value)}",
                            f"against a ranged attack that hits ({ranged.explain()})")]
        if sheet.is_npc(character) and option(options, "npc_defence") == "fixed":
            out.append(SheetDefence("Fixed defence", f"DL {sheet.npc_dl(character)}",
                                    "an NPC does not roll: its Difficulty Level is added to the attacker's roll"))
        return out

    def tracks(self, character: Character, options: Options) -> list[SheetTrack]:
        """The board's bars, then a box per round of each magazine and the spare magazines."""
        return super().tracks(character, options) + ammunition_tracks(character)


def weapon_attack(character: Character, weapon: EquipmentItem, options: Options) -> SheetAttack:
    context = AttackContext(Actor(character), weapon, Actor(_ANYONE))
    target = Explained.of(*combat.attack_modifiers(context, options))
    melee = combat.is_melee(weapon)
    against = "then the target's melee defence" if melee else "then the target's ranged defence (Speed)"
    if option(options, "npc_defence") == "fixed":
        against += ", or an NPC's DL"
    end = combat.end_damage_terms(context, options)
    rof = max(1, sheet.item_int(weapon, "rof", 1))
    damage = f"END {end.value:g}, DMG {sheet.item_int(weapon, 'damage')} per critical hit" + \
        (f" (at most {rof})" if rof > 1 else "")
    notes = [target.explain()]
    increment = sheet.item_int(weapon, "range")
    if not melee:
        notes.append(f"range increment {increment} m")
    notes.append(f"{resolve_action(character, 'attack').cost} AP")
    return SheetAttack(weapon.name, f"3d6 ≤ {int(target.value)}", against, damage, "; ".join(notes))


def ammunition_tracks(character: Character) -> list[SheetTrack]:
    """A box per round of each magazine (rounds fired marked), and the spare magazines."""
    tracks = []
    for item in character.equipment:
        if item.kind is not ItemKind.WEAPON:
            continue
        cap = sheet.item_int(item, "cap", 0)
        if cap <= 0:
            continue
        left = sheet.item_int(item, "ammo", cap)
        tracks.append(SheetTrack(f"{item.name} rounds", cap, max(0, cap - left)))
        mags = sheet.item_int(item, "mag", 0)
        if mags > 0:
            tracks.append(SheetTrack(f"{item.name} spare magazines", mags, 0))
    return tracks
