"""Damage: Endurance first; Health only through critical hits (or every hit once Endurance is 0); armour durability."""

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
    Term,
    TurnEffects,
)
from crisis_desktop.rules.crisis_classic import sheet


@dataclass(frozen=True)
class HitOutcome:
    """What one hit does to a target, before it is turned into effects."""

    endurance_lost: int
    health_lost: int
    critical_hits: int
    prevented: int              # critical hits the armour stopped
    durability_after: int | None
    exhausted_now: bool
    dead_now: bool


def hit_outcome(target: Character, end_amount: int, crit_damage: int, crits: int) -> HitOutcome:
    """Pure arithmetic of a hit; the same function prices odds and resolves attacks, so they agree."""
    end_now = int(sheet.endurance(target).value)
    if sheet.is_exhausted(target):
        crits = max(crits, 1)  # Endurance 0: every hit is a critical hit
    # Damage beyond what is left of Endurance has no further effect.
    end_lost = min(end_now, max(0, end_amount))
    armour = sheet.equipped_armour(target)
    durability = sheet.item_int(armour, "durability") if armour is not None else 0
    prevented = min(crits, max(0, durability))
    health_now = int(sheet.health(target).value)
    health_lost = min(health_now, (crits - prevented) * max(0, crit_damage))
    return HitOutcome(
        endurance_lost=end_lost, health_lost=health_lost, critical_hits=crits, prevented=prevented,
        durability_after=durability - prevented if armour is not None else None,
        exhausted_now=end_now > 0 and end_now - end_lost <= 0,
        dead_now=health_now > 0 and health_now - health_lost <= 0)


def damage_result(target: Character, end_terms: Explained, crit_damage: int, crits: int,
                  crit_label: str = "DMG") -> DamageResult:
    """The effects and explanation of one hit on `target`."""
    out = hit_outcome(target, int(end_terms.value), crit_damage, crits)
    damage = end_terms
    if out.critical_hits:
        damage = damage.plus(f"{out.critical_hits} critical hit(s) x {crit_label} {crit_damage}",
                             out.critical_hits * crit_damage)
    taken = Explained.of(Term("Endurance lost", out.endurance_lost), Term("Health lost", out.health_lost))
    effects: list[Effect] = []
    notes: list[str] = []
    if out.endurance_lost:
        effects.append(SetStatus(target.id, "endurance_damage",
                                 sheet.status(target, "endurance_damage") + out.endurance_lost))
    if out.endurance_lost < max(0, int(end_terms.value)):
        notes.append("damage beyond the Endurance left has no effect")
    if out.exhausted_now and not target.has_condition("exhausted"):
        effects.append(AddCondition(target.id, "exhausted"))
        notes.append(f"{target.name} is exhausted: every further hit is critical")
    armour = sheet.equipped_armour(target)
    if out.prevented and armour is not None and out.durability_after is not None:
        effects.append(SetItemStat(target.id, armour.id, "durability", out.durability_after))
        notes.append(f"{armour.name} prevents {out.prevented} critical hit(s): durability "
                     f"{out.durability_after + out.prevented} -> {out.durability_after}")
    if out.health_lost:
        effects.append(SetStatus(target.id, "health_damage", sheet.status(target, "health_damage") + out.health_lost))
    if out.dead_now:
        notes.append(f"{target.name} is dead")
    return DamageResult(damage=damage, taken=taken, lethal=out.health_lost > 0, effects=tuple(effects),
                        notes=tuple(notes))


def apply_damage(target: Actor, amount: int, options: Options, *, lethal: bool = True, damage_type: str = "physical",
                 label: str = "damage") -> DamageResult:
    """Damage by hand. "health" (or "critical") is one critical hit of `amount` (armour may stop it);
    anything else is Endurance damage, which becomes a critical hit once Endurance is 0."""
    if damage_type in ("health", "critical"):
        return damage_result(target.character, Explained.of((label, 0)), amount, 1, crit_label=label)
    return damage_result(target.character, Explained.of((label, amount)), amount, 0, crit_label=label)


def overridden(before: Character, after: Actor, options: Options) -> TurnEffects:
    """What an Endurance or Health set by hand brings, as a hit would: Endurance brought to 0 exhausts (2 AP a turn,
    every hit critical), Endurance given back ends it; Health brought to 0 kills (the state says so, no condition)."""
    c = after.character
    effects: list[Effect] = []
    notes: list[str] = []
    was, now = sheet.endurance(before).value, sheet.endurance(c).value
    if now <= 0 < was and not c.has_condition("exhausted"):
        effects.append(AddCondition(c.id, "exhausted"))
        notes.append(f"{c.name} is exhausted: every further hit is critical")
    elif was <= 0 < now and c.has_condition("exhausted"):
        effects.append(RemoveCondition(c.id, "exhausted"))
        notes.append(f"{c.name} is no longer exhausted (Endurance {now:g})")
    if sheet.health(c).value <= 0 < sheet.health(before).value:
        notes.append(f"{c.name} is dead: Health 0")
    return TurnEffects(tuple(effects), tuple(notes))
