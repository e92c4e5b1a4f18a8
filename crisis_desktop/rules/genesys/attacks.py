"""Genesys attack resolution and exact odds: one combat check; damage = weapon damage (+ Brawn for '+X') + net
successes - soak; advantage and triumph spent on a critical injury and the weapon's qualities; Blast, Auto-fire and a
second weapon reach further hits; what is left is listed for the GM."""

from __future__ import annotations

from dataclasses import dataclass, replace

from crisis_desktop.domain import Character
from crisis_desktop.rules.base import (
    Actor,
    AddCondition,
    AttackOdds,
    AttackRequest,
    AttackResult,
    CheckResult,
    Cost,
    DamageResult,
    Effect,
    Explained,
    Options,
    SetItemStat,
    SetResource,
    Term,
    UseUpItem,
)
from crisis_desktop.rules.genesys import (
    actions,
    ammo,
    checks,
    damage,
    narrative,
    own_talents,
    reactions,
    sheet,
    slow_firing,
    stats,
    tables,
    talents,
)
from crisis_desktop.rules.genesys.combat import (
    Plan,
    Weapon,
    attack_pool,
    band_of,
    choices_left,
    off_hand,
    plan_spending,
    prepare_refusal,
    situation,
    weapon,
)
from crisis_desktop.rules.genesys.narrative import ADVANTAGE, DESPAIR, SUCCESS, THREAT, TRIUMPH, Pool
from crisis_desktop.rules.kernel.dice import DiceSource, DieRoll, ReplayDice
from crisis_desktop.rules.kernel.tally import Tally

QUALITY_CONDITIONS = {"knockdown": ("prone", None), "disorient": ("disoriented", "rank"),
                      "concussive": ("staggered", "rank"), "ensnare": ("immobilized", "rank"),
                      "burn": ("burning", "rank")}


def _key(actor: Actor) -> str:
    return actor.combatant.id if actor.combatant is not None else actor.character.id


def price(request: AttackRequest, options: Options) -> actions.Priced:
    """The attack's action (and At the brink's strain); refused with the reason when it cannot be made now."""
    attacker = request.attacker
    down = actions.out_of_action(attacker) if attacker.combatant is not None else None
    if down is not None:
        return actions.Priced({actions.ACTIONS: 1}, down)
    empty = ammo.refusal(attacker, request.weapon) or slow_firing.refusal(attacker, request.weapon) or \
        prepare_refusal(request)
    if empty is not None:
        return actions.Priced({actions.ACTIONS: 1}, empty)
    if attacker.combatant is None:
        return actions.Priced({}, None)
    return actions.action_price(attacker, options)


def attack_price(request: AttackRequest, options: Options) -> tuple[Cost, str | None]:
    priced = price(request, options)
    return priced.price, priced.reason


def _check_targets(request: AttackRequest) -> None:
    w = weapon(request.weapon)
    several = len(request.distinct_targets()) > 1
    if several and not (w.quality("blast") or w.quality("auto_fire")):
        raise ValueError(f"The {w.name} takes one target (only Blast and Auto-fire reach more)")


def modifiers(request: AttackRequest, options: Options) -> list[Term]:
    _check_targets(request)
    return attack_pool(request, options).terms()


@dataclass
class TargetState:
    """A target's wounds, strain and injuries as the hits of one attack leave them."""

    actor: Actor
    wounds: int
    strain: int
    carried: list[stats.Carried]

    @classmethod
    def of(cls, actor: Actor) -> TargetState:
        c = actor.character
        return cls(actor, stats.wounds(c), stats.strain(c), stats.criticals(c))


@dataclass
class Hit:
    """One hit to resolve: on whom, with what damage terms, soak applying or not, to strain or to wounds."""

    target: Actor
    terms: tuple[tuple[str, int], ...]
    pierce: int
    soak: bool = True
    to_strain: bool = False
    crit: bool = False
    extra_crits: int = 0
    vicious: int = 0
    label: str = "hit"
    lethal_blows: int = 0
    pierce_label: str = ""


def _damage_terms(w: Weapon, attacker: Character, successes: int, band: str) -> tuple[tuple[str, int], ...]:
    return (*w.base_damage(attacker, band), ("net successes", successes))


