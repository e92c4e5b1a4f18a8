"""Ammunition in a genesys fight: a Limited Ammo weapon's load, a despair that leaves a weapon without ammunition for
the rest of the encounter, and the extra reload that readies such a weapon again with a Reload maneuver."""

from __future__ import annotations

from crisis_desktop.domain import Combatant, EquipmentItem, ItemKind
from crisis_desktop.rules.base import Actor, Effect, SetItemStat, SetResource, UseUpItem
from crisis_desktop.rules.genesys import stats

OUT_OF_AMMO = "out_of_ammo"      # combatant resource: the ids of the weapons a despair emptied, comma separated
EXTRA_RELOAD = "extra_reload"    # the tag of the gear that reloads a weapon a despair emptied


def emptied(combatant: Combatant | None) -> list[str]:
    """The weapons (item ids) a despair left without ammunition this encounter."""
    value = combatant.resources.get(OUT_OF_AMMO) if combatant is not None else None
    return [part for part in value.split(",") if part] if isinstance(value, str) else []


def empty(combatant: Combatant, item_id: str, effects: list[Effect] | None = None) -> SetResource:
    """The weapon is out of ammunition until the encounter ends (or an extra reload readies it); `effects`: those of
    the same step so far, which may have emptied another already."""
    earlier = [e.value for e in effects or () if isinstance(e, SetResource) and e.combatant_id == combatant.id
               and e.key == OUT_OF_AMMO]
    now = [p for p in str(earlier[-1]).split(",") if p] if earlier else emptied(combatant)
    return SetResource(combatant.id, OUT_OF_AMMO, ",".join([*now, item_id] if item_id not in now else now))


def refusal(actor: Actor, item: EquipmentItem) -> str | None:
    """Why the weapon cannot fire now for want of ammunition, or None."""
    if item.id in emptied(actor.combatant):
        how = "an extra reload readies it (Reload, a maneuver)" if extra_reload(actor) else \
            f"{actor.name} carries no extra reload"
        return f"The {item.name} is out of ammunition for the encounter (a despair): {how}"
    load = stats.qualities(item).get("limited_ammo", 0)
    if load and stats.item_int(item, "ammo", load) <= 0:
        return f"The {item.name} is out of ammunition: reload it (a maneuver)"
    return None


def limited(actor: Actor) -> list[tuple[str, int, int]]:
    """(item id, shots left, full load) of every equipped Limited Ammo weapon that is not full."""
    out = []
    for weapon in stats.equipped(actor.character, ItemKind.WEAPON):
        load = stats.qualities(weapon).get("limited_ammo", 0)
        if load and "thrown" not in weapon.tags and stats.item_int(weapon, "ammo", load) < load:
            out.append((weapon.id, stats.item_int(weapon, "ammo", load), load))
    return out


def extra_reload(actor: Actor) -> str | None:
    """The extra reload the actor carries (its item id), or None."""
    for item in stats.equipped(actor.character, ItemKind.GEAR):
        if EXTRA_RELOAD in item.tags or item.name.lower().startswith("extra reload"):
            uses = item.stats.get("uses")
            if uses is None or stats.int_value(uses) > 0:
                return item.id
    return None


def reload_refusal(actor: Actor) -> str | None:
    """Why a Reload maneuver has nothing to do now, or None."""
    if limited(actor) or emptied(actor.combatant) and extra_reload(actor):
        return None
    if emptied(actor.combatant):
        return f"{actor.name} has no extra reload: a weapon a despair emptied stays empty for the encounter"
    return f"{actor.name} has no Limited Ammo weapon to reload"


def reload(actor: Actor) -> tuple[list[Effect], list[str]]:
    """Full loads for the Limited Ammo weapons; with an extra reload (used up), the weapons a despair emptied."""
    c = actor.character
    effects: list[Effect] = [SetItemStat(c.id, weapon_id, "ammo", load) for weapon_id, _left, load in limited(actor)]
    notes = [f"{actor.name} reloads"]
    spare, gone = extra_reload(actor), emptied(actor.combatant)
    if spare is not None and gone and actor.combatant is not None:
        effects.append(SetResource(actor.combatant.id, OUT_OF_AMMO, ""))
        uses = c.item(spare).stats.get("uses")
        left = stats.int_value(uses) - 1 if uses is not None else 0
        effects.append(UseUpItem(c.id, spare) if left <= 0 else SetItemStat(c.id, spare, "uses", left))
        names = ", ".join(c.item(i).name for i in gone if any(item.id == i for item in c.equipment))
        notes.append(f"{actor.name} uses an extra reload: the {names} can fire again")
    return effects, notes
