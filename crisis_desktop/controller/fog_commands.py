"""Undoable fog-of-war commands on battle maps: turn the fog on or off, reveal or hide cells (no Qt)."""

from __future__ import annotations

from collections.abc import Iterable

from crisis_desktop.controller.changes import ChangeSet
from crisis_desktop.controller.commands import Command
from crisis_desktop.controller.map_commands import find_map
from crisis_desktop.domain import Campaign

Coord = tuple[int, int]


class SetFog(Command):
    """Turn the fog of war of one map on or off (what was revealed is kept either way)."""

    def __init__(self, campaign: Campaign, map_id: str, on: bool) -> None:
        battle_map = find_map(campaign, map_id)
        self.map_id, self.new, self.old = map_id, on, battle_map.fog
        self.text = f"{'Fog of war on' if on else 'Fog of war off'} for {battle_map.name}"

    def _set(self, campaign: Campaign, value: bool) -> ChangeSet:
        find_map(campaign, self.map_id).fog = value
        return ChangeSet(battle_maps=frozenset({self.map_id}))

    def apply(self, campaign: Campaign) -> ChangeSet:
        return self._set(campaign, self.new)

    def revert(self, campaign: Campaign) -> ChangeSet:
        return self._set(campaign, self.old)


class RevealCells(Command):
    """Reveal (or hide again, `reveal` False) some cells of a map for the players: one undo step.

    Only the cells whose state changes are kept, so undo restores exactly what was there; cells outside
    the map are ignored.
    """

    def __init__(self, campaign: Campaign, map_id: str, cells: Iterable[Coord], reveal: bool = True,
                 text: str | None = None) -> None:
        battle_map = find_map(campaign, map_id)
        shown = set(battle_map.revealed)
        inside = {(x, y) for x, y in cells if 0 <= x < battle_map.width and 0 <= y < battle_map.height}
        self.map_id, self.reveal = map_id, reveal
        self.cells = frozenset(inside - shown if reveal else inside & shown)
        count = len(self.cells)
        self.text = text or f"{'Reveal' if reveal else 'Hide'} {count} cell{'s' if count != 1 else ''}"

    @property
    def empty(self) -> bool:
        return not self.cells

    def _write(self, campaign: Campaign, reveal: bool) -> ChangeSet:
        battle_map = find_map(campaign, self.map_id)
        shown = set(battle_map.revealed)
        shown = shown | self.cells if reveal else shown - self.cells
        # Sorted, so the saved file does not churn with set order.
        battle_map.revealed = sorted(shown)
        return ChangeSet(cells=frozenset((self.map_id, x, y) for x, y in self.cells))

    def apply(self, campaign: Campaign) -> ChangeSet:
        return self._write(campaign, self.reveal)

    def revert(self, campaign: Campaign) -> ChangeSet:
        return self._write(campaign, not self.reveal)
