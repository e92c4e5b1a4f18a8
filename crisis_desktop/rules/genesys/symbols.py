"""The six narrative symbols drawn as glyphs (rules/kernel/glyphs.py): success, advantage, triumph, failure, threat,
despair.

Shapes after the printed dice, simplified to read at 16 pixels: success a star with a long cross, failure a bold
saltire, advantage an arrowhead up and threat one down, triumph a sun (a ring with rays), despair a ring around a
three-pointed star pointing down. The positive symbols point up, the negative ones down.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from types import MappingProxyType

from crisis_desktop.rules.genesys.narrative import ADVANTAGE, DESPAIR, FAILURE, SUCCESS, THREAT, TRIUMPH
from crisis_desktop.rules.kernel.glyphs import Glyph, burst, circle


def _success() -> Glyph:
    return Glyph(SUCCESS, (burst(0.5, 0.5, [0.5, 0.16, 0.32, 0.16] * 4),))


def _failure() -> Glyph:
    return Glyph(FAILURE, (burst(0.5, 0.5, [0.5, 0.16] * 4, turn=1 / 8),))


def _advantage() -> Glyph:
    return Glyph(ADVANTAGE, (((0.5, 0.04), (0.96, 0.9), (0.5, 0.62), (0.04, 0.9)),))


def _threat() -> Glyph:
    return Glyph(THREAT, (((0.5, 0.96), (0.04, 0.1), (0.5, 0.38), (0.96, 0.1)),))


def _triumph() -> Glyph:
    rays = burst(0.5, 0.5, [0.5, 0.34] * 10)
    return Glyph(TRIUMPH, (rays, circle(0.5, 0.5, 0.22), circle(0.5, 0.5, 0.1)))


def _despair() -> Glyph:
    star = burst(0.5, 0.5, [0.3, 0.1] * 3, turn=1 / 2)
    return Glyph(DESPAIR, (circle(0.5, 0.5, 0.5), circle(0.5, 0.5, 0.4), star))


@cache
def glyphs() -> Mapping[str, Glyph]:
    """Every symbol's glyph, in the order results list them: success, advantage, triumph, failure, threat,
    despair."""
    return MappingProxyType({g.name: g for g in (_success(), _advantage(), _triumph(), _failure(), _threat(),
                                                 _despair())})
