"""A part of a ruleset: one thing a system has (its checks, attacks, healing, hiding), made by the ruleset it
belongs to and reading the rest of the rules through it."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from crisis_desktop.rules.base.ruleset import Ruleset


class Part:
    """One part of a ruleset, with working defaults where the rules allow one; `rules` is the ruleset it is part
    of (its sheet, economy and other parts). A system subclasses the part it has and overrides what differs."""

    def __init__(self, rules: Ruleset) -> None:
        self.rules = rules
