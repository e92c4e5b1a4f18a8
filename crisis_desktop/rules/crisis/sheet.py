"""Crisis sheet: field metadata for editors, default stat blocks and derived values (never stored)."""

from __future__ import annotations

from crisis_desktop.domain import Character, CharacterKind, ItemKind, StatValue
from crisis_desktop.rules.base import Explained, FieldKind, FieldSpec, Options, Term
from crisis_desktop.rules.crisis import stats, tables
from crisis_desktop.rules.crisis.options import option
from crisis_desktop.rules.kernel.dice import DiceSource

PC_ONLY = frozenset({CharacterKind.PC})
NPC_ONLY = frozenset({CharacterKind.NPC})
# Without dice, a new PC gets the rounded-down average of an exploding d6 (4.2) as its Health roll.
DEFAULT_HEALTH_ROLL = 4
# A weapon's DMG rolls at most this many dice of at most this many sides: far beyond any weapon of the
# rules (2d12 at most), and still a roll the app makes at once.
MAX_DAMAGE_DICE = 100
MAX_DAMAGE_SIDES = 1000
# The dice a DMG may roll: the dice sold in shops (no "d5"); an attribute named rolls its own die.
DAMAGE_DICE = (2, 3, 4, 6, 8, 10, 12, 20, 100)
DAMAGE = FieldSpec("damage", "DMG", FieldKind.DICE, "Attack", "d6",
                   help='Dice expression: "d6", "2d6", "Body", "2 x Body", "Body - 2".',
                   max_dice=MAX_DAMAGE_DICE, max_sides=MAX_DAMAGE_SIDES, dice_sides=DAMAGE_DICE,
                   dice_names=stats.ATTRIBUTES, best_total=1)


def character_fields() -> tuple[FieldSpec, ...]:
    fields: list[FieldSpec] = []
    for attr, text in (("body", "Governs Action skills, Pace and Health."),
                       ("mind", "Governs Knowledge skills, turn order and Perception."),
                       ("soul", "Governs Social skills.")):
        fields.append(FieldSpec(attr, stats.label(attr), FieldKind.DIE, "Attributes", stats.DEFAULT_ATTRIBUTE,
                                4, 12, stats.DIE_SIDES, f"d4 to d12 (human average d6). {text}"))
    for attr, skills in stats.SKILLS.items():
        for skill in skills:
            fields.append(FieldSpec(
                skill, stats.label(skill), FieldKind.DIE, stats.SKILL_GROUP_LABELS[attr], None, 4, 12, stats.DIE_SIDES,
                f"d4 to d12; leave empty if untrained (the rule option untrained_skill says what it rolls then). "
                f"Governed by {stats.label(attr)}.", required=False))
    fields.append(FieldSpec("health_roll", "Health roll", FieldKind.INT, "Health", DEFAULT_HEALTH_ROLL, 1, 200, (),
                            "The Body roll made once at creation; Health = 20 + this.", PC_ONLY))
    fields.append(FieldSpec("difficulty", "Difficulty", FieldKind.INT, "NPC", 4, 1, 10, (),
                            "NPC Difficulty 1 to 10 (average 4): Health 10 + 5 x DL, Parry 2 + DL, Perception 2 + DL.",
                            NPC_ONLY))
    return tuple(fields)


def status_fields() -> tuple[FieldSpec, ...]:
    """The tracked state in character.status."""
    return (
        FieldSpec("wounds", "Wounds", FieldKind.INT, "Status", 0, 0, None, (), "Lethal damage taken."),
        FieldSpec("nonlethal", "Non-lethal damage", FieldKind.INT, "Status", 0, 0, None, (),
                  "Non-lethal damage taken; more than the current Health incapacitates."),
    )


def _int(key: str, label: str, group: str, default: StatValue, low: int | None, high: int | None, help_text: str,
         required: bool = True) -> FieldSpec:
    return FieldSpec(key, label, FieldKind.INT, group, default, low, high, (), help_text, required=required)


def item_fields(kind: ItemKind) -> tuple[FieldSpec, ...]:
    if kind is ItemKind.WEAPON:
        skills = ("melee", "light_weapons", "heavy_weapons", "athletics")
        return (
            FieldSpec("skill", "Skill", FieldKind.CHOICE, "Attack", "light_weapons", choices=skills,
                      choice_labels=tuple(stats.label(s) for s in skills),
                      help="The skill the attack rolls (Athletics for thrown weapons)."),
            DAMAGE,
            _int("hit", "HIT", "Attack", 0, -10, 10, "Added to the attack roll."),
            _int("range", "RNG", "Attack", 0, 0, 1000, "Range increment in tiles; 0 = melee. -1 per increment "
                 "after the first, at most 10 increments."),
            _int("rof", "RoF", "Attack", 1, 1, 20, "Attacks per Attack action; each extra costs 1 AP and -2 HIT."),
            _int("cap", "CAP", "Ammunition", None, 0, 1000, "Rounds a full magazine holds.", False),
            _int("mag", "MAG", "Ammunition", None, 0, 100, "Spare magazines.", False),
            _int("ammo", "Rounds loaded", "Ammunition", None, 0, 1000, "Rounds left in the magazine.", False),
            _int("reload_ap", "REL", "Ammunition", None, 0, 12, "AP to reload.", False),
            _int("bulk", "Bulk", "Carrying", 0, 0, 20, "How unwieldy the weapon is."),
            _int("aoe_radius", "AoE radius", "Attack", 0, 0, 50, "Radius of the area in tiles; 0 = single target."),
            _int("attack_ap", "Attack AP", "Attack", None, 1, 12, "AP for one attack; empty = 2.", False),
        )
    if kind is ItemKind.ARMOUR:
        return (
            _int("dr_physical", "DR physical", "Damage reduction", 0, 0, 50, "Physical damage blocked per hit."),
            _int("dr_fire", "DR fire", "Damage reduction", 0, 0, 50, "Fire damage blocked per hit."),
            _int("dr_cold", "DR cold", "Damage reduction", 0, 0, 50, "Cold damage blocked per hit."),
            _int("dr_acid", "DR acid", "Damage reduction", 0, 0, 50, "Acid damage blocked per hit."),
            _int("durability_max", "Durability", "Durability", 10, 0, 1000, "Durability when new."),
            _int("durability", "Durability left", "Durability", 10, 0, 1000,
                 "Blocked damage wears it down; at 0 the armour gives no DR."),
        )
    return (_int("bulk", "Bulk", "Carrying", 0, 0, 20, "How unwieldy the item is."),)


