"""Undoable commands on battle maps: create, rename, delete, settings, painted cells, tokens (no Qt)."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from crisis_desktop.controller.changes import ChangeSet
from crisis_desktop.controller.commands import Command
from crisis_desktop.domain import Campaign
from crisis_desktop.domain.battle_map import PAINTS_MAX, BattleMap, Cell, Paint, PaintedTerrain, Token, paint_of
from crisis_desktop.domain.common import find_by_id

Coord = tuple[int, int]

MAP_FIELDS = frozenset({"name", "metres_per_cell", "background"})


# Where each map stands in a campaign's list of maps, by id, for the last few lists looked in (keyed by the list's
# identity: a working copy of a campaign shares the live list). find_by_id checks every hit against the list, so an
# index left stale by a change of the list, or by a list that took the place of a freed one, is never believed.
_MAP_INDEXES: dict[int, dict[str, int]] = {}
_INDEXES_KEPT = 8


def map_or_none(campaign: Campaign, map_id: str | None) -> BattleMap | None:
    """The campaign's map of this id (None when there is none): one dictionary look-up, not a walk through the
    maps (an action of a fight asks several times, and a campaign may hold a thousand maps)."""
    if map_id is None:
        return None
    maps = campaign.battle_maps
    index = _MAP_INDEXES.get(id(maps))
    if index is None:
        if len(_MAP_INDEXES) >= _INDEXES_KEPT:
            _MAP_INDEXES.clear()
        index = _MAP_INDEXES[id(maps)] = {}
    return find_by_id(maps, index, map_id)


def find_map(campaign: Campaign, map_id: str) -> BattleMap:
    battle_map = map_or_none(campaign, map_id)
    if battle_map is None:
        raise KeyError(f"no battle map {map_id} in campaign {campaign.name}")
    return battle_map


def is_open(cell: Paint) -> bool:
    """An open-ground cell is not stored: the map holds painted cells only."""
    return cell.is_open


def cell_at(battle_map: BattleMap, xy: Coord) -> Cell:
    """The painted cell at xy, or open ground."""
    return battle_map.cell_at(xy)


class AddBattleMap(Command):
    """Add a battle map to the campaign (at `index`, the end by default)."""

    def __init__(self, battle_map: BattleMap, index: int | None = None) -> None:
        self.battle_map = battle_map.model_copy(deep=True)
        self.index = index
        self.text = f"New battle map {battle_map.name}"

    def apply(self, campaign: Campaign) -> ChangeSet:
        maps = campaign.battle_maps
        maps.insert(len(maps) if self.index is None else self.index, self.battle_map.model_copy(deep=True))
        return ChangeSet(battle_maps=frozenset({self.battle_map.id}))

    def revert(self, campaign: Campaign) -> ChangeSet:
        campaign.battle_maps[:] = [m for m in campaign.battle_maps if m.id != self.battle_map.id]
        return ChangeSet(battle_maps=frozenset({self.battle_map.id}))


class RemoveBattleMap(Command):
    """Delete a battle map; encounters fought on it lose the link. Undo restores both in place."""

    def __init__(self, campaign: Campaign, map_id: str) -> None:
        battle_map = find_map(campaign, map_id)
        self.map_id = map_id
        self.text = f"Delete battle map {battle_map.name}"
        self._saved: tuple[int, BattleMap, list[str]] | None = None

    def apply(self, campaign: Campaign) -> ChangeSet:
        maps = campaign.battle_maps
        index = next(i for i, m in enumerate(maps) if m.id == self.map_id)
        linked = [e.id for e in campaign.encounters if e.battle_map_id == self.map_id]
        self._saved = (index, maps[index], linked)
        del maps[index]
        for encounter in campaign.encounters:
            if encounter.id in linked:
                encounter.battle_map_id = None
        return ChangeSet(battle_maps=frozenset({self.map_id}), encounters=frozenset(linked))

    def revert(self, campaign: Campaign) -> ChangeSet:
        assert self._saved is not None, "revert before apply"
        index, battle_map, linked = self._saved
        campaign.battle_maps.insert(index, battle_map)
        for encounter in campaign.encounters:
            if encounter.id in linked:
                encounter.battle_map_id = self.map_id
        return ChangeSet(battle_maps=frozenset({self.map_id}), encounters=frozenset(linked))


class SetMapField(Command):
    """Set the name, metres per cell or background image of a map. Edits of one background merge, so
    dragging the offset spin box is one undo step."""

    def __init__(self, campaign: Campaign, map_id: str, field: str, value: Any, text: str | None = None) -> None:
        if field not in MAP_FIELDS:
            raise ValueError(f"The battle map field {field!r} cannot be set")
        battle_map = find_map(campaign, map_id)
        # Validate first: a bad value is refused with pydantic's reason and nothing changes.
        BattleMap.__pydantic_validator__.validate_assignment(battle_map.model_copy(), field, value)
        self.map_id, self.field = map_id, field
        self.old = copy.deepcopy(getattr(battle_map, field))
        self.new = copy.deepcopy(value)
        self.text = text or f"Change {field.replace('_', ' ')} of {battle_map.name}"
        self.merge_key = ("map", map_id, field) if field == "background" else None

    def apply(self, campaign: Campaign) -> ChangeSet:
        setattr(find_map(campaign, self.map_id), self.field, copy.deepcopy(self.new))
        return ChangeSet(battle_maps=frozenset({self.map_id}))

    def revert(self, campaign: Campaign) -> ChangeSet:
        setattr(find_map(campaign, self.map_id), self.field, copy.deepcopy(self.old))
        return ChangeSet(battle_maps=frozenset({self.map_id}))

    def merge(self, other: Command) -> bool:
        if isinstance(other, SetMapField) and other.merge_key == self.merge_key is not None:
            self.new = other.new
            return True
        return False


class PaintCells(Command):
    """One stroke of terrain painting: the old and new Cell of every touched cell (open ground as a Cell with nothing
    on it). Undo gives back the map's terrain as it was (an immutable value: kept, not copied)."""

    def __init__(self, battle_map: BattleMap, new_cells: Mapping[Coord, Paint], text: str = "Paint terrain") -> None:
        self.map_id = battle_map.id
        self.text = text
        wanted = {xy for xy in new_cells if 0 <= xy[0] < battle_map.width and 0 <= xy[1] < battle_map.height}
        self.old: dict[Coord, Cell] = {xy: battle_map.cell_at(xy) for xy in wanted}
        self.new: dict[Coord, Cell] = {xy: Cell.at(xy, paint_of(new_cells[xy])) for xy in wanted}
        # Cells the stroke did not change are no part of the step.
        for xy in [xy for xy in wanted if self.old[xy] == self.new[xy]]:
            del self.old[xy], self.new[xy]
        legend = set(battle_map.terrain.legend)
        if len(legend | {c.paint for c in self.new.values() if not c.is_open}) > PAINTS_MAX:
            battle_map.terrain.repainted(self.new)      # refused here, before anything changes, if it is too many
        self._before: PaintedTerrain | None = None

    @property
    def empty(self) -> bool:
        return not self.new

    def apply(self, campaign: Campaign) -> ChangeSet:
        battle_map = find_map(campaign, self.map_id)
        self._before = battle_map.terrain
        battle_map.terrain = battle_map.terrain.repainted({xy: cell.paint for xy, cell in self.new.items()})
        return self._changes()

    def revert(self, campaign: Campaign) -> ChangeSet:
        assert self._before is not None, "revert before apply"
        find_map(campaign, self.map_id).terrain = self._before
        return self._changes()

    def _changes(self) -> ChangeSet:
        return ChangeSet(cells=frozenset((self.map_id, x, y) for x, y in self.new))


