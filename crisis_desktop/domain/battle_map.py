"""Battle maps: a square or hex grid with painted terrain and combatant tokens.

Painted terrain is held as compactly in memory as in the file: a legend of the kinds of paint the map uses and one
string per row, a character per cell (`.` open ground, otherwise the code of a legend entry), so that opening a fully
painted 1000 x 1000 map costs about as much as reading its megabyte of text, with no object per cell.
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterable, Iterator, Mapping
from enum import StrEnum
from functools import lru_cache
from typing import Annotated, Any

from pydantic import ConfigDict, Field, field_validator, model_validator

from crisis_desktop.domain.common import DomainModel, FilePath, Word, new_id

# The largest map, in cells a side.
MAP_SIDE_MAX = 1000
# Open ground in a terrain row.
OPEN = "."
# The most kinds of paint (cover, material, ground and zone together) one map holds: far more than a map shows.
PAINTS_MAX = 1000
# The code of the legend's n-th paint: digits, letters and the other printable ASCII first (a file stays readable),
# then CJK letters (any JSON writer takes them, as UTF-8 or as escapes).
CODES = string.digits + string.ascii_letters + "".join(c for c in string.punctuation if c not in '."\\')
CODES += "".join(chr(0x4E00 + i) for i in range(PAINTS_MAX - len(CODES)))
_INDEX = {code: i for i, code in enumerate(CODES)}

Coord = tuple[int, int]
# One row of a map's terrain: a code a cell.
TerrainRow = Annotated[str, Field(max_length=MAP_SIDE_MAX)]


class GridKind(StrEnum):
    SQUARE = "square"
    HEX = "hex"


class Cover(StrEnum):
    NONE = "none"
    LIGHT = "light"
    HEAVY = "heavy"
    TOTAL = "total"


class Paint(DomainModel):
    """What is painted on a cell: cover, material bullets go through, difficult ground, the zone it belongs to.
    A paint with none of them is open ground, which is never stored."""

    model_config = ConfigDict(frozen=True)

    cover: Cover = Cover.NONE
    penetrable: bool = False
    difficult: bool = False
    zone: Word = ""

    @property
    def is_open(self) -> bool:
        return self.cover is Cover.NONE and not self.difficult and not self.zone and not self.penetrable


class Cell(Paint):
    """One cell and its paint, as the brush and a painting stroke hand it over (a map holds no Cell objects)."""

    x: int = Field(ge=0)
    y: int = Field(ge=0)

    @property
    def paint(self) -> Paint:
        return Paint(cover=self.cover, penetrable=self.penetrable, difficult=self.difficult, zone=self.zone)

    @classmethod
    def at(cls, xy: Coord, paint: Paint | None) -> Cell:
        """The cell at xy with `paint` (None: open ground)."""
        if paint is None:
            return cls(x=xy[0], y=xy[1])
        return cls(x=xy[0], y=xy[1], cover=paint.cover, penetrable=paint.penetrable, difficult=paint.difficult,
                   zone=paint.zone)


def paint_of(paint: Paint) -> Paint:
    """The bare paint of a Paint or a Cell."""
    return paint.paint if isinstance(paint, Cell) else paint


@lru_cache(maxsize=64)
def _row_pattern(kinds: int) -> re.Pattern[str]:
    """A terrain row that uses only open ground and the first `kinds` codes."""
    return re.compile(f"[{re.escape(OPEN + CODES[:kinds])}]*")


class PaintedTerrain(DomainModel):
    """The painted cells of a map: `legend[i]` is the paint whose code is CODES[i]; `rows[y][x]` is the code of
    cell (x, y), or OPEN. Rows end at their last painted cell and the list at its last painted row. Immutable: a
    change makes a new value (so an undo step keeps the old one as it is, at no cost)."""

    model_config = ConfigDict(frozen=True)

    legend: tuple[Paint, ...] = Field(default=(), max_length=PAINTS_MAX)
    rows: tuple[TerrainRow, ...] = Field(default=(), max_length=MAP_SIDE_MAX)

    @model_validator(mode="after")
    def _codes_known(self) -> PaintedTerrain:
        if len(set(self.legend)) != len(self.legend):
            raise ValueError("a paint is listed twice in the legend")
        if any(paint.is_open for paint in self.legend):
            raise ValueError("open ground is listed in the legend (it is written as '.')")
        pattern = _row_pattern(len(self.legend))
        for y, row in enumerate(self.rows):
            if not pattern.fullmatch(row):
                bad = next(c for c in row if c != OPEN and _INDEX.get(c, PAINTS_MAX) >= len(self.legend))
                raise ValueError(f"row {y} holds {bad!r}, which is neither '.' (open ground) nor the code of "
                                 f"one of the legend's {len(self.legend)} paints")
        return self

    # -- reading ------------------------------------------------------------------------------
    def paint_at(self, xy: Coord) -> Paint | None:
        """The paint on cell xy, None for open ground."""
        x, y = xy
        if 0 <= y < len(self.rows) and 0 <= x < len(self.rows[y]):
            code = self.rows[y][x]
            if code != OPEN:
                return self.legend[_INDEX[code]]
        return None

    def painted(self) -> dict[Coord, Paint]:
        """Every painted cell and its paint (one dict entry a painted cell, the paints shared)."""
        legend = {code: self.legend[i] for i, code in enumerate(CODES[:len(self.legend)])}
        found: dict[Coord, Paint] = {}
        for y, row in enumerate(self.rows):
            for code in set(row).difference(OPEN):
                paint, at = legend[code], row.find(code)
                while at >= 0:
                    found[(at, y)] = paint
                    at = row.find(code, at + 1)
        return found

    def cells(self) -> Iterator[Cell]:
        """The painted cells as Cell values, row by row (for a few cells: a map holds none)."""
        for xy, paint in sorted(self.painted().items(), key=lambda item: (item[0][1], item[0][0])):
            yield Cell.at(xy, paint)

    @property
    def count(self) -> int:
        """How many cells are painted."""
        return sum(len(row) - row.count(OPEN) for row in self.rows)

    # -- changing -----------------------------------------------------------------------------
    def repainted(self, changes: Mapping[Coord, Paint | None]) -> PaintedTerrain:
        """This terrain with the cells of `changes` painted (None or an open paint: open ground), in the one
        form these cells have (the legend in the order the paints first appear, row by row). ValueError when
        the map would hold more than PAINTS_MAX kinds of paint."""
        wanted = {xy: paint_of(p) if p is not None and not p.is_open else None for xy, p in changes.items()}
        fresh = {p for p in wanted.values() if p is not None} - set(self.legend)
        if len(self.legend) + len(fresh) <= PAINTS_MAX:
            return self._edited(wanted)
        # Paints the stroke covers up may leave the legend: clear the cells first, then paint the new ones.
        cleared = self._edited({xy: p if p not in fresh else None for xy, p in wanted.items()})
        if len(cleared.legend) + len(fresh) > PAINTS_MAX:
            raise ValueError(f"a map holds at most {PAINTS_MAX:,} kinds of paint (cover, material, ground and zone "
                             "together): erase or repaint some first")
        return cleared._edited({xy: p for xy, p in wanted.items() if p in fresh})

    def _edited(self, changes: Mapping[Coord, Paint | None]) -> PaintedTerrain:
        """The cells of `changes` (bare paints, None for open ground) painted; the legend must have room."""
        legend = list(self.legend)
        known = {paint: CODES[i] for i, paint in enumerate(legend)}
        by_row: dict[int, list[tuple[int, str]]] = {}
        for (x, y), paint in changes.items():
            if x < 0 or y < 0:
                raise ValueError(f"({x}, {y}) is no cell of a map")
            code = OPEN
            if paint is not None:
                found = known.get(paint)
                if found is None:
                    found = known[paint] = CODES[len(legend)]
                    legend.append(paint)
                code = found
            by_row.setdefault(y, []).append((x, code))
        rows = list(self.rows)
        for y, edits in by_row.items():
            if y >= len(rows):
                rows += [""] * (y + 1 - len(rows))
            cells = list(rows[y])
            longest = max(x for x, _ in edits) + 1
            if longest > len(cells):
                cells += OPEN * (longest - len(cells))
            for x, code in edits:
                cells[x] = code
            rows[y] = "".join(cells)
        return canonical(legend, rows)

    @classmethod
    def of_cells(cls, cells: Iterable[Cell]) -> PaintedTerrain:
        """The terrain of these cells (ValueError if one is listed twice)."""
        seen: dict[Coord, Paint | None] = {}
        for cell in cells:
            xy = (cell.x, cell.y)
            if xy in seen:
                raise ValueError(f"cell {xy} is listed twice")
            seen[xy] = cell
        return cls().repainted(seen)


def canonical(legend: list[Paint], rows: list[str]) -> PaintedTerrain:
    """The one form of these cells: rows without trailing open ground, no empty rows at the end, the legend holding
    only paints in use, in the order they first appear row by row. A few passes over the text, no loop per cell."""
    rows = [row.rstrip(OPEN) for row in rows]
    while rows and not rows[-1]:
        rows.pop()
    text = "".join(rows)
    used = sorted(set(text).difference(OPEN), key=text.find)     # each found at its first place, in C
    order = [_INDEX[code] for code in used]
    if order != list(range(len(legend))):
        table = str.maketrans({code: CODES[i] for i, code in enumerate(used)})
        rows = [row.translate(table) for row in rows]
        legend = [legend[i] for i in order]
    return PaintedTerrain.model_construct(legend=tuple(legend), rows=tuple(rows))


class Token(DomainModel):
    """Where a combatant stands on the map."""

    combatant_id: str
    x: int = Field(ge=0)
    y: int = Field(ge=0)


class BackgroundImage(DomainModel):
    path: FilePath
    offset_x: float = 0.0
    offset_y: float = 0.0
    scale: float = Field(default=1.0, gt=0)


class BattleMap(DomainModel):
    id: str = Field(default_factory=new_id)
    name: str = Field(min_length=1, max_length=200)
    grid: GridKind = GridKind.SQUARE
    width: int = Field(default=20, ge=1, le=MAP_SIDE_MAX)
    height: int = Field(default=15, ge=1, le=MAP_SIDE_MAX)
    metres_per_cell: float = Field(default=1.5, gt=0)
    background: BackgroundImage | None = None
    terrain: PaintedTerrain = Field(default_factory=PaintedTerrain)
    tokens: list[Token] = Field(default_factory=list)
    # Fog of war: with `fog` on, the player display shows only the `revealed` cells (the GM sees everything).
    # Both default to off/empty, so files written before fog existed load unchanged.
    fog: bool = False
    revealed: list[tuple[int, int]] = Field(default_factory=list)

    @model_validator(mode="before")
    @classmethod
    def _cells_given(cls, data: Any) -> Any:
        """`BattleMap(cells=[Cell(...), ...])`, as code builds a map, becomes its terrain. A file holds rows (older
        files are upgraded by the storage's migrations), so only Cell values are taken here."""
        if isinstance(data, dict) and "cells" in data and "terrain" not in data:
            cells = data["cells"]
            if isinstance(cells, (list, tuple)) and all(isinstance(c, Cell) for c in cells):
                data = {k: v for k, v in data.items() if k != "cells"}
                data["terrain"] = PaintedTerrain.of_cells(cells)
        return data

    @model_validator(mode="after")
    def _terrain_inside(self) -> BattleMap:
        rows = self.terrain.rows
        if len(rows) > self.height:
            raise ValueError(f"the terrain has {len(rows)} rows: the map is {self.height} cells high")
        for y, row in enumerate(rows):
            if len(row) > self.width:
                raise ValueError(f"row {y} of the terrain has {len(row)} cells: the map is {self.width} cells wide")
        return self

    @field_validator("revealed")
    @classmethod
    def _unique_revealed(cls, revealed: list[tuple[int, int]]) -> list[tuple[int, int]]:
        if len(set(revealed)) != len(revealed):
            raise ValueError("a revealed cell is listed twice")
        if any(x < 0 or y < 0 for x, y in revealed):
            raise ValueError("a revealed cell has a negative coordinate")
        return revealed

    # -- painted cells ------------------------------------------------------------------------
    def paint_at(self, xy: Coord) -> Paint | None:
        """The paint on cell xy, None for open ground."""
        return self.terrain.paint_at(xy)

    def cell_at(self, xy: Coord) -> Cell:
        """The cell at xy with its paint (open ground when nothing is painted there)."""
        return Cell.at(xy, self.terrain.paint_at(xy))

    @property
    def cells(self) -> list[Cell]:
        """The painted cells row by row, made on demand (for code and tests that want a few: a map holds none)."""
        return list(self.terrain.cells())

    @cells.setter
    def cells(self, cells: Iterable[Cell]) -> None:
        self.terrain = PaintedTerrain.of_cells(cells)
