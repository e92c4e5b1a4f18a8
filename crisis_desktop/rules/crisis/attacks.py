"""Crisis attack resolution (RoF volleys, dodging area attacks, scatter, Execute) and exact attack odds."""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from crisis_desktop.rules import odds
from crisis_desktop.rules.base import (
    AttackContext,
    AttackOdds,
    AttackResult,
    CheckRequest,
    CheckResult,
    DamageResult,
    Effect,
    Explained,
    Options,
    Outcome,
    SetItemStat,
    SetResource,
    Term,
)
from crisis_desktop.rules.crisis import checks, damage, stats
from crisis_desktop.rules.crisis.actions import resource, uses_npc_actions
from crisis_desktop.rules.crisis.combat import AttackPlan, attack_cost, plan, roll_damage, scatter, volley_terms
from crisis_desktop.rules.crisis.options import option
from crisis_desktop.rules.dice import DiceSource

MISS = None
# The most hits (one raw damage on one state of the target) the exact odds of one attack work out: about
# three seconds. A volley of many dice at a high RoF goes beyond, and is refused rather than frozen on.
MAX_PRICED_HITS = 400_000
# What the exact odds of an attack are: P(hit), the distribution of the damage taken, P(the target drops).
Priced = tuple[float, tuple[tuple[int, float], ...], float]
# What the exact odds need of a dodge: (dodger's die sides, dodger's flat modifier, the contest_tie option,
# damage distribution of the attack one tile further out, or None when it could no longer hit).
DodgeOdds = tuple[int, int, str, tuple[tuple[int, float], ...] | None]


def _validate(context: AttackContext, options: Options) -> list[Effect]:
    """AP (or NPC action) and ammunition the attack uses; ValueError with the reason if it cannot be made."""
    attacker, weapon = context.attacker, context.weapon
    blocker = stats.cannot_act(attacker.character)
    if blocker:
        raise ValueError(f"{attacker.name} is {blocker.lower()} and cannot attack")
    rof = max(1, stats.int_stat(weapon, "rof", 1))
    if context.extra_attacks < 0 or context.extra_attacks > rof - 1:
        raise ValueError(f"{weapon.name} has RoF {rof}: at most {rof - 1} extra attack(s), not {context.extra_attacks}")
    effects: list[Effect] = []
    rounds = 1 + context.extra_attacks
    if weapon.stats.get("cap") is not None:
        ammo = stats.int_stat(weapon, "ammo")
        if ammo < rounds:
            raise ValueError(f"Not enough ammunition: {rounds} needed, {weapon.name} has {ammo}")
        effects.append(SetItemStat(attacker.character.id, weapon.id, "ammo", ammo - rounds))
    combatant = attacker.combatant
    if combatant is None:
        return effects
    if uses_npc_actions(attacker, options):
        taken = resource(combatant, "actions_taken")
        if taken >= 2:
            raise ValueError(f"{attacker.name} has taken both actions this round")
        effects.append(SetResource(combatant.id, "actions_taken", taken + 1))
    else:
        cost, ap = attack_cost(weapon, context.extra_attacks), resource(combatant, "ap")
        if ap < cost:
            raise ValueError(f"Not enough AP: Attack costs {cost}, {attacker.name} has {ap}")
        effects.append(SetResource(combatant.id, "ap", ap - cost))
    if resource(combatant, "aim"):
        effects.append(SetResource(combatant.id, "aim", 0))
    if context.out_of_turn and resource(combatant, "overwatch"):
        effects.append(SetResource(combatant.id, "overwatch", False))  # the watch fired
    if resource(combatant, "pending_action"):
        effects += [SetResource(combatant.id, "pending_action", None), SetResource(combatant.id, "pending_progress", 0)]
    return effects


def _can_dodge(context: AttackContext, p: AttackPlan) -> bool:
    target = context.target
    return (context.target_dodges and not p.add_extras and not context.target_surprised
            and not stats.is_helpless(target.character) and not resource(target.combatant, "dodge_used"))


def _attack_check(context: AttackContext, p: AttackPlan, index: int, dice: DiceSource, options: Options) -> CheckResult:
    request = CheckRequest(context.attacker, p.skill, int(p.target.value), volley_terms(p, index))
    return replace(checks.check(request, dice, options), target=p.target)