def _band(request: AttackRequest) -> str:
    """The range band of the target aimed at (Barrage reads it)."""
    return band_of(request.targets[0], request.weapon)


def hits_of(request: AttackRequest, w: Weapon, second: Weapon | None, s: int, hit: bool, p: Plan,
            to_strain: bool) -> list[Hit]:
    """Every hit the roll and its spending make, in the order they land."""
    attacker = request.attacker.character
    targets = request.distinct_targets()
    first = targets[0]
    out: list[Hit] = []
    pierce, pierced_by = w.piercing()
    band = _band(request)
    lethal = talents.rank(attacker, "lethal_blows")
    cut = reactions.damage_cut(request.targets[0], first, w.melee)
    if hit:
        out.append(Hit(first, (*_damage_terms(w, attacker, s, band), *((cut,) if cut else ())), pierce,
                       to_strain=to_strain, crit=p.crit, extra_crits=p.extra_crits, vicious=w.quality("vicious"),
                       label="hit", lethal_blows=lethal, pierce_label=pierced_by))
        stun = w.quality("stun")
        if "stun" in p.qualities and stun:
            out.append(Hit(first, ((f"Stun {stun}", stun),), 0, soak=False, to_strain=True, label=f"Stun {stun}"))
        if second is not None and p.second_weapon:
            out.append(Hit(first, _damage_terms(second, attacker, s, band), second.piercing()[0],
                           to_strain=to_strain, vicious=second.quality("vicious"),
                           label=f"second weapon ({second.name})", lethal_blows=lethal,
                           pierce_label=second.piercing()[1]))
        for number in range(1, p.extra_hits + 1):
            whom = targets[number % len(targets)]
            out.append(Hit(whom, _damage_terms(w, attacker, s, band), pierce, to_strain=to_strain,
                           vicious=w.quality("vicious"), label=f"Auto-fire hit {number + 1}", lethal_blows=lethal,
                           pierce_label=pierced_by))
        out += [Hit(first, _damage_terms(w, attacker, s, band), pierce, to_strain=to_strain,
                    vicious=w.quality("vicious"), label=f"Linked hit {number + 1}", lethal_blows=lethal,
                    pierce_label=pierced_by)
                for number in range(1, p.linked_hits + 1)]
        if "blast" in p.qualities:
            blast = w.quality("blast")
            out += [Hit(t, ((f"Blast {blast}", blast), ("net successes", s)), pierce, label=f"Blast {blast}")
                    for t in targets[1:]]
    elif p.blast_miss:
        blast = w.quality("blast")
        out += [Hit(t, ((f"Blast {blast} (a miss)", blast),), pierce, label=f"Blast {blast} on a miss")
                for t in targets]
    return out


def _wounding(target: Character, terms: tuple[tuple[str, int], ...], pierce: int, to_strain: bool) -> bool:
    """Whether a hit deals at least one wound past soak (what a critical injury needs)."""
    if to_strain and stats.tracks_strain(target):
        return False
    soak = int(damage.soak_against(target, pierce).value)
    return sum(v for _, v in terms) - soak >= 1


def wounding(request: AttackRequest, successes: int) -> bool:
    """Whether the first hit of an attack with these net successes deals a wound past soak (a critical needs it)."""
    w = weapon(request.weapon)
    terms = _damage_terms(w, request.attacker.character, successes, _band(request))
    return _wounding(request.target.character, terms, w.piercing()[0], situation(request).to_strain)


def _used_up(request: AttackRequest, options: Options) -> list[Effect]:
    """What attacking uses up besides its price: the aim, the boost dice left for this check, the shot or the
    thrown weapon; ValueError with the reason when the attack cannot be made (its price included)."""
    priced = price(request, options)
    if priced.reason:
        raise ValueError(priced.reason)
    attacker, item = request.attacker, request.weapon
    effects: list[Effect] = []
    if attacker.combatant is not None:
        # The price (the action, At the brink's strain) is paid by the controller (GenesysRuleset.pay).
        effects += checks.next_check_used(attacker) + own_talents.strain(request)
        if actions.resource(attacker.combatant, "aim"):
            effects += [SetResource(attacker.combatant.id, "aim", 0), SetResource(attacker.combatant.id,
                                                                                   "aim_fresh", False)]
    effects += slow_firing.fired(attacker, item)[0]
    load = weapon(item).quality("limited_ammo")
    if "thrown" in item.tags and item in attacker.character.equipment:
        effects.append(UseUpItem(attacker.character.id, item.id))
    elif load and item in attacker.character.equipment:
        effects.append(SetItemStat(attacker.character.id, item.id, "ammo", stats.item_int(item, "ammo", load) - 1))
    return effects


