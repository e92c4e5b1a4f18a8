"""What genesys reads from the battle map: the range band (engaged when adjacent, else by `range_band_cells`), who is
engaged (a target engaged with others upgrades a ranged attack's difficulty; an attacker engaged with an opponent adds
difficulty to its ranged attack, and cannot use Gunnery), and the painted cover as setback dice against ranged
attacks. The Measure tool, the sight line and the attack show this one reading."""

from __future__ import annotations

from collections.abc import Sequence

from crisis_desktop.domain import EquipmentItem, StatValue
from crisis_desktop.rules.base import Actor, CoverLevel, MapReading, MapSpan, Options, opponents
from crisis_desktop.rules.genesys import combat, tables
from crisis_desktop.rules.genesys.movement import band_for, range_readout


def cover_setback(cover: CoverLevel) -> int:
    """Setback dice a ranged attack takes against a target in this cover (none in the open; total cover hides it)."""
    return int(tables.combat()["modifiers"]["cover_setback"].get(cover.value, 0))


def _besides(actors: Sequence[Actor], one: Actor | None) -> tuple[Actor, ...]:
    gone = one.combatant.id if one is not None and one.combatant is not None else None
    return tuple(a for a in actors if a.combatant is None or a.combatant.id != gone)


def _names(actors: Sequence[Actor]) -> str:
    return ", ".join(a.name for a in actors)


def map_reading(span: MapSpan, weapon: EquipmentItem | None, options: Options) -> MapReading:
    """The band, engagement and cover between two cells, and what they do to the chosen weapon's attack."""
    band = band_for(span.tiles, span.reach, options)
    inputs: dict[str, StatValue] = {"range_band": band}
    own: dict[str, StatValue] = {}
    refusals: list[str] = []
    # Engaged with the target's others: anyone next to it besides the attacker; the attacker: an opponent next to it.
    with_target = _besides(span.next_to_target, span.attacker) if span.target is not None else ()
    with_attacker = opponents(span.attacker, span.next_to_attacker)
    lines = range_readout(None, span.tiles, span.reach, options)
    if with_target and span.target is not None:
        lines.append(f"{span.target.name} is engaged with {_names(with_target)}")
    others = _besides(with_attacker, span.target)
    if others and span.attacker is not None:
        lines.append(f"{span.attacker.name} is engaged with {_names(others)}")
    setback = cover_setback(span.reading.cover) if span.reading.line_of_sight else 0
    if setback:
        lines.append(f"{span.reading.cover.value} cover: {setback} setback {'die' if setback == 1 else 'dice'} "
                     "against ranged attacks")
    if weapon is not None:
        w = combat.weapon(weapon)
        if not w.melee:
            inputs |= {"target_engaged": bool(with_target), "cover": setback}
            own["attacker_engaged"] = bool(with_attacker)
            mods = tables.combat()["modifiers"]
            if with_target:
                n = int(mods["ranged_at_engaged_upgrades"])
                times = "once" if n == 1 else f"{n} times"
                lines.append(f"ranged attack at an engaged target: difficulty upgraded {times}")
            if with_attacker:
                if w.skill == "gunnery":
                    refusals.append(f"Gunnery cannot be used while engaged ({_names(with_attacker)})")
                else:
                    extra = int(mods["ranged_while_engaged_difficulty"].get(w.skill, 0))
                    lines.append(f"ranged attack while engaged: +{extra} difficulty")
        lines += range_readout(weapon, span.tiles, span.reach, options)[-1:]
    return MapReading(inputs, own, tuple(lines), tuple(refusals))


__all__ = ["cover_setback", "map_reading"]
