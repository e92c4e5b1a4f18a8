"""Cover for many attacker and target pairs at once, vectorised with numpy (imported on first use only)."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import chain
from typing import TYPE_CHECKING, Any, NamedTuple

from crisis_desktop.rules.base.values import CoverLevel
from crisis_desktop.rules.kernel.geometry.cover import CoverResult, cover_between, describe_cover
from crisis_desktop.rules.kernel.geometry.grid import HEX_DIRECTIONS, Coord, offset_to_cube
from crisis_desktop.rules.kernel.geometry.terrain import COVER_STEPS, TOTAL, Terrain

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    Ints = NDArray[np.int64]

# Keys packed into one integer: cover level (0..3) above the candidate's position on the line.
ORDER_BITS = 24
ORDER_MASK = (1 << ORDER_BITS) - 1
FIRST_CHUNK = 16    # columns of the first chunk of the scan from the target
MARGIN = 2          # table cells around the map: hex squeezes reach one cell past its jagged edge


class CoverSummary(NamedTuple):
    """The fields of a CoverResult without the traced line (building 2,500 traces would cost more than the cover).

    `full(terrain)` recomputes the complete CoverResult of this pair, with the line, for an overlay.
    """

    attacker: Coord
    target: Coord
    line_of_sight: bool
    terrain: CoverLevel
    terrain_pierced: CoverLevel
    source: tuple[Coord, ...]
    source_pierced: tuple[Coord, ...]
    reach: int | None

    @property
    def pierced(self) -> bool:
        return self.terrain_pierced is not self.terrain

    @property
    def reason(self) -> str:
        return describe_cover(self.terrain, self.source)

    def full(self, terrain: Terrain) -> CoverResult:
        return cover_between(terrain, self.attacker, self.target, reach=self.reach)


def cover_many(terrain: Terrain, attackers: Sequence[Coord], targets: Sequence[Coord], *,
               reach: int | None = 1) -> list[list[CoverSummary]]:
    """Cover of every target against every attacker: `result[i][j]` is targets[j] against attackers[i].

    Every field equals `cover_between(terrain, attackers[i], targets[j], ...)`.
    """
    import numpy as np

    attackers, targets = list(attackers), list(targets)
    if not attackers or not targets:
        return [[] for _ in attackers]
    pa = np.array(attackers, dtype=np.int64).reshape(-1, 2)
    pt = np.array(targets, dtype=np.int64).reshape(-1, 2)
    count_t = len(targets)
    ax, ay = np.repeat(pa[:, 0], count_t), np.repeat(pa[:, 1], count_t)
    tx, ty = np.tile(pt[:, 0], len(attackers)), np.tile(pt[:, 1], len(attackers))
    solver = _Hex(terrain, ax, ay, tx, ty) if terrain.is_hex else _Square(terrain, ax, ay, tx, ty)
    key_l, key_a = solver.solve(reach)
    level, after = key_l >> ORDER_BITS, key_a >> ORDER_BITS
    pos_l, pos_a = key_l & ORDER_MASK, key_a & ORDER_MASK
    src_l = solver.sources(pos_l, level > 0, reach)
    # Mostly the same candidate gives both: name its cells once.
    same = (level > 0) & (pos_a == pos_l)
    src_a = solver.sources(pos_a, (after > 0) & ~same, reach)
    for j in np.flatnonzero(same).tolist():
        src_a[j] = src_l[j]
    steps = COVER_STEPS
    out: list[CoverSummary] = []
    make = CoverSummary._make
    pairs = zip(ax.tolist(), ay.tolist(), tx.tolist(), ty.tolist(), level.tolist(), after.tolist(), src_l, src_a,
                strict=True)
    for x0, y0, x1, y1, lv, af, s_l, s_a in pairs:
        out.append(make(((x0, y0), (x1, y1), lv < TOTAL, steps[lv], steps[af], s_l, s_a, reach)))
    return [out[i:i + count_t] for i in range(0, len(out), count_t)]


def _tables(terrain: Terrain, xs: list[int], ys: list[int]) -> tuple[Any, Any, int, int, int]:
    """(codes, walls, stride, x0, y0): the painted cells as flat arrays over a box holding the map and all points.

    codes: 4 * level + pierced level of each cell (a squeeze's lower cover is the lower code, as the pierced
    level is the level or one less). walls: the codes of total cover only, the cells that count beyond `reach`.
    Cached on the terrain per box. Hex tables are indexed by axial (q, r) = (x - y // 2, y) instead of (x, y):
    lines are straight in axial coordinates, so a line's cells are base + a * k + b * i in the flat table.
    """
    import numpy as np

    grid = terrain.grid
    lo_x, hi_x = min(min(xs), 0), max(max(xs), grid.width - 1)
    lo_y, hi_y = min(min(ys), 0), max(max(ys), grid.height - 1)
    if terrain.is_hex:
        lo_x, hi_x = lo_x - (hi_y >> 1), hi_x - (lo_y >> 1)
    key = (lo_x, hi_x, lo_y, hi_y)
    found = terrain.tables.get(key)
    if found is not None:
        return found
    x0, y0 = lo_x - MARGIN, lo_y - MARGIN
    stride = hi_x - lo_x + 1 + 2 * MARGIN
    size = stride * (hi_y - lo_y + 1 + 2 * MARGIN)
    codes = np.zeros(size, dtype=np.int8)
    walls = np.zeros(size, dtype=np.int8)
    if terrain.levels:
        # fromiter over the flattened pairs is about twice as fast as np.array of a list of tuples.
        count = 2 * len(terrain.levels)
        cells = np.fromiter(chain.from_iterable(terrain.levels), dtype=np.int64, count=count).reshape(-1, 2)
        values = np.fromiter(chain.from_iterable(terrain.levels.values()), dtype=np.int8, count=count).reshape(-1, 2)
        cx, cy = cells[:, 0], cells[:, 1]
        if terrain.is_hex:
            cx = cx - (cy >> 1)
        flat = (cy - y0) * stride + (cx - x0)
        code = 4 * values[:, 0] + values[:, 1]
        codes[flat] = code
        walls[flat] = np.where(values[:, 0] == TOTAL, code, 0)
    if len(terrain.tables) > 4:
        terrain.tables.clear()          # tokens off the map make odd boxes: keep only a few
    result = (codes, walls, stride, x0, y0)
    terrain.tables[key] = result
    return result


class _Lines:
    """Every pair's line in a canonical frame: columns u = 0..n from the attacker, up to two candidates per column.

    A candidate is a passed cell or a squeeze (two cells, the lower cover counts). Candidates are numbered
    2u + slot in the order the line meets them, which is also the order of their projection on the line:
    among equal levels the highest number, the one nearest the target, wins (as in cover_between).
    Column 0 holds the attacker's cell, column n only the target's.
    """

    n: Ints
    n32: Any
    codes: Any
    walls: Any
    pierced_wall: int     # the terrain's level of a wall once pierced

    def columns(self, sel: Any, u: Any, table: Any, reach: int | None = None) -> tuple[Any, Any]:
        """Table values of slots 0 and 1 of columns u (2-D, one row per pair of the index array `sel`); 0 where a
        slot is empty or, given `reach`, beyond reach of the target."""
        raise NotImplementedError

    def sources(self, pos: Ints, found: Any, reach: int | None) -> list[tuple[Coord, ...]]:
        """The cells (one, or two for a squeeze) of candidate `pos` of each pair where `found`, else ()."""
        raise NotImplementedError

    def block(self, sel: Any, u: Any, table: Any) -> tuple[Any, Any]:
        """The fast path of `columns` for the scan: columns 1 <= u < n, int32 arithmetic, int8 values."""
        raise NotImplementedError

    def solve(self, reach: int | None) -> tuple[Ints, Ints]:
        """Per pair, the best (level << ORDER_BITS | candidate) before and after the firearms step, 0 for none."""
        import numpy as np

        keys = self.scan(np.flatnonzero(self.n >= 2), self.codes if reach is None else self.walls, reach is not None)
        live = np.flatnonzero(self.n >= 1)
        # Slot 1 of column 0: a square line may leave the attacker's cell exactly through a corner.
        # Within reach, read the last columns again with every level (beyond it only walls count).
        extra: list[tuple[Any, Any, Any, int | None]] = [
            (live, np.zeros((len(live), 1), dtype=np.int64), self.codes if reach is None else self.walls, None)]
        if reach is not None:
            n = self.n[live, None]
            extra.append((live, np.clip(n - reach - 1 + np.arange(reach + 1)[None, :], 0, n - 1), self.codes, reach))
        for sel, u, table, near in extra:
            v0, v1 = (v.astype(np.int64) for v in self.columns(sel, u, table, near))
            v0 = np.where(u >= 1, v0, 0)                # slot 0 of column 0 is the attacker's own cell
            pos = 2 * u
            for key, part in zip(keys, ((v0 >> 2, v1 >> 2), (v0 & 3, v1 & 3)), strict=True):
                found = np.maximum(((part[0] << ORDER_BITS) | pos).max(axis=1),
                                   ((part[1] << ORDER_BITS) | (pos + 1)).max(axis=1))
                key[sel] = np.maximum(key[sel], found)
        key_l, key_a = keys
        # A key below 1 << ORDER_BITS is a position without a level: no cover.
        key_l[key_l < (1 << ORDER_BITS)] = 0
        key_a[key_a < (1 << ORDER_BITS)] = 0
        return key_l, key_a

    def scan(self, live: Any, table: Any, walls_only: bool) -> tuple[Ints, Ints]:
        """The best candidates of columns 1..n-1 read from `table`, walking from the target towards the attacker.

        Chunks of columns double in width; a pair stops at its first wall bullets cannot pass: nothing beyond it
        can beat it, before or after the firearms step. Most lines on a built-up map stop within a few dozen cells.
        Keys of later chunks only replace a pair's key at a higher level (np.maximum: nearer candidates have
        higher numbers).
        """
        import numpy as np

        count = len(self.n)
        key_l, key_a = np.zeros(count, dtype=np.int64), np.zeros(count, dtype=np.int64)
        active = live
        lo, width = 0, FIRST_CHUNK
        solid_code = 4 * TOTAL + TOTAL
        while len(active):
            n = self.n32[active, None]
            u = np.maximum(n - 1 - np.arange(lo, lo + width, dtype=np.int32)[None, :], 1)
            v0, v1 = self.block(active, u, table)
            rows = np.arange(len(active))
            if walls_only:
                # Beyond reach only walls count: the first wall is the best before the firearms step, and the first
                # solid one after it (else the first wall, as heavy cover).
                both = np.maximum(v0, v1)
                first_wall, first_solid = (both > 0).argmax(axis=1), (both == solid_code).argmax(axis=1)
                wall, solid = both[rows, first_wall] > 0, both[rows, first_solid] == solid_code
                pos_wall = 2 * u[rows, first_wall] + (v1[rows, first_wall] > 0)
                pos_solid = 2 * u[rows, first_solid] + (v1[rows, first_solid] == solid_code)
                found_l = np.where(wall, (TOTAL << ORDER_BITS) | pos_wall, 0)
                found_a = np.where(solid, (TOTAL << ORDER_BITS) | pos_solid,
                                   np.where(wall, (self.pierced_wall << ORDER_BITS) | pos_wall, 0))
            else:
                found = []
                for col, slot1 in ((np.maximum(v0, v1) >> 2, v1 >> 2), (np.maximum(v0 & 3, v1 & 3), v1 & 3)):
                    top = col.max(axis=1)
                    j = (col == top[:, None]).argmax(axis=1)        # the first column from the target at that level
                    pos = 2 * u[rows, j] + (slot1[rows, j] == top)
                    found.append(np.where(top > 0, (top.astype(np.int64) << ORDER_BITS) | pos, 0))
                found_l, found_a = found
            key_l[active] = np.maximum(key_l[active], found_l)
            key_a[active] = np.maximum(key_a[active], found_a)
            done = ((key_a[active] >> ORDER_BITS) == TOTAL) | (n[:, 0] - lo - width <= 1)
            active = active[~done]
            lo, width = lo + width, 2 * width
        return key_l, key_a

class _Square(_Lines):
    """Square lines folded into the octant |minor| <= |major|: column u of the major axis holds minor rows
    first..last (one or two cells), and the line may leave the column exactly through a corner (a squeeze
    between (u + 1, first) and (u, first + 1))."""

    def __init__(self, terrain: Terrain, ax: Ints, ay: Ints, tx: Ints, ty: Ints) -> None:
        import numpy as np

        self.pierced_wall = terrain.pierced_wall
        self.codes, self.walls, stride, x0, y0 = _tables(terrain, [*ax.tolist(), *tx.tolist()],
                                                         [*ay.tolist(), *ty.tolist()])
        dx, dy = tx - ax, ty - ay
        nx, ny = np.abs(dx), np.abs(dy)
        self.swap = ny > nx
        self.n, self.m = np.maximum(nx, ny), np.minimum(nx, ny)
        self.sx, self.sy = np.where(dx < 0, -1, 1), np.where(dy < 0, -1, 1)
        # Flat table steps along the major axis (cu) and the minor one (cv).
        self.cu = np.where(self.swap, self.sy * stride, self.sx)
        self.cv = np.where(self.swap, self.sx, self.sy * stride)
        self.base = (ay - y0) * stride + (ax - x0)
        self.ax, self.ay = ax, ay
        self.n32, self.m32, self.cu32, self.cv32, self.base32 = _int32(self.n, self.m, self.cu, self.cv, self.base)

    def block(self, sel: Any, u: Any, table: Any) -> tuple[Any, Any]:
        import numpy as np

        n, m = self.n32[sel, None], self.m32[sel, None]
        cu, cv = self.cu32[sel, None], self.cv32[sel, None]
        # (s - 1) = 2n last + rest, with s as in `rows`; first is one less when a row boundary lies inside.
        last, rest = np.divmod(u * (2 * m) + (m + n - 1), 2 * n)
        first = last - (rest < 2 * m - 1)
        f0 = (self.base32[sel, None] + cu * u) + cv * first
        v0 = np.take(table, f0)              # np.take: much faster than indexing with an array
        beside = np.take(table, f0 + cv)
        v1 = beside * (last > first)
        corner = rest == 2 * n - 1
        if corner.any():
            at = np.nonzero(corner)
            v1[at] = np.minimum(beside[at], np.take(table, f0[at] + cu[at[0], 0]))
        return v0, v1

    def rows(self, sel: Any, u: Any) -> tuple[Any, Any, Any]:
        """(first, last, corner) of columns u. In half cells the line enters column u at minor (2u - 1) m / 2n and
        leaves it at (2u + 1) m / 2n; a corner is an exit at an odd number of half cells."""
        n, m = self.n[sel, None], self.m[sel, None]
        s = (2 * u + 1) * m + n
        two_n = 2 * n
        first = (s - 2 * m) // two_n
        last = (s - 1) // two_n
        corner = (s % two_n == 0) & (u < n)
        return first, last, corner

    def columns(self, sel: Any, u: Any, table: Any, reach: int | None = None) -> tuple[Any, Any]:
        import numpy as np

        first, last, corner = self.rows(sel, u)
        cu, cv = self.cu[sel, None], self.cv[sel, None]
        f0 = self.base[sel, None] + cu * u + cv * first
        v0 = table[f0]
        beside = table[f0 + cv]               # (u, first + 1): the second cell, or one side of the squeeze
        two = last > first
        v1 = np.where(two, beside, np.where(corner, np.minimum(beside, table[f0 + cu]), 0))
        if reach is not None:
            n, m = self.n[sel, None], self.m[sel, None]
            near0 = np.maximum(n - u, np.abs(m - first)) <= reach
            near1 = np.maximum(n - u, np.abs(m - first - 1)) <= reach
            near1 |= corner & (np.maximum(n - u - 1, np.abs(m - first)) <= reach)
            v0, v1 = np.where(near0, v0, 0), np.where(near1, v1, 0)
        return v0, v1

    def sources(self, pos: Ints, found: Any, reach: int | None) -> list[tuple[Coord, ...]]:
        import numpy as np

        out: list[tuple[Coord, ...]] = [()] * len(pos)
        sel = np.flatnonzero(found)
        if not len(sel):
            return out
        u, slot = pos[sel] >> 1, pos[sel] & 1
        first, last, corner = (a[:, 0] for a in self.rows(sel, u[:, None]))
        squeeze = (slot == 1) & (last == first)
        v = first + slot
        # cover_between names a squeeze's cells as the trace does: first the one beside the cell before it along
        # x, which is the major axis unless the axes were swapped.
        swap = self.swap[sel]
        ua, va = np.where(squeeze & ~swap, u + 1, u), np.where(squeeze & ~swap, first, v)
        ub, vb = np.where(swap, u + 1, u), np.where(swap, first, first + 1)
        xa, ya = self._actual(sel, ua, va)
        xb, yb = self._actual(sel, ub, vb)
        rows = zip(sel.tolist(), xa.tolist(), ya.tolist(), xb.tolist(), yb.tolist(), squeeze.tolist(), strict=True)
        for j, a_x, a_y, b_x, b_y, sq in rows:
            out[j] = ((a_x, a_y), (b_x, b_y)) if sq else ((a_x, a_y),)
        return out

    def _actual(self, sel: Any, u: Any, v: Any) -> tuple[Any, Any]:
        import numpy as np

        swap = self.swap[sel]
        du, dv = np.where(swap, v, u), np.where(swap, u, v)
        return self.ax[sel] + self.sx[sel] * du, self.ay[sel] + self.sy[sel] * dv


class _Hex(_Lines):
    """Hex lines turned by a symmetry of the grid into the wedge between a hex direction and the next diagonal.

    There the line crosses rows k = 0..p of cells k e1 + i w (e1 = (1, -1, 0), w = (0, 1, -1) in cube
    coordinates) at 60 to 90 degrees, so it passes one or two cells of each row, i_in then i_out, or runs
    exactly along the edge between them (a squeeze, only on the exact diagonal). With the target at
    (p, p - m) and g = p - 2m, i_in = ceil(((3k - 1) g + 3p (k - 1)) / 6p) and
    i_out = floor(((3k + 1) g + 3p (k + 1)) / 6p): where the line crosses the row's band of straight edges.
    """

    def __init__(self, terrain: Terrain, ax: Ints, ay: Ints, tx: Ints, ty: Ints) -> None:
        import numpy as np

        self.pierced_wall = terrain.pierced_wall
        self.codes, self.walls, stride, q0, r0 = _tables(terrain, [*ax.tolist(), *tx.tolist()],
                                                         [*ay.tolist(), *ty.tolist()])
        aq, tq = ax - (ay >> 1), tx - (ty >> 1)
        d = np.stack([tq - aq, ty - ay, (aq + ay) - (tq + ty)])          # cube delta, one column per pair
        cols = np.arange(d.shape[1])
        big = np.argmax(np.abs(d), axis=0)
        sign = np.where(d[big, cols] < 0, -1, 1)
        other1, other2 = (big + 1) % 3, (big + 2) % 3
        second = np.where(np.abs(d[other1, cols]) >= np.abs(d[other2, cols]), other1, other2)
        third = 3 - big - second
        self.n = self.p = sign * d[big, cols]
        self.m = -sign * d[second, cols]
        self.g = self.p - 2 * self.m
        # Canonical cell (k, i) is cube (k, i - k, -i); actual cube components big, second, third are sign times
        # the canonical first, second and third. The coefficients of k and i in actual q and r:
        coef_k = np.zeros((3, d.shape[1]), dtype=np.int64)
        coef_i = np.zeros((3, d.shape[1]), dtype=np.int64)
        coef_k[big, cols], coef_k[second, cols] = sign, -sign
        coef_i[second, cols], coef_i[third, cols] = sign, -sign
        self.qk, self.qi, self.rk, self.ri = coef_k[0], coef_i[0], coef_k[1], coef_i[1]
        self.cu = self.rk * stride + self.qk
        self.cv = self.ri * stride + self.qi
        self.base = (ay - r0) * stride + (aq - q0)
        self.aq, self.ar, self.tx, self.ty, self.d = aq, ay, tx, ty, d
        self.n32, self.p32, self.g32, self.cu32, self.cv32, self.base32 = _int32(self.n, self.p, self.g, self.cu,
                                                                                 self.cv, self.base)
        self.diagonals = bool((self.g == 0).any())

    def block(self, sel: Any, u: Any, table: Any) -> tuple[Any, Any]:
        import numpy as np

        p, g = self.p32[sel, None], self.g32[sel, None]
        six_p, c = 6 * p, g + 3 * p
        t = (3 * (g + p)) * u
        neg_in, i_out = (c - t) // six_p, (t + c) // six_p          # -i_in and i_out, as in `rows`
        cv = self.cv32[sel, None]
        f_in = (self.base32[sel, None] + self.cu32[sel, None] * u) - cv * neg_in
        a = np.take(table, f_in)
        diff = i_out + neg_in
        b = np.take(table, f_in + cv * diff)
        v1 = b * (diff < 0)
        # Only exact diagonals (g == 0) squeeze: their i_out is past i_in on every other row.
        v0 = np.where(diff > 0, np.minimum(a, b), a) if self.diagonals else a
        return v0, v1

    def rows(self, sel: Any, k: Any) -> tuple[Any, Any]:
        p, g = self.p[sel, None], self.g[sel, None]
        six_p = 6 * p
        gk, pk = 3 * g * k, 3 * p * k
        return -((g + 3 * p - gk - pk) // six_p), (gk + g + pk + 3 * p) // six_p

    def columns(self, sel: Any, u: Any, table: Any, reach: int | None = None) -> tuple[Any, Any]:
        import numpy as np

        i_in, i_out = self.rows(sel, u)
        cv = self.cv[sel, None]
        f_in = self.base[sel, None] + self.cu[sel, None] * u + cv * i_in
        a = table[f_in]
        b = table[f_in + cv * (i_out - i_in)]
        squeeze = i_out > i_in
        v0 = np.where(squeeze, np.minimum(a, b), a)
        v1 = np.where(i_out < i_in, b, 0)
        if reach is not None:
            near_in, near_out = self._steps(sel, u, i_in) <= reach, self._steps(sel, u, i_out) <= reach
            v0 = np.where(near_in | (squeeze & near_out), v0, 0)
            v1 = np.where(near_out, v1, 0)
        return v0, v1

    def _steps(self, sel: Any, k: Any, i: Any) -> Any:
        import numpy as np

        p, m = self.p[sel, None], self.m[sel, None]
        return (np.abs(p - k) + np.abs(k - i - m) + np.abs(i + m - p)) // 2

    def sources(self, pos: Ints, found: Any, reach: int | None) -> list[tuple[Coord, ...]]:
        import numpy as np

        out: list[tuple[Coord, ...]] = [()] * len(pos)
        sel = np.flatnonzero(found)
        if not len(sel):
            return out
        k, slot = pos[sel] >> 1, pos[sel] & 1
        i_in, i_out = (a[:, 0] for a in self.rows(sel, k[:, None]))
        squeeze = (slot == 0) & (i_out > i_in)
        xa, ya = self._actual(sel, k, np.where(slot == 1, i_out, i_in))
        xb, yb = self._actual(sel, k, i_out)
        rows = zip(sel.tolist(), xa.tolist(), ya.tolist(), xb.tolist(), yb.tolist(), squeeze.tolist(), strict=True)
        for j, a_x, a_y, b_x, b_y, sq in rows:
            out[j] = self._squeeze_order(j, (a_x, a_y), (b_x, b_y), reach) if sq else ((a_x, a_y),)
        return out

    def _actual(self, sel: Any, k: Any, i: Any) -> tuple[Any, Any]:
        q = self.aq[sel] + self.qk[sel] * k + self.qi[sel] * i
        r = self.ar[sel] + self.rk[sel] * k + self.ri[sel] * i
        return q + (r >> 1), r

    def _squeeze_order(self, j: int, a: Coord, b: Coord, reach: int | None) -> tuple[Coord, Coord]:
        """The two cells of a squeeze in the order cover_between names them (rare: exact diagonals only).

        Within reach of the target it keeps the trace's order: first the cell beyond the lower-numbered hex
        direction from the cell before. Beyond reach it reads them off the wall bitboards: in the order of the
        rows, then the columns, as the line runs on screen.
        """
        dq, dr = int(self.d[0, j]), int(self.d[1, j])
        ca, cb = offset_to_cube(a), offset_to_cube(b)
        ct = offset_to_cube((int(self.tx[j]), int(self.ty[j])))
        if reach is not None and min(_cube_steps(ca, ct), _cube_steps(cb, ct)) > reach:
            xs, ys = (-1 if 2 * dq + dr < 0 else 1), (-1 if dr < 0 else 1)
            return (a, b) if (a[1] * ys, a[0] * xs) < (b[1] * ys, b[0] * xs) else (b, a)
        # The cell before is the common neighbour of both on the attacker's side.
        d = (dq, dr, -dq - dr)
        for index_a, na in enumerate(HEX_DIRECTIONS):
            before = (ca[0] - na[0], ca[1] - na[1], ca[2] - na[2])
            nb = (cb[0] - before[0], cb[1] - before[1], cb[2] - before[2])
            if nb in HEX_DIRECTIONS and _dot(na, d) > 0 and _dot(nb, d) > 0:
                return (a, b) if index_a < HEX_DIRECTIONS.index(nb) else (b, a)
        raise AssertionError("a squeeze lies between two neighbours of the cell before it")


def _int32(*arrays: Any) -> tuple[Any, ...]:
    """Per-pair numbers for the scan: int32 halves the memory traffic, and every value fits on any real map."""
    import numpy as np

    return tuple(a.astype(np.int32) for a in arrays)


def _cube_steps(a: tuple[int, int, int], b: tuple[int, int, int]) -> int:
    return (abs(a[0] - b[0]) + abs(a[1] - b[1]) + abs(a[2] - b[2])) // 2


def _dot(a: tuple[int, int, int], b: tuple[int, int, int]) -> int:
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
