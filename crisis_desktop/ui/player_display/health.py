"""Health as a word for the players (no numbers): unhurt, wounded, badly wounded, down."""

from __future__ import annotations

from collections.abc import Sequence

from crisis_desktop.rules.base import BarRole, ResourceSpec, StateRole

UNHURT, WOUNDED, BADLY_WOUNDED, DOWN = "unhurt", "wounded", "badly wounded", "down"
WORDS = (UNHURT, WOUNDED, BADLY_WOUNDED, DOWN)


def health_word(standing: StateRole, current: int | None, maximum: int | None) -> str:
    """The word the players see, from the rules' state and the Health bar.

    Thresholds: any state in which the character cannot fight (incapacitated, dying, dead) or Health at
    0 or below is "down";
    full Health (or no Health bar at all) is "unhurt"; at least half of it is "wounded"; less than
    half is "badly wounded".
    """
    if standing is not StateRole.FIGHTING:
        return DOWN
    if current is None or maximum is None or maximum <= 0:
        return UNHURT
    if current <= 0:
        return DOWN
    if current >= maximum:
        return UNHURT
    return WOUNDED if 2 * current >= maximum else BADLY_WOUNDED


def health_bar(bars: Sequence[ResourceSpec]) -> ResourceSpec | None:
    """The bar the words are about: the one the rules declare as health."""
    return next((bar for bar in bars if bar.role is BarRole.HEALTH), None)


def told_bars(bars: Sequence[ResourceSpec]) -> list[ResourceSpec]:
    """The bars the players are told the numbers of: health, and any other track that puts a character down when it
    runs out (genesys strain)."""
    return [bar for bar in bars if bar.role in (BarRole.HEALTH, BarRole.DOWN_TOO)]
