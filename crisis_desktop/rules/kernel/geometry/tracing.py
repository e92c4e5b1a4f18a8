"""Line tracing between cell centres: every cell the segment passes through, and the cell pairs it squeezes between.

The rule, the same on square and hex grids: the segment joins the two cell centres. A cell counts as
*passed* when the segment runs through its interior. Where the segment runs exactly along the boundary
between two cells (through a square corner, along a hex edge) it passes *between* them: that pair is a
*squeeze*, and neither cell is passed. A cell the segment only touches at one point is ignored.
Arithmetic is exact (integers), so A->B and B->A trace the same cells.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from crisis_desktop.rules.kernel.geometry.grid import HEX_DIRECTIONS, Coord, Cube, Grid, cube_to_offset, offset_to_cube

Squeeze = tuple[Coord, Coord]


@dataclass(frozen=True)
class Trace:
    """`cells`: passed cells from the attacker's to the target's, both included. Consecutive cells are
    neighbours, except across a hex squeeze (the step jumps over the edge between the squeeze's two cells).
    `squeezes`: the pairs the line passes exactly between, in order from the attacker."""

    cells: tuple[Coord, ...]
    squeezes: tuple[Squeeze, ...] = ()


@lru_cache(maxsize=8192)
def square_trace(dx: int, dy: int) -> Trace:
    """The trace from (0, 0) to (dx, dy) on a square grid (translate it to any start)."""
    nx, ny = abs(dx), abs(dy)
    sx = 1 if dx > 0 else -1
    sy = 1 if dy > 0 else -1
    x = y = ix = iy = 0
    cells: list[Coord] = [(0, 0)]
    squeezes: list[Squeeze] = []
    # In units where a cell is 2 wide and centres sit on odd numbers, the segment crosses its ix-th
    # vertical line at t = (2 ix + 1) / (2 nx) and its iy-th horizontal line at (2 iy + 1) / (2 ny);
    # comparing the cross-multiplied numerators keeps everything in integers.
    while ix < nx or iy < ny:
        d = (1 + 2 * ix) * ny - (1 + 2 * iy) * nx
        if d == 0:
            # Exactly through a corner: between the two side cells, into the diagonal one.
            squeezes.append(((x + sx, y), (x, y + sy)))
            x += sx
            y += sy
            ix += 1
            iy += 1
        elif d < 0:
            x += sx
            ix += 1
        else:
            y += sy
            iy += 1
        cells.append((x, y))
    return Trace(tuple(cells), tuple(squeezes))


def _dot(a: Cube, b: Cube) -> int:
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


@lru_cache(maxsize=8192)
def _hex_cube_trace(dq: int, dr: int) -> tuple[tuple[Cube, ...], tuple[tuple[Cube, Cube], ...]]:
    """The trace from cube (0, 0, 0) to (dq, dr, -dq-dr), in cube coordinates.

    Cube coordinates are a similarity of the hex plane, so the boundary between cell C and its neighbour
    C + n is the bisector (P - C) . n = |n|^2 / 2 = 1. The segment P(t) = t D leaves C through the bisector
    it meets first, at t = (1 + C . n) / (D . n), over the neighbours with D . n > 0.
    """
    target: Cube = (dq, dr, -dq - dr)
    ahead = [(n, _dot(target, n)) for n in HEX_DIRECTIONS if _dot(target, n) > 0]
    cur: Cube = (0, 0, 0)
    cells: list[Cube] = [cur]
    squeezes: list[tuple[Cube, Cube]] = []
    while cur != target:
        best: list[Cube] = []
        best_num, best_den = 0, 1
        for n, den in ahead:
            num = 1 + _dot(cur, n)
            if not best or num * best_den < best_num * den:
                best, best_num, best_den = [n], num, den
            elif num * best_den == best_num * den:
                best.append(n)
        if len(best) == 1:
            n = best[0]
            cur = (cur[0] + n[0], cur[1] + n[1], cur[2] + n[2])
        else:
            # Out through a corner shared with neighbours n1 and n2: which side of their common edge?
            n1, n2 = best
            side = _dot(target, (n2[0] - n1[0], n2[1] - n1[1], n2[2] - n1[2]))
            c1 = (cur[0] + n1[0], cur[1] + n1[1], cur[2] + n1[2])
            c2 = (cur[0] + n2[0], cur[1] + n2[1], cur[2] + n2[2])
            if side > 0:
                cur = c2
            elif side < 0:
                cur = c1
            else:
                # Along that edge: between c1 and c2, into the cell beyond both.
                squeezes.append((c1, c2))
                cur = (cur[0] + n1[0] + n2[0], cur[1] + n1[1] + n2[1], cur[2] + n1[2] + n2[2])
        cells.append(cur)
    return tuple(cells), tuple(squeezes)


@lru_cache(maxsize=8192)
def hex_trace(dq: int, dr: int, odd_row: bool) -> Trace:
    """The trace from offset (0, 1 if odd_row else 0) by cube delta (dq, dr), relative to that start.

    Odd-r offsets only translate by a cube vector when the row shift is even, so the start's row
    parity is part of the key.
    """
    start = (0, 1 if odd_row else 0)
    sq, sr, ss = offset_to_cube(start)

    def rel(c: Cube) -> Coord:
        x, y = cube_to_offset((sq + c[0], sr + c[1], ss + c[2]))
        return x - start[0], y - start[1]

    cubes, squeezes = _hex_cube_trace(dq, dr)
    return Trace(tuple(rel(c) for c in cubes), tuple((rel(a), rel(b)) for a, b in squeezes))


def relative_trace(grid: Grid, a: Coord, b: Coord) -> Trace:
    """The trace from a to b with every cell given relative to a (shared by all pairs with the same offset)."""
    if grid.hex:
        ca, cb = offset_to_cube(a), offset_to_cube(b)
        return hex_trace(cb[0] - ca[0], cb[1] - ca[1], bool(a[1] & 1))
    return square_trace(b[0] - a[0], b[1] - a[1])


def trace(grid: Grid, a: Coord, b: Coord) -> Trace:
    """Every cell the segment between the centres of a and b passes through, and the pairs it squeezes between."""
    rel = relative_trace(grid, a, b)
    ax, ay = a
    return Trace(tuple((ax + x, ay + y) for x, y in rel.cells),
                 tuple(((ax + p[0], ay + p[1]), (ax + q[0], ay + q[1])) for p, q in rel.squeezes))
