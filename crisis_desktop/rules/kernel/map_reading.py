"""The battle map read between two cells under a system's rules, in one place: the geometry gathered into a `MapSpan`
(distance, reach, sight and cover as the rules read cover, areas, who stands next to each cell) and the ruleset's
`Attacks.map_reading` of it. The encounter's attack view asks this for every token pair and the Measure tool for any
two cells, so the map, the sight line and the attack show one reading."""

from __future__ import annotations

from collections.abc import Mapping

from crisis_desktop.domain import EquipmentItem
from crisis_desktop.rules.base import Actor, MapReading, MapSpan, Options, Ruleset
from crisis_desktop.rules.kernel.cover import geometry_reading
from crisis_desktop.rules.kernel.geometry import Coord, Terrain, standing_next_to


def map_span(ruleset: Ruleset | None, terrain: Terrain, a: Coord, b: Coord, *, attacker: Actor | None = None,
             target: Actor | None = None, fighters: Mapping[str, tuple[Coord, Actor]] | None = None,
             options: Options | None = None) -> MapSpan:
    """What the geometry says between cells `a` (the attacker's) and `b` (the target's): `fighters` are those still
    fighting on the map, by combatant id, with their cells (for who stands next to whom). Without rules, the painted
    cover as it stands."""
    grid = terrain.grid
    reading = ruleset.cover_between(terrain, a, b, attacker, target, options) if ruleset is not None \
        else geometry_reading(terrain, a, b)
    found = fighters or {}
    cells = {key: cell for key, (cell, _actor) in found.items()}
    return MapSpan(grid.distance(a, b), grid.metres(a, b), grid.reach(a, b), grid.metres_per_cell, grid.hex, reading,
                   terrain.zones.relation(a, b), attacker, target,
                   tuple(found[key][1] for key in standing_next_to(grid, cells, a)),
                   tuple(found[key][1] for key in standing_next_to(grid, cells, b)))


def read_map(ruleset: Ruleset | None, span: MapSpan, weapon: EquipmentItem | None, options: Options) -> MapReading:
    """The rules' reading of the span (nothing for rules without attacks)."""
    attacks = ruleset.attacks if ruleset is not None else None
    if ruleset is None or attacks is None:
        return MapReading()
    return attacks.map_reading(span, weapon, ruleset.options_with_defaults(options))


def span_lines(span: MapSpan, reading: MapReading) -> list[str]:
    """The map's readout of a span, for Measure and the sight line: the distance, the areas when both cells lie in
    labelled ones, then the rules' own lines."""
    lines = [f"{span.tiles} tile{'s' if span.tiles != 1 else ''} ({span.metres:g} m)"]
    if span.areas.known:
        lines.append(span.areas.describe())
    return [*lines, *reading.lines]


__all__ = ["map_span", "read_map", "span_lines"]
