"""What a command changed, so that views update only what is concerned (no model resets)."""

from __future__ import annotations

from dataclasses import dataclass, field


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
        return ChangeSet(
            campaign_fields=self.campaign_fields | other.campaign_fields,
            characters=self.characters | other.characters,
            characters_added=self.characters_added | other.characters_added,
            characters_removed=self.characters_removed | other.characters_removed,
            encounters=self.encounters | other.encounters,
            combatants=self.combatants | other.combatants,
            battle_maps=self.battle_maps | other.battle_maps,
            cells=self.cells | other.cells,
            order=self.order or other.order,
            notes=self.notes + other.notes,
        )

    @property
    def empty(self) -> bool:
        return self == ChangeSet()
