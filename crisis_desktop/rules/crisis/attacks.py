"""Crisis attack resolution (RoF volleys, dodging area attacks, scatter, Execute) and exact attack odds."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import lru_cache

from crisis_desktop.rules.base import (
    AttackOdds,
    AttackRequest,
    AttackResult,
    CheckRequest,
    CheckResult,
    Cost,
    CoverLevel,
    DamageResult,
    Effect,
    Explained,
    Options,
    Outcome,
    ScatteredAttack,
    SetItemStat,
    SetResource,
    Term,
    UseUpItem,
)
from crisis_desktop.rules.crisis import checks, damage, stats, tables
from crisis_desktop.rules.crisis.actions import resource, uses_npc_actions
from crisis_desktop.rules.crisis.combat import (
    AttackPlan,
    attack_cost,
    is_area,
    plan,
    roll_damage,
    scatter,
    volley_terms,
    weapon_kind,
)
from crisis_desktop.rules.crisis.options import option
from crisis_desktop.rules.kernel import odds
from crisis_desktop.rules.kernel.dice import DiceSource
from crisis_desktop.rules.qstar.context import Aimed, AttackContext, read

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
    """The ammunition the attack uses and what attacking ends (aim, overwatch, a task under way); ValueError with
    the reason if it cannot be made, its price (AP or an NPC's action) included."""
    attacker, weapon = context.attacker, context.weapon
    blocker = stats.cannot_act(attacker.character)
    if blocker:
        raise ValueError(f"{attacker.name} is {blocker.lower()} and cannot attack")
    rof = stats.rof(weapon)
    if context.extra_attacks < 0 or context.extra_attacks > rof - 1:
        raise ValueError(f"{weapon.name} has RoF {rof}: at most {rof - 1} extra attack(s), not {context.extra_attacks}")
    effects: list[Effect] = []
    rounds = 1 + context.extra_attacks
    if "thrown" in weapon.tags and weapon.stats.get("cap") is None and weapon in attacker.character.equipment:
        effects.append(UseUpItem(attacker.character.id, weapon.id))     # a grenade is gone once thrown
    if weapon.stats.get("cap") is not None:
        ammo = stats.int_stat(weapon, "ammo")
        if ammo < rounds:
            raise ValueError(f"Not enough ammunition: {rounds} needed, {weapon.name} has {ammo}")
        effects.append(SetItemStat(attacker.character.id, weapon.id, "ammo", ammo - rounds))
    combatant = attacker.combatant
    if combatant is None:
        return effects
    # The price (AP, or one of an NPC's actions) is checked here and paid by the controller (`actions.pay`).
    if uses_npc_actions(attacker, options):
        if resource(combatant, "actions_taken") >= 2:
            raise ValueError(f"{attacker.name} has taken both actions this round")
    else:
        cost, ap = attack_cost(weapon, context.extra_attacks), resource(combatant, "ap")
        if ap < cost:
            raise ValueError(f"Not enough AP: Attack costs {cost}, {attacker.name} has {ap}")
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


def _volley(request: AttackRequest) -> list[Aimed]:
    """The request read as these rules take it; ValueError when it names a target twice or holds more attacks than
    the weapon's RoF allows (checked again with the AP and ammunition when rolled)."""
    aimed = read(request, melee=weapon_kind(request.weapon) == "melee", one_roll=is_area(request.weapon))
    if len(request.distinct_targets()) < len(aimed):
        twice = next(a.context.target.name for i, a in enumerate(aimed)
                     if any(a.context.target.character.id == b.context.target.character.id for b in aimed[:i]))
        raise ValueError(f"{twice} is named twice: give it more attacks instead")
    weapon = request.weapon
    rof = stats.rof(weapon)
    total = sum(a.attacks for a in aimed)
    if is_area(weapon):
        if total > len(aimed):
            raise ValueError(f"{weapon.name} hits an area: one attack for everyone under it")
    elif total > rof:
        raise ValueError(f"{weapon.name} has RoF {rof}: at most {rof} attack(s), not {total}")
    return aimed


def single(request: AttackRequest, options: Options) -> AttackContext:
    """The context of the target aimed at (the first)."""
    return _volley(request)[0].context


def request_modifiers(request: AttackRequest, options: Options) -> list[Term]:
    """The first roll's modifiers, then the RoF step of every further attack of a volley (at its target)."""
    aimed = _volley(request)
    terms = list(plan(aimed[0].context, options).modifiers)
    if is_area(request.weapon):
        return terms
    index = 0
    step = tables.combat()["extra_attack_hit"]
    for a in aimed:
        for _ in range(a.attacks):
            if index:
                whom = f" at {a.context.target.name}" if len(aimed) > 1 else ""
                terms.append(Term(f"RoF attack {index + 1}{whom}", step * index))
            index += 1
    return terms


def attack_price(request: AttackRequest, options: Options) -> tuple[Cost, str | None]:
    """AP for the volley (or one of an NPC's two actions), and why it cannot be paid now."""
    context = _volley(request)[0].context
    price: Cost = {"actions": 1} if uses_npc_actions(context.attacker, options) else \
        {"ap": attack_cost(context.weapon, context.extra_attacks)}
    try:
        _validate(context, options)
    except ValueError as exc:
        return price, str(exc)
    return price, None


def dice_order(request: AttackRequest, options: Options) -> str:
    """The order the attack's dice are rolled in, for dice typed in by hand."""
    if is_area(request.weapon):
        return ("the attack die (again each time it shows its highest face), then for each target in order: its "
                "Athletics die if it dodges, then the damage dice; on a miss, the scatter die")
    return ("for each attack in the order declared: the attack die (again each time it shows its highest face), "
            "then the damage dice if it hits")


def resolve_request(request: AttackRequest, dice: DiceSource, options: Options) -> AttackResult:
    """A volley spread over its targets (each attack at the target it was declared for, the RoF penalty growing
    with every attack), or one area attack with everyone under the template."""
    aimed = _volley(request)
    effects = _validate(aimed[0].context, options)
    for a in aimed[:1] if is_area(request.weapon) else aimed:
        blocked = plan(a.context, options).blocked
        if blocked:
            raise ValueError(f"Cannot attack: {blocked}")
    if is_area(request.weapon):
        return _resolve_area(request, aimed, effects, dice, options)
    return _resolve_volley(request, aimed, effects, dice, options)


def _resolve_volley(request: AttackRequest, aimed: list[Aimed], effects: list[Effect], dice: DiceSource,
                    options: Options) -> AttackResult:
    results: list[AttackResult] = []
    index = 0
    lines, notes = [], []
    for a in aimed:
        context = a.context
        p = plan(context, options)
        before, armour_id = damage.vitals_of(context.target, p.damage_type)
        vitals = before
        hits: list[damage.Hit] = []
        raw_terms: list[Term] = []
        burst_total = 0
        first = len(results)
        for _ in range(a.attacks):
            attack = _attack_check(context, p, index, dice, options)
            index += 1
            raw = roll_damage(p, dice, options, attack.degree, context.damage_circumstance) \
                if attack.outcome.succeeded else None
            if raw is not None:
                raw_terms.append(Term(f"hit {index}" if context.extra_attacks else "hit", raw.value))
                if p.burst:
                    burst_total += int(raw.value)
                else:
                    h = _hit(vitals, int(raw.value), context, p, options)
                    hits.append(h)
                    vitals = h.after
            results.append(AttackResult(request, context.target, attack, None, raw is not None, None, (),
                                        f"{context.attacker.name} {'hits' if raw is not None else 'misses'} "
                                        f"({attack.describe()})"))
        if p.burst and raw_terms:
            hits.append(_hit(vitals, burst_total, context, p, options))
            notes.append("Burst: the hits count as one" + (f" ({context.target.name})" if len(aimed) > 1 else ""))
        dmg = _damage_result(context, before, hits, armour_id, raw_terms) if hits else None
        if dmg is not None:
            effects += dmg.effects
            results[first] = replace(results[first], damage=dmg)
        landed = sum(r.hit for r in results[first:])
        lines.append(f"{context.target.name}: {landed} hit(s)" + (f", {dmg.taken.value:g} damage" if dmg else ""))
    head = results[0]
    if len(results) == 1:
        summary = head.summary + (f"; {head.damage.taken.value:g} damage" if head.damage else "")
    elif len(aimed) == 1:
        summary = f"{request.attacker.name} fires {len(results)} times at {request.target.name}: " \
                  f"{sum(r.hit for r in results)} hit(s)" + (f"; {head.damage.taken.value:g} damage" if head.damage
                                                              else "")
    else:
        summary = f"{request.attacker.name} fires {len(results)} times: " + "; ".join(lines)
    return replace(head, hit=any(r.hit for r in results), effects=tuple(effects), summary=summary,
                   followups=tuple(results[1:]), notes=tuple(notes))


def _resolve_area(request: AttackRequest, aimed: list[Aimed], effects: list[Effect], dice: DiceSource,
                  options: Options) -> AttackResult:
    """One attack roll for the whole blast; each target under it may dodge, and takes its own damage with the
    fall-off for its distance from the centre. A miss scatters and hurts nobody here: where it lands is the map's."""
    first = aimed[0].context
    roll_plan = plan(first, options)
    attack = _attack_check(first, roll_plan, 0, dice, options)
    name = request.attacker.name
    if not attack.outcome.succeeded:
        where = scatter(dice, roll_plan.increments, first.hex_grid)
        note = f"The {request.weapon.name} misses and {where.description}"
        return ScatteredAttack(request, first.target, attack, None, False, None, tuple(effects),
                               f"{name} misses ({attack.describe()})", notes=(note,),
                               scatter=(where.direction, where.distance))
    results: list[AttackResult] = []
    for a in aimed:
        context = a.context
        p = plan(context, options)
        notes: list[str] = []
        if p.blocked:
            results.append(AttackResult(request, context.target, attack, None, False, None, (),
                                        f"{context.target.name} is not hurt: {p.blocked}"))
            continue
        this_plan, dodge_result, landed = p, None, True
        if _can_dodge(context, p):
            dodge_result, dodged = _dodge(context, roll_plan, attack, dice, options)
            if context.target.combatant is not None:
                effects.append(SetResource(context.target.combatant.id, "dodge_used", True))
            if dodged:
                this_plan = plan(replace(context, tiles_from_centre=context.tiles_from_centre + 1), options)
                notes.append(f"{context.target.name} dodges: moves 1 tile away from the blast")
                landed = this_plan.blocked is None
        dmg = None
        if landed:
            raw = roll_damage(this_plan, dice, options, attack.degree, context.damage_circumstance)
            before, armour_id = damage.vitals_of(context.target, p.damage_type)
            dmg = _damage_result(context, before, [_hit(before, int(raw.value), context, p, options)], armour_id,
                                 [Term("hit", raw.value)])
            effects += dmg.effects
        line = f"{name} hits ({attack.describe()})" if not results else \
            f"{context.target.name} is {'hit' if landed else 'missed'}"
        results.append(AttackResult(request, context.target, attack, dodge_result, landed, dmg, (), line,
                                    notes=tuple(notes)))
    head = results[0]
    if len(results) == 1:
        summary = head.summary + (f"; {head.damage.taken.value:g} damage" if head.damage else "")
    else:
        hurt = [f"{r.target.name} {r.damage.taken.value:g}" for r in results if r.damage is not None]
        summary = f"{name}'s {request.weapon.name} hits ({attack.describe()}): " \
                  + (", ".join(hurt) + " damage" if hurt else "nobody hurt")
    notes_all = tuple(n for r in results for n in r.notes)
    return replace(head, effects=tuple(effects), summary=summary, followups=tuple(results[1:]), notes=notes_all)


def resolve_landed(request: AttackRequest, dice: DiceSource, options: Options) -> AttackResult:
    """A missed blast goes off where it scattered: each target under it takes the damage, one die less per tile
    from where it landed (no attack roll, no Extras; cover and the thrower's range do not matter there)."""
    aimed = read(request, melee=False, one_roll=True)
    no_roll = CheckResult(Explained.of(("no attack roll: the blast goes off where it landed", 0)),
                          Explained.of(("where it landed", 0)), Outcome.SUCCESS, 0, ())
    results: list[AttackResult] = []
    effects: list[Effect] = []
    for a in aimed:
        context = replace(a.context, distance=None, cover=CoverLevel.NONE, cover_penetrable=False)
        p = plan(context, options)
        if p.blocked:
            continue
        raw = roll_damage(p, dice, options, 0, context.damage_circumstance)
        before, armour_id = damage.vitals_of(context.target, p.damage_type)
        dmg = _damage_result(context, before, [_hit(before, int(raw.value), context, p, options)], armour_id,
                             [Term("blast", raw.value)])
        effects += dmg.effects
        results.append(AttackResult(request, context.target, no_roll, None, True, dmg, (),
                                    f"{context.target.name} is caught in the blast"))
    if not results:
        return AttackResult(request, request.target, no_roll, None, False, None, (), "the blast catches nobody")
    caught = ", ".join(f"{r.target.name} {r.damage.taken.value:g}" for r in results if r.damage is not None)
    return replace(results[0], effects=tuple(effects), summary=f"the blast catches {caught} damage",
                   followups=tuple(results[1:]))


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


def resolve_execute(request: AttackRequest, dice: DiceSource, options: Options) -> AttackResult:
    """Execute a helpless target: no attack roll, double damage, then the target rolls its Body (Action) die
    and dies unless the roll reaches its wounds."""
    if len(request.targets) > 1:
        raise ValueError("Execute takes one target")
    context = single(request, options)
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
        survival = checks.check(CheckRequest(context.target, "body", h.after.wounds), dice, options)
        if not survival.outcome.succeeded:
            h = replace(h, dead=True, dying=False)
    dmg = _damage_result(context, before, [h], armour_id, [Term("execute", raw.value)])
    verdict = "dies" if h.dead else "survives"
    summary = f"{context.attacker.name} executes {context.target.name} ({raw.value:g} damage): {verdict}"
    return AttackResult(request, context.target, automatic, survival, True, dmg, tuple(effects) + dmg.effects, summary)


# --------------------------------------------------------------------------- exact odds


def execute_odds(request: AttackRequest, options: Options) -> AttackOdds:
    """Execute, exactly: an automatic hit, the damage doubled (after DR), then the target survives only if its Body
    roll reaches its wounds after the hit; `drop_target` is the chance it dies."""
    context = single(request, options)
    if not stats.is_helpless(context.target.character):
        raise ValueError(f"Cannot execute: {context.target.name} is not helpless")
    p = plan(context, options)
    raw = odds.shift(odds.scale(dict(_damage_dist(replace(p, add_extras=False), options)), 2),
                     context.damage_circumstance)
    before, _ = damage.vitals_of(context.target, p.damage_type)
    taken: dict[int, float] = {}
    dies = 0.0
    for amount, weight in raw.items():
        h = damage.hit(before, amount, lethal=True, ignore_dr=p.ignore_dr, wear_rule=option(options, "small_hit_wear"))
        n = (h.after.wounds - before.wounds) + (h.after.nonlethal - before.nonlethal)
        taken[n] = taken.get(n, 0.0) + weight
        if h.dead:
            dies += weight
        else:
            survival = checks.check_odds(CheckRequest(context.target, "body", h.after.wounds), options)
            dies += weight * (1.0 - survival.success)
    return AttackOdds(1.0, odds.expected(taken), taken, dies)


def request_odds(request: AttackRequest, options: Options) -> AttackOdds:
    """The odds for each target: a volley's attacks at it (with their place in the volley), or the one roll of an
    area attack, aimed by the first target's range and cover, with each target's own fall-off and dodge."""
    aimed = _volley(request)
    roll_plan = plan(aimed[0].context, options)
    area = is_area(request.weapon)
    per: list[AttackOdds] = []
    index = 0
    for a in aimed:
        indices = range(0, 1) if area else range(index, index + a.attacks)
        index += a.attacks
        per.append(context_odds(a.context, roll_plan if area else plan(a.context, options), indices, options))
    if roll_plan.blocked:
        per = [context_odds(a.context, roll_plan, range(1), options) for a in aimed]
    return replace(per[0], further=tuple(per[1:]))


def context_odds(context: AttackContext, roll_plan: AttackPlan, indices: range, options: Options) -> AttackOdds:
    """The odds for one target of the attacks `indices` of a volley rolled by `roll_plan` (the target's own plan, or
    the aimed target's for an area attack)."""
    p = plan(context, options)
    if p.blocked or roll_plan.blocked:
        return AttackOdds(0.0, 0.0, {0: 1.0}, 0.0)
    vitals, _ = damage.vitals_of(context.target, p.damage_type)
    attempts = []
    for index in indices:
        check = CheckRequest(context.attacker, roll_plan.skill, int(roll_plan.target.value),
                             volley_terms(roll_plan, index))
        attempts.append(checks.modifier_total(check, options))
    dodge: DodgeOdds | None = None
    if _can_dodge(context, p):
        sides, flat = checks.modifier_total(CheckRequest(context.target, "athletics", 0), options)
        moved = plan(replace(context, tiles_from_centre=context.tiles_from_centre + 1), options)
        dodged_dist = None if moved.blocked else _damage_dist(moved, options)
        dodge = (sides, flat, option(options, "contest_tie"), dodged_dist)
    key = (tuple(attempts), int(roll_plan.target.value), _damage_dist(p, options), p.add_extras,
           context.damage_circumstance, dodge, vitals, p.ignore_dr, context.non_lethal,
           option(options, "small_hit_wear"), option(options, "spare_life_threshold"), p.burst)
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

    states = (_burst_states if burst else _series_states)(per_attack, vitals, apply)
    if states is None:
        return None
    taken: dict[int, float] = {}
    drop = 0.0
    for (v, dropped), ps in states.items():
        n = (v.wounds - vitals.wounds) + (v.nonlethal - vitals.nonlethal)
        taken[n] = taken.get(n, 0.0) + ps
        if dropped:
            drop += ps
    return 1.0 - p_all_miss, tuple(sorted(taken.items())), drop


_States = dict[tuple[damage.Vitals, bool], float]


def _burst_states(per_attack: list[tuple[float, odds.Dist]], vitals: damage.Vitals,
                  apply: Callable[[damage.Vitals, int], damage.Hit]) -> _States | None:
    """A burst's attacks land as one hit of their summed raw damage: the chance of each state it leaves the target
    in (its vitals, whether it dropped); None past MAX_PRICED_HITS hits to work out."""
    states: _States = {}
    work = 0
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
    return states


def _series_states(per_attack: list[tuple[float, odds.Dist]], vitals: damage.Vitals,
                   apply: Callable[[damage.Vitals, int], damage.Hit]) -> _States | None:
    """Attacks that land one after another, each hit on what the last left: the chance of each state they leave
    the target in (its vitals, whether it dropped); None past MAX_PRICED_HITS hits to work out."""
    states: _States = {(vitals, False): 1.0}
    work = 0
    for p_miss, raw in per_attack:
        work += len(states) * len(raw)
        if work > MAX_PRICED_HITS:
            return None
        nxt2: _States = {}
        for (v, dropped), ps in states.items():
            nxt2[(v, dropped)] = nxt2.get((v, dropped), 0.0) + ps * p_miss
            for r, pr in raw.items():
                h = apply(v, r)
                k = (h.after, dropped or h.dropped)
                nxt2[k] = nxt2.get(k, 0.0) + ps * pr
        states = nxt2
    return states


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