def paid_and_used_up(request: AttackRequest, options: Options) -> list[Effect]:
    """Everything attacking costs the attacker, as the table charges it: the price the controller pays
    (GenesysRuleset.pay) and what the attack uses up (`_used_up`); for a compiled fight, which plays without the
    controller. ValueError with the reason when the attack cannot be made."""
    used = _used_up(request, options)
    if request.attacker.combatant is None:
        return used
    paid, _notes = actions.pay(request.attacker, price(request, options), "attack")
    return [*paid, *used]


def _shown(rolled: narrative.Rolled, w: Weapon) -> narrative.Rolled:
    """An improvised or Inferior weapon adds a threat (each) to what the dice show, a Superior one an advantage."""
    added = [THREAT] * (int(w.improvised) + int(bool(w.quality("inferior")))) + \
        [ADVANTAGE] * int(bool(w.quality("superior")))
    if not added:
        return rolled
    shown = rolled.shown + Tally.of(*added)
    return replace(rolled, shown=shown, net=narrative.cancel(shown))


def resolve(request: AttackRequest, dice: DiceSource, options: Options, plan: Plan | None = None,
            replay: tuple[DieRoll, ...] = ()) -> AttackResult:
    """Roll the attack, spend its advantage and triumph (by the `advantage_spending` option, or as `plan` says), and
    land every hit it makes. `replay`: the dice of an earlier resolution of the same attack, shown again."""
    _check_targets(request)
    dice = ReplayDice(replay, dice)
    pool = attack_pool(request, options)
    effects = _used_up(request, options)
    notes: list[str] = []
    w = weapon(request.weapon)
    s_in = situation(request)
    second = off_hand(request, s_in)
    rolled = _shown(narrative.roll(pool, dice, f"{request.attacker.name}: {w.name}"), w)
    check = checks.result(rolled, pool)
    net = rolled.net
    s, hit = rolled.net_successes, rolled.succeeded
    targets = request.distinct_targets()
    first_terms = _damage_terms(w, request.attacker.character, s, _band(request))
    wounding = hit and _wounding(request.target.character, first_terms, w.piercing()[0], s_in.to_strain)
    p = plan if plan is not None else \
        plan_spending(w, hit=hit, wounding=wounding, advantage=net.get(ADVANTAGE), triumph=net.get(TRIUMPH),
                      further=len(targets) - 1, auto_fire=s_in.auto_fire, second=second, options=options,
                      minion_target=stats.is_minion(request.target.character))
    states = {_key(t): TargetState.of(t) for t in targets}
    results: list[AttackResult] = []
    hit_effects: list[Effect] = _reaction_strain(request, states[_key(request.target)], w.melee, hit, notes)
    for one in hits_of(request, w, second, s, hit, p, s_in.to_strain):
        landed = _land(one, states[_key(one.target)], dice, options)
        hit_effects += landed.effects
        results.append(AttackResult(request, one.target, check, None, True, landed, landed.effects,
                                    f"{one.label} on {one.target.name}: {landed.taken.value:g}"))
    if hit:
        for key in p.qualities:
            if key in QUALITY_CONDITIONS:
                condition, rounds = QUALITY_CONDITIONS[key]
                n = w.quality(key) if rounds else None
                hit_effects.append(AddCondition(request.target.character.id, condition, n))
                notes.append(f"{tables.qualities()[key].name}: {request.target.name} is {condition}"
                             + (f" for {n} round{'s' if n != 1 else ''}" if n else ""))
    notes += _spending_notes(request, w, rolled, p, hit) + slow_firing.fired(request.attacker, request.weapon)[1]
    summary = _summary(request, w, check, hit, results, pool)
    all_effects = tuple([*effects, *hit_effects])
    first = results[0] if results and results[0].target is request.target else None
    followups = tuple(r for r in results if r is not first)
    if first is None:
        first = AttackResult(request, request.target, check, None, hit, None, (), summary)
    return replace(first, hit=hit, effects=all_effects, summary=summary, followups=followups, notes=tuple(notes),
                   rolls=tuple(dice.rolled))


