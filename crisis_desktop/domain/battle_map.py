"""Battle maps: a square or hex grid with painted terrain and combatant tokens."""

from __future__ import annotations

from enum import StrEnum

from pydantic import Field, field_validator

from crisis_desktop.domain.common import DomainModel, FilePath, Word, new_id


class GridKind(StrEnum):
    SQUARE = "square"
    HEX = "hex"


class Cover(StrEnum):
    NONE = "none"
    LIGHT = "light"
    HEAVY = "heavy"
    TOTAL = "total"


class Cell(DomainModel):
    """Terrain painted on one cell; cells not listed are open ground."""

    x: int = Field(ge=0)
    y: int = Field(ge=0)
    cover: Cover = Cover.NONE
    penetrable: bool = False
    difficult: bool = False
    zone: Word = ""


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
    width: int = Field(default=20, ge=1, le=1000)
    height: int = Field(default=15, ge=1, le=1000)
    metres_per_cell: float = Field(default=1.5, gt=0)
    background: BackgroundImage | None = None
    cells: list[Cell] = Field(default_factory=list)
    tokens: list[Token] = Field(default_factory=list)
    # Fog of war: with `fog` on, the player display shows only the `revealed` cells (the GM sees everything).
    # Both default to off/empty, so files written before fog existed load unchanged.
    fog: bool = False
    revealed: list[tuple[int, int]] = Field(default_factory=list)

    @field_validator("cells")
    @classmethod
    def _unique_cells(cls, cells: list[Cell]) -> list[Cell]:
        seen: set[tuple[int, int]] = set()
        for cell in cells:
            if (cell.x, cell.y) in seen:
                raise ValueError(f"cell ({cell.x}, {cell.y}) is listed twice")
            seen.add((cell.x, cell.y))
        return cells

    @field_validator("revealed")
    @classmethod
    def _unique_revealed(cls, revealed: list[tuple[int, int]]) -> list[tuple[int, int]]:
        if len(set(revealed)) != len(revealed):
            raise ValueError("a revealed cell is listed twice")
        if any(x < 0 or y < 0 for x, y in revealed):
            raise ValueError("a revealed cell has a negative coordinate")
        return revealed
