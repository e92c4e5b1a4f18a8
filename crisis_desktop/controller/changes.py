"""What a command changed, so that views update only what is concerned (no model resets)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, fields
from typing import Any


@dataclass(frozen=True)
class ChangeSet:
    """Ids and field names touched by one command.

    `campaign_fields` names top-level Campaign fields (name, notes, rule_options...). The other sets
    hold ids of changed, added or removed objects; `order` is True when a list was reordered.
    """

    campaign_fields: frozenset[str] = frozenset()
    characters: frozenset[str] = frozenset()
    characters_added: frozenset[str] = frozenset()
    characters_removed: frozenset[str] = frozenset()
    encounters: frozenset[str] = frozenset()
    combatants: frozenset[str] = frozenset()
    battle_maps: frozenset[str] = frozenset()
    cells: frozenset[tuple[str, int, int]] = frozenset()
    order: bool = False
    notes: tuple[str, ...] = field(default=())

    def __or__(self, other: ChangeSet) -> ChangeSet:
        return ChangeSet.union((self, other))

    @classmethod
    def union(cls, changes: Iterable[ChangeSet]) -> ChangeSet:
        """All of `changes` as one, gathered in one pass (joining them two by two copies the sets gathered so far
        at each step: a fight's start of 1,000 combatants is 6,000 commands)."""
        sets: dict[str, set[Any]] = {name: set() for name in _SET_FIELDS}
        order = False
        notes: list[str] = []
        for change in changes:
            for name, gathered in sets.items():
                value = getattr(change, name)
                if value:
                    gathered |= value
            order = order or change.order
            notes.extend(change.notes)
        return cls(**{name: frozenset(gathered) for name, gathered in sets.items()}, order=order, notes=tuple(notes))

    @property
    def empty(self) -> bool:
        return self == ChangeSet()


_SET_FIELDS = tuple(f.name for f in fields(ChangeSet) if f.name not in ("order", "notes"))
