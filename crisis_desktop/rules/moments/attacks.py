"""Attacks and reactions: a BOD test plus a bonus; the target may react when the attack comes: no reaction, parry
(an opposed BOD test), block (an easy opposed test; a won block steps the shield's usage die down) or dodge (a hard
opposed test). Range bands and exact odds of every reaction."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from crisis_desktop.domain import CharacterKind, EquipmentItem, ItemKind
from crisis_desktop.rules.base import (
    Actor,
    AttackOdds,
    AttackRequest,
    AttackResult,
    CheckResult,
    Effect,
    Explained,
    FieldKind,
    FieldSpec,
    Options,
    SetItemStat,
    Term,
)
from crisis_desktop.rules.kernel import odds
from crisis_desktop.rules.kernel.dice import DiceSource, DieRoll
from crisis_desktop.rules.moments import economy, sheet, wear, wounds
from crisis_desktop.rules.moments.d100 import FACES, Band, Rolled, band, goal, net_steps, opposed_winner
from crisis_desktop.rules.moments.options import option

REACTIONS = ("none", "parry", "block", "dodge")
REACTION_WORDS = {"parry": "parries", "block": "blocks", "dodge": "dodges"}
REACTION_STEPS = {"none": 0, "parry": 0, "block": -1, "dodge": 1}
REACTION_NAMES = {"none": "No reaction", "parry": "Parry", "block": "Block", "dodge": "Dodge"}
BANDS = ("close", "near", "distant", "far")
DIFFICULTIES = ("easy", "normal", "hard")
NONE = "none"


def _bonus_choice(actor: Actor, key: str, label: str, default: str, group: str) -> FieldSpec:
    names = sorted(sheet.bonuses(actor.character))
    return FieldSpec(key, label, FieldKind.CHOICE, group, default if default in names else NONE,
                     choices=(NONE, *names), help="The single best skill or vocation that applies.")


def weapon_skill(weapon: EquipmentItem | None) -> str:
    skill = weapon.stats.get("skill", "") if weapon is not None else ""
    return skill if isinstance(skill, str) else ""


def attack_inputs(attacker: Actor, weapon: EquipmentItem, fight_round: int, options: Options) -> list[FieldSpec]:
    return [_bonus_choice(attacker, "bonus", "Attacker's bonus", weapon_skill(weapon), "Attack"),
            FieldSpec("difficulty", "Difficulty", FieldKind.CHOICE, "Attack", "normal", choices=DIFFICULTIES,
                      help="The referee's ruling: easy doubles the goal, hard halves it.")]


def _ranged(weapon: EquipmentItem) -> bool:
    return weapon.stats.get("reach", "melee") == "ranged"


def _held(actor: Actor) -> EquipmentItem | None:
    """The weapon the actor parries with: its first equipped weapon that is no shield, a melee or balanced one before a
    ranged one (parrying with a ranged weapon costs it a usage die step)."""
    weapons = [w for w in sheet.worn(actor.character, ItemKind.WEAPON) if not w.stats.get("shield")]
    return next((w for w in weapons if not _ranged(w)), weapons[0] if weapons else None)


def ready(target: Actor) -> str:
    """The reaction to offer first against this target: the one it declared ready, while it has a reaction left (and
    a shield for a block); else none."""
    declared = economy.ready_reaction(target)
    if declared not in REACTIONS or economy.reactions_left(target) < 1:
        return NONE
    if declared == "block" and not any(sheet.usage_die(s) for s in sheet.shields(target.character)):
        return NONE
    return declared


def target_inputs(attacker: Actor, weapon: EquipmentItem, target: Actor, fight_round: int,
                  options: Options) -> list[FieldSpec]:
    held = _held(target)
    return [FieldSpec("reaction", "Reaction", FieldKind.CHOICE, "Target", ready(target), choices=REACTIONS,
                      choice_labels=("No reaction", "Parry (opposed BOD)", "Block (easy opposed BOD, shield)",
                                     "Dodge (hard opposed BOD)"),
                      help="What the target does when the attack comes; it spends a reaction."),
            _bonus_choice(target, "defence_bonus", "Target's bonus", weapon_skill(held),
                          "Target"),
            FieldSpec("range", "Range", FieldKind.CHOICE, "Target", "close", choices=BANDS,
                      help="close (melee), near (about 10 m), distant (about 50 m), far (still visible).")]


@dataclass(frozen=True)
class Plan:
    """An attack at one target as the rules read it: both goals, the reaction, what it costs."""

    attacker: Actor
    target: Actor
    weapon: EquipmentItem
    attack_goal: Explained
    reaction: str
    defence_goal: Explained | None
    shield: EquipmentItem | None
    parry_with: EquipmentItem | None = None


def _choice(inputs: Mapping[str, object], key: str, allowed: tuple[str, ...], default: str) -> str:
    value = inputs.get(key, default)
    if value not in allowed:
        raise ValueError(f"{key.replace('_', ' ').capitalize()} must be one of {', '.join(allowed)}, not {value!r}")
    return str(value)


def _bonus(actor: Actor, inputs: Mapping[str, object], key: str) -> tuple[str, int]:
    name = inputs.get(key, NONE)
    if name in (None, "", NONE):
        return NONE, 0
    found = sheet.bonuses(actor.character)
    if name not in found:
        raise ValueError(f"{actor.name} has no skill or vocation {name!r}")
    return str(name), found[str(name)]


def range_steps(weapon: EquipmentItem, band_: str) -> int:
    """0 within reach, 1 for a ranged weapon at far; ValueError when the band is out of the weapon's reach."""
    reach = str(weapon.stats.get("reach", "melee"))
    if reach == "melee" and band_ != "close":
        raise ValueError(f"{weapon.name} reaches close only; the target is {band_}")
    if reach == "balanced" and band_ not in ("close", "near"):
        raise ValueError(f"{weapon.name} can be thrown to near at most; the target is {band_}")
    return 1 if reach == "ranged" and band_ == "far" else 0