def _reaction_strain(request: AttackRequest, state: TargetState, melee: bool, hit: bool, notes: list[str]) -> \
        list[Effect]:
    """The strain the target suffers for its Dodge, Parry or Reflect on this attack (before the hits land)."""
    effects: list[Effect] = []
    for amount, why in reactions.strain(request.targets[0], request.target, melee, hit):
        more, said = actions.strain_effect(request.target, amount, why, wounds_now=state.wounds,
                                           strain_now=state.strain)
        if stats.tracks_strain(request.target.character):
            state.strain += amount
        else:
            state.wounds += amount
        effects += more
        notes += said
    return effects


def _land(one: Hit, state: TargetState, dice: DiceSource, options: Options) -> DamageResult:
    """One hit on its target: damage less soak, then any critical injury (activated, or from being knocked out)."""
    target = state.actor
    soak = damage.soak_against(target.character, one.pierce, one.pierce_label) if one.soak else None
    taken = damage.take(target, Explained.of(*one.terms), soak, options, to_strain=one.to_strain,
                        wounds_now=state.wounds, strain_now=state.strain)
    state.wounds, state.strain = taken.wounds, taken.strain
    effects = list(taken.result.effects)
    notes = list(taken.result.notes)
    crits = int(one.crit and taken.result.taken.value >= 1) + int(taken.knocked_out)
    for number in range(crits):
        crit = damage.critical(target, dice, options, vicious=one.vicious, lethal_blows=one.lethal_blows,
                               extra=one.extra_crits if number == 0 and one.crit else 0, wounds_now=state.wounds,
                               strain_now=state.strain, carried_now=state.carried)
        effects += crit.effects
        notes += crit.notes
        if crit.carried is not None:
            state.carried = [*state.carried, crit.carried]
        state.wounds, state.strain = crit.wounds, crit.strain
    return replace(taken.result, effects=tuple(effects), notes=tuple(notes))


def _spending_notes(request: AttackRequest, w: Weapon, rolled: narrative.Rolled, p: Plan, hit: bool) -> list[str]:
    net = rolled.net
    notes = [f"Spent {'; '.join(p.spent)}"] if p.spent else []
    for symbol, count in ((ADVANTAGE, p.advantage), (TRIUMPH, p.triumph), (THREAT, net.get(THREAT) - p.threat_spent),
                          (DESPAIR, net.get(DESPAIR) - p.despair_spent)):
        text = choices_left(symbol, count)
        if text:
            notes.append(text)
    if w.improvised and (net.get(DESPAIR) or net.get(THREAT) >= 2):
        notes.append(f"The improvised {w.name} breaks")
    notes += _quality_choices(request, w, p, hit)
    aimed = request.targets[0]
    if net.get(DESPAIR) and not w.melee and aimed.inputs.get("target_engaged"):
        notes.append("Despair: one of the others engaged with the target is hit instead (the GM picks)")
    if situation(request).attacker_engaged and not w.melee:
        notes.append("The opponent engaged with the attacker adds a boost die to its next Brawl or Melee check "
                     "against it")
    return notes


def _quality_choices(request: AttackRequest, w: Weapon, p: Plan, hit: bool) -> list[str]:
    """What the advantage left may still buy of the weapon's qualities the attacker chooses at the table: Sunder on
    a hit (an item of the target's, the attacker picks), Guided on a miss (another try at the end of the round)."""
    costs = {q.key: q.cost for q in tables.qualities().values()}
    def affords(key: str) -> bool:                    # a triumph buys any of them
        return p.triumph > 0 or p.advantage >= costs[key]

    notes = []
    if hit and w.quality("sunder") and affords("sunder"):
        notes.append(f"Sunder: {costs['sunder']} advantage damages one item {request.target.name} holds or wears one "
                     "step (the attacker picks; not a Reinforced one)")
    if not hit and w.quality("guided") and affords("guided"):
        notes.append(f"Guided {w.quality('guided')}: {costs['guided']} advantage let the shot try again at the end "
                     f"of the round (Average difficulty, {w.quality('guided')} ability dice)")
    return notes


