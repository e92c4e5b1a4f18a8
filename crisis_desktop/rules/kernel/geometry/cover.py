"""Line of sight and cover between an attacker's cell and a target's cell (cover is relative to the attacker).

Rules, in order:
1. Trace the segment between the two cell centres (see `trace`). The attacker's and the target's own
   cells never give cover.
2. A passed cell gives its painted cover. A squeeze pair (the line runs exactly between two cells) gives
   the lower cover of the two: it blocks only if both sides block.
3. Total cover counts anywhere on the line: a wall blocks sight wherever it stands. Light and heavy cover
   count only within `reach` steps of the target (default 1, the cells next to it): the target hides
   behind them, while the attacker's own low wall or a crate in mid-field does not hamper the shot.
   `reach=None` counts them anywhere on the line.
4. The highest cover counts: `terrain` by the painted steps, `terrain_pierced` by the terrain's pierce
   reading (a ruleset's: crisis steps penetrable material down one step against firearms), so the
   pierced level is the same or one step lower.
What the cover means for an attack (firearms, a prone target) is the ruleset's reading of this result.
Because of rule 3 cover is not symmetric: A may have cover from B while B has none from A. Line of
sight is symmetric (the same segment, exact arithmetic).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from crisis_desktop.rules.base.values import CoverLevel
from crisis_desktop.rules.kernel.geometry.grid import Coord, offset_to_cube
from crisis_desktop.rules.kernel.geometry.terrain import COVER_STEPS, TOTAL, Terrain
from crisis_desktop.rules.kernel.geometry.tracing import Trace, hex_trace, square_trace


@dataclass(frozen=True)
class _Line:
    """One relative trace prepared for bitboard lookups (shared by every pair with the same offset).

    Far cells (beyond `reach` of the target) only matter when they are walls: they are probed with one
    big-integer AND against the terrain's wall bitboard. Near cells are few and are looked up one by one.
    Every candidate has a rank, its projection on the line (higher = nearer the target). On squares the
    bitboard orientation is chosen so bit order follows the line and the nearest wall is the highest set
    bit; hex rows zigzag, so there the hit bits are ranked one by one.
    """

    trace: Trace
    ordered: bool                                       # bit order follows the line (squares)
    orientation: int
    origin: int                                         # position of bit 0 of the masks, relative to the attacker
    far: int                                            # mask of far passed cells
    far_squeezes: tuple[tuple[int, int], ...]           # (partner delta, mask of the squeezes' lower cells)
    cells_at: dict[int, tuple[tuple[Coord, ...], int]]  # mask bit -> (the relative cell or squeeze pair, rank)
    near: tuple[tuple[Coord, Coord | None, int], ...]   # (cell, squeeze partner, rank)


@lru_cache(maxsize=8192)
def _line(is_hex: bool, d1: int, d2: int, odd_row: bool, stride: int, reach: int | None) -> _Line:
    rel = hex_trace(d1, d2, odd_row) if is_hex else square_trace(d1, d2)
    start = (0, 1 if odd_row else 0)
    start_cube = offset_to_cube(start)
    tx, ty = rel.cells[-1]
    target_cube = offset_to_cube((tx + start[0], ty + start[1]))
    # Direction on screen: hex x grows with 2q + r (odd-r, pointy-top).
    dx, dy = (2 * d1 + d2, d2) if is_hex else (d1, d2)
    orientation = (2 if dy < 0 else 0) | (1 if dx < 0 else 0)
    xs, ys = (-1 if dx < 0 else 1), (-stride if dy < 0 else stride)

    def cube(c: Coord) -> tuple[int, int, int]:
        return offset_to_cube((c[0] + start[0], c[1] + start[1]))

    def steps(c: Coord) -> int:
        if is_hex:
            a = cube(c)
            return (abs(a[0] - target_cube[0]) + abs(a[1] - target_cube[1]) + abs(a[2] - target_cube[2])) // 2
        return max(abs(c[0] - tx), abs(c[1] - ty))

    def along(c: Coord) -> int:
        """Twice the cell centre's projection on the line (cube coordinates are a similarity on hexes)."""
        if is_hex:
            a = cube(c)
            return 2 * sum((a[i] - start_cube[i]) * (target_cube[i] - start_cube[i]) for i in range(3))
        return 2 * (c[0] * tx + c[1] * ty)

    def pos(c: Coord) -> int:
        return c[1] * ys + c[0] * xs

    def is_far(*cells: Coord) -> bool:
        return reach is not None and min(steps(c) for c in cells) > reach

    far_cells = [c for c in rel.cells[1:-1] if is_far(c)]
    far_pairs = [(p, q) if pos(p) < pos(q) else (q, p) for p, q in rel.squeezes if is_far(p, q)]
    origin = min([pos(c) for c in far_cells] + [pos(p) for p, _ in far_pairs], default=0)
    bits = bytearray((max([pos(c) for c in far_cells], default=origin) - origin) // 8 + 1)
    cells_at: dict[int, tuple[tuple[Coord, ...], int]] = {}
    for c in far_cells:
        f = pos(c) - origin
        bits[f >> 3] |= 1 << (f & 7)
        cells_at[f] = ((c,), along(c))
    by_delta: dict[int, int] = {}
    for p, q in far_pairs:
        delta = pos(q) - pos(p)
        by_delta[delta] = by_delta.get(delta, 0) | 1 << (pos(p) - origin)
        cells_at[pos(p) - origin] = ((p, q), (along(p) + along(q)) // 2)
    near: list[tuple[Coord, Coord | None, int]] = [(c, None, along(c)) for c in rel.cells[1:-1] if not is_far(c)]
    near += [(p, q, (along(p) + along(q)) // 2) for p, q in rel.squeezes if not is_far(p, q)]
    return _Line(rel, not is_hex, orientation, origin, int.from_bytes(bits, "little"),
                 tuple(sorted(by_delta.items())), cells_at, tuple(near))


class CoverResult(NamedTuple):
    """Cover of `target` against `attacker`: `terrain` by the painted steps, `terrain_pierced` by the terrain's
    pierce reading.

    `source` is the cell (or the squeeze pair) giving `terrain`; `source_pierced` the one giving
    `terrain_pierced`; both absolute. (A NamedTuple: thousands are built per overlay, and it is cheap.)
    """

    attacker: Coord
    target: Coord
    line_of_sight: bool
    terrain: CoverLevel
    terrain_pierced: CoverLevel
    source: tuple[Coord, ...]
    source_pierced: tuple[Coord, ...]
    relative: Trace

    @property
    def pierced(self) -> bool:
        """Whether piercing steps the map's cover down."""
        return self.terrain_pierced is not self.terrain

    @property
    def traced(self) -> tuple[Coord, ...]:
        """Cells the line passes through, attacker first (for an overlay); built on demand."""
        ax, ay = self.attacker
        return tuple((ax + x, ay + y) for x, y in self.relative.cells)

    @property
    def squeezes(self) -> tuple[tuple[Coord, Coord], ...]:
        ax, ay = self.attacker
        return tuple(((ax + p[0], ay + p[1]), (ax + q[0], ay + q[1])) for p, q in self.relative.squeezes)

    @property
    def reason(self) -> str:
        """The painted cover in plain words, e.g. "light cover from (3, 4)"."""
        return describe_cover(self.terrain, self.source)


def describe_cover(terrain: CoverLevel, source: tuple[Coord, ...]) -> str:
    """Painted cover in plain words (shared by CoverResult and the batch's CoverSummary)."""
    before = COVER_STEPS.index(terrain)
    if before == TOTAL:
        return f"no line of sight: total cover {where(source)}"
    if before:
        return f"{terrain.value} cover {where(source)}"
    return "clear line: no cover"


def where(cells: tuple[Coord, ...]) -> str:
    """Where cover comes from: "from (3, 4)", or "between (1, 0) and (0, 1)" for a squeeze."""
    if len(cells) == 2:
        return f"between {cells[0]} and {cells[1]}"
    return f"from {cells[0]}" if cells else ""


def cover_between(terrain: Terrain, attacker: Coord, target: Coord, *, reach: int | None = 1) -> CoverResult:
    """Line of sight and cover of the target at `target` against an attacker at `attacker`."""
    # This runs for every token pair of an overlay, so the common path is written out flat.
    ax, ay = attacker
    if terrain.is_hex:
        ca, cb = offset_to_cube(attacker), offset_to_cube(target)
        line = _line(True, cb[0] - ca[0], cb[1] - ca[1], bool(ay & 1), terrain.stride, reach)
    else:
        line = _line(False, target[0] - ax, target[1] - ay, False, terrain.stride, reach)
    # Candidates are ranked (level, position along the line); the best before and after the firearms step win.
    best = best_after = (0, 0)
    source: tuple[Coord, ...] = ()
    source_after: tuple[Coord, ...] = ()
    levels = terrain.levels
    top = -1
    if line.far or line.far_squeezes:
        orientation = line.orientation
        shift = terrain.flat(attacker, orientation) + line.origin
        top = _top_wall(terrain, line, shift, orientation, False)
    if top >= 0:
        cells, rank = line.cells_at[top]
        best = best_after = (TOTAL, rank)
        source = source_after = _absolute(cells, ax, ay)
        if levels[source[0]][1] < TOTAL or levels[source[-1]][1] < TOTAL:
            # Piercing passes the nearest wall: the nearest one it cannot pass (if any) stays total, otherwise
            # the wall counts as the pierce reading says (crisis: heavy cover against firearms).
            solid = _top_wall(terrain, line, shift, orientation, True)
            if solid < 0:
                best_after = (terrain.pierced_wall, rank)
            else:
                cells, rank = line.cells_at[solid]
                best_after, source_after = (TOTAL, rank), _absolute(cells, ax, ay)
    for cell, partner, rank in line.near:
        absolute = (ax + cell[0], ay + cell[1])
        level, after = levels.get(absolute, (0, 0))
        if not level:
            continue
        found: tuple[Coord, ...] = (absolute,)
        if partner is not None:
            other = (ax + partner[0], ay + partner[1])
            level2, after2 = levels.get(other, (0, 0))
            level, after = min(level, level2), min(after, after2)
            found = (absolute, other)
        if level and (level, rank) > best:
            best, source = (level, rank), found
        if after and (after, rank) > best_after:
            best_after, source_after = (after, rank), found
    before, after = best[0], best_after[0]
    return CoverResult(attacker, target, before < TOTAL, COVER_STEPS[before], COVER_STEPS[after], source,
                       source_after, line.trace)


def _absolute(cells: tuple[Coord, ...], ax: int, ay: int) -> tuple[Coord, ...]:
    if len(cells) == 1:
        return ((ax + cells[0][0], ay + cells[0][1]),)
    return tuple((ax + c[0], ay + c[1]) for c in cells)


def _top_wall(terrain: Terrain, line: _Line, shift: int, orientation: int, solid: bool) -> int:
    """The mask bit of the far wall (or wall squeeze) nearest the target, or -1 when there is none."""
    hits = []
    if line.far:
        board = terrain.boards.get((orientation, solid, 0))
        if board is None:
            board = terrain.walls(orientation, solid)
        hits.append((board >> shift) & line.far)
    for delta, mask in line.far_squeezes:
        board = terrain.boards.get((orientation, solid, delta))
        if board is None:
            board = terrain.walls(orientation, solid, delta)
        hits.append((board >> shift) & mask)
    if line.ordered:
        return max(hit.bit_length() for hit in hits) - 1
    top, best = -1, 0
    for hit in hits:
        while hit:
            bit = hit.bit_length() - 1
            hit ^= 1 << bit
            rank = line.cells_at[bit][1]
            if top < 0 or rank > best:
                top, best = bit, rank
    return top


def cover_from(terrain: Terrain, attacker: Coord, targets: Iterable[Coord], *,
               reach: int | None = 1) -> dict[Coord, CoverResult]:
    """Cover of every target against one attacker (an overlay while the GM picks a target)."""
    return {t: cover_between(terrain, attacker, t, reach=reach) for t in targets}


def line_of_sight(terrain: Terrain, a: Coord, b: Coord) -> bool:
    """Whether nothing of total cover stands between a and b (symmetric)."""
    return cover_between(terrain, a, b).line_of_sight