def new_stats(kind: CharacterKind, dice: DiceSource | None = None) -> dict[str, StatValue]:
    block: dict[str, StatValue] = {a: stats.DEFAULT_ATTRIBUTE for a in stats.ATTRIBUTES}
    if kind is CharacterKind.NPC:
        block["difficulty"] = 4
    elif dice is None:
        block["health_roll"] = DEFAULT_HEALTH_ROLL
    else:
        # The Health roll is a Body roll: the top face explodes; a 1 simply counts as 1.
        sides = stats.DEFAULT_ATTRIBUTE
        total = face = dice.roll(sides, "Health roll (Body)")
        while face == sides:
            face = dice.roll(sides, "Health roll (Body, exploded)")
            total += face
        block["health_roll"] = total
    return block


def _difficulty(character: Character) -> int:
    value = character.stats.get("difficulty", 4)
    return int(value) if isinstance(value, int) and not isinstance(value, bool) else 4


def health(character: Character) -> Explained:
    if character.kind is CharacterKind.NPC:
        dl = _difficulty(character)
        return Explained.of(("NPC base", 10), (f"5 x Difficulty {dl}", 5 * dl))
    roll = character.stats.get("health_roll", DEFAULT_HEALTH_ROLL)
    roll = int(roll) if isinstance(roll, int) and not isinstance(roll, bool) else DEFAULT_HEALTH_ROLL
    return Explained.of(("base", 20), ("Health roll", roll))


def current_health(character: Character) -> Explained:
    return health(character).plus("wounds", -stats.wounds(character))


def pace(character: Character) -> Explained:
    body = stats.attribute_die(character, "body")
    value = Explained.of((f"Body d{body} / 2", body // 2))
    for rule in stats.active_conditions(character):
        if rule.pace_divisor > 1:
            value = value.plus(f"{rule.label}: Pace / {rule.pace_divisor}",
                               value.value // rule.pace_divisor - value.value)
    return value


def parry(character: Character, options: Options, extra_enemies: int = 0, circumstance: int = 0) -> Explained:
    """Parry: per `parry_formula` for PCs, 2 + DL for NPCs; -1 per extra enemy in reach (max -4), -2 without a
    melee weapon (PCs), at least 2; a helpless character has none (0)."""
    combat = tables.combat()
    if character.kind is CharacterKind.NPC:
        dl = _difficulty(character)
        value = Explained.of(("NPC base", 2), (f"Difficulty {dl}", dl))
    else:
        die = stats.roll_die(character, "melee", options)
        if option(options, "parry_formula") == "half_melee_plus_2":
            value = Explained.of(("base", 2), (f"{die.label} / 2", die.sides // 2))
        else:
            value = Explained.of((die.label, die.sides))
        if not stats.has_melee_weapon(character):
            value = value.plus("no melee weapon", combat["no_melee_weapon_parry"])
    if extra_enemies > 0:
        penalty = min(extra_enemies, combat["max_extra_enemy_penalty"])
        value = value.plus(f"{extra_enemies} extra enem{'y' if extra_enemies == 1 else 'ies'} in reach", -penalty)
    if circumstance:
        value = value.plus("circumstance", circumstance)
    value = value.clamped(low=combat["minimum_parry"], label="Parry")
    if stats.is_helpless(character):
        value = value.plus("helpless: no Parry", -value.value)
    return value


def perception(character: Character, allies_noticing: int = 0) -> Explained:
    if character.kind is CharacterKind.NPC:
        dl = _difficulty(character)
        value = Explained.of(("NPC base", 2), (f"Difficulty {dl}", dl))
    else:
        mind = stats.attribute_die(character, "mind")
        value = Explained.of((f"Mind d{mind} / 2", mind // 2))
    if allies_noticing > 0:
        value = value.plus("allies who can notice", min(allies_noticing, 4))
    return value


def damage_reduction(character: Character, damage_type: str = "physical") -> Explained:
    item = stats.armour(character, damage_type)
    if item is None:
        return Explained.of(Term("no working armour", 0))
    return Explained.of((f"{item.name} DR {damage_type}", stats.int_stat(item, f"dr_{damage_type}")))


def derived(character: Character, options: Options) -> dict[str, Explained]:
    return {
        "health": health(character),
        "health_current": current_health(character),
        "pace": pace(character),
        "parry": parry(character, options),
        "perception": perception(character),
        "dr_physical": damage_reduction(character, "physical"),
    }
