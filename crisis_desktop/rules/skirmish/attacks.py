"""Attacks: a ranged attack (d20 + Marksman or Throwing against d20 + Evasion + shield, strictly higher hits) and a
melee skirmish (everyone rolls d20 + melee skill; the highest side wins, its highest roller deals the damage, the
losing side's lowest natural roll takes it); what an attack must match of the plan; exact odds."""

from __future__ import annotations

from dataclasses import replace

from crisis_desktop.domain import EquipmentItem
from crisis_desktop.rules.base import (
    Actor,
    AttackOdds,
    AttackRequest,
    AttackResult,
    CheckResult,
    Cost,
    DamageResult,
    Effect,
    Explained,
    Options,
    Outcome,
    SetResource,
    Term,
)
from crisis_desktop.rules.kernel.dice import DiceSource, DieRoll
from crisis_desktop.rules.skirmish import d20, fighters, plans, sheet, wounds
from crisis_desktop.rules.skirmish.fight_odds import (
    FightOdds,
    ParticipantOdds,
    decide,
    fight_odds,
    ranged_outcomes,
    skirmish_outcomes,
)
from crisis_desktop.rules.skirmish.fighters import Roller
from crisis_desktop.rules.skirmish.options import number, option


def max_targets(weapon: EquipmentItem) -> int:
    """A ranged attack has one target; a skirmish everyone else in it, at most four a side."""
    return 1 if sheet.is_ranged(weapon) else 2 * fighters.MAX_PER_SIDE - 1


def rollers(request: AttackRequest, options: Options) -> list[Roller]:
    if sheet.is_ranged(request.weapon):
        return list(fighters.ranged_rollers(request, options))
    return fighters.skirmish_rollers(request, options)


def modifiers(request: AttackRequest, options: Options) -> list[Term]:
    return list(rollers(request, options)[0].modifier.terms)


def skirmish_participants(request: AttackRequest) -> list[str]:
    """The combatant ids of everyone whose own melee action a skirmish resolves (the attacker and every target); a
    ranged attack resolves the attacker's alone."""
    if sheet.is_ranged(request.weapon):
        return [fighters.actor_key(request.attacker)]
    return [fighters.actor_key(a) for a in (request.attacker, *request.distinct_targets())]


def limited_key(request: AttackRequest, target: Actor) -> str:
    return f"limited:{request.weapon.id}:{fighters.actor_key(target)}"


def limited_allowance(request: AttackRequest, options: Options) -> int | None:
    if request.weapon.stats.get("limited") is not True:
        return None
    return sheet.item_int(request.weapon, "limited_count") or number(options, "limited_default")


def _used(actor: Actor, key: str) -> int:
    value = actor.combatant.resources.get(key, 0) if actor.combatant is not None else 0
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def price(request: AttackRequest, options: Options) -> tuple[Cost, str | None]:
    """Nothing to pay; refused when it does not match the plan recorded on the attacker (anything goes without one),
    when the weapon is more than 3 over Wield, or when a Limited weapon has no missile left for the target."""
    attacker, weapon = request.attacker, request.weapon
    plan = plans.planned(attacker)
    what = f"{'a ranged' if sheet.is_ranged(weapon) else 'a melee'} attack with the {weapon.name}"
    if plan and plan != plans.plan_key(weapon):
        return {}, f"{attacker.name} planned {plans.plan_words(attacker, plan)}, not {what}"
    over, load, limit = fighters.over_wield(attacker, weapon, options)
    if over > sheet.MAX_OVER_WIELD:
        return {}, (f"{attacker.name} cannot wield the {weapon.name}: it takes {load.value:g} of Wield "
                    f"{limit.value:g}, more than {sheet.MAX_OVER_WIELD} over")
    allowance = limited_allowance(request, options)
    if allowance is not None and attacker.combatant is not None:
        used = _used(attacker, limited_key(request, request.target))
        if used >= allowance:
            return {}, (f"{weapon.name} is Limited {allowance}: {attacker.name} has thrown all of them at "
                        f"{request.target.name} this engagement")
    return {}, None