def _dodge(context: AttackContext, p: AttackPlan, attack: CheckResult, dice: DiceSource,
           options: Options) -> tuple[CheckResult, bool]:
    """The target's Athletics against the attack roll; ties per contest_tie (a reroll of both, for the dodge only)."""
    request = CheckRequest(context.target, "athletics", 0)
    first = checks.check(request, dice, options)
    mine, theirs = first, attack
    for _ in range(checks.MAX_REROLLS):
        a, d = checks._rank(theirs), checks._rank(mine)
        if a != d:
            return first, d > a
        if option(options, "contest_tie") == "active":
            return first, False
        theirs = _attack_check(context, p, 0, dice, options)
        mine = checks.check(request, dice, options)
    return first, False


def resolve_attack(context: AttackContext, dice: DiceSource, options: Options) -> AttackResult:
    effects = _validate(context, options)
    p = plan(context, options)
    if p.blocked:
        raise ValueError(f"Cannot attack: {p.blocked}")
    notes: list[str] = []
    landing: tuple[int, int] | None = None
    before, armour_id = damage.vitals_of(context.target, p.damage_type)
    vitals = before
    hits: list[damage.Hit] = []
    raw_terms: list[Term] = []
    results: list[AttackResult] = []
    dodge_result: CheckResult | None = None
    burst_total = 0
    for index in range(1 + context.extra_attacks):
        attack = _attack_check(context, p, index, dice, options)
        this_plan = p
        landed = attack.outcome.succeeded
        if index == 0 and landed and _can_dodge(context, p):
            dodge_result, dodged = _dodge(context, p, attack, dice, options)
            if context.target.combatant is not None:
                effects.append(SetResource(context.target.combatant.id, "dodge_used", True))
            if dodged:
                moved = replace(context, tiles_from_centre=context.tiles_from_centre + 1)
                this_plan = plan(moved, options)
                notes.append(f"{context.target.name} dodges: moves 1 tile away from the blast")
                landed = this_plan.blocked is None
        if not landed and index == 0 and not p.add_extras and not dodge_result:
            where = scatter(dice, p.increments, context.hex_grid)
            notes.append(f"The {context.weapon.name} misses and {where.description}")
            landing = (where.direction, where.distance)
        raw = roll_damage(this_plan, dice, options, attack.degree, context.damage_circumstance) if landed else None
        if raw is not None:
            raw_terms.append(Term(f"hit {index + 1}" if context.extra_attacks else "hit", raw.value))
            if p.burst:
                burst_total += int(raw.value)
            else:
                h = _hit(vitals, int(raw.value), context, p, options)
                hits.append(h)
                vitals = h.after
        results.append(AttackResult(context, attack, dodge_result if index == 0 else None, raw is not None, None,
                                    (), f"{context.attacker.name} {'hits' if raw is not None else 'misses'} "
                                        f"({attack.describe()})"))
    if p.burst and raw_terms:
        hits.append(_hit(vitals, burst_total, context, p, options))
        notes.append("Burst: the hits count as one")
    dmg = _damage_result(context, before, hits, armour_id, raw_terms) if hits else None
    if dmg is not None:
        effects += dmg.effects
    landed_count = sum(r.hit for r in results)
    summary = results[0].summary if len(results) == 1 else \
        f"{context.attacker.name} fires {len(results)} times at {context.target.name}: {landed_count} hit(s)"
    if dmg is not None:
        summary += f"; {dmg.taken.value:g} damage"
    first = results[0]
    return AttackResult(context, first.attack, first.defence, landed_count > 0, dmg, tuple(effects), summary,
                        tuple(results[1:]), tuple(notes), landing)


def _hit(v: damage.Vitals, raw: int, context: AttackContext, p: AttackPlan, options: Options,
         factor: int = 1) -> damage.Hit:
    return damage.hit(v, raw * factor, lethal=True, ignore_dr=p.ignore_dr, spare_life=context.non_lethal,
                      wear_rule=option(options, "small_hit_wear"),
                      spare_threshold=option(options, "spare_life_threshold"))


