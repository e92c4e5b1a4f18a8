"""Wear after a fight: a weapon that parried, or whose damage armour soaked whole, and armour that damage got past,
each roll their usage die once the fight is over; a 1 steps the die down (d4 steps down to used up)."""

from __future__ import annotations

from crisis_desktop.domain import Character, EquipmentItem
from crisis_desktop.rules.base import Effect, SetItemStat
from crisis_desktop.rules.kernel.dice import DiceSource
from crisis_desktop.rules.moments import sheet

DUE = "usage_roll_due"


def mark(character: Character, item: EquipmentItem | None) -> tuple[Effect, ...]:
    """The item will roll its usage die after the fight (nothing for an item without one, or already marked)."""
    if item is None or not sheet.usage_die(item) or item.stats.get(DUE) is True:
        return ()
    return (SetItemStat(character.id, item.id, DUE, True),)


def due(character: Character) -> list[EquipmentItem]:
    return [i for i in character.equipment if i.stats.get(DUE) is True]


def roll_usage(character: Character, dice: DiceSource) -> tuple[tuple[Effect, ...], tuple[str, ...]]:
    """Roll the usage die of every item marked in the fight; ValueError when none is."""
    items = due(character)
    if not items:
        raise ValueError(f"Nothing of {character.name}'s needs a usage roll")
    effects: list[Effect] = []
    notes: list[str] = []
    for item in items:
        die = sheet.usage_die(item)
        face = dice.roll(die, f"{item.name}: usage d{die}") if die else 0
        if die and face == 1:
            after = sheet.step_down(die)
            effects.append(SetItemStat(character.id, item.id, "usage_die", after))
            notes.append(f"{item.name}: usage d{die} rolls 1: " + (f"now d{after}" if after else "used up"))
        elif die:
            notes.append(f"{item.name}: usage d{die} rolls {face}: it holds")
        effects.append(SetItemStat(character.id, item.id, DUE, False))
    return tuple(effects), tuple(notes)
