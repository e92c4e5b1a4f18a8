"""Skirmish sheets: the seven stats, skills by training, Fatigue and wounds by location; weapons by base damage, kind
and traits, shields and armour; derived values with their terms (never stored)."""

from __future__ import annotations

from typing import Any

from crisis_desktop.domain import Character, CharacterKind, EquipmentItem, ItemKind, StatValue
from crisis_desktop.rules.base import Explained, FieldKind, FieldSpec, Options
from crisis_desktop.rules.kernel.dice import DiceSource
from crisis_desktop.rules.kernel.tables import load_table
from crisis_desktop.rules.skirmish.options import option

STATS = (("phy", "PHY", "Physique: strength; governs the melee skills and Athletics."),
         ("dex", "DEX", "Dexterity: governs Marksman, Throwing, Evasion and the cloak-and-dagger skills."),
         ("con", "CON", "Constitution: Endurance, and the damage that makes a critical wound."),
         ("wil", "WIL", "Willpower: Fortitude (how much pain a blow causes) and magic."),
         ("cog", "COG", "Cognition: Stabilization and Trauma treatment."),
         ("emp", "EMP", "Empathy: Interaction, Mercantile."),
         ("per", "PER", "Perception: Investigation, Field repair, Forgery."))
STAT_LABELS = {key: label for key, label, _h in STATS}
ATTACK_KINDS = ("melee", "marksman", "throwing")
MELEE_SKILLS = ("one_handed", "two_handed", "weapon_and_shield")
RANGED_SKILLS = ("marksman", "throwing")
DAMAGE_TYPES = ("blade", "impact", "pierce")
ARMOUR_TYPES = ("light", "medium", "heavy", "shield")
LOCATIONS = ("head", "torso", "arms", "legs")
WOUND_STATES = ("none", "critical", "supercritical")
MAX_OVER_WIELD = 3


def _skills_table() -> dict[str, Any]:
    table: dict[str, Any] = load_table("skirmish", "skills")
    return table


def skills() -> list[tuple[str, str, str, str]]:
    """Every skill as (key, label, governing stat key, group), in the sheet's order."""
    return [(key, label, gov, group) for group, rows in _skills_table()["groups"] for key, label, gov in rows]


SKILL_LABELS = {key: label for key, label, _g, _grp in skills()}
GOVERNING = {key: gov for key, _l, gov, _grp in skills()}
COMBAT_SKILLS = frozenset(_skills_table()["combat"])


def character_fields() -> tuple[FieldSpec, ...]:
    stats = tuple(FieldSpec(key, label, FieldKind.INT, "Stats", 10, 1, 25,
                            help=f"{text} Base 10, plus the race's modifier.") for key, label, text in STATS)
    trained = tuple(FieldSpec(key, label, FieldKind.INT, f"Skills: {group}", 0, 0, 11,
                              help=f"Training (XP modifier, up to +10, plus a race's +1). Skill value = "
                                   f"{STAT_LABELS[gov]} - 10 + training.")
                    for key, label, gov, group in skills())
    return (*stats, *trained)


def status_fields() -> tuple[FieldSpec, ...]:
    wounds = tuple(FieldSpec(f"wound_{loc}", f"{_location(loc)['label']} wound", FieldKind.CHOICE, "Wounds", "none",
                             choices=WOUND_STATES,
                             choice_labels=("None", _location(loc)["critical"]["name"],
                                            _location(loc)["supercritical"]["name"]),
                             help="The worst wound at this location: a second critical wound cannot land where one "
                                  "is; a supercritical wound still can, once.")
                   for loc in LOCATIONS)
    return (FieldSpec("fatigue", "Fatigue", FieldKind.INT, "Status", 0, 0, 99,
                      help="Pain taken; Stamina = Endurance - Fatigue."),
            *wounds,
            FieldSpec("death_checks", "Death checks made", FieldKind.INT, "Status", 0, 0, 99,
                      help="Death checks rolled while dying (one per watch); stabilizing resets them."),
            FieldSpec("death_failures", "Death checks failed", FieldKind.INT, "Status", 0, 0, 3,
                      help="Three failures: dead."),
            FieldSpec("stabilization_barred", "Stabilization failed", FieldKind.BOOL, "Status", False,
                      help="A failed Stabilization: no medical check can stabilize this patient."))


def _location(loc: str) -> dict[str, Any]:
    table: dict[str, Any] = load_table("skirmish", "damage")
    found: dict[str, Any] = table["locations"][loc]
    return found