def _summary(request: AttackRequest, w: Weapon, check: CheckResult, hit: bool, results: list[AttackResult],
             pool: Pool) -> str:
    who = request.attacker.name
    names = ", ".join(t.name for t in request.distinct_targets())
    text = f"{who} attacks {names} with the {w.name} ({pool.describe()}): {check.describe()}"
    if results:
        text += "; " + "; ".join(r.summary for r in results)
    elif not hit:
        text += "; a miss"
    return text


# -- exact odds ---------------------------------------------------------------------------------------------
def _reacted(request: AttackRequest, target: Actor, melee: bool, hit: bool, to_strain: bool) -> int:
    """What the target's own Dodge, Parry or Reflect adds to the count its drop is read on (strain, or wounds for
    those who take strain as wounds)."""
    amount = sum(n for n, _ in reactions.strain(request.targets[0], target, melee, hit))
    tracks = stats.tracks_strain(target.character)
    return amount if (to_strain and tracks) or not tracks else 0


def _threshold(c: Character, to_strain: bool) -> tuple[int, int]:
    """(the limit past which the target drops, what it has taken so far) for damage to wounds or to strain."""
    if to_strain and stats.tracks_strain(c):
        limit = sheet.strain_threshold(c)
        return (int(limit.value) if limit is not None else 10 ** 6), stats.strain(c)
    return int(sheet.wound_threshold(c).value), stats.wounds(c)


def odds(request: AttackRequest, options: Options) -> AttackOdds:
    """Exact odds of every declared target: P(hit), the damage each takes (soak applied, every hit of the spending
    the `advantage_spending` option makes), and P(it drops). Critical injuries are not priced."""
    _check_targets(request)
    pool = attack_pool(request, options)
    w = weapon(request.weapon)
    s_in = situation(request)
    second = off_hand(request, s_in)
    found = narrative.pool_odds(pool)
    axes = [a for a in (SUCCESS, ADVANTAGE, TRIUMPH) if a in found.axes]
    joint = found.joint(*axes)
    targets = request.distinct_targets()
    keys = [_key(t) for t in targets]
    dists: dict[str, dict[int, float]] = {k: {} for k in keys}
    drops = dict.fromkeys(keys, 0.0)
    hit_chance = 0.0
    first_terms_cache: dict[int, bool] = {}
    for values, p in joint.items():
        named = dict(zip(axes, values, strict=True))
        s, a, tr = named.get(SUCCESS, 0), named.get(ADVANTAGE, 0) + w.shown_advantage, named.get(TRIUMPH, 0)
        hit = s >= 1
        hit_chance += p if hit else 0.0
        if hit and s not in first_terms_cache:
            first_terms_cache[s] = _wounding(request.target.character,
                                             _damage_terms(w, request.attacker.character, s, _band(request)),
                                             w.piercing()[0], s_in.to_strain)
        plan = plan_spending(w, hit=hit, wounding=hit and first_terms_cache[s], advantage=a, triumph=tr,
                             further=len(targets) - 1, auto_fire=s_in.auto_fire, second=second, options=options,
                             minion_target=stats.is_minion(request.target.character))
        taken = dict.fromkeys(keys, 0)
        for one in hits_of(request, w, second, s, hit, plan, s_in.to_strain):
            soak = int(damage.soak_against(one.target.character, one.pierce).value) if one.soak else 0
            taken[_key(one.target)] += max(0, sum(v for _, v in one.terms) - soak)
        for target, key in zip(targets, keys, strict=True):
            dists[key][taken[key]] = dists[key].get(taken[key], 0.0) + p
            limit, now = _threshold(target.character, s_in.to_strain)
            if stats.is_minion(target.character):
                limit, now = stats.group_size(target.character) * stats.member_threshold(target.character), \
                    stats.wounds(target.character)
            before = _reacted(request, target, w.melee, hit, s_in.to_strain) if target is request.target else 0
            if (taken[key] or before) and now + before + taken[key] > limit >= now:
                drops[key] += p
    priced = [AttackOdds(hit_chance, sum(v * q for v, q in dists[k].items()), dict(sorted(dists[k].items())),
                         drops[k]) for k in keys]
    return replace(priced[0], further=tuple(priced[1:]))
