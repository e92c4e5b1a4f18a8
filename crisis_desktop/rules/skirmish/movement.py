"""Moving by areas (the map's labelled zones): within one's own area a token moves freely; the planned move, or the
move a planned melee attack carries to fight there, takes it to an adjacent area, once a round; farther is refused.
What a weapon reaches is counted in areas too, and who is engaged: opponents standing next to each other (a marksman
does not shoot while engaged)."""

from __future__ import annotations

from collections.abc import Callable, Collection

from crisis_desktop.domain import EquipmentItem
from crisis_desktop.rules.base import Actor, MapReading, MapSpan, Options, opponents
from crisis_desktop.rules.kernel.geometry import AreaRelation, Coord, Terrain, find_path
from crisis_desktop.rules.kernel.movement import Movement, MovePlan, free_move, refused
from crisis_desktop.rules.skirmish import sheet


class SkirmishMovement(Movement):
    """A drag inside the token's area is free; into an adjacent area it is the move the combatant planned (one a
    round); on a map without labelled areas the planned move goes anywhere a path leads."""

    def reach(self, actor: Actor, terrain: Terrain, options: Options) -> int | None:
        return None                              # counted in areas, not tiles

    def plan_move(self, actor: Actor, terrain: Terrain, start: Coord, goal: Coord, occupied: Collection[Coord],
                  options: Options) -> MovePlan:
        areas = terrain.zones.relation(start, goal)
        if areas.same:
            return free_move(terrain, start, goal, occupied, f"within {areas.first}")
        path = find_path(terrain, start, goal, occupied=occupied)
        if path is None:
            return refused(f"{actor.name} cannot go there: walls or other tokens block every path")
        if areas.known and not areas.adjacent:
            return refused(f"{areas.second} is not next to {areas.first}: a move takes {actor.name} to an adjacent "
                           "area, one a round", path)
        spent = self.spend(actor, "move", path, options)
        if not spent.allowed:
            return spent
        where = f"into {areas.second}" if areas.known else f"{path.cost} tiles (the map has no areas here)"
        return MovePlan(path, spent.action, spent.price, spent.cost_text, True, f"{spent.text}: {where}")


def reach_refusal(weapon: EquipmentItem, areas: AreaRelation) -> str | None:
    """What the map's areas forbid a weapon: a skirmish and a throw stay inside one area; a marksman shoots into its
    own area and the adjacent ones. None when allowed, or when the tokens are not both in labelled areas."""
    if not areas.known or areas.same:
        return None
    kind = sheet.attack_kind(weapon)
    if kind == "marksman":
        return None if areas.adjacent else (f"the {weapon.name} shoots into its own area and the adjacent ones "
                                            f"({areas.describe()})")
    what = "a skirmish" if kind == "melee" else "a throw"
    return f"{what} stays inside one area ({areas.describe()})"


def map_reading(span: MapSpan, weapon: EquipmentItem | None,
                reach: Callable[[EquipmentItem, int, int, AreaRelation], str | None]) -> MapReading:
    """Who is engaged at either end and what the weapon reaches there (`reach`: the ruleset's reach_refusal); a
    marksman engaged is refused."""
    lines: list[str] = []
    refusals: list[str] = []
    attacker_engaged = opponents(span.attacker, span.next_to_attacker)
    for who, others in ((span.attacker, attacker_engaged), (span.target, opponents(span.target, span.next_to_target))):
        if who is not None and others:
            lines.append(f"{who.name} is engaged with {', '.join(o.name for o in others)}")
    if weapon is not None:
        why = reach(weapon, span.tiles, span.reach, span.areas)
        if why is None and sheet.attack_kind(weapon) == "marksman" and attacker_engaged:
            why = f"a marksman does not shoot while engaged ({', '.join(o.name for o in attacker_engaged)})"
            refusals.append(why)
        lines.append(f"{weapon.name}: {why}" if why else f"{weapon.name}: in reach")
    return MapReading({}, {}, tuple(lines), tuple(refusals))
