"""Moments sheets: BOD, INT, POW, skills and vocations with their bonuses, weapons by damage die and type, armour
points and usage dice; derived values with their terms (never stored)."""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

from crisis_desktop.domain import Character, CharacterKind, EquipmentItem, ItemKind, StatValue
from crisis_desktop.rules.base import Explained, FieldKind, FieldSpec, Options, Term
from crisis_desktop.rules.kernel.dice import DiceSource
from crisis_desktop.rules.kernel.dice_expr import DiceExpr, parse
from crisis_desktop.rules.kernel.tables import load_table

STATS = (("bod", "BOD", "Body: strength, agility, toughness; attacks and reactions."),
         ("int", "INT", "Intellect: wits and senses; the moment's opposed test, medical attention."),
         ("pow", "POW", "Power: will and magic."))
STAT_LABELS = {key: label for key, label, _help in STATS}
DAMAGE_TYPES = ("crushing", "slicing", "piercing")
REACH = ("melee", "balanced", "ranged")
USAGE_DICE = (20, 12, 10, 8, 6, 4, 0)
USAGE_LABELS = tuple(f"d{d}" if d else "used up" for d in USAGE_DICE)
# A weapon the rules give no usage die (the sling): it never wears, unlike one used up (0).
NO_DIE = "none"
NO_DIE_LABEL = "none (never wears)"
_ENTRY = re.compile(r"^\s*(?P<name>[^\d,][^,]*?)\s+(?P<value>\d+)\s*%?\s*$")


def character_fields() -> tuple[FieldSpec, ...]:
    stats = tuple(FieldSpec(key, label, FieldKind.INT, "Stats", 10, 3, 21, help=f"{text} 3d6 at creation, "
                            "human average 10, cap 21. Goal = 3 x stat.") for key, label, text in STATS)
    return (*stats,
            FieldSpec("skills", "Skills", FieldKind.TEXT, "Skills and vocations", "", required=False, separator=",",
                      help="Each skill with its bonus, separated by commas: 'Swords 40, Athletics 30'."),
            FieldSpec("vocations", "Vocations", FieldKind.TEXT, "Skills and vocations", "", required=False,
                      separator=",", help="At most two vocations with their bonus: 'Soldier 25'. Bonuses never "
                                          "stack: a test adds the single best one that applies."))


def status_fields() -> tuple[FieldSpec, ...]:
    return (FieldSpec("hp_lost", "HP lost", FieldKind.INT, "Status", 0, 0, None, help="Hit points lost."),
            FieldSpec("wounds", "Wounds", FieldKind.TEXT, "Status", "", required=False, separator=";",
                      help="Each wound taken, separated by ';' (kept by the rules for medical attention)."))


def _usage(default: int, *, none: bool = False) -> FieldSpec:
    """The usage die; `none`: the item may have none (a weapon the rules give no die, the sling)."""
    extra: tuple[StatValue, ...] = (NO_DIE,) if none else ()
    return FieldSpec("usage_die", "Usage die", FieldKind.CHOICE, "Wear", default, choices=(*USAGE_DICE, *extra),
                     choice_labels=(*USAGE_LABELS, *((NO_DIE_LABEL,) if none else ())),
                     help="Steps down d20, d12, d10, d8, d6, d4, used up." + (
                         " A weapon the rules give no usage die (the sling) has none: it never wears." if none
                         else ""))


DAMAGE = FieldSpec("damage", "Damage", FieldKind.DICE, "Attack", "1d6", max_dice=4, max_sides=12,
                   dice_sides=(4, 6, 8, 10, 12), dice_names=(), lowest_total=0,
                   help="Damage dice: 1d8, 2d6, 1d4+1; never below 0.")


def damage(weapon: EquipmentItem) -> DiceExpr:
    """The weapon's damage dice, within the sheet's bounds on every path that rolls or prices them (an attack, its
    odds, the simulator); ValueError naming the weapon otherwise: a file edited by hand can hold any text, and
    999999999d999999999 rolled one die at a time never ends."""
    text = str(weapon.stats.get("damage", DAMAGE.default))
    refused = DAMAGE.validate(text)
    if refused:
        raise ValueError(f"{weapon.name}: {refused}")
    return parse(text)


def item_fields(kind: ItemKind) -> tuple[FieldSpec, ...]:
    if kind is ItemKind.WEAPON:
        return (DAMAGE,
                FieldSpec("damage_type", "Damage type", FieldKind.CHOICE, "Attack", "crushing", choices=DAMAGE_TYPES,
                          choice_labels=("Crushing", "Slicing", "Piercing"),
                          help="Which column of the major wound table it rolls on."),
                FieldSpec("reach", "Reach", FieldKind.CHOICE, "Attack", "melee", choices=REACH,
                          choice_labels=("Melee", "Balanced (thrown to near)", "Ranged"),
                          help="Melee reaches close; balanced may be thrown to near; ranged reaches distant "
                               "(far one step harder)."),
                FieldSpec("skill", "Skill", FieldKind.TEXT, "Attack", "", required=False,
                          help="The skill or vocation whose bonus its attacks add by default ('Swords')."),
                FieldSpec("shield", "Shield", FieldKind.BOOL, "Attack", False, help="It can block."),
                _usage(8, none=True),
                FieldSpec("qualities", "Qualities", FieldKind.TEXT, "Attack", "", required=False, separator=","))
    if kind is ItemKind.ARMOUR:
        return (FieldSpec("ap", "Armour points", FieldKind.INT, "Protection", 1, 0, 10,
                          help="Soaked off every hit; worn pieces add up."),
                _usage(6),
                FieldSpec("qualities", "Qualities", FieldKind.TEXT, "Protection", "", required=False, separator=","))
    return ()