def plan(request: AttackRequest, options: Options) -> Plan:
    if len(request.targets) > 1:
        raise ValueError(f"{request.weapon.name} takes one target")
    attacker, aimed = request.attacker, request.targets[0]
    target = aimed.actor
    difficulty = _choice(request.inputs, "difficulty", DIFFICULTIES, "normal")
    band_ = _choice(aimed.inputs, "range", BANDS, "close")
    far = range_steps(request.weapon, band_)
    harder = max(0, economy.steps(attacker)) + (difficulty == "hard") + far
    easier = max(0, -economy.steps(attacker)) + (difficulty == "easy")
    sheet.damage(request.weapon)       # damage beyond the sheet's bounds is neither rolled nor priced
    name, bonus = _bonus(attacker, request.inputs, "bonus")
    attack_goal = goal(sheet.stat(attacker.character, "bod"), bonus, net_steps(harder, easier, options), "3 x BOD",
                       name)
    reaction = _choice(aimed.inputs, "reaction", REACTIONS, NONE)
    defence_goal, shield, parry_with = None, None, None
    if reaction != NONE:
        if target.combatant is not None and economy.reactions_left(target) < 1:
            raise ValueError(f"{target.name} has no reaction left this moment ({economy.stance(target).label})")
        if reaction == "block":
            shield = next((s for s in sheet.shields(target.character) if sheet.usage_die(s)), None)
            if shield is None:
                raise ValueError(f"{target.name} has no shield to block with")
        if reaction == "parry":
            parry_with = _held(target)
            if parry_with is not None and _ranged(parry_with):
                if band_ != "close" or _ranged(request.weapon):
                    raise ValueError(f"{target.name} can parry only a melee attack with {parry_with.name}")
                if not sheet.usage_die(parry_with) and not sheet.no_die(parry_with):
                    raise ValueError(f"{target.name}'s {parry_with.name} is used up: it cannot parry")
        d_name, d_bonus = _bonus(target, aimed.inputs, "defence_bonus")
        step = REACTION_STEPS[reaction]
        s = economy.steps(target)
        defence_goal = goal(sheet.stat(target.character, "bod"), d_bonus,
                            net_steps(max(0, step) + max(0, s), max(0, -step) + max(0, -s), options), "3 x BOD",
                            d_name)
    return Plan(attacker, target, request.weapon, attack_goal, reaction, defence_goal, shield, parry_with)


