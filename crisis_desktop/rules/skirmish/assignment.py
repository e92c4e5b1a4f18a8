"""Assignment: who fights whom in melee (skirmish-combat.md, Melee Combat). One character fights a single opponent;
several may set on one only when no unengaged target is nearby; player characters pick first, the extra NPCs after.
Proposed from the map for the GM to change; a ranged attacker is proposed its nearest foe."""

from __future__ import annotations

from collections.abc import Sequence

from crisis_desktop.rules.kernel.flows import Nearness, Placed
from crisis_desktop.rules.kernel.flows.intents import nearest_foes

# Without labelled areas, "nearby" is within this many steps: about one area's width, what a planned move covers.
NEAR_STEPS = 6


def nearby(near: Nearness, one: str, other: str) -> bool:
    """Whether two combatants are near enough to fight: the same area or the adjacent one (where a planned melee
    attack moves to fight); on a map without areas within NEAR_STEPS; off the map, the GM's call (counted near)."""
    areas = near.areas(one, other)
    if areas is not None and areas.known:
        return areas.same or areas.adjacent
    steps = near.steps(one, other)
    return steps is None or steps <= NEAR_STEPS


def assign(placed: Sequence[Placed], attackers: Sequence[str], near: Nearness) -> dict[str, str]:
    """The proposed opponent of each attacker: melee attackers assigned player characters first, then NPCs, each in
    the encounter's order; one already set upon fights (one of) those who set upon it; the others take the nearest
    foe nearby who is not engaged yet, and only when none is, the nearest engaged one. Nobody nearby: no proposal.
    A target already set (Placed.target) stands and engages both."""
    index = {p.combatant_id: i for i, p in enumerate(placed)}
    by_id = {p.combatant_id: p for p in placed}
    wanted = [by_id[a] for a in attackers if a in by_id]
    melee = sorted((p for p in wanted if p.melee), key=lambda p: (not p.pc, index[p.combatant_id]))
    engaged: set[str] = set()
    set_upon: dict[str, list[str]] = {}
    out: dict[str, str] = {}
    for me in melee:            # what the GM has set already stands
        if me.target is not None:
            out[me.combatant_id] = me.target
            engaged |= {me.combatant_id, me.target}
            set_upon.setdefault(me.target, []).append(me.combatant_id)
    for me in (p for p in melee if p.target is None):
        mine = me.combatant_id
        if set_upon.get(mine):
            out[mine] = set_upon[mine][0]
            engaged.add(mine)
            continue
        foes = [p.combatant_id for p in placed if p.side != me.side and nearby(near, mine, p.combatant_id)]
        if not foes:
            continue
        free = [f for f in foes if f not in engaged]

        def closeness(foe: str, me_: str = mine) -> tuple[int, int]:
            steps = near.steps(me_, foe)
            return steps if steps is not None else 0, index[foe]

        pick = min(free or foes, key=closeness)
        out[mine] = pick
        engaged |= {mine, pick}
        set_upon.setdefault(pick, []).append(mine)
    out.update(nearest_foes(placed, [p.combatant_id for p in wanted if not p.melee], near))
    return out
