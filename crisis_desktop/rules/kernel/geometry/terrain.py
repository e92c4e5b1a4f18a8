"""A battle map's painted cells indexed for fast cover and movement lookups, and a small ASCII map notation."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from crisis_desktop.domain.battle_map import BattleMap, Cell, Cover, GridKind, Paint, PaintedTerrain
from crisis_desktop.rules.base.values import CoverLevel
from crisis_desktop.rules.kernel.geometry.grid import Coord, Diagonal, Grid
from crisis_desktop.rules.kernel.geometry.zones import Zones

COVER_STEPS = (CoverLevel.NONE, CoverLevel.LIGHT, CoverLevel.HEAVY, CoverLevel.TOTAL)
TOTAL = 3
HEAVY = 2

# ASCII notation, one character per cell (cells separated by spaces on hex maps, odd rows indented).
ASCII_CELLS: dict[str, tuple[Cover, bool, bool]] = {
    ".": (Cover.NONE, False, False),
    "~": (Cover.NONE, False, True),       # difficult ground
    "l": (Cover.LIGHT, False, False),
    "h": (Cover.HEAVY, False, False),
    "#": (Cover.TOTAL, False, False),
    "L": (Cover.LIGHT, True, False),      # upper case: penetrable by bullets
    "H": (Cover.HEAVY, True, False),
    "W": (Cover.TOTAL, True, False),      # e.g. a wooden wall
}


# A ruleset's reading of one cell against attacks that pierce (cover step, painted penetrable) -> cover step.
# It must give the step itself for solid material and the step or one less for penetrable material, never
# more for a lower step: the lookups rely on it (a squeeze's lower cover is the lower code in both readings).
Pierce = Callable[[int, bool], int]


class Terrain:
    """Painted cells of one map, looked up by cell or by flat index; rebuild after the map is edited.

    Flat indices pad the grid with one column on each side (stride = width + 2), so that a hex line
    squeezing past the map's jagged left or right edge never aliases a cell of the neighbouring row.

    Each cell has two cover steps: the painted one, and the one against attacks that pierce penetrable
    material by the ruleset's `pierce` reading (without one, penetrable material is read as painted).
    """

    def __init__(self, grid: Grid, cells: Iterable[Cell] | Mapping[Coord, Paint] = (),
                 pierce: Pierce | None = None) -> None:
        self.grid = grid
        self.stride = grid.width + 2
        self.is_hex = grid.hex
        # The paint of each painted cell (the map's own paints, shared: no object a cell).
        self.cells: Mapping[Coord, Paint] = cells if isinstance(cells, Mapping) else {(c.x, c.y): c for c in cells}
        self.pierce = pierce
        # What a wall bullets go through gives once pierced.
        self.pierced_wall = pierce(TOTAL, True) if pierce is not None else TOTAL
        self.levels: dict[Coord, tuple[int, int]] = {}      # (painted cover step, step once pierced)
        self.penetrable: frozenset[Coord]
        difficult: list[Coord] = []
        penetrable: list[Coord] = []
        levels = self.levels
        # What each paint gives, read once a paint (a map's cells share their paints): (steps or None, penetrable
        # with cover, difficult).
        readings: dict[int, tuple[tuple[int, int] | None, bool, bool]] = {}
        width, height = grid.width, grid.height
        for xy, cell in self.cells.items():
            if not (0 <= xy[0] < width and 0 <= xy[1] < height):
                continue
            reading = readings.get(id(cell))
            if reading is None:
                level = COVER_STEPS.index(CoverLevel(cell.cover.value))
                steps = (level, pierce(level, cell.penetrable) if pierce is not None else level) if level else None
                reading = readings[id(cell)] = (steps, bool(level) and cell.penetrable, cell.difficult)
            steps, through, rough = reading
            if steps is not None:
                levels[xy] = steps
                if through:
                    penetrable.append(xy)
            if rough:
                difficult.append(xy)
        self.penetrable = frozenset(penetrable)
        self.difficult = frozenset(difficult)
        self.impassable = frozenset(xy for xy, (level, _) in self.levels.items() if level == TOTAL)
        self.penetrable_walls = any(level == TOTAL and after < TOTAL for level, after in self.levels.values())
        self.boards: dict[tuple[int, bool, int], int] = {}
        # numpy lookup tables of cover_many, built on first use: (codes, walls, stride, x0, y0) per box.
        self.tables: dict[tuple[int, ...], tuple[Any, Any, int, int, int]] = {}
        self._readings: dict[Pierce, Terrain] = {}
        self._zones: Zones | None = None

    @classmethod
    def of(cls, battle_map: BattleMap, diagonal: Diagonal = Diagonal.ONE, pierce: Pierce | None = None) -> Terrain:
        return cls(Grid.of(battle_map, diagonal), battle_map.terrain.painted(), pierce)

    def pierced_by(self, pierce: Pierce) -> Terrain:
        """The same cells read with `pierce` (built once per reading and kept, with its own lookup caches)."""
        if pierce is self.pierce:
            return self
        found = self._readings.get(pierce)
        if found is None:
            found = self._readings[pierce] = Terrain(self.grid, self.cells, pierce)
        return found

    def flat(self, cell: Coord, orientation: int = 0) -> int:
        """Bit number of a cell in the bitboards of one orientation (0..3).

        Bit 1 of `orientation` counts rows from the bottom, bit 0 counts columns from the right: tracing
        code picks the orientation in which its line runs towards higher bits.
        """
        y = self.grid.height - 1 - cell[1] if orientation & 2 else cell[1]
        return y * self.stride + (self.grid.width - cell[0] if orientation & 1 else cell[0] + 1)

    def walls(self, orientation: int, solid: bool, pair_delta: int = 0) -> int:
        """A bitboard of the total-cover cells (only those bullets cannot go through, if `solid`).

        With `pair_delta`, bit f is set when both f and f + pair_delta are such cells: the squeezes a
        line can pass between. Built on first use and kept.
        """
        key = (orientation, solid, pair_delta)
        board = self.boards.get(key)
        if board is None:
            if pair_delta:
                single = self.walls(orientation, solid)
                board = single & (single >> pair_delta)
            else:
                bits = bytearray((self.stride * self.grid.height + 7) // 8)
                for xy, (level, after) in self.levels.items():
                    if level == TOTAL and (after == TOTAL or not solid):
                        f = self.flat(xy, orientation)
                        bits[f >> 3] |= 1 << (f & 7)
                board = int.from_bytes(bits, "little")
            self.boards[key] = board
        return board

    @property
    def zones(self) -> Zones:
        """The map's labelled areas (built on first use and kept)."""
        if self._zones is None:
            self._zones = Zones(self.grid, {xy: c.zone for xy, c in self.cells.items() if c.zone})
        return self._zones

    def cover(self, cell: Coord) -> CoverLevel:
        return COVER_STEPS[self.levels.get(cell, (0, 0))[0]]

    def passable(self, cell: Coord) -> bool:
        """Walls (total cover) stop movement; everything else on the map can be walked over."""
        return self.grid.contains(cell) and cell not in self.impassable


