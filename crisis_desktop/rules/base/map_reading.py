"""The battle map read by a system's rules: what the geometry offers between two cells (`MapSpan`) and what a ruleset
reads from it (`MapReading`, asked of `Attacks.map_reading`). The geometry says distance, reach, sight, cover, areas
and who stands next to whom; the rules say what that means (a range band, engaged, cover dice, a penalty)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from crisis_desktop.domain import Side, StatValue
from crisis_desktop.rules.base.state import Actor

if TYPE_CHECKING:
    from crisis_desktop.rules.kernel.cover import CoverReading
    from crisis_desktop.rules.kernel.geometry import AreaRelation


@dataclass(frozen=True)
class MapSpan:
    """What the battle map's geometry says between two cells: an attacker's token and a target's, or any two cells
    the GM measures (then `attacker` and `target` are the fighters standing there, if any)."""

    tiles: int                              # the grid's distance
    metres: float
    reach: int                              # steps counting every diagonal as 1: 1 is adjacent
    metres_per_cell: float
    hex_grid: bool
    reading: CoverReading                   # cover and line of sight as the rules read them (Ruleset.cover_between)
    areas: AreaRelation                     # the map's labelled areas of the two cells
    attacker: Actor | None = None
    target: Actor | None = None
    # The fighters (still in the fight) standing one step from each cell; the target is among the attacker's and
    # the attacker among the target's when they stand next to each other.
    next_to_attacker: tuple[Actor, ...] = ()
    next_to_target: tuple[Actor, ...] = ()


@dataclass(frozen=True)
class MapReading:
    """What a ruleset reads from a MapSpan: the target's inputs and the attack's own inputs the map fixes, the
    distance in the rules' own words (one line each, for Measure, the sight line and the attack), and what the map
    forbids besides sight and reach, each in words that follow "Rask is 6 tiles from Vera: "."""

    target_inputs: dict[str, StatValue] = field(default_factory=dict)
    attack_inputs: dict[str, StatValue] = field(default_factory=dict)
    lines: tuple[str, ...] = ()
    refusals: tuple[str, ...] = ()


def opponents(actor: Actor | None, others: Sequence[Actor]) -> tuple[Actor, ...]:
    """Those of `others` fighting against `actor`: the party against the enemies and the other way round (neutrals
    oppose nobody; none without a combatant to tell its side)."""
    if actor is None or actor.combatant is None or actor.combatant.side is Side.NEUTRAL:
        return ()
    side = actor.combatant.side
    return tuple(o for o in others if o.combatant is not None and o.combatant.side not in (side, Side.NEUTRAL))


__all__ = ["MapReading", "MapSpan", "opponents"]
