"""Popcorn's sheet and data: four numbers a fighter, weapons with a damage die, one action and one move a turn."""

from __future__ import annotations

from crisis_desktop.domain import Character, CharacterKind, EquipmentItem, ItemKind
from crisis_desktop.rules.base import ActionRole, ActionSpec, Currency, FieldKind, FieldSpec

FIELDS = (
    FieldSpec("agility", "Agility", FieldKind.INT, "Attributes", 1, 0, 5, help="Added to initiative, ranged attacks"),
    FieldSpec("might", "Might", FieldKind.INT, "Attributes", 1, 0, 5, help="Added to melee attacks"),
    FieldSpec("hit_points", "Hit points", FieldKind.INT, "Combat", 10, 1, 40, help="Down at 0"),
    FieldSpec("defence", "Defence", FieldKind.INT, "Combat", 11, 5, 20, help="What an attack roll must reach"),
)
WEAPON_FIELDS = (
    FieldSpec("damage", "Damage", FieldKind.DIE, "Weapon", 6, choices=(4, 6, 8, 10, 12)),
    FieldSpec("range", "Range", FieldKind.INT, "Weapon", 0, 0, 60, help="Tiles a ranged weapon reaches; 0: melee"),
)
CURRENCIES = (Currency("actions", "action", "actions"), Currency("moves", "move", "moves"))
SPEED = 6
ACTIONS = (ActionSpec("attack", "Attack", {"actions": 1}, "d20 + Might (melee) or Agility (ranged) against Defence",
                      ActionRole.ATTACK),
           ActionSpec("move", "Move", {"moves": 1}, f"Up to {SPEED} tiles", ActionRole.MOVE))
ALLOWANCE = {"actions": 1, "moves": 1}
NPC_LEVEL = FieldSpec("level", "Level", FieldKind.INT, "NPC", 1, 1, 5, help="Attributes, hit points and Defence")


def number(character: Character, key: str) -> int:
    """A whole-number stat or status value (the sheet's default where it is missing)."""
    default = next((f.default for f in FIELDS if f.key == key), 0)
    value = character.stats.get(key, character.status.get(key, default))
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def hit_points_left(character: Character) -> int:
    wounds = character.status.get("wounds", 0)
    return number(character, "hit_points") - (wounds if isinstance(wounds, int) else 0)


def weapon(name: str, damage: int, range_: int = 0) -> EquipmentItem:
    return EquipmentItem(name=name, kind=ItemKind.WEAPON, stats={"damage": damage, "range": range_})


def npc(name: str, level: int) -> Character:
    """A Quick NPC of level 1 to 5: attributes of its level, 4 + 3 hit points a level, Defence 10 + level, a club
    and a sling."""
    stats = {"agility": level, "might": level, "hit_points": 4 + 3 * level, "defence": 10 + level}
    return Character(kind=CharacterKind.NPC, name=name, stats=stats, tags=["npc"],
                     equipment=[weapon("Club", 6), weapon("Sling", 4, 8)],
                     gm_notes=f"Quick NPC, level {level}: a club and a sling.")


def catalogue() -> list[EquipmentItem]:
    return [weapon("Sword", 8), weapon("Dagger", 4), weapon("Club", 6), weapon("Bow", 6, 12),
            weapon("Sling", 4, 8)]
