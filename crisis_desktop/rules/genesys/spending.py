"""Spending a genesys roll's symbols as the GM picks: advantage and triumph on a critical, the weapon's qualities and
the spending table (strain recovered, a boost die for an ally...), threat and despair by the GM against the roller;
what the picks cost (a triumph pays for any advantage choice, a despair for any threat one) and what they do."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from crisis_desktop.rules.base import (
    Actor,
    AddCondition,
    AttackRequest,
    AttackResult,
    Effect,
    Options,
    SetItemStat,
    SetResource,
    SetStatus,
    SpendBudget,
    SpendChoice,
    SpendPick,
)
from crisis_desktop.rules.genesys import ammo, attacks, checks, stats, tables
from crisis_desktop.rules.genesys.actions import max_maneuvers, resource, strain_effect
from crisis_desktop.rules.genesys.combat import TARGET_QUALITIES, Plan, off_hand, plan_spending, situation, weapon
from crisis_desktop.rules.genesys.narrative import ADVANTAGE, DESPAIR, FAILURE, SUCCESS, THREAT, TRIUMPH
from crisis_desktop.rules.genesys.options import option
from crisis_desktop.rules.kernel.dice import DiceSource
from crisis_desktop.rules.kernel.tally import Tally

ROLLER, OPPONENT = "roller", "opponent"
# Per side: the symbol its choices cost, and the one that pays for any of them (or for its own choices alone).
SIDES = {ROLLER: (ADVANTAGE, TRIUMPH), OPPONENT: (THREAT, DESPAIR)}
# What a plain check may buy besides dice on a next check.
CHECK_EFFECTS = ("recover_strain", "suffer_strain", "grant_maneuver")


@dataclass(frozen=True)
class Roll:
    """A roll as spending reads it: who rolled, at whom (an attack's target), and what the dice show (net)."""

    roller: Actor
    net: Tally
    target: Actor | None = None


def _key(actor: Actor) -> str | None:
    return actor.combatant.id if actor.combatant is not None else None


def _whom(roll: Roll, kind: str, fighters: Sequence[Actor]) -> tuple[tuple[str, str], ...] | None:
    """Whom a choice of `kind` may land on; None when it can land on nobody here."""
    me = roll.roller.combatant
    if kind == "target":
        return () if roll.target is not None and roll.target.combatant is not None else None
    if me is None:
        return None
    allies = [(f.combatant.id, f.name) for f in fighters
              if f.combatant is not None and f.combatant.side == me.side and f.combatant.id != me.id]
    if kind == "ally":
        return tuple(allies) or None
    if kind == "ally_or_self":
        return ((me.id, roll.roller.name), *allies)
    return ()


def _help(symbol: str, effect: str) -> str:
    instead = {ADVANTAGE: "A triumph may pay for it instead. ", THREAT: "A despair may pay for it instead. "}
    return instead.get(symbol, "") + ("" if effect else "The GM narrates it; it is logged.")


def _affordable(cost: int, own: int, wild: int) -> int:
    """How many times a choice of `cost` can be bought at most (each time with `cost` symbols or one wild one)."""
    return own // cost + wild if cost else 0


def maneuvers_to_buy(actor: Actor, options: Options) -> int:
    """How many free maneuvers advantage may still buy the actor this turn: those that fit under the cap of two a
    turn beside the ones taken and the free ones left (none while immobilized)."""
    combatant = actor.combatant
    if combatant is None or actor.character.has_condition("immobilized"):
        return 0
    used = resource(combatant, "maneuvers_used")
    free_left = max(0, resource(combatant, "free_maneuvers", 1) + resource(combatant, "maneuvers_granted") - used)
    return max(0, max_maneuvers(actor, options) - used - free_left)


def _table_choices(roll: Roll, fighters: Sequence[Actor], *, check: bool, options: Options) -> list[SpendChoice]:
    """The spending table's rows the roll can pay for, each once (or as often as affordable where it repeats); a
    free maneuver only while it fits under the cap of two a turn."""
    out: list[SpendChoice] = []
    net = roll.net
    for side, (own, wild) in SIDES.items():
        for symbol in (own, wild):
            for row in tables.spending()[symbol]:
                if check and row.effect not in CHECK_EFFECTS and row.whom not in ("ally", "ally_or_self"):
                    continue
                if row.effect == "recover_strain" and not stats.tracks_strain(roll.roller.character):
                    continue
                whom = _whom(roll, row.whom, fighters) if row.whom else ()
                if whom is None:
                    continue
                most = _affordable(row.cost, net.get(own), net.get(wild)) if symbol == own else \
                    net.get(wild) // row.cost
                most = most if row.repeat else min(most, 1)
                if row.effect == "grant_maneuver":
                    most = min(most, maneuvers_to_buy(roll.roller, options))
                if most <= 0:
                    continue
                out.append(SpendChoice(row.key, row.text, {symbol: row.cost}, side, most, 0, whom,
                                       _help(symbol, row.effect)))
    return out


# -- an attack's own choices ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class AttackFacts:
    """What an attack's spending depends on, read back from its result."""

    request: AttackRequest
    hit: bool
    wounding: bool
    auto_fire: bool
    further: int
    minion: bool

    @classmethod
    def of(cls, result: AttackResult) -> AttackFacts:
        request = result.request
        s_in = situation(request)
        tally = result.attack.tally or Tally()
        s = tally.get(SUCCESS) - tally.get(FAILURE)
        hit = s >= 1
        wounding = hit and attacks.wounding(request, s)
        return cls(request, hit, wounding, s_in.auto_fire, len(request.distinct_targets()) - 1,
                   stats.is_minion(request.target.character))


def _attack_choices(result: AttackResult, options: Options) -> list[SpendChoice]:
    f = AttackFacts.of(result)
    request = f.request
    w = weapon(request.weapon)
    second = off_hand(request, situation(request))
    net = result.attack.tally or Tally()
    adv, tri = net.get(ADVANTAGE), net.get(TRIUMPH)
    costs = {q.key: q.cost for q in tables.qualities().values()}
    out: list[SpendChoice] = []

    def add(key: str, label: str, cost: int, most: int = 1, why: str = "") -> None:
        most = min(most, _affordable(cost, adv, tri))
        if most > 0:
            out.append(SpendChoice(key, label, {ADVANTAGE: cost}, ROLLER, most, 0, (), (why + ". " if why else "")
                                   + _help(ADVANTAGE, key)))

    if not f.hit:
        blast = w.quality("blast")
        if blast:
            add("blast_miss", f"Blast {blast} on a miss: the target and everyone engaged with it take {blast}",
                int(tables.combat()["blast_miss_advantage"]))
        return out
    if f.wounding:
        extra = option(options, "crit_extra_activation_plus10") == "true" and not f.minion
        add("crit", f"Activate a critical injury (crit {w.crit})" + (": again for +10 each" if extra else ""),
            w.crit, 99 if extra else 1, "Rolled on the critical injury table, +10 per injury carried")
    if w.quality("blast") and f.further:
        add("q_blast", f"Blast {w.quality('blast')}: everyone engaged with the target is hit", costs["blast"])
    for key in TARGET_QUALITIES:
        if w.quality(key):
            q = tables.qualities()[key]
            add(f"q_{key}", f"{q.name}" + (f" {w.quality(key)}" if q.ranked else "") + f": {q.text}", costs[key])
    if f.auto_fire:
        add("auto_fire_hit", "Auto-fire: one more hit", costs["auto_fire"], 99)
    if second is not None:
        add("second_weapon", f"The {second.name} hits too",
            int(tables.combat()["modifiers"]["dual_second_hit_advantage"]))
    return out


def _default_counts(result: AttackResult, options: Options) -> dict[str, int]:
    """What the `advantage_spending` option buys by itself (the plan already in the result), by choice key."""
    f = AttackFacts.of(result)
    request = f.request
    w = weapon(request.weapon)
    net = result.attack.tally or Tally()
    p = plan_spending(w, hit=f.hit, wounding=f.wounding, advantage=net.get(ADVANTAGE), triumph=net.get(TRIUMPH),
                      further=f.further, auto_fire=f.auto_fire, second=off_hand(request, situation(request)),
                      options=options, minion_target=f.minion)
    counts = {f"q_{key}": 1 for key in p.qualities}
    counts.update({"crit": int(p.crit) + p.extra_crits, "auto_fire_hit": p.extra_hits,
                   "second_weapon": int(p.second_weapon), "blast_miss": int(p.blast_miss)})
    return {k: n for k, n in counts.items() if n}


def _roll_of(result: AttackResult) -> Roll:
    return Roll(result.request.attacker, result.attack.tally or Tally(), result.request.target)


def attack_choices(result: AttackResult, options: Options, fighters: Sequence[Actor] = ()) -> list[SpendChoice]:
    """Every choice the attack's roll can pay for: the attack's own first (a critical, the weapon's qualities), with
    the default plan pre-selected, then the spending table's; the GM's threat and despair last."""
    defaults = _default_counts(result, options)
    own = [SpendChoice(c.key, c.label, c.cost, c.spender, c.most, min(c.most, defaults.get(c.key, 0)), c.whom,
                       c.help) for c in _attack_choices(result, options)]
    table = _table_choices(_roll_of(result), fighters, check=False, options=options)
    if weapon(result.request.weapon).melee:         # a despair empties a ranged weapon only
        table = [c for c in table if c.key != "out_of_ammo"]
    return own + table


# -- the budget -------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Paid:
    """The picks paid: what is left per symbol, and for each pick's unit how it was paid (for the notes)."""

    budget: SpendBudget
    texts: tuple[str, ...]
    spent: Mapping[str, int]


def _grouped(symbol: str, units: Sequence[tuple[int, str]]) -> list[str]:
    """'2 threat: The attacker suffers 1 strain ×2' for the units bought of one choice with one symbol."""
    totals: dict[str, tuple[int, int]] = {}
    for cost, label in units:
        paid, times = totals.get(label, (0, 0))
        totals[label] = (paid + cost, times + 1)
    return [f"{paid} {symbol}: {label}" + (f" ×{times}" if times > 1 else "")
            for label, (paid, times) in totals.items()]


def _pay(choices: Sequence[SpendChoice], picks: Sequence[SpendPick], net: Tally) -> Paid:
    by_key = {c.key: c for c in choices}
    available = {symbol: net.get(symbol) for symbol in (ADVANTAGE, TRIUMPH, THREAT, DESPAIR)}
    left = dict(available)
    texts: list[str] = []
    problems: list[str] = []
    for pick in picks:
        choice = by_key.get(pick.key)
        if choice is None:
            row = next(((sym, r) for sym, rows in tables.spending().items() for r in rows if r.key == pick.key), None)
            problems.append(f"This roll cannot buy {pick.key!r}" if row is None else
                            f"This roll cannot buy '{row[1].text}' ({row[1].cost} {row[0]})")
        elif not 0 < pick.count <= choice.most:
            problems.append(f"{choice.label}: at most {choice.most} time{'s' if choice.most != 1 else ''}, "
                            f"not {pick.count}")
    if problems:
        return Paid(SpendBudget(available, left, "; ".join(problems)), (), {})
    for own, wild in SIDES.values():
        units: list[tuple[int, str]] = []           # (cost in `own`, label) of each unit bought with `own`
        wild_only = 0
        for pick in picks:
            choice = by_key[pick.key]
            if own in choice.cost:
                units += [(choice.cost[own], choice.label)] * pick.count
            elif wild in choice.cost:
                wild_only += choice.cost[wild] * pick.count
                texts += _grouped(wild, [(choice.cost[wild], choice.label)] * pick.count)
        spare = available[wild] - wild_only
        if spare < 0:
            problems.append(f"Not enough {wild}: the picks need {wild_only}, the roll shows {available[wild]}")
            continue
        units.sort(key=lambda u: -u[0])
        for j in range(min(spare, len(units)) + 1):
            rest = sum(cost for cost, _ in units[j:])
            if rest <= available[own]:
                left[own], left[wild] = available[own] - rest, spare - j
                texts += _grouped(wild, [(1, label) for _, label in units[:j]])
                texts += _grouped(own, units[j:])
                break
        else:
            need = sum(cost for cost, _ in units)
            problems.append(f"Not enough {own}: the picks cost {need} {own}, the roll shows {available[own]} "
                            f"and {spare} {wild} to spare")
    spent = {symbol: available[symbol] - left[symbol] for symbol in available}
    return Paid(SpendBudget(available, left, "; ".join(problems) or None), tuple(texts), spent)


def attack_budget(result: AttackResult, picks: Sequence[SpendPick], options: Options,
                  fighters: Sequence[Actor] = ()) -> SpendBudget:
    return _pay(attack_choices(result, options, fighters), picks, result.attack.tally or Tally()).budget


# -- effects ------------------------------------------------------------------------------------------------
def _status(effects: Sequence[Effect], actor: Actor, key: str) -> int:
    """A status value as the effects so far leave it."""
    found = [e.value for e in effects if isinstance(e, SetStatus) and e.character_id == actor.character.id
             and e.key == key]
    value = found[-1] if found else actor.character.status.get(key, 0)
    return int(value) if isinstance(value, int | float) else 0


def _resource(effects: Sequence[Effect], combatant_id: str, key: str, fighters: Sequence[Actor]) -> int:
    """A combatant's resource as the effects so far leave it."""
    found = [e.value for e in effects if isinstance(e, SetResource) and e.combatant_id == combatant_id
             and e.key == key]
    if found:
        return int(found[-1]) if isinstance(found[-1], int | float) else 0
    actor = next((f for f in fighters if _key(f) == combatant_id), None)
    return resource(actor.combatant if actor is not None else None, key)


def _landing(roll: Roll, choice: SpendChoice, pick: SpendPick, kind: str, fighters: Sequence[Actor]) -> Actor:
    """On whom a pick lands: the target, the roller, or the ally the GM picked."""
    if kind == "target":
        assert roll.target is not None
        return roll.target
    if not choice.whom or pick.whom is None and kind == "ally_or_self":
        return roll.roller
    ids = [cid for cid, _ in choice.whom]
    if pick.whom not in ids:
        raise ValueError(f"{choice.label}: pick whom it goes to ({', '.join(n for _, n in choice.whom)})")
    return next(f for f in fighters if _key(f) == pick.whom)


def table_effects(roll: Roll, choices: Sequence[SpendChoice], picks: Sequence[SpendPick], effects: list[Effect],
                  fighters: Sequence[Actor], item_id: str | None = None) -> list[str]:
    """Append to `effects` what the spending table's picks do; the notes saying so."""
    rows = {row.key: row for symbol in ("advantage", "triumph", "threat", "despair")
            for row in tables.spending()[symbol]}
    by_key = {c.key: c for c in choices}
    me = roll.roller
    everyone = [*fighters, me, *([roll.target] if roll.target is not None else [])]
    notes: list[str] = []
    for pick in picks:
        row = rows.get(pick.key)
        if row is None:
            continue
        choice = by_key[pick.key]
        n = pick.count
        if row.effect == "recover_strain":
            now = _status(effects, me, "strain")
            effects.append(SetStatus(me.character.id, "strain", max(0, now - n)))
            notes.append(f"{me.name} recovers {min(n, now)} strain (advantage)")
        elif row.effect == "suffer_strain":
            more, said = strain_effect(me, n, "threat", wounds_now=_status(effects, me, "wounds"),
                                       strain_now=_status(effects, me, "strain"))
            effects += more
            notes += said
        elif row.effect == "grant_maneuver":
            if me.combatant is not None:
                now = _resource(effects, me.combatant.id, "maneuvers_granted", everyone)
                effects.append(SetResource(me.combatant.id, "maneuvers_granted", now + n))
            notes.append(f"{me.name} may perform a free maneuver (advantage; at most 2 maneuvers a turn)")
        elif row.effect == "prone":
            if not me.character.has_condition("prone"):
                effects.append(AddCondition(me.character.id, "prone"))
            notes.append(f"{me.name} falls prone (threat)")
        elif row.effect == "out_of_ammo":
            item = next((i for i in me.character.equipment if i.id == item_id), None)
            if item is not None and stats.qualities(item).get("limited_ammo"):
                effects.append(SetItemStat(me.character.id, item.id, "ammo", 0))
            if item is not None and me.combatant is not None:
                effects.append(ammo.empty(me.combatant, item.id, effects))
            what = f"the {item.name}" if item is not None else "the weapon"
            notes.append(f"Despair: {what} is out of ammunition for the encounter (only an extra reload readies it)")
        elif row.effect.startswith("next_"):
            whom = _landing(roll, choice, pick, row.whom, fighters)
            combatant = whom.combatant
            assert combatant is not None
            now = _resource(effects, combatant.id, row.effect, everyone)
            effects.append(SetResource(combatant.id, row.effect, now + n))
            notes.append(f"{whom.name}'s next check: +{n} {checks.NEXT_CHECK[row.effect][1]} ({row.text})")
        else:
            notes.append(f"Spent on: {row.text}")
    return notes


def resolve_attack_spending(result: AttackResult, picks: Sequence[SpendPick], dice: DiceSource, options: Options,
                            fighters: Sequence[Actor] = ()) -> AttackResult:
    """The attack again with the same dice, spent as picked: its own choices through the attack's plan, the table's
    as effects added after the hits."""
    choices = attack_choices(result, options, fighters)
    net = result.attack.tally or Tally()
    paid = _pay(choices, picks, net)
    if paid.budget.problem:
        raise ValueError(paid.budget.problem)
    counts = {p.key: p.count for p in picks}
    plan = Plan(paid.budget.left[ADVANTAGE], paid.budget.left[TRIUMPH], crit=bool(counts.get("crit")),
                extra_crits=max(0, counts.get("crit", 0) - 1),
                qualities=[k[2:] for k in counts if k.startswith("q_")], extra_hits=counts.get("auto_fire_hit", 0),
                second_weapon=bool(counts.get("second_weapon")), blast_miss=bool(counts.get("blast_miss")),
                spent=[t for t in paid.texts if not t.split(": ", 1)[0].endswith((THREAT, DESPAIR))],
                threat_spent=paid.spent[THREAT], despair_spent=paid.spent[DESPAIR])
    again = attacks.resolve(result.request, dice, options, plan, replay=result.rolls)
    effects = list(again.effects)
    gm = [t for t in paid.texts if t.split(": ", 1)[0].endswith((THREAT, DESPAIR))]
    notes = list(again.notes) + ([f"The other side spent {'; '.join(gm)}"] if gm else [])
    notes += table_effects(_roll_of(result), choices, picks, effects, fighters, result.request.weapon.id)
    return AttackResult(again.request, again.target, again.attack, again.defence, again.hit, again.damage,
                        tuple(effects), again.summary, again.followups, tuple(notes), reactions=again.reactions,
                        rolls=again.rolls)


# -- plain checks -----------------------------------------------------------------------------------------------
def check_choices(actor: Actor, net: Tally, fighters: Sequence[Actor] = (),
                  options: Options | None = None) -> list[SpendChoice]:
    """What a plain check's symbols may buy: strain recovered or suffered, dice on an ally's (or its own) next
    check; nothing is pre-selected."""
    return _table_choices(Roll(actor, net), fighters, check=True, options=options or {})


def check_budget(actor: Actor, net: Tally, picks: Sequence[SpendPick], fighters: Sequence[Actor] = (),
                 options: Options | None = None) -> SpendBudget:
    return _pay(check_choices(actor, net, fighters, options), picks, net).budget


def resolve_check_spending(actor: Actor, net: Tally, picks: Sequence[SpendPick], fighters: Sequence[Actor] = (),
                           options: Options | None = None) -> tuple[list[Effect], list[str]]:
    choices = check_choices(actor, net, fighters, options)
    paid = _pay(choices, picks, net)
    if paid.budget.problem:
        raise ValueError(paid.budget.problem)
    effects: list[Effect] = []
    notes = [f"Spent {'; '.join(paid.texts)}"] if paid.texts else []
    notes += table_effects(Roll(actor, net), choices, picks, effects, fighters)
    return effects, notes