def _damage_result(context: AttackContext, before: damage.Vitals, hits: list[damage.Hit], armour_id: str | None,
                   raw_terms: list[Term]) -> DamageResult:
    combined = replace(hits[-1], dying=any(h.dying for h in hits), dead=any(h.dead for h in hits),
                       incapacitated=any(h.incapacitated for h in hits),
                       minimum_nonlethal=any(h.minimum_nonlethal for h in hits), spared=any(h.spared for h in hits))
    effects, notes = damage.effects_of(context.target, before, combined, armour_id)
    taken_terms = [Term(f"{t.label} after defences", h.taken if h.taken > 0 else 1) for t, h in zip(raw_terms, hits,
                                                                                                     strict=False)]
    return DamageResult(Explained.of(*raw_terms), Explained.of(*taken_terms), any(h.lethal for h in hits),
                        tuple(effects), tuple(notes))


def resolve_execute(context: AttackContext, dice: DiceSource, options: Options) -> AttackResult:
    """Execute a helpless target: no attack roll, double damage, then the target rolls its Body (Action) die
    and dies unless the roll reaches its wounds."""
    if not stats.is_helpless(context.target.character):
        raise ValueError(f"Cannot execute: {context.target.name} is not helpless")
    effects = _validate(replace(context, extra_attacks=0), options)
    p = plan(context, options)
    automatic = CheckResult(Explained.of(("Execute: no attack roll", 0)), Explained.of(("automatic hit", 0)),
                            Outcome.SUCCESS, 0, ())
    raw = roll_damage(replace(p, add_extras=False), dice, options, 0, context.damage_circumstance, factor=2)
    before, armour_id = damage.vitals_of(context.target, p.damage_type)
    h = damage.hit(before, int(raw.value), lethal=True, ignore_dr=p.ignore_dr,
                   wear_rule=option(options, "small_hit_wear"))
    survival: CheckResult | None = None
    if not h.dead:
        request = CheckRequest(context.target, "body", h.after.wounds)
        survival = checks.check(request, dice, options)
        if not survival.outcome.succeeded:
            h = replace(h, dead=True, dying=False)
    dmg = _damage_result(context, before, [h], armour_id, [Term("execute", raw.value)])
    verdict = "dies" if h.dead else "survives"
    summary = f"{context.attacker.name} executes {context.target.name} ({raw.value:g} damage): {verdict}"
    return AttackResult(context, automatic, survival, True, dmg, tuple(effects) + dmg.effects, summary)


# --------------------------------------------------------------------------- exact odds


def attack_odds(context: AttackContext, options: Options) -> AttackOdds:
    p = plan(context, options)
    if p.blocked:
        return AttackOdds(0.0, 0.0, {0: 1.0}, 0.0)
    vitals, _ = damage.vitals_of(context.target, p.damage_type)
    attempts = []
    for index in range(1 + context.extra_attacks):
        request = CheckRequest(context.attacker, p.skill, int(p.target.value), volley_terms(p, index))
        attempts.append(checks.modifier_total(request, options))
    dodge: DodgeOdds | None = None
    if _can_dodge(context, p):
        sides, flat = checks.modifier_total(CheckRequest(context.target, "athletics", 0), options)
        moved = plan(replace(context, tiles_from_centre=context.tiles_from_centre + 1), options)
        dodged_dist = None if moved.blocked else _damage_dist(moved, options)
        dodge = (sides, flat, option(options, "contest_tie"), dodged_dist)
    key = (tuple(attempts), int(p.target.value), _damage_dist(p, options), p.add_extras, context.damage_circumstance,
           dodge, vitals, p.ignore_dr, context.non_lethal, option(options, "small_hit_wear"),
           option(options, "spare_life_threshold"), p.burst)
    priced = _odds(*key)
    if priced is None:
        raise odds.TooManyOutcomes(f"too many outcomes to price exactly: more than {MAX_PRICED_HITS:,} hits "
                                   f"to work out")
    hit, dist, drop = priced
    return AttackOdds(hit, odds.expected(dict(dist)), dict(dist), drop)


def _damage_dist(p: AttackPlan, options: Options) -> tuple[tuple[int, float], ...]:
    d = p.damage.distribution(dict(p.attributes), factor_as_dice=option(options, "multiplied_damage") == "dice",
                              explode=option(options, "damage_dice_explode") == "yes")
    return tuple(sorted(odds.scale(d, p.damage_factor).items()))


