"""The GM's choice, per side, of how health shows on the players' screen (kept light: the View menu is built at
start-up, before any rules are loaded)."""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum


class HealthMode(StrEnum):
    """How one side's health shows on the players' screen, as established trackers offer it."""

    NUMBERS = "numbers"          # the word in colour and the bars' numbers ("Health 21/24")
    COLOURED = "coloured words"  # the word in colour
    WORDS = "plain words"        # the word, in the text's own colour
    DAMAGE = "damage taken"      # how much was taken ("7 damage"), in the word's colour
    HIDDEN = "hidden"            # nothing at all

    @property
    def label(self) -> str:
        return {HealthMode.NUMBERS: "Actual numbers", HealthMode.COLOURED: "Coloured words",
                HealthMode.WORDS: "Plain words", HealthMode.DAMAGE: "Damage taken",
                HealthMode.HIDDEN: "Hidden"}[self]


SIDES = (("party", "Party"), ("enemies", "Enemies"), ("neutral", "Neutrals"))
# The players know their own sheets; of the others they see how hurt they look.
DEFAULT_MODES: dict[str, HealthMode] = {"party": HealthMode.NUMBERS, "enemies": HealthMode.COLOURED,
                                        "neutral": HealthMode.COLOURED}


def modes_from(stored: object) -> dict[str, HealthMode]:
    """The per-side modes of stored settings ({"party": "numbers", ...}); anything unknown keeps its default."""
    modes = dict(DEFAULT_MODES)
    if isinstance(stored, Mapping):
        for side, value in stored.items():
            if side in modes and value in set(HealthMode):
                modes[side] = HealthMode(value)
    return modes
