"""Who rolls what in an attack: the ranged attacker and its target, or everyone in a skirmish, each with the weapon it
fights with, its modifier (skill and traits, with their terms), advantage or disadvantage and its side."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from crisis_desktop.domain import EquipmentItem, ItemKind, StatValue
from crisis_desktop.rules.base import Actor, AttackRequest, Explained, FieldKind, FieldSpec, Options
from crisis_desktop.rules.kernel.tables import load_table
from crisis_desktop.rules.skirmish import d20, plans, sheet
from crisis_desktop.rules.skirmish.options import number

EDGES = ("none", "advantage", "disadvantage")
MAX_PER_SIDE = 4


@dataclass(frozen=True)
class Roller:
    """One d20 rolled in an attack."""

    actor: Actor
    key: str                   # the combatant id (the character id outside a fight)
    side: str
    weapon: EquipmentItem
    modifier: Explained
    edge: int
    edge_why: tuple[str, ...] = ()

    @property
    def name(self) -> str:
        return self.actor.name


def actor_key(actor: Actor) -> str:
    return actor.combatant.id if actor.combatant is not None else actor.character.id


# The attack's own inputs are the attacker's; each target's carry this prefix, so the two never share a key (the
# attack dialog and the controller tell them apart by key).
TARGET = "target_"


def edge_inputs(group: str, prefix: str = "") -> list[FieldSpec]:
    """The GM's advantage ruling and circumstance for the attacker (`prefix` "") or for a target (`TARGET`)."""
    return [FieldSpec(f"{prefix}edge", "Advantage", FieldKind.CHOICE, group, "none", choices=EDGES,
                      choice_labels=("None", "Advantage (2d20, the higher)", "Disadvantage (2d20, the lower)"),
                      help="The GM's ruling (ambushed: disadvantage on every combat roll in round 1); wounds and "
                           "plans add theirs, and advantage and disadvantage cancel."),
            FieldSpec(f"{prefix}circumstance", "Circumstance", FieldKind.INT, group, 0, -10, 10)]


def _edge_input(inputs: Mapping[str, StatValue], prefix: str = "") -> tuple[bool, bool]:
    value = inputs.get(f"{prefix}edge", "none")
    if value not in EDGES:
        raise ValueError(f"Advantage must be one of {', '.join(EDGES)}, not {value!r}")
    return value == "advantage", value == "disadvantage"


def _circumstance(inputs: Mapping[str, StatValue], prefix: str = "") -> int:
    value = inputs.get(f"{prefix}circumstance", 0)
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"The circumstance must be a whole number, not {value!r}")
    return value


def unarmed() -> EquipmentItem:
    row = next(r for r in load_table("skirmish", "equipment") if r["id"] == "skirmish-unarmed")
    return EquipmentItem.model_validate(row)


def melee_weapon(actor: Actor) -> EquipmentItem:
    """The weapon a skirmisher fights with: the one its plan names, else the first equipped melee weapon, else the
    first melee weapon carried, else its bare hands."""
    plan = plans.planned(actor)
    carried = [w for w in sheet.weapons(actor.character) if not sheet.is_ranged(w)]
    if plan.startswith(f"{plans.MELEE}:"):
        found = next((w for w in carried if w.id == plan.partition(":")[2]), None)
        if found is not None:
            return found
    return next((w for w in carried if w.equipped), carried[0] if carried else unarmed())


def over_wield(actor: Actor, weapon: EquipmentItem, options: Options) -> tuple[int, Explained, Explained]:
    """(points over Wield, the load, Wield)."""
    load = sheet.wield_load(actor.character, weapon)
    limit = sheet.wield(actor.character, options)
    return max(0, int(load.value - limit.value)), load, limit


def attack_modifier(actor: Actor, weapon: EquipmentItem, options: Options, circumstance: int) -> Explained:
    """The weapon's skill, Simple X, Cumbersome X (melee), each point over Wield, the circumstance."""
    c = actor.character
    skill = sheet.weapon_skill(weapon)
    out = sheet.skill_value(c, skill)
    simple = sheet.item_int(weapon, "simple")
    if simple and out.value < simple:
        out = out.plus(f"Simple {simple}", min(2, simple - int(out.value)))
    cumbersome = sheet.item_int(weapon, "cumbersome")
    if cumbersome and not sheet.is_ranged(weapon):
        out = out.plus(f"Cumbersome {cumbersome}", -cumbersome)
    over, _load, _limit = over_wield(actor, weapon, options)
    if over:
        out = out.plus(f"{over} over Wield", -over * number(options, "wield_over_penalty"))
    if circumstance:
        out = out.plus("circumstance", circumstance)
    return out


