"""What the board, the token and the sheet show of a genesys character: wounds and strain counted up against their
thresholds, as Genesys players track them, and the critical injuries carried with their severity."""

from __future__ import annotations

from crisis_desktop.rules.base import Actor, BarRole, Mark, Options, ResourceSpec
from crisis_desktop.rules.genesys import actions, sheet, slow_firing, stats, tables
from crisis_desktop.rules.genesys.options import eote


def resources(actor: Actor, options: Options) -> list[ResourceSpec]:
    """Wounds and strain taken against the thresholds ("Wounds 4/15": past the threshold is down), minions left,
    and in a fight the maneuvers and the action left."""
    c = actor.character
    threshold = int(sheet.wound_threshold(c).value)
    bars = [ResourceSpec("wounds", "Wounds", stats.wounds(c), threshold, lower_is_worse=False, role=BarRole.HEALTH)]
    strain = sheet.strain_threshold(c)
    if strain is not None:
        bars.append(ResourceSpec("strain", "Strain", stats.strain(c), int(strain.value), lower_is_worse=False,
                                 role=BarRole.DOWN_TOO))
    if stats.is_minion(c):
        bars.append(ResourceSpec("minions_left", "Minions left", stats.minions_alive(c), stats.group_size(c)))
    combatant = actor.combatant
    if combatant is not None:
        cap = actions.max_maneuvers(actor, options)
        bars.append(ResourceSpec("maneuvers_left", "Maneuvers left",
                                 max(0, cap - actions.resource(combatant, "maneuvers_used")), cap,
                                 role=BarRole.ACTIONS, short="Maneuvers"))
        bars.append(ResourceSpec("actions_left", "Action left", max(0, 1 - actions.resource(combatant, "actions_used")),
                                 1, role=BarRole.ACTIONS, short="Action"))
    return bars


def marks(actor: Actor, options: Options) -> list[Mark]:
    """Each critical injury carried, with its severity as the difficulty to heal it ("Maimed (Hard crit)"), and
    what it does; one whose effect is over says so; a Slow-Firing weapon waiting, with the rounds left (for the GM)."""
    out = []
    for carried in stats.criticals(actor.character):
        row = carried.row
        severity = f" ({tables.difficulty_name(row.severity)} crit)" if row.severity else " (crit)"
        effect = "its effect is over; not healed yet" if carried.lapsed else row.text(eote(options))
        out.append(Mark(f"{carried.text}{severity}", effect))
    names = {item.id: item for item in actor.character.equipment}
    for item_id, left in slow_firing.waiting(actor.combatant).items():
        if item_id in names:
            why = slow_firing.refusal(actor, names[item_id]) or ""
            out.append(Mark(f"{names[item_id].name}: fires in {left} round{'s' if left != 1 else ''}", why, told=False))
    return out
