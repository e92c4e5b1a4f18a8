"""Grid coordinates of a battle map: square and odd-r hex cells, distances, pixel centres and corners."""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import StrEnum

from crisis_desktop.domain.battle_map import BattleMap, GridKind

Coord = tuple[int, int]            # (x, y) = (column, row), as in domain Cell and Token
Cube = tuple[int, int, int]        # hex cube coordinates (q, r, s) with q + r + s == 0

SQRT3 = math.sqrt(3.0)

# The six hex neighbours in cube coordinates, clockwise on screen (y grows downwards) from east.
HEX_DIRECTIONS: tuple[Cube, ...] = ((1, 0, -1), (0, 1, -1), (-1, 1, 0), (-1, 0, 1), (0, -1, 1), (1, -1, 0))
HEX_DIRECTION_NAMES = ("east", "south-east", "south-west", "west", "north-west", "north-east")

# The eight square neighbours, clockwise on screen from east.
SQUARE_DIRECTIONS: tuple[Coord, ...] = ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1))
SQUARE_DIRECTION_NAMES = ("east", "south-east", "south", "south-west", "west", "north-west", "north", "north-east")


class Diagonal(StrEnum):
    """How a diagonal step counts on a square grid (hex grids have no diagonals)."""

    ONE = "one"                   # every step counts 1 tile (Chebyshev); the default
    ALTERNATING = "alternating"   # diagonals count 1, 2, 1, 2... (the "1.5 per diagonal" rule)


def offset_to_cube(cell: Coord) -> Cube:
    """Odd-r offset (x, y) to cube (q, r, s): odd rows sit half a hex to the right."""
    x, y = cell
    q = x - (y - (y & 1)) // 2
    return q, y, -q - y


def cube_to_offset(cube: Cube) -> Coord:
    q, r, _ = cube
    return q + (r - (r & 1)) // 2, r


def cube_round(fq: float, fr: float) -> Cube:
    """The cube cell containing the fractional axial point (fq, fr)."""
    fs = -fq - fr
    q, r, s = round(fq), round(fr), round(fs)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    # Rounding all three can break q + r + s == 0: recompute the one that moved most.
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    else:
        s = -q - r
    return q, r, s


def cube_distance(a: Cube, b: Cube) -> int:
    return (abs(a[0] - b[0]) + abs(a[1] - b[1]) + abs(a[2] - b[2])) // 2


def square_steps(dx: int, dy: int, diagonal: Diagonal = Diagonal.ONE) -> int:
    """Tiles walked on an open square grid for an offset (dx, dy)."""
    big, small = max(abs(dx), abs(dy)), min(abs(dx), abs(dy))
    if diagonal is Diagonal.ALTERNATING:
        return big + small // 2
    return big


# A hexagon's corners around its centre for a radius of 1, clockwise on screen from the top: worked out once, not
# per cell and frame.
HEX_CORNERS = tuple((math.cos(math.radians(-90 + 60 * i)), math.sin(math.radians(-90 + 60 * i))) for i in range(6))


