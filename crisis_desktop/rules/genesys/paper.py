"""What a printed Genesys sheet lays out, as players print it: the six characteristics, the skills with their
characteristic, career mark, rank, dice pool and the experience of the next rank; wounds and strain taken against
their thresholds, soak and defences; weapons with skill, damage, crit, range, qualities and pool; talents with
ranks and activation; critical injuries with severity; the story and experience fields. An adversary gets the same
data for a compact stat block (its type, a minion group's size, no strain threshold for a minion or a rival)."""

from __future__ import annotations

from dataclasses import dataclass

from crisis_desktop.domain import Character, EquipmentItem, ItemKind
from crisis_desktop.rules.base import Options
from crisis_desktop.rules.genesys import career, checks, narrative, sheet, stats, tables, talents
from crisis_desktop.rules.genesys.custom_skills import custom_skills

Pairs = tuple[tuple[str, int], ...]
_BANDS = {"engaged": "Engaged", "short": "Short", "medium": "Medium", "long": "Long", "extreme": "Extreme"}


@dataclass(frozen=True)
class Stat:
    name: str
    short: str
    value: int


@dataclass(frozen=True)
class SkillLine:
    name: str
    characteristic: str        # short name: "Br"
    career: bool
    rank: int
    pool: Pairs                # (die kind, count): proficiency then ability
    next_xp: int | None        # experience for the next rank (None at rank 5)
    kind: str                  # the skill list's group: "Combat skills"


@dataclass(frozen=True)
class WeaponLine:
    name: str
    skill: str
    damage: str                # "Brawn + 2 (5)" or "8"
    crit: str
    range: str
    qualities: str
    pool: Pairs


@dataclass(frozen=True)
class TalentLine:
    name: str
    rank: int | None           # None for a talent without ranks
    activation: str
    effect: str


@dataclass(frozen=True)
class InjuryLine:
    name: str
    severity: str              # "Easy" .. "Daunting"
    effect: str


@dataclass(frozen=True)
class Tracked:
    """A threshold with what was taken against it: 'Wounds 4 / 12'."""

    label: str
    threshold: int
    taken: int


@dataclass(frozen=True)
class GenesysPaper:
    adversary: str                      # "" for a player character, else minion, rival or nemesis
    group_size: int
    silhouette: int
    characteristics: tuple[Stat, ...]
    skills: tuple[SkillLine, ...]
    wounds: Tracked
    strain: Tracked | None
    soak: int
    melee_defence: int
    ranged_defence: int
    weapons: tuple[WeaponLine, ...]
    armour: tuple[str, ...]
    gear: tuple[str, ...]
    talents: tuple[TalentLine, ...]
    criticals: tuple[InjuryLine, ...]
    story: tuple[tuple[str, str], ...]     # species, career, specialisations, motivations (as filled in)
    career_skills: str
    xp_total: int | None
    xp_spent: int
    encumbrance: int
    encumbrance_threshold: int

    @property
    def is_pc(self) -> bool:
        return not self.adversary

    @property
    def trained_skills(self) -> tuple[SkillLine, ...]:
        """The skills an adversary's stat block lists: those with a rank."""
        return tuple(s for s in self.skills if s.rank)


_SEVERITY = {1: "Easy", 2: "Average", 3: "Hard", 4: "Daunting"}


def _pairs(character: Character, skill: str, options: Options) -> Pairs:
    pool = checks.base_pool(character, skill, options)
    return tuple((kind, pool.count(kind)) for kind in (narrative.PROFICIENCY, narrative.ABILITY) if pool.count(kind))


def _skills(character: Character, options: Options) -> tuple[SkillLine, ...]:
    """The skills of the campaign's skill list, each with its characteristic, career mark, rank, pool and cost."""
    shorts = {c.key: c.short for c in tables.characteristics()}
    marked = career.career_skills(character)
    pc = stats.adversary(character) is None
    return tuple(SkillLine(s.name, shorts[s.characteristic], s.key in marked, stats.rank(character, s.key),
                           _pairs(character, s.key, options),
                           career.next_rank_cost(character, s.key) if pc else None, s.group)
                 for s in (*sheet.skills_for(options).values(), *custom_skills(options).values()))


