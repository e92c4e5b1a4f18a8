"""Area attacks on the grid: blast templates with each cell's distance from the centre, and where a miss scatters.

Scatter numbering (crisis, "Area of Effect"): the die face says where a missed throw lands, counted
clockwise around the target as the map is drawn (y grows downwards), starting with 1 = straight back
towards the attacker. Squares use a d8 in 45 degree steps (5 = straight beyond the target); hexes use a
d6 in 60 degree steps (4 = straight beyond). "Back" is the grid direction from the target nearest to the
attacker's bearing; on hexes an attacker exactly between two directions (a hex "diagonal") resolves to
the one clockwise of the bearing. An attacker standing on the target cell counts as being south of it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from crisis_desktop.rules.kernel.geometry.grid import (
    HEX_DIRECTION_NAMES,
    HEX_DIRECTIONS,
    SQUARE_DIRECTION_NAMES,
    Coord,
    Grid,
    offset_to_cube,
)


@dataclass(frozen=True)
class ScatterDirection:
    face: int          # what the die shows
    label: str         # as seen by the attacker
    turn: int          # grid directions clockwise from "straight back towards the attacker"


SQUARE_SCATTER: tuple[ScatterDirection, ...] = (
    ScatterDirection(1, "straight back towards the attacker", 0),
    ScatterDirection(2, "back and to the left", 1),
    ScatterDirection(3, "to the left", 2),
    ScatterDirection(4, "beyond and to the left", 3),
    ScatterDirection(5, "straight beyond the target", 4),
    ScatterDirection(6, "beyond and to the right", 5),
    ScatterDirection(7, "to the right", 6),
    ScatterDirection(8, "back and to the right", 7),
)

HEX_SCATTER: tuple[ScatterDirection, ...] = (
    ScatterDirection(1, "straight back towards the attacker", 0),
    ScatterDirection(2, "back and to the left", 1),
    ScatterDirection(3, "beyond and to the left", 2),
    ScatterDirection(4, "straight beyond the target", 3),
    ScatterDirection(5, "beyond and to the right", 4),
    ScatterDirection(6, "back and to the right", 5),
)

SOUTH_SQUARE = 2    # direction numbers (0 = east, clockwise) used when the attacker stands on the target
SOUTH_HEX = 1       # south-east: hexes have no straight south


def scatter_table(grid: Grid) -> tuple[ScatterDirection, ...]:
    return HEX_SCATTER if grid.hex else SQUARE_SCATTER


def scatter_die(grid: Grid) -> int:
    return len(scatter_table(grid))


def back_direction(grid: Grid, target: Coord, attacker: Coord) -> int:
    """The grid direction (0 = east, clockwise) from the target that points most nearly at the attacker."""
    if attacker == target:
        return SOUTH_HEX if grid.hex else SOUTH_SQUARE
    if not grid.hex:
        # Integer offsets are never exactly between two of the eight directions (tan 22.5 is irrational).
        angle = math.atan2(attacker[1] - target[1], attacker[0] - target[0])
        return round(angle / (math.pi / 4)) % 8
    a, t = offset_to_cube(attacker), offset_to_cube(target)
    d = (a[0] - t[0], a[1] - t[1], a[2] - t[2])
    # Cube coordinates are a similarity of the plane: the largest dot product is the smallest angle.
    dots = [d[0] * n[0] + d[1] * n[1] + d[2] * n[2] for n in HEX_DIRECTIONS]
    best = max(dots)
    tied = [i for i, v in enumerate(dots) if v == best]
    if len(tied) == 2 and (tied[0] + 1) % 6 != tied[1]:
        return tied[0]          # the pair (5, 0): 0 is the clockwise one
    return tied[-1]


@dataclass(frozen=True)
class ScatterResult:
    face: int
    label: str                  # "back and to the left"
    heading: str                # compass direction on the map: "north-west"
    distance: int               # tiles the throw misses by
    moved: int                  # tiles actually moved (less when the map edge stops it)
    landing: Coord
    clamped: bool

    @property
    def description(self) -> str:
        tiles = f"{self.moved} tile{'s' if self.moved != 1 else ''}"
        edge = f" (stopped at the map edge, {self.distance} rolled)" if self.clamped else ""
        return f"lands {tiles} {self.label}, {self.heading}, at {self.landing}{edge}"


def scatter(grid: Grid, target: Coord, attacker: Coord, face: int, increments: int) -> ScatterResult:
    """Where a missed area attack lands for a direction die showing `face`; it misses by as many tiles as
    the range increment of the throw (at least 1), and stops at the last cell inside the map."""
    table = scatter_table(grid)
    if not 1 <= face <= len(table):
        raise ValueError(f"the scatter die is a d{len(table)} here; {face} is not a face of it")
    entry = table[face - 1]
    count = len(table)
    direction = (back_direction(grid, target, attacker) + entry.turn) % count
    distance = max(1, increments)
    moved = distance
    while moved > 0 and not grid.contains(grid.step(target, direction, moved)):
        moved -= 1
    names = HEX_DIRECTION_NAMES if grid.hex else SQUARE_DIRECTION_NAMES
    return ScatterResult(face, entry.label, names[direction], distance, moved,
                         grid.step(target, direction, moved), moved < distance)


def area_template(grid: Grid, centre: Coord, radius: int) -> dict[Coord, int]:
    """Cells inside the map within `radius` tiles of the blast centre, each with its distance from it
    (the "one die less per tile from the centre" count); nearest first, then by row and column."""
    if radius < 0:
        raise ValueError(f"a blast radius cannot be negative ({radius})")
    cx, cy = centre
    # On hexes a radius r reaches at most r columns and r rows away, so the box is enough for both kinds.
    cells = [(grid.distance(centre, (x, y)), y, x)
             for y in range(max(0, cy - radius), min(grid.height, cy + radius + 1))
             for x in range(max(0, cx - radius), min(grid.width, cx + radius + 1))]
    return {(x, y): d for d, y, x in sorted(cells) if d <= radius}
