"""Exact attack odds: hit, critical hits, Endurance and Health lost, exhaustion and death, by enumeration."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from crisis_desktop.rules.base import AttackOdds, AttackRequest, Explained, Options
from crisis_desktop.rules.crisis_classic import damage, sheet, tables
from crisis_desktop.rules.crisis_classic.combat import (
    attack_modifiers,
    context_of,
    defence_mode,
    defence_modifiers,
    effective_cover,
    end_damage_terms,
)
from crisis_desktop.rules.crisis_classic.options import stunt_face
from crisis_desktop.rules.crisis_classic.threed6 import key_distribution, p_key_below, roll_distribution
from crisis_desktop.rules.qstar.context import AttackContext


@dataclass(frozen=True)
class ClassicAttackOdds(AttackOdds):
    """AttackOdds where `damage` is Endurance plus Health lost, with each pool also on its own.

    Every mapping sums to 1 (a miss counts as 0 critical hits and 0 damage).
    """

    critical_hits: Mapping[int, float] = field(default_factory=dict)
    endurance: Mapping[int, float] = field(default_factory=dict)
    health: Mapping[int, float] = field(default_factory=dict)
    exhaust_target: float = 0.0


def _add(d: dict[int, float], k: int, p: float) -> None:
    d[k] = d.get(k, 0.0) + p


def hit_chances(context: AttackContext, options: Options) -> dict[int, float]:
    """P(the attack hits with n critical hits from stunts) for each n; misses are left out."""
    face = stunt_face(options)
    attack_target = int(Explained.of(*attack_modifiers(context, options)).value)
    rof = max(1, sheet.item_int(context.weapon, "rof", 1))
    mode, _ = defence_mode(context, options)
    defence = None
    if mode == "roll":
        defence = key_distribution(int(Explained.of(*defence_modifiers(context, options)).value), face)
    out: dict[int, float] = {}
    for roll, p in roll_distribution(attack_target, face):
        if not roll.outcome.succeeded:
            continue
        # The defender wins ties, so only a strictly better attack result hits.
        p_hit = p if defence is None else p * p_key_below(defence, roll.key)[0]
        if p_hit:
            _add(out, min(roll.stunts, rof), p_hit)
    return out


def attack_odds(request: AttackRequest, options: Options) -> ClassicAttackOdds:
    """The exact odds of the request's attack: hit, damage, critical hits, Endurance and Health lost."""
    context = context_of(request)
    cover, _ = effective_cover(context)
    if not tables.cover_by_key()[cover.value].hittable:
        return ClassicAttackOdds(hit=0.0, expected_damage=0.0, damage={0: 1.0}, drop_target=0.0,
                                 critical_hits={0: 1.0}, endurance={0: 1.0}, health={0: 1.0})
    hits = hit_chances(context, options)
    p_hit = sum(hits.values())
    end_amount = int(end_damage_terms(context, options).value)
    crit_damage = sheet.item_int(context.weapon, "damage")
    target = context.target.character
    total: dict[int, float] = {0: 1.0 - p_hit}
    crits: dict[int, float] = {0: 1.0 - p_hit}
    endurance: dict[int, float] = {0: 1.0 - p_hit}
    health: dict[int, float] = {0: 1.0 - p_hit}
    drop = exhaust = 0.0
    for n, p in hits.items():
        out = damage.hit_outcome(target, end_amount, crit_damage, n)
        _add(total, out.endurance_lost + out.health_lost, p)
        _add(crits, out.critical_hits, p)
        _add(endurance, out.endurance_lost, p)
        _add(health, out.health_lost, p)
        drop += p if out.dead_now else 0.0
        exhaust += p if out.exhausted_now else 0.0
    expected = sum(k * p for k, p in total.items())
    return ClassicAttackOdds(
        hit=p_hit, expected_damage=expected, damage=dict(sorted(total.items())), drop_target=drop,
        critical_hits=dict(sorted(crits.items())), endurance=dict(sorted(endurance.items())),
        health=dict(sorted(health.items())), exhaust_target=exhaust)