def _damage(character: Character, item: EquipmentItem) -> str:
    base = stats.item_int(item, "damage")
    if item.stats.get("brawn_damage") is True:
        total = base + stats.characteristic(character, "brawn")
        return f"Brawn + {base} ({total})" if base else f"Brawn ({total})"
    return str(base)


def _weapon(character: Character, item: EquipmentItem) -> WeaponLine:
    skill = str(item.stats.get("skill") or "melee")
    known = tables.skills().get(skill)
    return WeaponLine(item.name, known.name if known else skill, _damage(character, item),
                      str(item.stats.get("crit") or "–"), _BANDS.get(str(item.stats.get("range_band")), "Engaged"),
                      str(item.stats.get("qualities") or "–"), _pairs(character, skill, {}) if known else ())


def _talents(character: Character) -> tuple[TalentLine, ...]:
    lines = []
    for held in talents.held(character):
        t = held.talent
        if t is None:
            lines.append(TalentLine(held.name, held.rank if held.rank != 1 else None, "–", "not in the catalogue"))
        else:
            lines.append(TalentLine(t.name, held.rank if t.ranked else None, t.activation.capitalize(),
                                    t.effect or t.description))
    return tuple(lines)


def _text(character: Character, key: str) -> str:
    value = character.stats.get(key)
    return value.strip() if isinstance(value, str) else ""


def _items(character: Character, kind: ItemKind) -> tuple[str, ...]:
    out = []
    for item in character.equipment:
        if item.kind is kind:
            summary = ""
            if kind is ItemKind.ARMOUR:
                summary = f" (soak +{stats.item_int(item, 'soak')}, defence {stats.item_int(item, 'defence')})"
            elif stats.item_int(item, "uses", 0):
                summary = f" ({stats.item_int(item, 'uses')} uses)"
            out.append(item.name + summary + ("" if item.equipped else ", not carried"))
    return tuple(out)


def layout(character: Character, options: Options) -> GenesysPaper:
    """Everything the Genesys sheet template prints for `character`."""
    strain = sheet.strain_threshold(character)
    xp_total = character.stats.get("xp_total")
    story = tuple((label, _text(character, key)) for key, label in (
        ("species", "Species"), ("career", "Career"), ("specialisations", "Specialisations"),
        ("motivations", "Motivations")) if _text(character, key))
    return GenesysPaper(
        adversary=stats.adversary(character) or "",
        group_size=stats.group_size(character),
        silhouette=stats.raw_stat(character, "silhouette", 1),
        characteristics=tuple(Stat(c.name, c.short, stats.characteristic(character, c.key))
                              for c in tables.characteristics()),
        skills=_skills(character, options),
        wounds=Tracked("Wounds", int(sheet.wound_threshold(character).value), stats.wounds(character)),
        strain=Tracked("Strain", int(strain.value), stats.strain(character)) if strain is not None else None,
        soak=int(sheet.soak(character).value),
        melee_defence=int(sheet.defence(character, options, True).value),
        ranged_defence=int(sheet.defence(character, options, False).value),
        weapons=tuple(_weapon(character, i) for i in character.equipment if i.kind is ItemKind.WEAPON),
        armour=_items(character, ItemKind.ARMOUR),
        gear=_items(character, ItemKind.GEAR),
        talents=_talents(character),
        criticals=tuple(InjuryLine(c.text, _SEVERITY.get(c.row.severity or 0, "–"), c.row.effect)
                        for c in stats.criticals(character)),
        story=story,
        career_skills=_text(character, "career_skills"),
        xp_total=xp_total if isinstance(xp_total, int) and not isinstance(xp_total, bool) else None,
        xp_spent=stats.raw_stat(character, "xp_spent"),
        encumbrance=int(career.encumbrance(character).value),
        encumbrance_threshold=int(career.encumbrance_threshold(character).value),
    )