@dataclass(frozen=True)
class Grid:
    """The shape of a battle map: what the rules compute and what the view draws come from here.

    Square cells: (x, y) is the column and row; pixel centre ((x + 0.5) * size, (y + 0.5) * size)
    for a cell side of `size` pixels.
    Hex cells: pointy-top hexagons in "odd-r" offset coordinates, so rows stay rows and every odd row
    is shifted half a hex to the right. `size` is the hex's circumradius (centre to corner): a hex is
    sqrt(3) * size wide, 2 * size tall, and rows are 1.5 * size apart.
    """

    kind: GridKind = GridKind.SQUARE
    width: int = 20
    height: int = 15
    metres_per_cell: float = 1.5
    diagonal: Diagonal = Diagonal.ONE

    @classmethod
    def of(cls, battle_map: BattleMap, diagonal: Diagonal = Diagonal.ONE) -> Grid:
        return cls(battle_map.grid, battle_map.width, battle_map.height, battle_map.metres_per_cell, diagonal)

    @property
    def hex(self) -> bool:
        return self.kind is GridKind.HEX

    # -- cells ------------------------------------------------------------------------------
    def contains(self, cell: Coord) -> bool:
        return 0 <= cell[0] < self.width and 0 <= cell[1] < self.height

    def clamp(self, cell: Coord) -> Coord:
        return min(max(cell[0], 0), self.width - 1), min(max(cell[1], 0), self.height - 1)

    def index(self, cell: Coord) -> int:
        """Row-major number of a cell, for flat lookups."""
        return cell[1] * self.width + cell[0]

    def step(self, cell: Coord, direction: int, count: int = 1) -> Coord:
        """The cell `count` steps from `cell` along direction number `direction` (0 = east, clockwise)."""
        if self.hex:
            q, r, s = offset_to_cube(cell)
            dq, dr, ds = HEX_DIRECTIONS[direction % 6]
            return cube_to_offset((q + dq * count, r + dr * count, s + ds * count))
        dx, dy = SQUARE_DIRECTIONS[direction % 8]
        return cell[0] + dx * count, cell[1] + dy * count

    def neighbours(self, cell: Coord) -> list[Coord]:
        """Adjacent cells inside the map, clockwise from east (8 on squares, 6 on hexes)."""
        count = 6 if self.hex else 8
        return [c for c in (self.step(cell, d) for d in range(count)) if self.contains(c)]

    # -- distances --------------------------------------------------------------------------
    def distance(self, a: Coord, b: Coord) -> int:
        """Tiles between two cells on open ground (the range and movement metric)."""
        if self.hex:
            return cube_distance(offset_to_cube(a), offset_to_cube(b))
        return square_steps(b[0] - a[0], b[1] - a[1], self.diagonal)

    def reach(self, a: Coord, b: Coord) -> int:
        """Steps between two cells counting every diagonal as 1: 1 means adjacent (cover reach, melee)."""
        if self.hex:
            return cube_distance(offset_to_cube(a), offset_to_cube(b))
        return max(abs(b[0] - a[0]), abs(b[1] - a[1]))

    def metres(self, a: Coord, b: Coord) -> float:
        return self.distance(a, b) * self.metres_per_cell

    # -- pixels (what a QGraphicsView draws) ---------------------------------------------------
    def centre(self, cell: Coord, size: float) -> tuple[float, float]:
        x, y = cell
        if self.hex:
            return SQRT3 * size * (x + 0.5 * (y & 1) + 0.5), size * (1.5 * y + 1.0)
        return (x + 0.5) * size, (y + 0.5) * size

    def corners(self, cell: Coord, size: float) -> tuple[tuple[float, float], ...]:
        """The cell's outline, clockwise on screen (hex: from the top corner; square: from top-left)."""
        cx, cy = self.centre(cell, size)
        if self.hex:
            return tuple((cx + size * dx, cy + size * dy) for dx, dy in HEX_CORNERS)
        h = size / 2
        return (cx - h, cy - h), (cx + h, cy - h), (cx + h, cy + h), (cx - h, cy + h)

    def cell_at(self, px: float, py: float, size: float) -> Coord:
        """The cell under a pixel (it may lie outside the map: check `contains`)."""
        if self.hex:
            # Relative to the centre of cell (0, 0), which is cube (0, 0, 0).
            rx, ry = px - SQRT3 * size / 2, py - size
            fr = ry / (1.5 * size)
            fq = rx / (SQRT3 * size) - fr / 2
            return cube_to_offset(cube_round(fq, fr))
        return math.floor(px / size), math.floor(py / size)

    def scene_size(self, size: float) -> tuple[float, float]:
        """Width and height in pixels of the whole map's bounding box."""
        if self.hex:
            extra = 0.5 if self.height > 1 else 0.0
            return SQRT3 * size * (self.width + extra), size * (1.5 * self.height + 0.5)
        return self.width * size, self.height * size
