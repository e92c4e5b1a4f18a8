"""The opposed INT test that opens every moment: everyone rolls; crits beat successes beat failures beat fumbles,
and within a band the higher roll is better. Ties: a player character before a non-player one, then the higher
goal, then a d100 reroll."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from crisis_desktop.domain import CharacterKind
from crisis_desktop.rules.base import Actor, Explained, InitiativeEntry, Options
from crisis_desktop.rules.kernel.dice import DiceSource, DieAsk, RollPool
from crisis_desktop.rules.moments import sheet
from crisis_desktop.rules.moments.d100 import Band, band, goal, net_steps


def int_goal(actor: Actor, options: Options) -> Explained:
    """3 x INT + the best bonus (of a skill or vocation the GM names 'Initiative', else none)."""
    bonus = sheet.bonuses(actor.character).get("Initiative", 0)
    return goal(sheet.stat(actor.character, "int"), bonus, net_steps(0, 0, options), "3 x INT", "Initiative")


@dataclass
class _Ranked:
    band: Band
    roll: int
    pc: bool
    goal: int
    number: int
    actor: Actor
    reroll: int = 0

    def key(self) -> tuple[int, int, bool, int]:
        """Better first: the band, the roll within it, a player character, the higher goal."""
        return -self.band, -self.roll, not self.pc, -self.goal


def _label(actor: Actor, goal_: int) -> str:
    return f"{actor.name}: INT test (goal {goal_})"


def moment_dice(actors: Sequence[Actor], options: Options) -> list[RollPool]:
    """Each combatant's d100 against its INT goal, as rank_moment rolls it."""
    return [RollPool(a.name, (DieAsk(100, _label(a, int(int_goal(a, options).value))),)) for a in actors]


def rank_moment(actors: Sequence[Actor], dice: DiceSource, options: Options) -> list[InitiativeEntry]:
    rows: list[_Ranked] = []
    for number, actor in enumerate(actors):
        g = int(int_goal(actor, options).value)
        roll = dice.roll(100, _label(actor, g))
        rows.append(_Ranked(band(roll, g), roll, actor.character.kind is CharacterKind.PC, g, number, actor))
    rows.sort(key=lambda r: (r.key(), r.number))
    for row in rows:
        if sum(1 for other in rows if other.key() == row.key()) > 1:
            row.reroll = dice.roll(100, f"{row.actor.name}: initiative tie reroll")
    rows.sort(key=lambda r: (r.key(), -r.reroll, r.number))
    entries = []
    for rank, row in enumerate(rows):
        tied = [r for r in rows if (r.band, r.roll) == (row.band, row.roll)]
        note = ""
        if len(tied) > 1:
            if len({r.pc for r in tied}) > 1:
                note = "PC before NPC on a tie" if row.pc else "after the PCs on a tie"
            elif len({r.goal for r in tied}) > 1:
                note = f"tie broken by the goal ({row.goal})"
            elif row.reroll:
                note = f"tie reroll {row.reroll}"
        assert row.actor.combatant is not None
        entries.append(InitiativeEntry(row.actor.combatant.id,
                                       Explained.of((f"d100 ({row.band.name.lower()}, goal {row.goal})", row.roll)),
                                       rank, note))
    return entries
