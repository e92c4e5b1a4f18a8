"""Crisis damage: DR and armour wear, the non-lethal minimum, wounds, Dying, death and incapacitation."""

from __future__ import annotations

from dataclasses import dataclass

from crisis_desktop.domain import Character
from crisis_desktop.rules.base import (
    Actor,
    AddCondition,
    DamageResult,
    Effect,
    Explained,
    Options,
    RemoveCondition,
    SetItemStat,
    SetStatus,
    TurnEffects,
)
from crisis_desktop.rules.crisis import sheet, stats, tables
from crisis_desktop.rules.crisis.options import option


@dataclass(frozen=True)
class Vitals:
    """What a hit changes, as plain numbers: the target's Health, wounds, non-lethal damage and armour."""

    health_max: int
    wounds: int = 0
    nonlethal: int = 0
    dr: int = 0
    durability: int = 0

    @property
    def health_now(self) -> int:
        return self.health_max - self.wounds


@dataclass(frozen=True)
class Hit:
    """The result of one hit on Vitals."""

    after: Vitals
    blocked: int
    wear: int
    taken: int                  # damage that reached the target (0 when defences stopped it)
    minimum_nonlethal: bool     # defences stopped it all: 1 non-lethal, no status effects
    lethal: bool                # the damage counted as wounds
    spared: bool                # a killing blow turned non-lethal
    dying: bool
    dead: bool
    incapacitated: bool

    @property
    def dropped(self) -> bool:
        return self.dying or self.dead or self.incapacitated


def vitals_of(actor: Actor, damage_type: str = "physical") -> tuple[Vitals, str | None]:
    """The target's Vitals against `damage_type`, and the id of the armour that would block it."""
    c = actor.character
    item = stats.armour(c, damage_type)
    dr = stats.int_stat(item, f"dr_{damage_type}") if item else 0
    durability = stats.int_stat(item, "durability", stats.int_stat(item, "durability_max")) if item else 0
    return (Vitals(int(sheet.health(c).value), stats.wounds(c), stats.nonlethal(c), dr, durability),
            item.id if item else None)


def hit(v: Vitals, raw: int, *, lethal: bool = True, ignore_dr: bool = False, spare_life: bool = False,
        wear_rule: str = "flat_2", spare_threshold: str = "dying") -> Hit:
    """One hit of `raw` damage (before defences) on `v`.

    DR blocks up to its value while the armour has Durability; blocked damage wears the armour, a hit smaller
    than the DR costs 2 (or per `wear_rule`). Damage reduced to 0 still deals 1 non-lethal, without status
    effects. `spare_life` turns a blow that would leave the target Dying (or dead, per `spare_threshold`)
    into non-lethal damage that knocks it out.
    """
    combat = tables.combat()
    blocked = wear = 0
    durability = v.durability
    if v.dr > 0 and v.durability > 0 and not ignore_dr and raw > 0:
        blocked = min(v.dr, raw)
        if raw < v.dr:
            small = combat["small_hit_wear"]
            wear = small if wear_rule == "flat_2" else max(blocked, small)
        else:
            wear = blocked
        durability = max(0, v.durability - wear)
    taken = raw - blocked
    if taken <= 0:
        after = Vitals(v.health_max, v.wounds, v.nonlethal + 1, v.dr, durability)
        knocked = after.nonlethal > after.health_now
        return Hit(after, blocked, wear, 0, True, False, False, False, False, knocked)
    death_at = combat["death_at_health"]
    big = taken > combat["incapacitating_hit"]
    if lethal:
        health_now = v.health_now - taken
        threshold = 0 if spare_threshold == "dying" else death_at
        if spare_life and health_now <= threshold:
            after = Vitals(v.health_max, v.wounds, v.nonlethal + taken, v.dr, durability)
            return Hit(after, blocked, wear, taken, False, False, True, False, False, True)
        after = Vitals(v.health_max, v.wounds + taken, v.nonlethal, v.dr, durability)
        dead = health_now <= death_at
        dying = not dead and health_now <= 0
        return Hit(after, blocked, wear, taken, False, True, False, dying, dead, big or dying or dead)
    after = Vitals(v.health_max, v.wounds, v.nonlethal + taken, v.dr, durability)
    knocked = big or after.nonlethal > after.health_now
    return Hit(after, blocked, wear, taken, False, False, False, False, False, knocked)


