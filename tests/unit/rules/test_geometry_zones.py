"""Labelled areas of a map: which area a cell is in, which areas touch, on squares and hexes."""

from __future__ import annotations

from crisis_desktop.domain.battle_map import Cell, GridKind
from crisis_desktop.rules.kernel.geometry import AreaRelation, Grid, Terrain, Zones


def square(width: int = 6, height: int = 3) -> Grid:
    return Grid(GridKind.SQUARE, width, height)


def labelled(grid: Grid, rows: list[str], names: dict[str, str]) -> Zones:
    """Each character of `rows` names the area of its cell ('.' for none)."""
    return Zones(grid, {(x, y): names[ch] for y, row in enumerate(rows) for x, ch in enumerate(row) if ch != "."})


def test_cells_read_their_area_and_touching_areas_are_adjacent():
    zones = labelled(square(), ["aab..c", "aab..c", "aab..c"], {"a": "Yard", "b": "Gate", "c": "Tower"})
    assert zones.area((0, 0)) == "Yard" and zones.area((3, 1)) == "" and zones.area((9, 9)) == ""
    assert zones.names() == ["Gate", "Tower", "Yard"]
    assert zones.adjacent("Yard", "Gate") and zones.adjacent("Gate", "Yard")
    assert not zones.adjacent("Gate", "Tower") and not zones.adjacent("Yard", "Yard")
    assert zones.neighbours("Gate") == ["Yard"] and zones.neighbours("Tower") == []


def test_relations_between_two_cells():
    zones = labelled(square(), ["aab..c", "aab..c", "aab..c"], {"a": "Yard", "b": "Gate", "c": "Tower"})
    same = zones.relation((0, 0), (1, 2))
    assert same == AreaRelation("Yard", "Yard", False) and same.same and same.known
    assert same.describe() == "both in Yard"
    next_to = zones.relation((0, 0), (2, 2))
    assert next_to.adjacent and not next_to.same and next_to.describe() == "Yard, next to Gate"
    apart = zones.relation((0, 0), (5, 0))
    assert not apart.adjacent and apart.describe() == "Yard, apart from Tower"
    unknown = zones.relation((0, 0), (3, 0))
    assert not unknown.known and not unknown.same and not unknown.adjacent
    assert unknown.describe() == "not both in labelled areas"


def test_areas_touching_only_at_a_corner_are_adjacent_on_squares():
    zones = labelled(square(2, 2), ["a.", ".b"], {"a": "Hall", "b": "Stair"})
    assert zones.adjacent("Hall", "Stair")


def test_hex_areas_touch_through_the_six_neighbours_only():
    grid = Grid(GridKind.HEX, 3, 3)
    zones = labelled(grid, ["a..", "...", "..b"], {"a": "Ford", "b": "Bank"})
    assert not zones.adjacent("Ford", "Bank")
    near = labelled(grid, ["ab.", "...", "..."], {"a": "Ford", "b": "Bank"})
    assert near.adjacent("Ford", "Bank")


def test_the_terrain_keeps_its_zones_from_the_painted_cells():
    grid = square()
    terrain = Terrain(grid, [Cell(x=0, y=0, zone="Yard"), Cell(x=1, y=0, zone="Gate"), Cell(x=2, y=0)])
    assert terrain.zones is terrain.zones
    assert terrain.zones.relation((0, 0), (1, 0)) == AreaRelation("Yard", "Gate", True)
    assert terrain.zones.area((2, 0)) == ""
