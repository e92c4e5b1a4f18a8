"""Health as the players see it: a word (unhurt, wounded, badly wounded, down), and per side the GM's choice of how
much more or less the players' screen tells (numbers, coloured or plain words, damage taken, nothing)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from crisis_desktop.rules.base import BarRole, ResourceSpec, StateRole
from crisis_desktop.ui.player_display.health_modes import HealthMode

UNHURT, WOUNDED, BADLY_WOUNDED, DOWN = "unhurt", "wounded", "badly wounded", "down"
WORDS = (UNHURT, WOUNDED, BADLY_WOUNDED, DOWN)
# A strain-like track (BarRole.DOWN_TOO) in words: none taken says nothing, as a fresh fighter shows no chip.
STRAINED, BADLY_STRAINED, SPENT = "strained", "badly strained", "spent"


def taken(bar: ResourceSpec) -> int:
    """How much of the bar is used up, whichever way the rules count it."""
    left = bar.current if bar.lower_is_worse else bar.maximum - bar.current
    return max(0, bar.maximum - left)


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


def bar_word(standing: StateRole, bar: ResourceSpec | None) -> str:
    """health_word of a bar counted either way (left, or taken against a threshold)."""
    if bar is None:
        return health_word(standing, None, None)
    return health_word(standing, bar.maximum - taken(bar), bar.maximum)


def strain_word(bar: ResourceSpec) -> str:
    """A strain-like track as a word: "" while none is taken, then strained, badly strained, spent."""
    used = taken(bar)
    if used <= 0 or bar.maximum <= 0:
        return ""
    if used >= bar.maximum:
        return SPENT
    return BADLY_STRAINED if 2 * used >= bar.maximum else STRAINED


def health_bar(bars: Sequence[ResourceSpec]) -> ResourceSpec | None:
    """The bar the words are about: the one the rules declare as health."""
    return next((bar for bar in bars if bar.role is BarRole.HEALTH), None)


def numbers(bar: ResourceSpec) -> str:
    """A bar's numbers as its sheet counts them: "Health 21/24", "Strain 3/12"."""
    return f"{bar.short or bar.label} {bar.current}/{bar.maximum}"


@dataclass(frozen=True)
class Shown:
    """What one row tells the players of its health under a mode."""

    word: str = ""        # the health word ("" when hidden): its colour is the word's in a coloured mode
    text: str = ""        # what the row says in large type ("wounded", "7 damage")
    coloured: bool = False
    details: str = ""     # the smaller line: numbers of the bars shown, a strain word


def shown(mode: HealthMode, standing: StateRole, bars: Sequence[ResourceSpec]) -> Shown:
    """What the players see of one fighter's health under `mode`: the Health bar, and a strain-like track (as
    words, or as numbers in the numbers mode)."""
    if mode is HealthMode.HIDDEN:
        return Shown()
    bar = health_bar(bars)
    word = bar_word(standing, bar)
    strain = [b for b in bars if b.role is BarRole.DOWN_TOO]
    if mode is HealthMode.NUMBERS:
        details = " · ".join(numbers(b) for b in ([bar] if bar is not None else []) + strain)
        return Shown(word, word, True, details)
    details = " · ".join(w for w in (strain_word(b) for b in strain) if w)
    if mode is HealthMode.DAMAGE:
        damage = taken(bar) if bar is not None else 0
        text = f"{damage} damage" if damage else word
        if word == DOWN and damage:
            text = f"down · {damage} damage"
        return Shown(word, text, True, details)
    return Shown(word, word, mode is HealthMode.COLOURED, details)


def told_bars(bars: Sequence[ResourceSpec]) -> list[ResourceSpec]:
    """The bars the players are told the numbers of: health, and any other track that puts a character down when it
    runs out (genesys strain)."""
    return [bar for bar in bars if bar.role in (BarRole.HEALTH, BarRole.DOWN_TOO)]