def modifiers(request: AttackRequest, options: Options) -> list[Term]:
    p = plan(request, options)
    return list(p.attack_goal.terms)


def _hits(p: Plan, attack: Rolled, defence: Rolled | None, options: Options) -> bool:
    if defence is None:
        return attack.band >= Band.SUCCESS
    if attack.band < Band.SUCCESS and option(options, "reaction_both_fail") == "attack_misses":
        return False
    return opposed_winner(attack, defence)[0] == "active"


def _pc(actor: Actor) -> bool:
    return actor.character.kind is CharacterKind.PC


def hit_chance(p: Plan, options: Options) -> float:
    a_goal = int(p.attack_goal.value)
    if p.defence_goal is None:
        return sum(1 for f in FACES if band(f, a_goal) >= Band.SUCCESS) / 100
    d_goal = int(p.defence_goal.value)
    hits = 0
    for a in FACES:
        ra = Rolled(a, band(a, a_goal), _pc(p.attacker))
        for d in FACES:
            hits += _hits(p, ra, Rolled(d, band(d, d_goal), _pc(p.target)), options)
    return hits / 10000


def _death_chance(damage_type: str, options: Options) -> float:
    """P(a major wound kills): the d12 row, then its death test."""
    total = 0.0
    for roll in range(1, 13):
        cell = wounds.row(roll, damage_type, options)
        if cell.death:
            total += 1
        elif cell.die:
            total += sum(1 for f in range(1, cell.die + 1) if f + cell.bonus >= cell.die) / cell.die
    return total / 12


def odds_of(p: Plan, options: Options) -> AttackOdds:
    hit = hit_chance(p, options)
    rolled = sheet.damage(p.weapon).distribution()
    ap = int(sheet.armour_points(p.target.character).value)
    current = sheet.hp(p.target.character)
    taken = odds.mapped(rolled, lambda d: min(current, max(0, d - ap)))
    dist = odds.mixture([(hit, taken), (1 - hit, odds.constant(0))])
    death = _death_chance(str(p.weapon.stats.get("damage_type", "crushing")), options)
    drop = sum(q * (1.0 if d >= current else death if wounds.is_major(d, current) else 0.0) for d, q in taken.items())
    return AttackOdds(hit, odds.expected(dist), dist, hit * drop)


def attack_odds(request: AttackRequest, options: Options) -> AttackOdds:
    """The exact odds of the attack as requested (the target's reaction as declared)."""
    return odds_of(plan(request, options), options)


def reaction_odds(request: AttackRequest, options: Options) -> dict[str, AttackOdds]:
    """The odds of the attack for each reaction the target may choose now, by its name (a block only with a shield; only
    no reaction when it has none left)."""
    out: dict[str, AttackOdds] = {}
    aimed = request.targets[0]
    for reaction in REACTIONS:
        inputs = {**aimed.inputs, "reaction": reaction}
        changed = AttackRequest(request.attacker, request.weapon, (type(aimed)(aimed.actor, inputs),),
                                request.inputs)
        try:
            out[REACTION_NAMES[reaction]] = attack_odds(changed, options)
        except ValueError:
            continue
    return out


def _check(rolled: int, g: Explained, label: str) -> CheckResult:
    b = band(rolled, int(g.value))
    return CheckResult(Explained.of((label, rolled)), g, b.outcome, int(g.value) - rolled, (DieRoll(100, rolled),))


