"""What a printed skirmish sheet shows besides the stored values: each skill's roll, d20 plus the skill as worked
out."""

from __future__ import annotations

from crisis_desktop.domain import Character
from crisis_desktop.rules.base import Options, StatRoll
from crisis_desktop.rules.base.printing import Printing
from crisis_desktop.rules.skirmish.sheet import GOVERNING, skill_value


class SkirmishPrinting(Printing):
    legend = "Roll d20 + the skill; it must beat the difficulty (10, 20 or 25)"

    def roll(self, character: Character, key: str, options: Options) -> StatRoll | None:
        if key not in GOVERNING:
            return None
        value = skill_value(character, key)
        return StatRoll(f"d20{int(value.value):+d}", value.explain())