def _roll(dice: DiceSource, r: Roller, what: str) -> tuple[int, Explained, tuple[DieRoll, ...]]:
    face, rolled = d20.roll(dice, r.edge, f"{r.name}: {what}")
    terms = (Term(f"d20 ({d20.edge_word(r.edge)}: {', '.join(r.edge_why)})" if r.edge else "d20", face),
             *r.modifier.terms)
    return face, Explained(face + r.modifier.value, terms), rolled


def _check(total: Explained, against: Explained, won: bool, rolled: tuple[DieRoll, ...]) -> CheckResult:
    return CheckResult(total, against, Outcome.SUCCESS if won else Outcome.FAILURE,
                       int(total.value - against.value), rolled)


def _blow(dealer: Roller, taker: Roller, m: int, dice: DiceSource,
          options: Options) -> tuple[str, DamageResult, tuple[DieRoll, ...]]:
    loc, loc_rolls = wounds.hit_location(dice, taker.name)
    protection = wounds.armour_against(taker.actor.character, dealer.weapon, options)
    raw, taken = wounds.damage(m, sheet.base_damage(dealer.weapon), protection)
    return loc, wounds.take(taker.actor.character, raw, taken, loc), loc_rolls


def _limited(request: AttackRequest, options: Options) -> list[Effect]:
    attacker = request.attacker
    if limited_allowance(request, options) is None or attacker.combatant is None:
        return []
    key = limited_key(request, request.target)
    return [SetResource(attacker.combatant.id, key, _used(attacker, key) + 1)]


def resolve_ranged(request: AttackRequest, dice: DiceSource, options: Options) -> AttackResult:
    attacker, defender = fighters.ranged_rollers(request, options)
    _a_face, a_total, a_rolls = _roll(dice, attacker, f"{request.weapon.name} attack")
    _d_face, d_total, d_rolls = _roll(dice, defender, "evasion")
    hit = a_total.value > d_total.value
    effects: list[Effect] = _limited(request, options)
    rolls = [*a_rolls, *d_rolls]
    damage = None
    notes: list[str] = [*(f"{r.name} rolls at {d20.edge_word(r.edge)}: {', '.join(r.edge_why)}"
                          for r in (attacker, defender) if r.edge)]
    difference = int(a_total.value - d_total.value)
    if hit:
        m = wounds.multiplier(difference, options)
        loc, damage, loc_rolls = _blow(attacker, defender, m, dice, options)
        rolls += loc_rolls
        effects += damage.effects
        notes = [f"Difference {difference}: x{m}; hit location {wounds.location_label(loc).lower()}", *notes,
                 *damage.notes]
        summary = (f"{attacker.name} hits {defender.name} with the {request.weapon.name} ({a_total.value:g} against "
                   f"{d_total.value:g}): {damage.taken.value:g} damage to the {wounds.location_label(loc).lower()}")
    else:
        summary = (f"{attacker.name} misses {defender.name} with the {request.weapon.name} ({a_total.value:g} "
                   f"against {d_total.value:g})")
    return AttackResult(request, defender.actor, _check(a_total, d_total, hit, a_rolls),
                        _check(d_total, a_total, not hit, d_rolls), hit, damage, tuple(effects), summary,
                        notes=tuple(notes), rolls=tuple(rolls))


