"""How a die of symbols and its symbols look, as plain vector data in a unit box, and an SVG of them (no Qt).

A glyph is a set of closed outlines filled with the even-odd rule (a ring is two circles). A die is drawn in layers
(`die_layers`): its body in the die's colour, then each symbol its face shows in the die's ink. The GUI paints the
same layers with QPainter; `die_svg` and `symbols_svg` write them for sheets and exports.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from xml.sax.saxutils import escape, quoteattr

from crisis_desktop.rules.kernel.dice import DieKind, Face
from crisis_desktop.rules.kernel.tally import Tally

Point = tuple[float, float]
Outline = tuple[Point, ...]


class DieShape(StrEnum):
    """The outline a die is drawn as (a d6 as a square, a d8 as a diamond, a d12 as a hexagon)."""

    SQUARE = "square"
    DIAMOND = "diamond"
    HEXAGON = "hexagon"


@dataclass(frozen=True)
class Glyph:
    """A symbol as filled outlines in the unit box ((0, 0) top left, (1, 1) bottom right), even-odd filled."""

    name: str
    outlines: tuple[Outline, ...]


@dataclass(frozen=True)
class Layer:
    """One part of a drawing: outlines in the unit box filled with `fill` ("#rrggbb"; "" for the ink of the page,
    dark on light paper and light on dark), with a thin border in the page's ink where `border`."""

    outlines: tuple[Outline, ...]
    fill: str
    border: bool = False


# -- building outlines ---------------------------------------------------------------------------------------
def circle(cx: float, cy: float, r: float, points: int = 40) -> Outline:
    return tuple((cx + r * math.cos(2 * math.pi * i / points), cy + r * math.sin(2 * math.pi * i / points))
                 for i in range(points))


def burst(cx: float, cy: float, radii: Sequence[float], turn: float = 0.0) -> Outline:
    """A star: one point per radius, evenly around, the first straight up (turned by `turn` of a full circle)."""
    n = len(radii)
    return tuple((cx + r * math.sin(2 * math.pi * (i / n + turn)), cy - r * math.cos(2 * math.pi * (i / n + turn)))
                 for i, r in enumerate(radii))


def rounded_square(margin: float, radius: float, steps: int = 6) -> Outline:
    low, high = margin + radius, 1 - margin - radius
    corners = ((high, high, 0.0), (low, high, 0.25), (low, low, 0.5), (high, low, 0.75))
    return tuple((cx + radius * math.cos(2 * math.pi * (q + k / steps / 4)),
                  cy + radius * math.sin(2 * math.pi * (q + k / steps / 4)))
                 for cx, cy, q in corners for k in range(steps + 1))


def transform(outline: Outline, x: float, y: float, size: float) -> Outline:
    """An outline of the unit box drawn into the box of `size` whose top left is (x, y)."""
    return tuple((x + px * size, y + py * size) for px, py in outline)


# -- dice ----------------------------------------------------------------------------------------------------
SHAPES: dict[DieShape, Outline] = {
    DieShape.SQUARE: rounded_square(0.06, 0.12),
    DieShape.DIAMOND: ((0.5, 0.02), (0.98, 0.5), (0.5, 0.98), (0.02, 0.5)),
    DieShape.HEXAGON: burst(0.5, 0.5, [0.49] * 6),
}
# Where the symbols of a face go on each shape, by how many there are: boxes as (left, top, size) in the unit box.
_BOX = tuple[float, float, float]
_PLACES: dict[DieShape, dict[int, tuple[_BOX, ...]]] = {
    DieShape.SQUARE: {1: ((0.2, 0.2, 0.6),), 2: ((0.1, 0.3, 0.4), (0.5, 0.3, 0.4)),
                      4: ((0.15, 0.15, 0.34), (0.51, 0.15, 0.34), (0.15, 0.51, 0.34), (0.51, 0.51, 0.34))},
    DieShape.DIAMOND: {1: ((0.27, 0.27, 0.46),), 2: ((0.32, 0.13, 0.36), (0.32, 0.51, 0.36)),
                       4: ((0.27, 0.27, 0.23), (0.5, 0.27, 0.23), (0.27, 0.5, 0.23), (0.5, 0.5, 0.23))},
    DieShape.HEXAGON: {1: ((0.23, 0.23, 0.54),), 2: ((0.12, 0.31, 0.38), (0.5, 0.31, 0.38)),
                       4: ((0.17, 0.17, 0.33), (0.5, 0.17, 0.33), (0.17, 0.5, 0.33), (0.5, 0.5, 0.33))},
}


def drawn(kind: DieKind) -> bool:
    """Whether the rules say how this die looks (a shape and colours); one that does not is shown by its words."""
    return kind.shape in DieShape.__members__.values() and bool(kind.fill) and bool(kind.ink)


