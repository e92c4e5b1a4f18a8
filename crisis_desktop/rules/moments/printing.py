"""What a printed moments sheet adds to the stored values: each stat's easy and hard goals, and the wounds taken."""

from __future__ import annotations

from crisis_desktop.domain import Character
from crisis_desktop.rules.base import Explained, Options, StatRoll, Term
from crisis_desktop.rules.base.printing import Printing
from crisis_desktop.rules.moments import sheet, wounds
from crisis_desktop.rules.moments.d100 import goal

STATES = {wounds.TREATED: "treated", wounds.BARRED: "no more medical attention"}


class MomentsPrinting(Printing):
    heading = "Easy / hard"
    legend = ("Easy / hard: the stat's goal for an easy and a hard test. A test succeeds when a d100 rolls under the "
              "goal (3 x the stat, plus the single best bonus that applies; the goals are under Derived values); "
              "easy doubles it, hard halves it. Under a tenth of the goal is a critical; 100 fumbles.")

    def roll(self, character: Character, key: str, options: Options) -> StatRoll | None:
        """A stat's goal when the test is easy and when it is hard ("78 / 19"), without a bonus."""
        if key not in sheet.STAT_LABELS:
            return None
        value = sheet.stat(character, key)
        return StatRoll(f"{goal(value, 0, -1).value:g} / {goal(value, 0, 1).value:g}")


def wounds_taken(character: Character, options: Options) -> Explained | None:
    """Every wound taken, by the HP it cost: a major wound named as the table has it (with the death test's die), and
    whether medical attention treated it or may no longer try; None without a wound."""
    taken = wounds.wounds(character)
    if not taken:
        return None
    terms = []
    for w in taken:
        label = wounds.row(w.major, w.damage_type, options).describe(w.side) if w.major else f"{w.damage_type} wound"
        state = STATES.get(w.state)
        terms.append(Term(f"{label} ({state})" if state else label, w.hp))
    return Explained.of(*terms)
