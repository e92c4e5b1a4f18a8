"""Crisis stat keys, die lookup (untrained skills, dice above d12) and condition modifiers of a character."""

from __future__ import annotations

from dataclasses import dataclass

from crisis_desktop.domain import Character, EquipmentItem, ItemKind
from crisis_desktop.rules.base import Options, Term
from crisis_desktop.rules.crisis import tables
from crisis_desktop.rules.crisis.options import option

DIE_SIDES = (4, 6, 8, 10, 12)
ATTRIBUTES = ("body", "mind", "soul")
SKILLS: dict[str, tuple[str, ...]] = {
    "body": ("athletics", "force", "heavy_weapons", "light_weapons", "lockpick", "melee", "operate", "stealth"),
    "mind": ("engineering", "explosives", "linguistics", "medicine", "politics", "science", "search", "survival"),
    "soul": ("bluffing", "command", "commerce", "empathy", "intimidate", "perform", "persuade", "tactics"),
}
SKILL_ATTRIBUTE = {skill: attr for attr, skills in SKILLS.items() for skill in skills}
SKILL_GROUP_LABELS = {"body": "Action skills", "mind": "Knowledge skills", "soul": "Social skills"}
# Checks of speed or balance, where Drunk weighs double.
SPEED_SKILLS = frozenset({"athletics"})
DEFAULT_ATTRIBUTE = 6


def label(key: str) -> str:
    return key.replace("_", " ").title()


@dataclass(frozen=True)
class RollDie:
    """The die a check rolls: its sides, a flat bonus (a die pushed above d12) and how it came about."""

    sides: int
    bonus: int
    label: str


def attribute_die(character: Character, attribute: str) -> int:
    value = character.stats.get(attribute)
    return int(value) if isinstance(value, int) and not isinstance(value, bool) else DEFAULT_ATTRIBUTE


def roll_die(character: Character, key: str, options: Options) -> RollDie:
    """The die for a check of `key` (an attribute or a skill), untrained skills per `untrained_skill`."""
    if key in ATTRIBUTES:
        sides = attribute_die(character, key)
        return _capped(sides, f"{label(key)} d{sides}")
    if key not in SKILL_ATTRIBUTE:
        raise KeyError(f"crisis has no stat {key!r}")
    value = character.stats.get(key)
    if isinstance(value, int) and not isinstance(value, bool):
        return _capped(value, f"{label(key)} d{value}")
    rule = option(options, "untrained_skill")
    attribute = SKILL_ATTRIBUTE[key]
    if rule == "attribute":
        sides = attribute_die(character, attribute)
    elif rule == "attribute_halved":
        sides = max(2, attribute_die(character, attribute) // 2)
    else:
        sides = 4
    return RollDie(sides, 0, f"{label(key)} untrained d{sides}")


def _capped(sides: int, text: str) -> RollDie:
    if sides > 12:
        return RollDie(12, (sides - 12) // 2, text)
    return RollDie(max(sides, 2), 0, text)


def active_conditions(character: Character) -> list[tables.ConditionRule]:
    rules = tables.conditions()
    return [rules[c.key] for c in character.conditions if c.key in rules]


def condition_check_terms(character: Character, skill: str) -> list[Term]:
    """Modifiers every check of this character takes from its conditions (Fatigued -1...)."""
    terms = []
    for rule in active_conditions(character):
        value = rule.speed_check_modifier if (skill in SPEED_SKILLS and rule.speed_check_modifier) \
            else rule.check_modifier
        if value:
            terms.append(Term(rule.label, value))
    return terms


def is_helpless(character: Character) -> bool:
    return any(rule.helpless for rule in active_conditions(character))


def cannot_act(character: Character) -> str | None:
    """The condition that stops the character from acting, if any."""
    for rule in active_conditions(character):
        if rule.no_action:
            return rule.label
    return None


def equipped(character: Character, kind: ItemKind) -> list[EquipmentItem]:
    return [i for i in character.equipment if i.kind is kind and i.equipped]


def int_stat(item: EquipmentItem, key: str, default: int = 0) -> int:
    value = item.stats.get(key)
    return int(value) if isinstance(value, int | float) and not isinstance(value, bool) else default


def rof(weapon: EquipmentItem) -> int:
    """A weapon's rate of fire: the attacks one Attack action may make with it (at least 1)."""
    return max(1, int_stat(weapon, "rof", 1))


def is_unarmed(item: EquipmentItem) -> bool:
    return item.catalogue_id == "crisis-unarmed" or item.id == "crisis-unarmed" or item.name.lower() == "unarmed"


def has_melee_weapon(character: Character) -> bool:
    return any(int_stat(w, "range") == 0 and not is_unarmed(w) for w in equipped(character, ItemKind.WEAPON))


def armour(character: Character, damage_type: str = "physical") -> EquipmentItem | None:
    """The equipped armour that protects best against `damage_type` while it has Durability left."""
    best: EquipmentItem | None = None
    for item in equipped(character, ItemKind.ARMOUR):
        if int_stat(item, "durability", int_stat(item, "durability_max")) <= 0:
            continue
        if best is None or int_stat(item, f"dr_{damage_type}") > int_stat(best, f"dr_{damage_type}"):
            best = item
    return best


def wounds(character: Character) -> int:
    value = character.status.get("wounds", 0)
    return int(value) if isinstance(value, int | float) and not isinstance(value, bool) else 0


def nonlethal(character: Character) -> int:
    value = character.status.get("nonlethal", 0)
    return int(value) if isinstance(value, int | float) and not isinstance(value, bool) else 0