def face_boxes(shape: DieShape, count: int) -> tuple[_BOX, ...]:
    """Where `count` symbols go on a die of `shape` (up to four; more share the four places, drawn smaller)."""
    places = _PLACES[shape]
    if count <= 0:
        return ()
    if count in places:
        return places[count]
    if count == 3:
        return places[4][:3]
    columns = math.ceil(math.sqrt(count))
    first = places[4][0]
    span = 1 - 2 * first[0]
    size = span / columns
    return tuple((first[0] + (i % columns) * size, first[1] + (i // columns) * size, size) for i in range(count))


def die_layers(kind: DieKind, face: Face | None, glyphs: Mapping[str, Glyph]) -> list[Layer]:
    """A die drawn: its body in its colour, bordered, then each symbol its face shows (none for `face` None: the
    die as it stands in a pool before the roll). A symbol without a glyph is left out; a die the rules do not say
    how to draw (`drawn`) has no layers."""
    if not drawn(kind):
        return []
    shape = DieShape(kind.shape)
    layers = [Layer((SHAPES[shape],), kind.fill, border=True)]
    shown = [glyphs[s] for s in (face.printed() if face is not None else ()) if s in glyphs]
    for glyph, (x, y, size) in zip(shown, face_boxes(shape, len(shown)), strict=True):
        layers.append(Layer(tuple(transform(o, x, y, size) for o in glyph.outlines), kind.ink))
    return layers


def tally_symbols(tally: Tally, glyphs: Mapping[str, Glyph]) -> list[str]:
    """The symbols of a tally one by one, in the order the rules list their glyphs (success before advantage...);
    symbols without a glyph are left out."""
    return [symbol for symbol in glyphs for _ in range(max(0, tally.get(symbol)))]


def symbol_layers(symbols: Sequence[str], glyphs: Mapping[str, Glyph], fill: str = "") -> list[Layer]:
    """Symbols in a row, each in a unit box of its own: the first in (0..1), the next in (1..2)..."""
    return [Layer(tuple(transform(o, float(i), 0.0, 1.0) for o in glyphs[s].outlines), fill)
            for i, s in enumerate(symbols)]


def border_width(scale: float) -> float:
    """How thick a die's border is drawn at `scale` pixels to the unit box: enough to show at icon sizes."""
    return max(1.25, scale / 20)


# -- SVG -----------------------------------------------------------------------------------------------------
def _path(outlines: Iterable[Outline], scale: float) -> str:
    return " ".join("M " + " L ".join(f"{x * scale:.2f} {y * scale:.2f}" for x, y in outline) + " Z"
                    for outline in outlines)


def layers_svg(layers: Sequence[Layer], width: float, height: float, scale: float, ink: str = "#000000",
               title: str = "") -> str:
    """Layers as one SVG document `width` by `height` pixels, unit box scaled by `scale`; `ink` for "" fills and
    borders; `title` for screen readers and tooltips."""
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
             f'viewBox="0 0 {width:g} {height:g}" role="img">']
    if title:
        parts.append(f"<title>{escape(title)}</title>")
    for layer in layers:
        border = (f' stroke={quoteattr(ink)} stroke-width="{border_width(scale):.2f}" stroke-linejoin="round"'
                  if layer.border else "")
        parts.append(f'<path d="{_path(layer.outlines, scale)}" fill={quoteattr(layer.fill or ink)} '
                     f'fill-rule="evenodd"{border}/>')
    parts.append("</svg>")
    return "".join(parts)


def die_svg(kind: DieKind, face: Face | None, glyphs: Mapping[str, Glyph], size: float = 32,
            ink: str = "#000000") -> str:
    """A die (with the symbols of `face`, or blank for None) as an SVG `size` pixels square; ValueError for a die
    the rules do not say how to draw."""
    if not drawn(kind):
        raise ValueError(f"The rules do not say how the {kind.name} looks")
    title = kind.name + (f": {face.symbols.describe()}" if face is not None else "")
    return layers_svg(die_layers(kind, face, glyphs), size, size, size, ink, title)


def symbols_svg(symbols: Sequence[str], glyphs: Mapping[str, Glyph], size: float = 16, ink: str = "#000000",
                names: Mapping[str, str] | None = None) -> str:
    """Symbols in a row as an SVG `size` pixels high (a tally's net symbols through `tally_symbols`)."""
    unknown = [s for s in symbols if s not in glyphs]
    if unknown:
        raise ValueError(f"No glyph for {', '.join(unknown)}")
    title = Tally.of(*symbols).describe(names)
    return layers_svg(symbol_layers(symbols, glyphs), size * max(1, len(symbols)), size, size, ink, title)
