"""Slow-Firing X in a fight: after an attack the weapon waits X rounds before it fires again (fired in round 1,
Slow-Firing 2: it waits rounds 2 and 3 and fires again in round 4). Kept in the wielder's combatant resources as the
turns left before it may fire, counted down at the start of each of the wielder's turns (one turn a round)."""

from __future__ import annotations

from crisis_desktop.domain import Combatant, EquipmentItem
from crisis_desktop.rules.base import Actor, Effect, SetResource
from crisis_desktop.rules.genesys import stats

SLOW_FIRING = "slow_firing"     # combatant resource: "item id:turns to wait,..." for the weapons cooling down


def waiting(combatant: Combatant | None) -> dict[str, int]:
    """The weapons (item ids) that cannot fire yet, with the rounds until they may (1: next round)."""
    value = combatant.resources.get(SLOW_FIRING) if combatant is not None else None
    out: dict[str, int] = {}
    for part in value.split(",") if isinstance(value, str) else ():
        item_id, _, left = part.rpartition(":")
        if item_id and left.isdigit() and int(left) > 0:
            out[item_id] = int(left)
    return out


def _written(left: dict[str, int]) -> str:
    return ",".join(f"{item_id}:{n}" for item_id, n in left.items() if n > 0)


def refusal(actor: Actor, item: EquipmentItem) -> str | None:
    """Why the weapon cannot fire now (its Slow-Firing wait not over), or None."""
    left = waiting(actor.combatant).get(item.id)
    if not left:
        return None
    rating = stats.qualities(item).get("slow_firing", 0)
    return f"The {item.name} is Slow-Firing {rating}: it can fire again in {left} round{'s' if left != 1 else ''}"


def fired(actor: Actor, item: EquipmentItem) -> tuple[list[Effect], list[str]]:
    """The wait a Slow-Firing weapon starts by firing (its rating, and the rest of this round), with the line the
    breakdown shows; nothing for another weapon or outside a fight."""
    rating = stats.qualities(item).get("slow_firing", 0)
    if not rating or actor.combatant is None:
        return [], []
    left = {**waiting(actor.combatant), item.id: rating + 1}
    note = f"Slow-Firing {rating}: the {item.name} waits {rating} round{'s' if rating != 1 else ''} before it " \
           "fires again"
    return [SetResource(actor.combatant.id, SLOW_FIRING, _written(left))], [note]


def tick(actor: Actor) -> tuple[list[Effect], list[str]]:
    """At the start of the wielder's turn: one round less to wait for each Slow-Firing weapon; a line for each that
    can fire again."""
    now = waiting(actor.combatant)
    if not now or actor.combatant is None:
        return [], []
    left = {item_id: n - 1 for item_id, n in now.items()}
    names = {item.id: item.name for item in actor.character.equipment}
    notes = [f"{actor.name}'s {names.get(item_id, 'weapon')} can fire again (Slow-Firing)"
             for item_id, n in left.items() if n <= 0]
    return [SetResource(actor.combatant.id, SLOW_FIRING, _written(left))], notes
