"""A Genesys character as the book builds one: species, career and its career skills, specialisations, experience
total and spent, motivations, and encumbrance against its threshold; the experience a skill's next rank costs (five
times the new rank, five more outside the career); and which sheet fields apply to which adversary type (only a
nemesis has a strain threshold, only a minion group a size)."""

from __future__ import annotations

from crisis_desktop.domain import Character, CharacterKind, EquipmentItem, ItemKind
from crisis_desktop.rules.base import Explained, FieldKind, FieldSpec, Term
from crisis_desktop.rules.genesys import stats, tables

PC_ONLY = frozenset({CharacterKind.PC})
# The experience a rank costs: 5 x the new rank, plus 5 for a skill outside the character's career.
XP_PER_RANK = 5
NON_CAREER_XP = 5
# Encumbrance threshold = 5 + Brawn; worn armour counts 3 less than its encumbrance.
ENCUMBRANCE_BASE = 5
WORN_ARMOUR_RELIEF = 3
# Sheet fields that apply to one adversary type only (a rival or a minion has no strain threshold).
ADVERSARY_ONLY = {"strain_threshold": stats.NEMESIS, "group_size": stats.MINION}


def _text(key: str, label: str, help_text: str, separator: str = "") -> FieldSpec:
    return FieldSpec(key, label, FieldKind.TEXT, "Character", "", help=help_text, kinds=PC_ONLY, required=False,
                     separator=separator)


def _xp(key: str, label: str, help_text: str) -> FieldSpec:
    return FieldSpec(key, label, FieldKind.INT, "Character", None, 0, 100000, help=help_text, kinds=PC_ONLY,
                     required=False)


def character_fields() -> tuple[FieldSpec, ...]:
    """The player character's story and experience fields, besides the characteristics and skills."""
    return (
        _text("species", "Species", "Human, elf, android...: the species gives the starting characteristics, the "
                                    "wound and strain threshold bases and the starting experience."),
        _text("career", "Career", "The career: its career skills cost 5 experience less per rank."),
        _text("career_skills", "Career skills", "The career's skills by name, separated by commas: 'Athletics, "
                                                "Melee, Ranged (Light)'. A rank in one costs 5 x the new rank; in any "
                                                "other skill 5 more.", separator=","),
        _text("specialisations", "Specialisations", "Specialisations or talent trees, separated by commas.", ","),
        _text("motivations", "Motivations", "Strength, flaw, desire and fear: 'Strength: loyal; Flaw: greed'."),
        _xp("xp_total", "Experience total", "All the experience earned, starting experience included."),
        _xp("xp_spent", "Experience spent", "Experience spent on characteristics, skills and talents."),
    )


def encumbrance_field(group: str) -> FieldSpec:
    """An item's encumbrance (a weapon's, an armour's, a piece of gear's)."""
    return FieldSpec("encumbrance", "Encumbrance", FieldKind.INT, group, None, 0, 20, required=False,
                     help="How much the item weighs on its carrier; worn armour counts 3 less.")


def applies(spec: FieldSpec, character: Character) -> bool:
    """Whether the field belongs on this character's sheet: its kind, and for an adversary its type."""
    if character.kind not in spec.kinds:
        return False
    only = ADVERSARY_ONLY.get(spec.key)
    return only is None or stats.adversary(character) == only


# -- career skills and experience ------------------------------------------------------------------------------
def _names(text: object) -> list[str]:
    return [" ".join(p.split()) for p in str(text or "").replace(";", ",").split(",") if p.strip()]


def _skill_keys_by_name() -> dict[str, str]:
    by_name = {s.name.lower(): s.key for s in tables.skills().values()}
    return by_name | {s.key: s.key for s in tables.skills().values()}


def career_skills(character: Character) -> frozenset[str]:
    """The skill keys the sheet lists as career skills (names the skill list does not know are left out)."""
    known = _skill_keys_by_name()
    return frozenset(known[n.lower()] for n in _names(character.stats.get("career_skills")) if n.lower() in known)


def next_rank_cost(character: Character, skill: str) -> int | None:
    """The experience the next rank of `skill` costs (None at rank 5): 5 x the new rank, 5 more outside the career."""
    new_rank = stats.raw_stat(character, skill) + 1
    if new_rank > 5:
        return None
    return XP_PER_RANK * new_rank + (0 if skill in career_skills(character) else NON_CAREER_XP)


def xp_available(character: Character) -> Explained | None:
    """Experience left to spend (None when the sheet gives no total)."""
    total = character.stats.get("xp_total")
    if not isinstance(total, int) or isinstance(total, bool):
        return None
    return Explained.of(("earned", total), ("spent", -stats.raw_stat(character, "xp_spent")))


def field_marks(character: Character) -> dict[str, tuple[str, str]]:
    """A player character's skills: "●" beside a career skill; each with what its next rank costs."""
    if character.kind is not CharacterKind.PC:
        return {}
    marked = career_skills(character)
    marks = {}
    for key in tables.skills():
        cost = next_rank_cost(character, key)
        kind = "Career skill" if key in marked else "Not a career skill"
        rank = stats.raw_stat(character, key)
        what = f"rank {rank + 1} costs {cost} experience" if cost is not None else "rank 5 is the highest"
        marks[key] = ("●" if key in marked else "", f"{kind}: {what}.")
    return marks


# -- encumbrance -----------------------------------------------------------------------------------------------
def _burden(item: EquipmentItem) -> int:
    load = stats.item_int(item, "encumbrance")
    if item.kind is ItemKind.ARMOUR and item.equipped:
        return max(0, load - WORN_ARMOUR_RELIEF)
    return load


def encumbrance(character: Character) -> Explained:
    terms = [Term(item.name + (" (worn)" if item.kind is ItemKind.ARMOUR and item.equipped else ""), _burden(item))
             for item in character.equipment if _burden(item)]
    return Explained.of(*terms) if terms else Explained.of(("nothing heavy", 0))


def encumbrance_threshold(character: Character) -> Explained:
    return Explained.of(("base", ENCUMBRANCE_BASE), ("Brawn", stats.characteristic(character, "brawn")))


# -- what the sheet says without refusing ----------------------------------------------------------------------
def notes(character: Character) -> list[str]:
    """Career skills the skill list does not know, experience spent beyond the total, and a load over the
    encumbrance threshold."""
    found: list[str] = []
    known = _skill_keys_by_name()
    unknown = [n for n in _names(character.stats.get("career_skills")) if n.lower() not in known]
    if unknown:
        found.append(f"Career skills not in the skill list (kept, not marked): {', '.join(unknown)}")
    left = xp_available(character)
    if left is not None and left.value < 0:
        found.append(f"Experience spent ({stats.raw_stat(character, 'xp_spent')}) is more than the total "
                     f"({stats.raw_stat(character, 'xp_total')})")
    over = int(encumbrance(character).value - encumbrance_threshold(character).value)
    if over > 0:
        found.append(f"Encumbered: {over} over the threshold (the rules add {over} setback to Brawn and Agility "
                     "checks: add them when rolling)")
    return found