def resolve(request: AttackRequest, dice: DiceSource, options: Options) -> AttackResult:
    p = plan(request, options)
    reason = economy.price_reason(p.attacker, {"actions": 1}) if p.attacker.combatant is not None else None
    if reason:
        raise ValueError(reason)
    effects: list[Effect] = []     # the action is paid by the controller (MomentsRuleset.pay)
    a_roll = dice.roll(100, f"{p.attacker.name}: attack BOD test (goal {p.attack_goal.value:g})")
    attack = _check(a_roll, p.attack_goal, "d100")
    rolled = [DieRoll(100, a_roll)]
    defence: CheckResult | None = None
    d_rolled: Rolled | None = None
    notes: list[str] = []
    reactions: tuple[tuple[str, str], ...] = ()
    if p.defence_goal is not None:
        d_roll = dice.roll(100, f"{p.target.name}: {p.reaction} BOD test (goal {p.defence_goal.value:g})")
        rolled.append(DieRoll(100, d_roll))
        defence = _check(d_roll, p.defence_goal, "d100")
        d_rolled = Rolled(d_roll, band(d_roll, int(p.defence_goal.value)), _pc(p.target))
        effects += economy.pay(p.target, {"reactions": 1}).effects
        if p.target.combatant is not None:
            reactions = ((p.target.combatant.id, REACTION_WORDS[p.reaction]),)
    a_rolled = Rolled(a_roll, band(a_roll, int(p.attack_goal.value)), _pc(p.attacker))
    hit = _hits(p, a_rolled, d_rolled, options)
    verb = ""
    if d_rolled is not None:
        winner, why = opposed_winner(a_rolled, d_rolled)
        # The headline says what the reaction's own opposed test did, as the breakdown does: a dodge that lost is
        # not "succeeds" because the attack missed anyway.
        verb = f"{p.reaction} {'succeeds' if winner == 'passive' and not hit else 'fails'}"
        notes.append(f"Opposed test: {'attack' if winner == 'active' else p.reaction} wins ({why})")
        if p.parry_with is not None and _ranged(p.parry_with) and sheet.no_die(p.parry_with):
            notes.append(f"{p.parry_with.name} parried: it has no usage die to step down")
        elif p.parry_with is not None and _ranged(p.parry_with):
            # "You can parry a melee attack with a ranged weapon but its usage die automatically decreases by one."
            after = sheet.step_down(sheet.usage_die(p.parry_with))
            effects.append(SetItemStat(p.target.character.id, p.parry_with.id, "usage_die", after))
            notes.append(f"{p.parry_with.name} parried: usage die d{sheet.usage_die(p.parry_with)} -> "
                         + (f"d{after}" if after else "used up"))
        elif p.reaction == "parry":
            effects += wear.mark(p.target.character, p.parry_with)      # it rolls its usage die after the fight
        if winner == "passive" and p.shield is not None:
            after = sheet.step_down(sheet.usage_die(p.shield))
            effects.append(SetItemStat(p.target.character.id, p.shield.id, "usage_die", after))
            notes.append(f"{p.shield.name}: usage die d{sheet.usage_die(p.shield)} -> "
                         + (f"d{after}" if after else "used up"))
    damage = None
    if hit:
        rolled_damage = sheet.damage(p.weapon).roll(dice, label=f"{p.weapon.name} damage")
        damage = wounds.take_damage(p.target.character, rolled_damage, str(p.weapon.stats.get("damage_type",
                                    "crushing")), a_roll, dice, options)
        effects += damage.effects
        notes += damage.notes
        if damage.taken.value <= 0:
            effects += wear.mark(p.attacker.character, p.weapon)     # armour soaked it all: the weapon wears
        else:
            for piece in sheet.worn(p.target.character, ItemKind.ARMOUR):
                effects += wear.mark(p.target.character, piece)     # damage got past it: the armour wears
        summary = (f"{p.attacker.name} hits {p.target.name} with {p.weapon.name} ({a_roll} under "
                   f"{p.attack_goal.value:g}): {damage.taken.value:g} HP")
    else:
        summary = f"{p.attacker.name} misses {p.target.name} with {p.weapon.name} ({a_roll} against " \
                  f"{p.attack_goal.value:g})"
    if verb:
        summary += f"; {p.target.name}'s {verb}"
    return AttackResult(request, p.target, attack, defence, hit, damage, tuple(effects), summary,
                        notes=tuple(notes), reactions=reactions, rolls=tuple(rolled))