@lru_cache(maxsize=512)
def _odds(attempts: tuple[tuple[int, int], ...], dl: int, dmg: tuple[tuple[int, float], ...], add_extras: bool,
          circumstance: int, dodge: DodgeOdds | None, vitals: damage.Vitals, ignore_dr: bool, spare: bool,
          wear_rule: str, spare_threshold: str, burst: bool) -> Priced | None:
    """The odds; None when they take more than MAX_PRICED_HITS hits to work out (cached like a price, so a
    refusal is not worked out again)."""
    per_attack = [_raw_outcomes(sides, flat, dl, dict(dmg), add_extras, circumstance, dodge if i == 0 else None)
                  for i, (sides, flat) in enumerate(attempts)]
    p_all_miss = 1.0
    for p_miss, _raw in per_attack:
        p_all_miss *= p_miss

    def apply(v: damage.Vitals, raw: int) -> damage.Hit:
        return damage.hit(v, raw, lethal=True, ignore_dr=ignore_dr, spare_life=spare, wear_rule=wear_rule,
                          spare_threshold=spare_threshold)

    states: dict[tuple[damage.Vitals, bool], float] = {}
    work = 0
    if burst:
        sums: dict[int | None, float] = {MISS: 1.0}
        for p_miss, raw in per_attack:
            work += len(sums) * len(raw)
            if work > MAX_PRICED_HITS:
                return None
            nxt: dict[int | None, float] = {}
            for s, ps in sums.items():
                nxt[s] = nxt.get(s, 0.0) + ps * p_miss
                for r, pr in raw.items():
                    key = (s or 0) + r
                    nxt[key] = nxt.get(key, 0.0) + ps * pr
            sums = nxt
        if len(sums) > MAX_PRICED_HITS:
            return None
        for s, ps in sums.items():
            if s is MISS:
                states[(vitals, False)] = states.get((vitals, False), 0.0) + ps
            else:
                h = apply(vitals, s)
                states[(h.after, h.dropped)] = states.get((h.after, h.dropped), 0.0) + ps
    else:
        states = {(vitals, False): 1.0}
        for p_miss, raw in per_attack:
            work += len(states) * len(raw)
            if work > MAX_PRICED_HITS:
                return None
            nxt2: dict[tuple[damage.Vitals, bool], float] = {}
            for (v, dropped), ps in states.items():
                nxt2[(v, dropped)] = nxt2.get((v, dropped), 0.0) + ps * p_miss
                for r, pr in raw.items():
                    h = apply(v, r)
                    k = (h.after, dropped or h.dropped)
                    nxt2[k] = nxt2.get(k, 0.0) + ps * pr
            states = nxt2
    taken: dict[int, float] = {}
    drop = 0.0
    for (v, dropped), ps in states.items():
        n = (v.wounds - vitals.wounds) + (v.nonlethal - vitals.nonlethal)
        taken[n] = taken.get(n, 0.0) + ps
        if dropped:
            drop += ps
    return 1.0 - p_all_miss, tuple(sorted(taken.items())), drop


def _raw_outcomes(sides: int, flat: int, dl: int, dmg: odds.Dist, add_extras: bool, circumstance: int,
                  dodge: DodgeOdds | None) -> tuple[float, odds.Dist]:
    """(P(no damage), distribution of the raw damage of a hit) of one attack."""
    dist, p_crit = checks.die_distribution(sides)
    p_miss = p_crit
    by_extras: dict[int, float] = {}
    dodged_weight = 0.0
    if dodge is not None:
        d_sides, d_flat, tie_rule, dodged_dmg = dodge
        dodge_totals = checks.total_distribution(d_sides, d_flat)
        tie_share = 0.0
        if tie_rule == "reroll":
            win, _tie, lose = odds.compare(dodge_totals, checks.total_distribution(sides, flat))
            tie_share = win / (win + lose)
    for value, p in dist:
        total = value + flat
        if total < dl:
            p_miss += p
            continue
        if dodge is not None:
            beats = sum(q for t, q in dodge_totals.items() if t > total)
            beats += dodge_totals.get(total, 0.0) * tie_share
            dodged_weight += p * beats
            p *= 1.0 - beats
        e = checks.extras(total) if add_extras else 0
        by_extras[e] = by_extras.get(e, 0.0) + p
    raw = odds.mixture((p, odds.shift(dmg, e + circumstance)) for e, p in by_extras.items())
    if dodge is not None and dodged_weight:
        if dodge[3] is None:
            p_miss += dodged_weight
        else:
            raw = odds.mixture([(1.0, raw), (dodged_weight, odds.shift(dict(dodge[3]), circumstance))])
    return p_miss, raw