def new_stats(kind: CharacterKind, dice: DiceSource | None = None) -> dict[str, StatValue]:
    return {"bod": 10, "int": 10, "pow": 10, "skills": "", "vocations": ""}


def parse_bonuses(text: str) -> tuple[dict[str, int], list[str]]:
    """'Swords 40, Athletics 30' -> ({'Swords': 40, 'Athletics': 30}, problems)."""
    found: dict[str, int] = {}
    problems: list[str] = []
    for part in (p for p in text.split(",") if p.strip()):
        m = _ENTRY.match(part)
        if m is None:
            problems.append(f"'{part.strip()}' should read as a name and a bonus, like 'Swords 40'")
            continue
        found[m["name"].strip()] = int(m["value"])
    return found, problems


def bonuses(character: Character) -> dict[str, int]:
    """Every skill and vocation of the character with its bonus (a vocation named like a skill: the higher)."""
    out: dict[str, int] = {}
    for key in ("skills", "vocations"):
        text = character.stats.get(key)
        for name, value in parse_bonuses(text if isinstance(text, str) else "")[0].items():
            out[name] = max(value, out.get(name, 0))
    return out


def stat_rules(character: Character) -> list[str]:
    problems: list[str] = []
    for key, label in (("skills", "Skills"), ("vocations", "Vocations")):
        text = character.stats.get(key)
        problems += [f"{label}: {p}" for p in parse_bonuses(text if isinstance(text, str) else "")[1]]
    vocations = character.stats.get("vocations")
    if isinstance(vocations, str) and len(parse_bonuses(vocations)[0]) > 2:
        problems.append("Vocations: at most two")
    return problems


def stat(character: Character, key: str) -> int:
    value = character.stats.get(key, 10)
    return value if isinstance(value, int) and not isinstance(value, bool) else 10


def hp_max(character: Character) -> Explained:
    """ceil((BOD + POW) / 2)."""
    b, p = stat(character, "bod"), stat(character, "pow")
    half = math.ceil((b + p) / 2)
    return Explained.of(("BOD", b), ("POW", p), ("halved, rounded up", half - b - p))


def pp_max(character: Character) -> Explained:
    """ceil((INT + POW) / 2)."""
    i, p = stat(character, "int"), stat(character, "pow")
    return Explained.of(("INT", i), ("POW", p), ("halved, rounded up", math.ceil((i + p) / 2) - i - p))


def hp_lost(character: Character) -> int:
    value = character.status.get("hp_lost", 0)
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def hp(character: Character) -> int:
    return max(0, int(hp_max(character).value) - hp_lost(character))


def usage_die(item: EquipmentItem) -> int:
    """The item's usage die in sides; 0 when used up or when it has none (see `no_die`)."""
    value = item.stats.get("usage_die", 0)
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def no_die(item: EquipmentItem) -> bool:
    """The item has no usage die (the sling): it never wears, and is never used up."""
    return item.stats.get("usage_die") == NO_DIE


def usage_text(item: EquipmentItem) -> str:
    """'usage d8', 'used up' or 'no usage die'."""
    die = usage_die(item)
    return f"usage d{die}" if die else "no usage die" if no_die(item) else "used up"


def dieless_catalogue() -> frozenset[str]:
    """The ids of the rules' catalogue items the rules give no usage die (the sling)."""
    return frozenset(row["id"] for row in load_table("moments", "equipment")
                     if row.get("stats", {}).get("usage_die") == NO_DIE)


def item_rules(item: EquipmentItem) -> list[str]:
    """An item the rules give no usage die (by its catalogue entry) has none; only weapons may lack one."""
    if item.catalogue_id in dieless_catalogue() and not no_die(item):
        return [f"The rules give a {item.name.lower()} no usage die: set it to {NO_DIE_LABEL}"]
    return []


def step_down(die: int) -> int:
    """The next usage die down (d4 steps down to used up, 0)."""
    return USAGE_DICE[USAGE_DICE.index(die) + 1] if die in USAGE_DICE[:-1] else 0


def worn(character: Character, kind: ItemKind) -> list[EquipmentItem]:
    return [i for i in character.equipment if i.kind is kind and i.equipped]


def shields(character: Character) -> list[EquipmentItem]:
    return [i for i in worn(character, ItemKind.WEAPON) if i.stats.get("shield") is True]


def armour_points(character: Character) -> Explained:
    """The AP of every piece worn, added up; a used up piece protects 0."""
    terms: list[Term] = []
    for piece in worn(character, ItemKind.ARMOUR):
        ap = piece.stats.get("ap", 0)
        ap = ap if isinstance(ap, int) and not isinstance(ap, bool) else 0
        terms.append(Term(f"{piece.name} (used up)" if usage_die(piece) == 0 else piece.name,
                          0 if usage_die(piece) == 0 else ap))
    return Explained.of(*terms) if terms else Explained.of(("no armour", 0))


def derived(character: Character, options: Options) -> dict[str, Explained]:
    out = {f"goal_{key}": Explained.of((f"3 x {label}", 3 * stat(character, key)))
           for key, label, _h in STATS}
    out["hp_max"] = hp_max(character)
    out["pp_max"] = pp_max(character)
    out["armour_points"] = armour_points(character)
    best: Sequence[tuple[str, int]] = sorted(bonuses(character).items(), key=lambda kv: -kv[1])
    if best:
        out["best_bonus"] = Explained.of(best[0])
    return out
