"""The crisis rulesets' reading of an attack: one AttackContext per target, from the request's inputs.

Both crisis rulesets (crisis and crisis-classic) resolve an attack against one target at a time with the same
inputs: distance, cover, aim, RoF use, the target's reach and dodge. The shared layers hand over an AttackRequest;
`read` turns it into the contexts these rules work with, in the order the targets were declared.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from crisis_desktop.domain import EquipmentItem, StatValue
from crisis_desktop.rules.base import Actor, AttackRequest, CoverLevel

# The target input giving how many of a volley's attacks go at that target (RoF spread over targets).
ATTACKS = "attacks"


@dataclass(frozen=True)
class AttackContext:
    """Everything one attack on one target depends on, in the crisis rules' terms.

    `extra_attacks` is the RoF use beyond the first attack of the whole volley (declared before rolling), whatever
    target each goes at. `enemies_in_reach` counts the enemies in melee reach of the target of a melee attack.
    """

    attacker: Actor
    weapon: EquipmentItem
    target: Actor
    distance: float | None = None          # in the ruleset's tiles/metres; None for melee reach
    cover: CoverLevel = CoverLevel.NONE
    cover_penetrable: bool = False
    target_prone_facing: bool = False
    aim: int = 0
    extra_attacks: int = 0
    enemies_in_reach: int = 1
    circumstance: int = 0
    damage_circumstance: int = 0
    non_lethal: bool = False
    target_surprised: bool = False
    target_dodges: bool = False
    called_shot: bool = False              # aimed at a spot the armour leaves bare (crisis's called_shot option)
    tiles_from_centre: int = 0             # area attacks: how far the target stands from the blast centre
    hex_grid: bool = False                 # area attacks scatter with a d6 on hex grids instead of a d8
    out_of_turn: bool = False              # the attacker acts outside its own turn (from overwatch)


# The attack input that marks an attack made outside the attacker's own turn (OutOfTurnAttacks.made_out_of_turn).
OUT_OF_TURN = "out_of_turn"

# The inputs a request may carry: every context field but who and what (those come from the request itself).
INPUT_KEYS = frozenset(f.name for f in fields(AttackContext)) - {"attacker", "weapon", "target", "extra_attacks"}


@dataclass(frozen=True)
class Aimed:
    """One target of a request as these rules read it: its context and how many attacks of the volley go at it."""

    context: AttackContext
    attacks: int


def read(request: AttackRequest, *, melee: bool, one_roll: bool = False) -> list[Aimed]:
    """The request's targets as contexts, in order; ValueError naming an input these rules do not know or a count
    of attacks below one. A melee weapon, or a distance of 0, strikes in reach (no distance). `one_roll`: one attack
    for every target (an area weapon), so no extra attacks whatever the targets."""
    counts: list[int] = []
    values: list[dict[str, StatValue]] = []
    for target in request.targets:
        merged = {**request.inputs, **target.inputs}
        count = merged.pop(ATTACKS, 1)
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise ValueError(f"Attacks at {target.actor.name} must be a whole number of at least 1, not {count}")
        unknown = sorted(set(merged) - INPUT_KEYS)
        if unknown:
            raise ValueError(f"These rules have no attack input {', '.join(unknown)}")
        counts.append(count)
        values.append(merged)
    extra = 0 if one_roll else sum(counts) - 1
    aimed = []
    for target, count, merged in zip(request.targets, counts, values, strict=True):
        if "distance" in merged and (melee or not merged["distance"]):
            merged["distance"] = None
        if "cover" in merged:
            merged["cover"] = CoverLevel(str(merged["cover"]))
        context = AttackContext(request.attacker, request.weapon, target.actor, extra_attacks=extra,
                                **merged)  # type: ignore[arg-type]
        aimed.append(Aimed(context, count))
    return aimed