def _edge(inputs: Mapping[str, StatValue], wounds: list[str],
          extra: tuple[str, ...] = (), prefix: str = "") -> tuple[int, tuple[str, ...]]:
    adv, dis = _edge_input(inputs, prefix)
    why = [*(["the GM's ruling"] if adv or dis else []), *wounds, *extra]
    return d20.edge(adv, dis or bool(wounds) or bool(extra)), tuple(why)


def side_of(actor: Actor, attacker: Actor) -> str:
    """The side of the fight: the combatant's own, else the attacker's side for the attacker and the other one for
    everyone else."""
    if actor.combatant is not None and attacker.combatant is not None:
        return str(actor.combatant.side)
    return "attacker" if actor is attacker else "defender"


def ranged_rollers(request: AttackRequest, options: Options) -> tuple[Roller, Roller]:
    """The attacker (d20 + Marksman or Throwing) and the defender (d20 + Evasion + shield)."""
    if len(request.distinct_targets()) > 1:
        raise ValueError(f"A ranged attack with the {request.weapon.name} takes one target")
    attacker, aimed = request.attacker, request.targets[0]
    weapon = request.weapon
    a_mod = attack_modifier(attacker, weapon, options, _circumstance(request.inputs))
    a_edge, a_why = _edge(request.inputs, sheet.disadvantaged(attacker.character, "ranged"))
    target = aimed.actor
    d_mod = sheet.skill_value(target.character, "evasion")
    sv = sheet.shield_value(target.character)
    if sv.value and weapon.stats.get("curving") is not True:
        d_mod = d_mod.plus(sv.terms[0].label, sv.value)
    elif sv.value:
        d_mod = d_mod.plus("shield (Curving ignores it)", 0)
    circumstance = _circumstance(aimed.inputs, TARGET)
    if circumstance:
        d_mod = d_mod.plus("circumstance", circumstance)
    misc = ("attacked during a miscellaneous action",) if plans.planned(target) == plans.MISC else ()
    d_edge, d_why = _edge(aimed.inputs, sheet.disadvantaged(target.character, "evasion"), misc, TARGET)
    return (Roller(attacker, actor_key(attacker), side_of(attacker, attacker), weapon, a_mod, a_edge, a_why),
            Roller(target, actor_key(target), side_of(target, attacker), weapon, d_mod, d_edge, d_why))


def skirmish_rollers(request: AttackRequest, options: Options) -> list[Roller]:
    """Everyone in the skirmish, the attacker first, then each target once in the order declared."""
    attacker = request.attacker
    inputs = {actor_key(t.actor): t.inputs for t in request.targets}
    out: list[Roller] = []
    for actor in (attacker, *request.distinct_targets()):
        own = request.inputs if actor is attacker else inputs.get(actor_key(actor), {})
        prefix = "" if actor is attacker else TARGET
        weapon = request.weapon if actor is attacker else melee_weapon(actor)
        mod = attack_modifier(actor, weapon, options, _circumstance(own, prefix))
        e, why = _edge(own, sheet.disadvantaged(actor.character, "melee"), prefix=prefix)
        out.append(Roller(actor, actor_key(actor), side_of(actor, attacker), weapon, mod, e, why))
    if any(r.key == out[0].key for r in out[1:]):
        raise ValueError(f"{attacker.name} cannot fight itself")
    own_side = out[0].side
    if all(r.side == own_side for r in out[1:]):
        raise ValueError("A skirmish needs someone on the other side")
    allies = sum(r.side == own_side for r in out)
    for count in (allies, len(out) - allies):
        if count > MAX_PER_SIDE:
            raise ValueError(f"At most {MAX_PER_SIDE} fighters a side in one skirmish, not {count}")
    return out


def is_melee(weapon: EquipmentItem) -> bool:
    return weapon.kind is ItemKind.WEAPON and not sheet.is_ranged(weapon)
