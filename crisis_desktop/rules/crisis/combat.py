"""Crisis attacks: what an attack rolls against, its modifiers, damage per hit, RoF volleys, scatter, execute."""

from __future__ import annotations

import math
from dataclasses import dataclass

from crisis_desktop.domain import EquipmentItem
from crisis_desktop.rules.base import CoverLevel, Explained, Options, Term
from crisis_desktop.rules.crisis import sheet, stats, tables
from crisis_desktop.rules.crisis.options import option
from crisis_desktop.rules.kernel.dice import DiceSource
from crisis_desktop.rules.kernel.dice_expr import DiceExpr, parse
from crisis_desktop.rules.qstar.context import AttackContext

COVER_ORDER = (CoverLevel.NONE, CoverLevel.LIGHT, CoverLevel.HEAVY, CoverLevel.TOTAL)
SCATTER_OFFSETS = {1: (0, -1), 2: (-1, -1), 3: (-1, 0), 4: (-1, 1), 5: (0, 1), 6: (1, 1), 7: (1, 0), 8: (1, -1)}


def attack_cost(weapon: EquipmentItem, extra_attacks: int = 0) -> int:
    """AP of one Attack action: the weapon's own cost (default 2) plus 1 per extra RoF attack."""
    base = weapon.stats.get("attack_ap")
    combat = tables.combat()
    cost = int(base) if isinstance(base, int) and not isinstance(base, bool) and base > 0 \
        else combat["default_attack_ap"]
    return cost + combat["extra_attack_ap"] * extra_attacks


def weapon_kind(weapon: EquipmentItem) -> str:
    """"melee", "ranged", "thrown" or "area" (area = an area of effect that is not thrown)."""
    if "thrown" in weapon.tags:
        return "thrown"
    if stats.int_stat(weapon, "aoe_radius") > 0:
        return "area"
    return "ranged" if stats.int_stat(weapon, "range") > 0 else "melee"


def is_area(weapon: EquipmentItem) -> bool:
    return stats.int_stat(weapon, "aoe_radius") > 0 or "explosive" in weapon.tags


def range_increments(distance: float | None, increment: int) -> int:
    """Which range increment `distance` falls in (1 for the first; 1 when the distance is not known)."""
    if distance is None or increment <= 0 or distance <= 0:
        return 1
    return max(1, math.ceil(distance / increment - 1e-9))


def range_band(increments: int, options: Options) -> str:
    bands = tables.combat()["range_bands"][option(options, "range_bands")]
    for name in ("short", "medium"):
        if bands[name][0] <= increments <= bands[name][1]:
            return name
    return "long"


@dataclass(frozen=True)
class AttackPlan:
    """Everything about an attack that does not depend on the dice."""

    kind: str
    skill: str
    modifiers: tuple[Term, ...]          # of the first attack; extra attacks add their RoF penalty
    target: Explained                    # the Difficulty to reach: 4, or the target's Parry
    blocked: str | None                  # why the attack cannot hit at all (total cover, out of range)
    increments: int
    band: str
    damage: DiceExpr                     # the weapon's DMG, with dice added or removed by its tags
    damage_factor: int                   # 2 for Close range in the short band
    add_extras: bool
    damage_type: str
    ignore_dr: bool
    burst: bool
    attributes: tuple[tuple[str, int], ...]   # attacker's attribute dice for "Body" in DMG


def effective_cover(context: AttackContext, kind: str) -> CoverLevel:
    level = COVER_ORDER.index(context.cover)
    if context.cover_penetrable and kind == "ranged":
        # Bullets go through penetrable cover: one step less.
        level = max(0, level - 1)
    if context.target_prone_facing:
        level = max(level, COVER_ORDER.index(CoverLevel.HEAVY))
    if kind != "melee":
        for rule in stats.active_conditions(context.target.character):
            if rule.ranged_cover:
                level = max(level, COVER_ORDER.index(CoverLevel(rule.ranged_cover)))
    return COVER_ORDER[level]


def plan(context: AttackContext, options: Options) -> AttackPlan:
    weapon = context.weapon
    combat = tables.combat()
    kind = weapon_kind(weapon)
    skill = str(weapon.stats.get("skill") or ("melee" if kind == "melee" else "light_weapons"))
    terms: list[Term] = []
    blocked: str | None = None
    hit = stats.int_stat(weapon, "hit")
    if hit:
        terms.append(Term(f"{weapon.name} HIT", hit))
    increment = stats.int_stat(weapon, "range")
    increments = range_increments(context.distance, increment) if kind != "melee" else 1
    if kind != "melee":
        blocked = _ranged_terms(context, increment, increments, terms)
    cover = effective_cover(context, kind)
    if cover is CoverLevel.TOTAL:
        blocked = blocked or f"{context.target.name} is in total cover"
    elif cover_modifier := combat["cover"][cover.value]:
        terms.append(Term(f"{cover.value} cover", cover_modifier))
    if kind == "melee":
        for rule in stats.active_conditions(context.target.character):
            if rule.melee_against:
                terms.append(Term(f"target {rule.label.lower()}", rule.melee_against))
    called = called_shot(context, options)
    if called is not None:
        terms.append(called)
    if context.circumstance:
        terms.append(Term("circumstance", context.circumstance))
    if kind == "melee":
        target = sheet.parry(context.target.character, options, max(0, context.enemies_in_reach - 1))
        target = Explained(target.value, (Term(f"{context.target.name}'s Parry: {target.explain()}", target.value),))
    else:
        target = Explained.of(("ranged attack Difficulty", combat["ranged_difficulty"]))
    band = range_band(increments, options)
    damage, outside = _damage(context, band)
    blocked = blocked or outside
    factor = 2 if "close_range" in weapon.tags and band == "short" and kind != "melee" else 1
    attributes = tuple((a, stats.attribute_die(context.attacker.character, a)) for a in stats.ATTRIBUTES)
    return AttackPlan(kind, skill, tuple(terms), target, blocked, increments, band, damage, factor,
                      not is_area(weapon), str(weapon.stats.get("damage_type") or "physical"),
                      "armour_piercing" in weapon.tags or called is not None, "burst" in weapon.tags, attributes)