def effects_of(actor: Actor, before: Vitals, result: Hit, armour_id: str | None) -> tuple[list[Effect], list[str]]:
    """The effects and log notes that take `actor` from `before` to `result.after`."""
    c = actor.character
    effects: list[Effect] = []
    notes: list[str] = []
    after = result.after
    if after.wounds != before.wounds:
        effects.append(SetStatus(c.id, "wounds", after.wounds))
    if after.nonlethal != before.nonlethal:
        effects.append(SetStatus(c.id, "nonlethal", after.nonlethal))
    if armour_id is not None and after.durability != before.durability:
        effects.append(SetItemStat(c.id, armour_id, "durability", after.durability))
        notes.append(f"Armour durability {before.durability} -> {after.durability}")
    if result.minimum_nonlethal:
        notes.append(f"Defences stopped the hit: {actor.name} still takes 1 non-lethal damage")
    if result.spared:
        notes.append(f"{actor.name} is knocked out instead of killed")
    if result.dead:
        effects += [RemoveCondition(c.id, "dying"), AddCondition(c.id, "dead")]
        notes.append(f"{actor.name} is dead (Health {after.health_now})")
    elif result.dying and not c.has_condition("dying"):
        effects.append(AddCondition(c.id, "dying"))
        notes.append(f"{actor.name} is dying (Health {after.health_now})")
    if result.incapacitated and not result.dead and not c.has_condition("incapacitated"):
        effects.append(AddCondition(c.id, "incapacitated"))
        if not result.dying:
            notes.append(f"{actor.name} is incapacitated")
    return effects, notes


def apply_damage(target: Actor, amount: int, options: Options, *, lethal: bool = True, damage_type: str = "physical",
                 label: str = "damage", ignore_dr: bool = False, spare_life: bool = False) -> DamageResult:
    before, armour_id = vitals_of(target, damage_type)
    result = hit(before, amount, lethal=lethal, ignore_dr=ignore_dr, spare_life=spare_life,
                 wear_rule=option(options, "small_hit_wear"), spare_threshold=option(options, "spare_life_threshold"))
    effects, notes = effects_of(target, before, result, armour_id)
    damage = Explained.of((label, amount))
    taken = damage
    if result.blocked:
        taken = taken.plus(f"DR {damage_type}", -result.blocked)
    if result.minimum_nonlethal:
        taken = taken.plus("at least 1 non-lethal", 1 - taken.value)
    return DamageResult(damage, taken, result.lethal, tuple(effects), tuple(notes))


def overridden(before: Character, after: Actor, options: Options) -> TurnEffects:
    """What a Health set by hand brings, as a hit would: at -10 or below the character dies; dropping to 0 or below
    it is incapacitated and Dying; brought back above 0 it is Dying no more; non-lethal damage raised above the
    Health left incapacitates it. Only what the change crosses counts: conditions set by hand stand."""
    c = after.character
    death_at = tables.combat()["death_at_health"]
    was, now = int(sheet.current_health(before).value), int(sheet.current_health(c).value)
    effects: list[Effect] = []
    notes: list[str] = []
    incapacitated = c.has_condition("incapacitated")
    if now <= death_at < was and not c.has_condition("dead"):
        effects += [RemoveCondition(c.id, "dying")] if c.has_condition("dying") else []
        effects.append(AddCondition(c.id, "dead"))
        notes.append(f"{c.name} is dead (Health {now})")
    elif now <= 0 < was and not c.has_condition("dying") and not c.has_condition("dead"):
        effects.append(AddCondition(c.id, "dying"))
        notes.append(f"{c.name} is dying (Health {now}): 1 wound at the start of each turn")
        if not incapacitated:
            effects.append(AddCondition(c.id, "incapacitated"))
            incapacitated = True
    elif was <= 0 < now and c.has_condition("dying"):
        effects.append(RemoveCondition(c.id, "dying"))
        notes.append(f"{c.name} is no longer dying (Health {now})")
    if stats.nonlethal(c) > now and not stats.nonlethal(before) > was and not incapacitated:
        effects.append(AddCondition(c.id, "incapacitated"))
        notes.append(f"{c.name} is incapacitated: non-lethal damage {stats.nonlethal(c)} is above Health {now}")
    return TurnEffects(tuple(effects), tuple(notes))
