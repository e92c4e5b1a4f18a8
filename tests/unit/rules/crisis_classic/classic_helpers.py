"""Builders for crisis-classic tests: characters, actors, the catalogue, and applying effects in place."""

from __future__ import annotations

from collections.abc import Iterable

from crisis_desktop.domain import Character, CharacterKind, Combatant, ConditionState, EquipmentItem
from crisis_desktop.rules.base import (
    Actor,
    AddCondition,
    Effect,
    RemoveCondition,
    SetItemStat,
    SetResource,
    SetStatus,
)
from crisis_desktop.rules.crisis_classic import CrisisClassicRuleset


def make_character(name: str = "Vera", kind: CharacterKind = CharacterKind.PC, conditions: Iterable[str] = (),
                   **stats) -> Character:
    base = CrisisClassicRuleset().sheet.new_stats(kind)
    base.update(stats)
    return Character(name=name, kind=kind, stats=base,
                     conditions=[ConditionState(key=k) for k in conditions])


def make_actor(name: str = "Vera", kind: CharacterKind = CharacterKind.PC, ap: int | None = 4,
               conditions: Iterable[str] = (), **stats) -> Actor:
    c = make_character(name, kind, conditions, **stats)
    combatant = None if ap is None else Combatant(character_id=c.id, resources={"ap": ap})
    return Actor(c, combatant)


def weapon(name: str) -> EquipmentItem:
    return next(w for w in CrisisClassicRuleset().catalogue("weapons") if w.name == name)


def armour(name: str) -> EquipmentItem:
    return next(a for a in CrisisClassicRuleset().catalogue("armour") if a.name == name)


def apply(actor: Actor, effects: Iterable[Effect]) -> None:
    """Applies the effects addressed to this actor's character and combatant (what the controller does to a
    campaign); effects for anyone else are left out."""
    c = actor.character
    for e in effects:
        if isinstance(e, SetResource):
            if actor.combatant is not None and e.combatant_id == actor.combatant.id:
                actor.combatant.resources[e.key] = e.value
        elif e.character_id != c.id:
            continue
        elif isinstance(e, SetStatus):
            c.status[e.key] = e.value
        elif isinstance(e, SetItemStat):
            c.item(e.item_id).stats[e.key] = e.value
        elif isinstance(e, AddCondition):
            c.conditions[:] = [x for x in c.conditions if x.key != e.key] + [ConditionState(key=e.key, rounds=e.rounds)]
        elif isinstance(e, RemoveCondition):
            c.conditions[:] = [x for x in c.conditions if x.key != e.key]