def item_fields(kind: ItemKind) -> tuple[FieldSpec, ...]:
    if kind is ItemKind.WEAPON:
        skill_choices = (*MELEE_SKILLS, *RANGED_SKILLS)
        return (FieldSpec("base_damage", "Base damage", FieldKind.INT, "Attack", 6, 0, 20,
                          help="B: damage = multiplier x B - armour value. It also costs B of Wield."),
                FieldSpec("attack_kind", "Kind", FieldKind.CHOICE, "Attack", "melee", choices=ATTACK_KINDS,
                          choice_labels=("Melee", "Marksman", "Throwing"),
                          help="Melee weapons fight in skirmishes; marksman and throwing weapons attack in the "
                               "ranged phase."),
                FieldSpec("skill", "Skill", FieldKind.CHOICE, "Attack", "one_handed", choices=skill_choices,
                          choice_labels=tuple(SKILL_LABELS[s] for s in skill_choices),
                          help="The skill its attacks roll."),
                FieldSpec("damage_type", "Damage type", FieldKind.CHOICE, "Attack", "blade", choices=DAMAGE_TYPES,
                          choice_labels=("Blade", "Impact", "Pierce")),
                FieldSpec("two_handed", "Two-handed", FieldKind.BOOL, "Attack", False),
                FieldSpec("versatile_damage", "Versatile damage", FieldKind.INT, "Traits", 0, 0, 20,
                          help="Versatile: the base damage when used with the Two-handed skill (0: not versatile)."),
                FieldSpec("curving", "Curving", FieldKind.BOOL, "Traits", False,
                          help="Ignores the target's shield."),
                FieldSpec("penetration", "Penetration", FieldKind.BOOL, "Traits", False,
                          help="The target's armour value counts at most 6; costs 1 more Wield."),
                FieldSpec("cumbersome", "Cumbersome", FieldKind.INT, "Traits", 0, 0, 5,
                          help="Cumbersome X: -X on melee rolls."),
                FieldSpec("limited", "Limited", FieldKind.BOOL, "Traits", False,
                          help="Limited X: X missiles per target per engagement."),
                FieldSpec("limited_count", "Limited X", FieldKind.INT, "Traits", 0, 0, 10,
                          help="The X of Limited (0: the rule option's default)."),
                FieldSpec("simple", "Simple", FieldKind.INT, "Traits", 0, 0, 20,
                          help="Simple X: +2 while the skill is below X, never past X (0: not simple)."),
                FieldSpec("slow", "Slow", FieldKind.INT, "Traits", 0, 0, 5,
                          help="Slow X: X rounds to reload (kept by the GM)."),
                FieldSpec("reach", "Reach", FieldKind.BOOL, "Traits", False,
                          help="The text does not define Reach: a note for the GM."),
                FieldSpec("disrepair", "In disrepair", FieldKind.BOOL, "Wear", False,
                          help="Base damage -2."))
    if kind is ItemKind.ARMOUR:
        return (FieldSpec("armour_type", "Type", FieldKind.CHOICE, "Protection", "light", choices=ARMOUR_TYPES,
                          choice_labels=("Light armour", "Medium armour", "Heavy armour", "Shield")),
                FieldSpec("av", "Armour value", FieldKind.INT, "Protection", 0, 0, 9,
                          help="AV: taken off every hit's damage; one AV for the whole body."),
                FieldSpec("sv", "Shield value", FieldKind.INT, "Protection", 0, 0, 3,
                          help="SV: added to Evasion against ranged attacks; costs SV of Wield."),
                FieldSpec("disrepair", "In disrepair", FieldKind.BOOL, "Wear", False,
                          help="Armour value -2."))
    return ()


def new_stats(kind: CharacterKind, dice: DiceSource | None = None) -> dict[str, StatValue]:
    stats: dict[str, StatValue] = {key: 10 for key, _l, _h in STATS}
    stats.update({key: 0 for key, _l, _g, _grp in skills()})
    return stats


def _int(value: StatValue, default: int = 0) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def stat(character: Character, key: str) -> int:
    return _int(character.stats.get(key, 10), 10)


def training(character: Character, key: str) -> int:
    return _int(character.stats.get(key, 0))


def skill_value(character: Character, key: str) -> Explained:
    """Governing stat - 10 + training; a stat's own key gives the stat - 10."""
    if key in STAT_LABELS:
        return Explained.of((STAT_LABELS[key], stat(character, key)), ("base", -10))
    gov = GOVERNING[key]
    return Explained.of((STAT_LABELS[gov], stat(character, gov)), ("base", -10),
                        (f"{SKILL_LABELS[key]} training", training(character, key)))