def resolve_skirmish(request: AttackRequest, dice: DiceSource, options: Options) -> AttackResult:
    everyone = fighters.skirmish_rollers(request, options)
    rolled: list[tuple[int, Explained, tuple[DieRoll, ...]]] = [
        _roll(dice, r, f"skirmish ({r.weapon.name})") for r in everyone]
    naturals = [face for face, _t, _r in rolled]
    decision = decide(everyone, naturals, option(options, "paraverse_text") == "later")
    dealer, taker = decision.dealer, decision.taker
    team = [0 if r.side == everyone[0].side else 1 for r in everyone]
    best = [max(t.value for (_f, t, _r), s in zip(rolled, team, strict=True) if s == side) for side in (0, 1)]
    line = "; ".join(f"{r.name} {t.value:g} (d20 {f})" for (f, t, _r), r in zip(rolled, everyone, strict=True))
    notes = [f"Skirmish rolls: {line}",
             *(f"{r.name} rolls at {d20.edge_word(r.edge)}: {', '.join(r.edge_why)}" for r in everyone if r.edge)]
    rolls = [die for _f, _t, rs in rolled for die in rs]
    effects: list[Effect] = []
    damage = None
    if dealer is None or taker is None:
        summary = "Skirmish: a tie on the totals and on the natural rolls; nobody is hurt"
    else:
        d, t = everyone[dealer], everyone[taker]
        m = decision.multiplier(options)
        loc, damage, loc_rolls = _blow(d, t, m, dice, options)
        rolls += loc_rolls
        effects += damage.effects
        how = (f"a natural 20, difference {decision.difference}: x{m}" if decision.critical
               else f"equal totals, won on the natural roll: x{m}" if decision.tie
               else f"difference {decision.difference}: x{m}")
        notes += [f"{d.name}'s side wins the skirmish ({how}); {d.name} deals the blow; {t.name} has the lowest "
                  f"natural roll of the losing side and takes it to the {wounds.location_label(loc).lower()}",
                  *damage.notes]
        summary = (f"Skirmish: {d.name} deals {damage.taken.value:g} damage to {t.name} with the {d.weapon.name} "
                   f"({wounds.location_label(loc).lower()})")

    def check_of(i: int) -> CheckResult:
        won = dealer is not None and team[dealer] == team[i]
        return _check(rolled[i][1], Explained.of(("the other side's best", best[1 - team[i]])), won, rolled[i][2])

    attack = check_of(0)
    results = [AttackResult(request, r.actor, attack, check_of(i), taker == i, damage if taker == i else None, (),
                            summary) for i, r in enumerate(everyone) if i]
    if taker == 0:     # the attacker itself took the blow
        results.append(AttackResult(request, everyone[0].actor, attack, None, True, damage, (), summary))
    return replace(results[0], effects=tuple(effects), notes=tuple(notes), followups=tuple(results[1:]),
                   rolls=tuple(rolls))


def resolve(request: AttackRequest, dice: DiceSource, options: Options) -> AttackResult:
    if sheet.is_ranged(request.weapon):
        return resolve_ranged(request, dice, options)
    # Everyone in the skirmish has fought it: their planned melee actions are carried out with the attacker's.
    attacker = fighters.actor_key(request.attacker)
    return replace(resolve_skirmish(request, dice, options),
                   acted=tuple(k for k in skirmish_participants(request) if k != attacker))


def odds(request: AttackRequest, options: Options) -> FightOdds:
    """The exact odds of the attack for everyone in it."""
    if sheet.is_ranged(request.weapon):
        attacker, defender = fighters.ranged_rollers(request, options)
        return fight_odds([attacker, defender], ranged_outcomes(attacker, defender), options)
    everyone = fighters.skirmish_rollers(request, options)
    return fight_odds(everyone, skirmish_outcomes(everyone, options), options)


def _attack_odds(p: ParticipantOdds) -> AttackOdds:
    return AttackOdds(p.takes, p.expected_damage, dict(p.damage), p.drop,
                      chances={"critical wound": p.critical, "supercritical wound": p.supercritical},
                      spreads={"pain": dict(p.pain)})


def attack_odds(request: AttackRequest, options: Options) -> AttackOdds:
    """AttackOdds for the target aimed at, `further` for every further target (distinct_targets order): the chance it
    takes the damage, the damage's and the pain's distributions, the chances of a critical and a supercritical wound
    and of dropping. In a skirmish the attacker may take the blow too: the aimed target's odds also say how likely
    the attacker's side wins and the attacker is the one hurt."""
    found = odds(request, options)
    targets = [_attack_odds(found.of(fighters.actor_key(a))) for a in request.distinct_targets()]
    if not sheet.is_ranged(request.weapon):
        attacker = found.of(fighters.actor_key(request.attacker))
        targets[0] = replace(targets[0], chances={
            f"{attacker.name}'s side wins": found.sides.get(attacker.side, 0.0),
            f"{attacker.name} takes the blow": attacker.takes, **targets[0].chances})
    return replace(targets[0], further=tuple(targets[1:]))
