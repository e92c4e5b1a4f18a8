"""Genesys initiative: a Simple Cool check when ready, Vigilance when caught unaware; ordered by successes, then
advantage, then the side the `initiative_final_tie` option names. Each result becomes a slot of that side."""

from __future__ import annotations

from collections.abc import Sequence

from crisis_desktop.domain.encounter import Side
from crisis_desktop.rules.base import Actor, CheckRequest, InitiativeEntry, Options
from crisis_desktop.rules.base.capabilities import is_surprised
from crisis_desktop.rules.genesys import checks
from crisis_desktop.rules.genesys.narrative import Pool, Rolled
from crisis_desktop.rules.genesys.options import option
from crisis_desktop.rules.kernel.dice import DiceSource, DieAsk, RollPool

COOL, VIGILANCE = "cool", "vigilance"


def initiative_skill(actor: Actor) -> str:
    """Cool when ready, Vigilance when surprised (the encounter marks who is caught unaware)."""
    return VIGILANCE if is_surprised(actor.combatant) else COOL


def _pool(actor: Actor) -> tuple[Pool, str]:
    """The initiative check's pool and its label. Dice left on a next check wait for a check the character makes in
    the fight, not for initiative."""
    skill = initiative_skill(actor)
    return checks.check_pool(CheckRequest(Actor(actor.character), skill, 0)), skill


def _label(actor: Actor, skill: str) -> str:
    return f"{actor.name}: initiative ({skill.capitalize()})"


def initiative_dice(actors: Sequence[Actor]) -> list[RollPool]:
    """Each combatant's Cool (or Vigilance) pool as roll_initiative rolls it."""
    pools = []
    for actor in actors:
        pool, skill = _pool(actor)
        label = _label(actor, skill)
        pools.append(RollPool(actor.name, tuple(DieAsk(k.sides, f"{label}: {k.name}", k) for k in pool.dice())))
    return pools


def roll_initiative(actors: Sequence[Actor], dice: DiceSource, options: Options) -> list[InitiativeEntry]:
    pc_first = option(options, "initiative_final_tie") == "pc_first"
    rolled: list[tuple[tuple[int, int, int, int], Actor, Rolled, str]] = []
    for number, actor in enumerate(actors):
        assert actor.combatant is not None
        pool, skill = _pool(actor)
        _, result = checks.roll_check(pool, dice, _label(actor, skill))
        party = actor.combatant.side is Side.PARTY
        side_rank = 0 if party == pc_first else 1
        key = (-result.net_successes, -result.net_advantage, side_rank, number)
        rolled.append((key, actor, result, skill))
    rolled.sort(key=lambda item: item[0])
    entries = []
    for rank, (key, actor, result, skill) in enumerate(rolled):
        assert actor.combatant is not None
        same_successes = [r for r in rolled if r[0][0] == key[0]]
        note = ""
        if len(same_successes) > 1:
            note = f"tied on {result.net_successes} successes: {result.net_advantage} advantage decides"
            if sum(1 for r in same_successes if r[0][1] == key[1]) > 1:
                first = "PC" if pc_first else "NPC"
                note = (f"tied on {result.net_successes} successes and {result.net_advantage} advantage: "
                        f"{first} slots go first")
        roll = checks.net_successes(result.shown, f"{skill.capitalize()}: successes")
        entries.append(InitiativeEntry(actor.combatant.id, roll, rank, note))
    return entries