def _ranged_terms(context: AttackContext, increment: int, increments: int, terms: list[Term]) -> str | None:
    """A ranged attack's modifiers added to `terms` (the range increment's penalty, Take Aim, the attacker's own
    conditions); why it is out of range, or None."""
    weapon = context.weapon
    combat = tables.combat()
    blocked = None
    if increments > combat["max_range_increments"]:
        blocked = (f"out of range: {weapon.name} reaches {combat['max_range_increments'] * increment} tiles, "
                   f"the target is {context.distance:g} away")
    if increments > 1:
        penalty = combat["range_penalty_per_increment"] * (increments - 1)
        terms.append(Term(f"range increment {increments}", penalty))
    aim = context.aim
    if aim:
        terms.append(Term(f"Take Aim x{aim}", aim))
    for rule in stats.active_conditions(context.attacker.character):
        if rule.own_ranged:
            terms.append(Term(f"{rule.label} (own ranged attack)", rule.own_ranged))
    return blocked


def _damage(context: AttackContext, band: str) -> tuple[DiceExpr, str | None]:
    """The weapon's damage as the range band and a blast's centre leave it; why the target is outside the blast's
    area, or None."""
    weapon = context.weapon
    damage_text = str(weapon.stats.get("damage") or "d6")
    refused = sheet.DAMAGE.validate(damage_text)
    if refused:
        # A file edited by hand can hold any text: it is neither rolled nor priced.
        raise ValueError(f"{weapon.name}: {refused}")
    damage = parse(damage_text)
    if "long_range" in weapon.tags and band == "long" and context.extra_attacks == 0:
        damage = damage.with_dice_delta(1)
    outside = None
    radius = stats.int_stat(weapon, "aoe_radius")
    if is_area(weapon) and context.tiles_from_centre:
        if radius and context.tiles_from_centre > radius:
            outside = f"{context.target.name} is outside the area ({context.tiles_from_centre} tiles away)"
        if "explosive" in weapon.tags:
            damage = damage.with_dice_delta(-context.tiles_from_centre)
    return damage, outside


CALLED_SHOT_HELP = ("Aim at a spot the armour leaves bare, such as the head: the penalty of heavy cover (only head "
                    "and shoulders show); the damage ignores the armour's DR")


def called_shot(context: AttackContext, options: Options) -> Term | None:
    """The called shot's penalty on the attack roll (its name says what it does to the damage), or None when the
    attack is not one; ValueError when the campaign's rules have no called shot."""
    if not context.called_shot:
        return None
    if option(options, "called_shot") == "off":
        raise ValueError("These rules have no called shot (the rule option Called shot is off)")
    return Term("called shot at an unarmoured spot, as heavy cover; the armour's DR does not apply",
                tables.combat()["cover"][CoverLevel.HEAVY.value] or 0)


def volley_terms(p: AttackPlan, index: int) -> tuple[Term, ...]:
    """Modifiers of attack number `index` (0 = the first) of a RoF volley: -2 HIT per extra attack, cumulative."""
    if index == 0:
        return p.modifiers
    return (*p.modifiers, Term(f"RoF attack {index + 1}", tables.combat()["extra_attack_hit"] * index))


def roll_damage(p: AttackPlan, dice: DiceSource, options: Options, extras: int, circumstance: int,
                factor: int = 1) -> Explained:
    """DMG (x the Close range or Execute factor) + Extras (not for area attacks) + circumstance."""
    rolled = p.damage.roll(dice, dict(p.attributes), factor_as_dice=option(options, "multiplied_damage") == "dice",
                           explode=option(options, "damage_dice_explode") == "yes")
    terms = list(rolled.terms)
    total_factor = p.damage_factor * factor
    if total_factor != 1:
        terms.append(Term(f"damage x{total_factor}", rolled.value * (total_factor - 1)))
    if p.add_extras and extras:
        terms.append(Term("Extras", extras))
    if circumstance:
        terms.append(Term("damage circumstance", circumstance))
    return Explained.of(*terms)


@dataclass(frozen=True)
class Scatter:
    """Where a missed area attack lands: direction number (1 = back at the thrower, clockwise), distance in tiles.

    `offset` is (right, beyond) in tiles as seen from the thrower, on square grids; None on hex grids.
    """

    direction: int
    distance: int
    die: int
    description: str
    offset: tuple[int, int] | None


def scatter(dice: DiceSource, increments: int, hex_grid: bool = False) -> Scatter:
    """A d8 on squares (1 back at the thrower, 5 beyond, 2-8 clockwise), a d6 on hexes (4 beyond); the miss
    is as many tiles as the range increment of the throw."""
    table = tables.combat()["scatter"]["hex" if hex_grid else "square"]
    direction = dice.roll(table["die"], "scatter direction")
    distance = max(1, increments)
    offset = None
    if not hex_grid:
        dx, dy = SCATTER_OFFSETS[direction]
        offset = (dx * distance, dy * distance)
    text = f"lands {distance} tile{'s' if distance != 1 else ''} {table['directions'][str(direction)]}"
    return Scatter(direction, distance, table["die"], text, offset)