class SetToken(Command):
    """Put a combatant's token on a cell, move it, or take it off the map (`cell` None)."""

    def __init__(self, map_id: str, combatant_id: str, cell: Coord | None, text: str | None = None) -> None:
        self.map_id, self.combatant_id, self.cell = map_id, combatant_id, cell
        self.text = text or ("Move token" if cell is not None else "Remove token")
        self._old: tuple[int, Token] | None = None
        self._applied = False

    def _set(self, battle_map: BattleMap, entry: tuple[int, Token] | None) -> None:
        tokens = battle_map.tokens
        tokens[:] = [t for t in tokens if t.combatant_id != self.combatant_id]
        if entry is not None:
            index, token = entry
            tokens.insert(min(index, len(tokens)), token.model_copy())

    def apply(self, campaign: Campaign) -> ChangeSet:
        battle_map = find_map(campaign, self.map_id)
        index = next((i for i, t in enumerate(battle_map.tokens) if t.combatant_id == self.combatant_id), None)
        self._old = (index, battle_map.tokens[index].model_copy()) if index is not None else None
        new = None
        if self.cell is not None:
            if not (0 <= self.cell[0] < battle_map.width and 0 <= self.cell[1] < battle_map.height):
                raise ValueError(f"{self.cell} is outside the map {battle_map.name}")
            token = Token(combatant_id=self.combatant_id, x=self.cell[0], y=self.cell[1])
            new = (index if index is not None else len(battle_map.tokens), token)
        self._set(battle_map, new)
        return self._changes()

    def revert(self, campaign: Campaign) -> ChangeSet:
        self._set(find_map(campaign, self.map_id), self._old)
        return self._changes()

    def _changes(self) -> ChangeSet:
        return ChangeSet(combatants=frozenset({self.combatant_id}))


class LinkEncounterMap(Command):
    """Fight an encounter on a battle map (or on none)."""

    def __init__(self, campaign: Campaign, encounter_id: str, map_id: str | None) -> None:
        encounter = campaign.encounter(encounter_id)
        self.encounter_id, self.new, self.old = encounter_id, map_id, encounter.battle_map_id
        name = find_map(campaign, map_id).name if map_id else None
        self.text = f"Fight {encounter.name} on {name}" if name else f"Fight {encounter.name} without a map"

    def _set(self, campaign: Campaign, value: str | None) -> ChangeSet:
        campaign.encounter(self.encounter_id).battle_map_id = value
        maps = frozenset(m for m in (self.old, self.new) if m)
        return ChangeSet(encounters=frozenset({self.encounter_id}), battle_maps=maps)

    def apply(self, campaign: Campaign) -> ChangeSet:
        return self._set(campaign, self.new)

    def revert(self, campaign: Campaign) -> ChangeSet:
        return self._set(campaign, self.old)