def parse_map(text: str, kind: GridKind = GridKind.SQUARE, metres_per_cell: float = 1.5,
              name: str = "ASCII map") -> tuple[BattleMap, dict[str, list[Coord]]]:
    """A BattleMap from ASCII art, and where each marker letter stands.

    Legend: `.` open, `~` difficult, `l` light, `h` heavy, `#` total cover; `L`, `H`, `W` are light,
    heavy and total cover that bullets go through. Any other character is a marker on open ground.
    Square maps write one character per cell; hex maps separate cells by spaces (odd rows may be
    indented to look like the odd-r layout).
    """
    rows = [line for line in text.strip("\n").splitlines() if line.strip()]
    grid_rows = [row.split() if kind is GridKind.HEX else list(row.strip()) for row in rows]
    width = max(len(r) for r in grid_rows)
    cells: list[Cell] = []
    marks: dict[str, list[Coord]] = {}
    for y, row in enumerate(grid_rows):
        for x, char in enumerate(row):
            cover, penetrable, difficult = ASCII_CELLS.get(char, (Cover.NONE, False, False))
            if char not in ASCII_CELLS:
                marks.setdefault(char, []).append((x, y))
            if cover is not Cover.NONE or difficult:
                cells.append(Cell(x=x, y=y, cover=cover, penetrable=penetrable, difficult=difficult))
    battle_map = BattleMap(name=name, grid=kind, width=width, height=len(grid_rows),
                           metres_per_cell=metres_per_cell, terrain=PaintedTerrain.of_cells(cells))
    return battle_map, marks