def fatigue(character: Character) -> int:
    return max(0, _int(character.status.get("fatigue", 0)))


def _half_over_seven(value: int, label: str) -> Explained:
    """floor((value - 7) / 2) + 4."""
    half = (value - 7) // 2
    return Explained.of((label, value), ("- 7, halved, rounded down", half - value), ("+ 4", 4))


def endurance(character: Character) -> Explained:
    return _half_over_seven(stat(character, "con"), "CON")


def fortitude(character: Character) -> Explained:
    return _half_over_seven(stat(character, "wil"), "WIL")


def stamina(character: Character) -> Explained:
    return endurance(character).plus("Fatigue", -fatigue(character))


def critical_threshold(character: Character) -> Explained:
    """C: damage of C or more makes a critical wound, 3 x C a supercritical one (CON in both texts)."""
    return Explained.of(("CON", stat(character, "con")))


def wield(character: Character, options: Options) -> Explained:
    if option(options, "paraverse_text") == "later":
        phy, con = stat(character, "phy"), stat(character, "con")
        return Explained.of(("PHY", phy), ("CON", con), ("halved, rounded down", (phy + con) // 2 - phy - con))
    return Explained.of(("PHY", stat(character, "phy")))


def carried(character: Character, kind: ItemKind) -> list[EquipmentItem]:
    return [i for i in character.equipment if i.kind is kind]


def worn(character: Character, kind: ItemKind) -> list[EquipmentItem]:
    return [i for i in carried(character, kind) if i.equipped]


def weapons(character: Character) -> list[EquipmentItem]:
    """Every weapon carried (drawing or switching to one at the start of a round is free)."""
    return carried(character, ItemKind.WEAPON)


def attack_kind(weapon: EquipmentItem) -> str:
    value = weapon.stats.get("attack_kind", "melee")
    return str(value) if value in ATTACK_KINDS else "melee"


def is_ranged(weapon: EquipmentItem) -> bool:
    return attack_kind(weapon) != "melee"


def weapon_skill(weapon: EquipmentItem) -> str:
    value = weapon.stats.get("skill")
    if value in (*MELEE_SKILLS, *RANGED_SKILLS):
        return str(value)
    return attack_kind(weapon) if is_ranged(weapon) else "one_handed"


def item_int(item: EquipmentItem, key: str) -> int:
    return _int(item.stats.get(key, 0))


def base_damage(weapon: EquipmentItem) -> Explained:
    """B: the weapon's base damage (the versatile value with the Two-handed skill), -2 in disrepair."""
    versatile = item_int(weapon, "versatile_damage")
    if versatile and weapon_skill(weapon) == "two_handed":
        out = Explained.of((f"{weapon.name} two-handed", versatile))
    else:
        out = Explained.of((weapon.name, item_int(weapon, "base_damage")))
    if weapon.stats.get("disrepair") is True:
        out = out.plus("disrepair", -2).clamped(0)
    return out


def wield_cost(weapon: EquipmentItem) -> int:
    return int(base_damage(weapon).value) + (1 if weapon.stats.get("penetration") is True else 0)


def body_armour(character: Character) -> EquipmentItem | None:
    found = [a for a in worn(character, ItemKind.ARMOUR) if a.stats.get("armour_type") != "shield"]
    return max(found, key=lambda a: item_int(a, "av"), default=None)


def shield(character: Character) -> EquipmentItem | None:
    found = [a for a in worn(character, ItemKind.ARMOUR) if a.stats.get("armour_type") == "shield"]
    return max(found, key=lambda a: item_int(a, "sv"), default=None)


def armour_value(character: Character) -> Explained:
    piece = body_armour(character)
    if piece is None:
        return Explained.of(("no armour", 0))
    out = Explained.of((piece.name, item_int(piece, "av")))
    if piece.stats.get("disrepair") is True:
        out = out.plus("disrepair", -2).clamped(0)
    return out


def shield_value(character: Character) -> Explained:
    piece = shield(character)
    if piece is None:
        return Explained.of(("no shield", 0))
    return Explained.of((piece.name, item_int(piece, "sv")))


def wield_load(character: Character, weapon: EquipmentItem) -> Explained:
    """What wielding `weapon` costs of Wield: its base damage (+1 for Penetration), and a shield's SV beside a
    one-handed weapon."""
    out = Explained.of((weapon.name, wield_cost(weapon)))
    piece = shield(character)
    if piece is not None and weapon.stats.get("two_handed") is not True:
        out = out.plus(piece.name, item_int(piece, "sv"))
    return out


def wound(character: Character, loc: str) -> str:
    value = character.status.get(f"wound_{loc}", "none")
    return str(value) if value in WOUND_STATES else "none"


def wound_rows(character: Character) -> list[dict[str, Any]]:
    """The effects of every wound the character has (the table rows), head to legs."""
    return [_location(loc)[state] for loc in LOCATIONS if (state := wound(character, loc)) != "none"]


def disadvantaged(character: Character, roll: str) -> list[str]:
    """The wounds that put `roll` ("melee", "ranged", "evasion") at disadvantage."""
    return [row["name"] for row in wound_rows(character) if roll in row["disadvantage"]]


def stat_rules(character: Character) -> list[str]:
    problems: list[str] = []
    body = [a.name for a in worn(character, ItemKind.ARMOUR) if a.stats.get("armour_type") != "shield"]
    shields = [a.name for a in worn(character, ItemKind.ARMOUR) if a.stats.get("armour_type") == "shield"]
    if len(body) > 1:
        problems.append(f"One suit of armour is worn at a time, not {', '.join(body)}")
    if len(shields) > 1:
        problems.append(f"One shield is carried ready at a time, not {', '.join(shields)}")
    return problems


def _traits_lacked(weapon: EquipmentItem, kind: str) -> list[str]:
    """Traits the rules give only some weapons: Versatile is a one-handed weapon's (a two-handed one is not), Limited
    X counts thrown missiles (and needs Limited), Slow X reloads a marksman weapon."""
    problems: list[str] = []
    if item_int(weapon, "versatile_damage") and weapon.stats.get("two_handed") is True:
        problems.append("A two-handed weapon is not Versatile (Versatile: a one-handed weapon used two-handed)")
    if item_int(weapon, "limited_count") and weapon.stats.get("limited") is not True:
        problems.append("Limited X needs Limited")
    if weapon.stats.get("limited") is True and kind != "throwing":
        problems.append("Only a throwing weapon is Limited (X missiles per target per engagement)")
    if item_int(weapon, "slow") and kind != "marksman":
        problems.append("Only a marksman weapon is Slow (rounds to reload)")
    return problems


def item_rules(item: EquipmentItem) -> list[str]:
    problems: list[str] = []
    if item.kind is ItemKind.WEAPON:
        kind, skill = attack_kind(item), item.stats.get("skill")
        if kind == "melee" and skill not in MELEE_SKILLS:
            problems.append("A melee weapon uses One-handed, Two-handed or Weapon-and-shield")
        if kind != "melee" and skill != kind:
            problems.append(f"A {kind} weapon uses the {SKILL_LABELS[kind]} skill")
        problems += _traits_lacked(item, kind)
    if item.kind is ItemKind.ARMOUR:
        if item.stats.get("armour_type") == "shield" and item_int(item, "av"):
            problems.append("A shield has a shield value, not an armour value")
        if item.stats.get("armour_type") != "shield" and item_int(item, "sv"):
            problems.append("Body armour has an armour value, not a shield value")
    return problems


def derived(character: Character, options: Options) -> dict[str, Explained]:
    return {"endurance": endurance(character), "fortitude": fortitude(character), "stamina": stamina(character),
            "wield": wield(character, options), "evasion": skill_value(character, "evasion"),
            "armour_value": armour_value(character), "shield_value": shield_value(character),
            "critical_threshold": critical_threshold(character)}


def summary(item: EquipmentItem) -> str:
    s = item.stats
    if item.kind is ItemKind.WEAPON:
        traits = [t for t, on in (("Curving", s.get("curving") is True), ("Penetration", s.get("penetration") is True),
                                  ("Reach", s.get("reach") is True), ("2H", s.get("two_handed") is True)) if on]
        for key, label in (("cumbersome", "Cumbersome"), ("simple", "Simple"), ("slow", "Slow")):
            if item_int(item, key):
                traits.append(f"{label} {item_int(item, key)}")
        if s.get("limited") is True:
            traits.append(f"Limited {item_int(item, 'limited_count') or ''}".strip())
        return ", ".join([f"B {item_int(item, 'base_damage')} {str(s.get('damage_type', ''))[:1]}",
                          attack_kind(item), *traits])
    if item.kind is ItemKind.ARMOUR:
        if s.get("armour_type") == "shield":
            return f"shield, SV {item_int(item, 'sv')}"
        return f"{s.get('armour_type')} armour, AV {item_int(item, 'av')}"
    return ""


def check_skill_list(character: Character, options: Options) -> list[tuple[str, str]]:
    """What a check may be rolled on: every skill, then the stats."""
    return [(key, label) for key, label, _g, _grp in skills()] + [(k, label) for k, label, _h in STATS]
