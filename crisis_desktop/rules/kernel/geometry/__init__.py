"""Pure battle-map geometry: grid coordinates, distances, line of sight and cover, range, areas, labelled zones,
movement."""

from crisis_desktop.rules.kernel.geometry.area import (
    HEX_SCATTER,
    SQUARE_SCATTER,
    ScatterDirection,
    ScatterResult,
    area_template,
    back_direction,
    scatter,
    scatter_die,
    scatter_table,
)
from crisis_desktop.rules.kernel.geometry.batch import CoverSummary, cover_many
from crisis_desktop.rules.kernel.geometry.cover import CoverResult, cover_between, cover_from, line_of_sight
from crisis_desktop.rules.kernel.geometry.grid import (
    HEX_DIRECTIONS,
    SQUARE_DIRECTIONS,
    Coord,
    Cube,
    Diagonal,
    Grid,
    cube_distance,
    cube_round,
    cube_to_offset,
    offset_to_cube,
    square_steps,
)
from crisis_desktop.rules.kernel.geometry.movement import Path, find_path
from crisis_desktop.rules.kernel.geometry.neighbours import standing_next_to
from crisis_desktop.rules.kernel.geometry.ranges import (
    RangeBands,
    RangeResult,
    range_for_distance,
    range_increment,
    weapon_range,
)
from crisis_desktop.rules.kernel.geometry.terrain import Pierce, Terrain, parse_map
from crisis_desktop.rules.kernel.geometry.tracing import Trace, trace
from crisis_desktop.rules.kernel.geometry.zones import AreaRelation, Zones

__all__ = [
    "AreaRelation", "HEX_DIRECTIONS", "HEX_SCATTER", "SQUARE_DIRECTIONS", "SQUARE_SCATTER", "Coord", "CoverResult",
    "CoverSummary",
    "Cube", "Diagonal", "Grid", "Path", "Pierce", "RangeBands", "RangeResult", "ScatterDirection",
    "ScatterResult", "Terrain", "Trace", "area_template", "back_direction", "cover_between", "cover_from",
    "cover_many", "cube_distance", "cube_round", "cube_to_offset", "find_path", "line_of_sight",
    "offset_to_cube", "parse_map", "range_for_distance", "range_increment", "scatter",
    "scatter_die", "scatter_table", "square_steps", "standing_next_to", "trace", "weapon_range", "Zones",
]
