"""Genesys movement on the battle map: engaged is adjacent; each range band is `range_band_cells` cells deep; a move is
priced by the bands' maneuvers (engaged-short 1, short-medium 1, medium-long 2, long-extreme 2), as the map's readout
counts them; two maneuvers a turn at most (the second for 2 strain once the free one is gone). Difficult ground counts
double (the grid's path cost), except for a character with Swift."""

from __future__ import annotations

import math
from collections.abc import Collection
from dataclasses import replace

from crisis_desktop.domain import EquipmentItem
from crisis_desktop.domain.battle_map import Paint
from crisis_desktop.rules.base import Actor, Options, Ruleset
from crisis_desktop.rules.genesys import actions, combat, tables, talents
from crisis_desktop.rules.genesys.options import option
from crisis_desktop.rules.kernel.geometry import Coord, Path, Terrain, find_path
from crisis_desktop.rules.kernel.movement import Movement, MovePlan, refused

MOVE, MOVE_FAR = "move", "move_far"


def cells_per_band(options: Options) -> int:
    return int(option(options, "range_band_cells"))


def band_for(tiles: int, reach: int, options: Options) -> str:
    """The range band of a target `tiles` away on the map (`reach` 1: adjacent, engaged)."""
    bands = tables.combat()["bands"]
    if reach <= 1:
        return bands[0]
    step = max(1, math.ceil(tiles / cells_per_band(options)))
    return bands[min(step, len(bands) - 1)]


def band_move_maneuvers(start: str, goal: str) -> int:
    """Maneuvers to move from one range band to another: engaged-short 1, short-medium 1, medium-long 2,
    long-extreme 2, added up band by band."""
    bands = tables.combat()["bands"]
    costs = tables.combat()["move_maneuvers"]
    a, b = sorted((bands.index(start), bands.index(goal)))
    return sum(int(costs[f"{bands[i]}-{bands[i + 1]}"]) for i in range(a, b))


def range_readout(weapon: EquipmentItem | None, tiles: int, reach: int, options: Options) -> list[str]:
    """The measure tool's lines: the range band of the distance, the maneuvers to close it to engaged, and what the
    weapon can do there (its difficulty, or why it cannot)."""
    band = band_for(tiles, reach, options)
    lines = ["engaged (adjacent)" if band == "engaged" else f"{band} range ({cells_per_band(options)} tiles a band)"]
    if band != "engaged":
        needed = band_move_maneuvers(band, "engaged")
        lines.append(f"closing to engaged: {needed} maneuver{'s' if needed != 1 else ''}")
    if weapon is None:
        return lines
    w = combat.weapon(weapon)
    table = tables.combat()
    if w.melee:
        lines.append(f"{w.name}: {tables.difficulty_name(int(table['melee_difficulty']))}" if band == "engaged"
                     else f"{w.name}: out of reach (engaged only)")
    elif combat.band_index(band) > combat.band_index(w.band):
        lines.append(f"{w.name}: out of range (reaches {w.band})")
    else:
        lines.append(f"{w.name}: {tables.difficulty_name(int(table['ranged_difficulty'][band]))}")
    return lines


def move_maneuvers(terrain: Terrain, path: Path, others: Collection[Coord], options: Options) -> tuple[int, str]:
    """The Move maneuvers a path costs by the bands, and why: its length read as a band from where the mover stood
    (within short range 1, medium 2, long 4, extreme 6: engaged-short 1, short-medium 1, medium-long 2, long-extreme
    2, added up), and engaging someone it was not engaged with costs the bands from where it stood to engaged (medium
    to engaged: 2), as the map's readout counts them."""
    grid = terrain.grid
    start, goal = path.cells[0], path.cells[-1]
    band = band_for(max(1, path.cost), 2, options)        # a move of one step is still a move within short range
    needed, why = band_move_maneuvers("engaged", band), f"{band} range"
    for cell in others:
        if grid.reach(goal, cell) == 1 and grid.reach(start, cell) > 1:
            was = band_for(grid.distance(start, cell), grid.reach(start, cell), options)
            cost = band_move_maneuvers(was, "engaged")
            if cost > needed:
                needed, why = cost, f"{was} range to engaged"
    return needed, why


def without_difficult_ground(terrain: Terrain) -> Terrain:
    """The same map with its difficult ground read as open (how a character with Swift moves over it)."""
    smooth: dict[Paint, Paint] = {}
    cells = {xy: smooth.setdefault(paint, paint.model_copy(update={"difficult": False})) if paint.difficult else paint
             for xy, paint in terrain.cells.items()}
    return Terrain(terrain.grid, cells, terrain.pierce)


class GenesysMovement(Movement):
    """A move is priced by the bands it crosses (`move_maneuvers`): 1 maneuver is a Move, 2 a Move two bands (the
    second for 2 strain once the free one is gone); more is beyond a turn. Swift crosses difficult ground at no
    extra cost."""

    def __init__(self, ruleset: Ruleset) -> None:
        super().__init__(ruleset)
        self._smooth: tuple[Terrain, Terrain] | None = None    # the last map read for Swift, and its smooth reading

    def ground(self, actor: Actor, terrain: Terrain) -> Terrain:
        """The map as the actor moves over it: with Swift, difficult ground is open ground (kept for the next drag:
        the path search resumes on the same terrain)."""
        if not terrain.difficult or not talents.rank(actor.character, "swift"):
            return terrain
        if self._smooth is None or self._smooth[0] is not terrain:
            self._smooth = (terrain, without_difficult_ground(terrain))
        return self._smooth[1]

    def reach(self, actor: Actor, terrain: Terrain, options: Options) -> int:
        depth = cells_per_band(options)
        for n in (2, 1):
            if actions.maneuver_price(actor, n, options).reason is None:
                return n * depth
        return 0

    def move_actions(self, actor: Actor) -> tuple[str, ...]:
        return (MOVE, MOVE_FAR)

    def plan_move(self, actor: Actor, terrain: Terrain, start: Coord, goal: Coord, occupied: Collection[Coord],
                  options: Options) -> MovePlan:
        depth = cells_per_band(options)
        rough = terrain.difficult
        terrain = self.ground(actor, terrain)
        path = find_path(terrain, start, goal, limit=2 * depth, occupied=occupied) \
            or find_path(terrain, start, goal, occupied=occupied)
        if path is None:
            why = f"{goal} is a wall" if not terrain.passable(goal) else \
                f"{goal} is taken" if goal in occupied else "walls or other tokens block every path"
            return refused(f"{actor.name} cannot go there: {why}")
        needed, why = move_maneuvers(terrain, path, occupied, options)
        if needed > 2:
            return refused(f"{actor.name} cannot go there this turn: {path.cost} tiles ({why}) need {needed} Move "
                           f"maneuvers, at most 2 a turn", path)
        spent = self.spend(actor, MOVE if needed == 1 else MOVE_FAR, path, options)
        if not spent.allowed:
            return spent
        text = f"{spent.text} ({spent.cost_text}): {path.cost} of {needed * depth} tiles"
        if why.endswith("to engaged"):
            text += f", {why}"
        if terrain.difficult is not rough and rough.intersection(path.cells[1:]):
            text += ", Swift: difficult ground at no extra cost"
        return replace(spent, text=text)


__all__ = ["GenesysMovement", "band_for", "band_move_maneuvers", "cells_per_band", "move_maneuvers", "range_readout",
           "without_difficult_ground"]
