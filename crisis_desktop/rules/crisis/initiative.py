"""Crisis turn order: a Mind roll plus circumstance; PCs beat NPCs on ties; NPC groups share a roll."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from crisis_desktop.domain import CharacterKind
from crisis_desktop.rules.base import Actor, Explained, InitiativeEntry, Options, Term
from crisis_desktop.rules.base.capabilities import is_surprised
from crisis_desktop.rules.crisis import stats
from crisis_desktop.rules.crisis.checks import roll_skill_die
from crisis_desktop.rules.kernel.dice import DiceSource, DieAsk, RollPool

MAX_TIE_ROUNDS = 1000


def _id(actor: Actor) -> str:
    return actor.combatant.id if actor.combatant is not None else actor.character.id


def circumstance(actor: Actor) -> int:
    """The GM's turn-order circumstance for this combatant (resources["initiative_circumstance"])."""
    if actor.combatant is None:
        return 0
    value = actor.combatant.resources.get("initiative_circumstance", 0)
    return int(value) if isinstance(value, int | float) and not isinstance(value, bool) else 0


@dataclass
class _Unit:
    """One initiative roll: a PC, an ungrouped NPC, or an NPC group (rolled by its first member)."""

    members: list[Actor]
    is_pc: bool
    roll: Explained = field(default_factory=lambda: Explained(0))
    tiebreaks: list[int] = field(default_factory=list)
    note: str = ""


def _label(actor: Actor, die_label: str) -> str:
    return f"{actor.name}: turn order ({die_label})"


def roll_for(actor: Actor, dice: DiceSource, options: Options) -> Explained:
    die = stats.roll_die(actor.character, "mind", options)
    rolled = roll_skill_die(dice, die.sides, _label(actor, die.label))
    terms = [Term(die.label, rolled.value)]
    if die.bonus:
        terms.append(Term("die above d12", die.bonus))
    terms.extend(stats.condition_check_terms(actor.character, "mind"))
    if circumstance(actor):
        terms.append(Term("circumstance", circumstance(actor)))
    return Explained.of(*terms)


def _units(actors: Sequence[Actor]) -> list[_Unit]:
    units: list[_Unit] = []
    groups: dict[str, _Unit] = {}
    for actor in actors:
        is_pc = actor.character.kind is CharacterKind.PC
        group = actor.combatant.group if actor.combatant is not None and not is_pc else None
        if group:
            if group in groups:
                groups[group].members.append(actor)
                continue
            groups[group] = _Unit([actor], False)
            units.append(groups[group])
        else:
            units.append(_Unit([actor], is_pc))
    return units


def initiative_dice(actors: Sequence[Actor], options: Options) -> list[RollPool]:
    """Each unit's Mind die as roll_initiative rolls it (an NPC group by its first member); a die that explodes or
    implodes asks for one more of it."""
    pools = []
    for unit in _units(actors):
        first = unit.members[0]
        die = stats.roll_die(first.character, "mind", options)
        who = first.name if len(unit.members) == 1 else f"{first.name} (group roll for {len(unit.members)})"
        pools.append(RollPool(who, (DieAsk(die.sides, _label(first, die.label)),)))
    return pools


def roll_initiative(actors: Sequence[Actor], dice: DiceSource, options: Options) -> list[InitiativeEntry]:
    """Everyone's roll and order (rank 0 first). Ties: a PC acts before an NPC; tied PCs (and tied NPC units)
    reroll to settle the order, keeping their original result."""
    units = _units(actors)
    for unit in units:
        unit.roll = roll_for(unit.members[0], dice, options)
        if len(unit.members) > 1:
            unit.note = f"group roll by {unit.members[0].name}"
    ranks, tiebreaks = ranked([u.roll.value for u in units], [u.is_pc for u in units],
                              lambda u: int(roll_for(units[u].members[0], dice, options).value))
    for unit, rolls in zip(units, tiebreaks, strict=True):
        unit.tiebreaks = rolls
        if rolls:
            side = "PCs" if unit.is_pc else "NPCs"
            unit.note = "; ".join(filter(None, [unit.note, f"tied {side} at {unit.roll.value:g}, reroll "
                                               + " then ".join(map(str, rolls))]))
    keys = {(u.roll.value, u.is_pc) for u in units}
    has_both = {value for (value, _pc) in keys if (value, True) in keys and (value, False) in keys}
    for unit in units:
        if unit.roll.value in has_both:
            text = "PC acts before NPC on a tie" if unit.is_pc else "NPC acts after the tied PC"
            unit.note = "; ".join(filter(None, [unit.note, text]))
    order = [units[u] for u in ranks]
    entries: list[InitiativeEntry] = []
    rank = 0
    for unit in order:
        for actor in unit.members:
            entries.append(InitiativeEntry(_id(actor), unit.roll, rank, unit.note))
            rank += 1
    return entries


def ranked(values: Sequence[float], pcs: Sequence[bool], reroll: Callable[[int], int]
           ) -> tuple[list[int], list[list[int]]]:
    """The turn order of units with these first rolls (unit numbers, first to act first) and each unit's tie-break
    rolls: higher first, a PC before an NPC on a tie, and units tied with their own kind roll again (`reroll` of
    the unit's number) until each of the tie has a distinct sequence, keeping their first result."""
    tiebreaks: list[list[int]] = [[] for _ in values]
    by_value: dict[tuple[float, bool], list[int]] = {}
    for unit, key in enumerate(zip(values, pcs, strict=True)):
        by_value.setdefault(key, []).append(unit)
    for tied in by_value.values():
        pending = [tied] if len(tied) > 1 else []
        for _ in range(MAX_TIE_ROUNDS):
            if not pending:
                break
            next_round: list[list[int]] = []
            for group in pending:
                for unit in group:
                    tiebreaks[unit].append(reroll(unit))
                seen: dict[int, list[int]] = {}
                for unit in group:
                    seen.setdefault(tiebreaks[unit][-1], []).append(unit)
                next_round.extend(g for g in seen.values() if len(g) > 1)
            pending = next_round
    order = sorted(range(len(values)), key=lambda u: (-values[u], not pcs[u], [-t for t in tiebreaks[u]]))
    return order, tiebreaks


def surprise_round(actors: Sequence[Actor]) -> list[str]:
    """Combatant ids acting in the surprise round: everyone not surprised, if anyone is surprised at all."""
    if not any(is_surprised(a.combatant) for a in actors):
        return []
    return [_id(a) for a in actors if a.combatant is not None and not is_surprised(a.combatant)]
