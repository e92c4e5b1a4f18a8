"""Journaling each change of the open campaign as it happens (storage/journal.py), so a crash loses nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from crisis_desktop.controller.changes import ChangeSet
from crisis_desktop.controller.map_commands import map_or_none
from crisis_desktop.domain import BattleMap, Campaign
from crisis_desktop.domain.common import DomainModel
from crisis_desktop.domain.encounter import Encounter
from crisis_desktop.storage.campaign_writer import FragmentCache
from crisis_desktop.storage.journal import COLLECTIONS, Journal, entry_line, snapshot_line

# The campaign's own fields outside its lists, compared after every change (cheap: a few values).
_FIELDS = tuple(name for name in Campaign.model_fields if name not in COLLECTIONS)


class ChangeJournal:
    """Turns each change set of an applied, undone or redone command into one journal line: the top-level
    fields that differ from the last line's, the objects the change set names (a combatant's encounter and the
    maps it stands on included), and each list's ids whenever items came, went or moved.

    `mark()` starts counting the lines of a save in progress: `saved()` then restarts the journal from the
    file just written, keeping only the lines made since (compaction). `fragments` caches each item's JSON for
    saving; every change drops the fragments of what it changed, whether or not its line could be written.
    A line that could not be written leaves the journal `broken` (later lines would not lead to the state):
    nothing more is appended until resume(), after the whole campaign was written as the journal.
    """

    def __init__(self, campaign: Campaign, journal: Journal, saved_file: Path) -> None:
        self.campaign = campaign
        self.journal = journal
        self.saved_file = saved_file
        self._fields: dict[str, Any] = {}
        self._ids: dict[str, list[str]] = {}
        self._since_mark: list[bytes] | None = None
        self.fragments = FragmentCache(campaign)
        self.broken = False
        self._remember_all()

    def start(self) -> None:
        """Begin journaling from the campaign file as it is now, as saved (or, where there is none, from the
        whole campaign as it is). What the lines compare with is the state last journaled (or, before any,
        the campaign as opened), which is what that file holds."""
        if self.saved_file.exists():
            self.journal.restart(self.saved_file)
        else:
            self.journal.restart(None, [snapshot_line(self.journal.next_seq(), self.campaign)])

    def record(self, changes: ChangeSet) -> None:
        """Write what `changes` changed (starting the journal on the first change); OSError (JournalFull: too
        large) if it could not be written."""
        if changes.empty:
            return
        line: bytes | None
        if "*" in changes.campaign_fields:
            self.fragments.invalidate_all()
            line = snapshot_line(self.journal.next_seq(), self.campaign)
            self._remember_all()
        else:
            line = self._line(changes)
        if line is None:
            return
        if self._since_mark is not None:
            self._since_mark.append(line)  # kept even when it cannot be written: the save's journal needs it
        if self.broken:
            return
        try:
            if not self.journal.started:
                # Started on the first change, not on opening: the journal a crash left stays until then.
                self.start()
            self.journal.append(line)
        except OSError:
            self.broken = True
            raise

    def mark(self) -> None:
        """A save of the campaign as it is now begins."""
        self._since_mark = []

    def saved(self) -> None:
        """That save is in place: the journal starts again from it with only the changes made since (or is
        removed when there are none: nothing is unsaved)."""
        since, self._since_mark = self._since_mark or [], None
        try:
            if since:
                self.journal.restart(self.saved_file, since)
            else:
                self.journal.discard()
        except OSError:
            self.broken = True
            raise
        self.broken = False  # complete again: the file holds everything before these lines

    def resume(self) -> None:
        """The journal was just written with the whole campaign as it is (RecoveryStore.save): go on from there."""
        self._remember_all()
        self.broken = False  # a save in progress still gets the lines made since it began

    def clean(self) -> None:
        """Back at the saved state (undone to it): nothing is unsaved. (A save in progress still gets the lines
        made since it began: they lead from what it writes to this state.)"""
        self.journal.discard()

    def close(self, *, keep: bool) -> None:
        """The campaign closes: the journal stays for recovery with `keep`, else it goes."""
        if keep:
            self.journal.close()
        else:
            self.journal.discard()

    def save_failed(self) -> None:
        """That save did not happen: the journal goes on as it was."""
        self._since_mark = None

    def _remember_all(self) -> None:
        self._fields = {name: _copy(getattr(self.campaign, name)) for name in _FIELDS}
        self._ids = {name: [item.id for item in getattr(self.campaign, name)] for name in COLLECTIONS}
        # The lists' items as last journaled: compared by identity first, which is quick for 10,000 characters.
        self._items = {name: list(getattr(self.campaign, name)) for name in COLLECTIONS}
        self._index = {name: {key: i for i, key in enumerate(ids)} for name, ids in self._ids.items()}
        self._log_ids = {e.id: [entry.id for entry in e.log] for e in self.campaign.encounters}
        self._fighters = {e.id: _combatant_json(e) for e in self.campaign.encounters}
        self._tokens = {m.id: _token_values(m) for m in self.campaign.battle_maps}
        # The maps each combatant has a token on, as last journaled (kept up to date with every map written).
        self._token_maps: dict[str, set[str]] = {}
        for battle_map in self.campaign.battle_maps:
            for token in battle_map.tokens:
                self._token_maps.setdefault(token.combatant_id, set()).add(battle_map.id)

    def _line(self, changes: ChangeSet) -> bytes | None:
        campaign = self.campaign
        fields = {name for name in _FIELDS if getattr(campaign, name) != self._fields[name]}
        for name in fields:
            self._fields[name] = _copy(getattr(campaign, name))
        wanted, token_maps = self._named(changes)
        put: dict[str, list[bytes]] = {}
        order: dict[str, list[str]] = {}
        for name in COLLECTIONS:
            items = getattr(campaign, name)
            # A list's items come, go or move only with a change that names them (for the characters: added,
            # removed or reordered; for the others: their ids, or a reorder) or that changes its length: a step
            # of a fight, which names characters it edits in place, does not walk 50,000 characters.
            if (len(items) != len(self._items[name]) or _may_restructure(name, changes)) \
                    and items != self._items[name]:  # the same objects in the same order compare by identity
                ids = [item.id for item in items]
                if ids != self._ids[name]:
                    order[name] = ids
                    self.fragments.order_changed(name)
                    wanted[name] |= set(ids) - set(self._ids[name])
                    self._ids[name] = ids
                    self._index[name] = {key: i for i, key in enumerate(ids)}
                self._items[name] = list(items)
            if wanted[name]:
                put[name] = [self._fragment(name, item) for item in self._in_order(name, items, wanted[name])]
        for name, changed in wanted.items():
            if changed:
                self.fragments.invalidate(name, changed)
        self.fragments.invalidate("battle_maps", token_maps)
        fighters = self._combatants(wanted["encounters"])
        logs = self._logs(wanted["encounters"])
        tokens = self._moved_tokens(token_maps, wanted["battle_maps"])
        if not fields and not put and not order and not tokens:
            return None
        fields_json = campaign.model_dump_json(include=fields).encode() if fields else None
        return entry_line(self.journal.next_seq(), fields_json, put, order, logs, tokens, fighters)

    def _in_order(self, name: str, items: list[Any], keys: set[str]) -> list[Any]:
        """The items with these ids, in the list's order (found by index, not by a walk through the list)."""
        index = self._index[name]
        return [items[i] for i in sorted(index[key] for key in keys if key in index)]

    def _fragment(self, name: str, item: DomainModel) -> bytes:
        # An encounter's log and combatants are written by _logs and _combatants: only what changed.
        if name == "encounters" and item.id in self._log_ids:  # type: ignore[attr-defined]
            return item.model_dump_json(exclude={"log", "combatants"}).encode()
        return item.model_dump_json().encode()

    def _combatants(self, encounter_ids: set[str]) -> dict[str, tuple[list[str] | None, list[bytes]]]:
        """For each encounter written: its combatants' ids where they came, went or moved, and the combatants
        whose JSON differs from the last line's (compared whole: nothing changed is missed, nothing unchanged
        written)."""
        deltas: dict[str, tuple[list[str] | None, list[bytes]]] = {}
        for encounter in self._encounters(encounter_ids):
            now = _combatant_json(encounter)
            known = self._fighters.get(encounter.id)
            self._fighters[encounter.id] = now
            if known is None:
                continue  # a new encounter: written whole
            order = list(now) if list(now) != list(known) else None
            changed = [fragment for key, fragment in now.items() if known.get(key) != fragment]
            if order is not None or changed:
                deltas[encounter.id] = (order, changed)
        return deltas

    def _moved_tokens(self, token_maps: set[str], written: set[str]) -> dict[str, list[bytes]]:
        """The tokens of each map in `token_maps` whose tokens differ from the last line's (compared by their
        values, which is quick: a map of 200 tokens is not written again for each step of the fight); the maps
        `written` whole are only remembered."""
        tokens = {}
        maps = self._maps(token_maps | written)
        for gone in written - {m.id for m in maps}:   # a map deleted: its tokens stand nowhere now
            self._note_token_maps(gone, self._tokens.pop(gone, []), [])
        for battle_map in maps:
            values = _token_values(battle_map)
            known = self._tokens.get(battle_map.id)
            if battle_map.id not in written and values != known:
                tokens[battle_map.id] = [t.model_dump_json().encode() for t in battle_map.tokens]
            if values != known:
                self._note_token_maps(battle_map.id, known or [], values)
            self._tokens[battle_map.id] = values
        return tokens

    def _note_token_maps(self, map_id: str, before: list[dict[str, Any]], after: list[dict[str, Any]]) -> None:
        """Keep the maps each combatant stands on in line with a map's tokens, as just journaled."""
        for token in before:
            maps = self._token_maps.get(token["combatant_id"])
            if maps is not None:
                maps.discard(map_id)
        for token in after:
            self._token_maps.setdefault(token["combatant_id"], set()).add(map_id)

    def _encounters(self, ids: set[str]) -> list[Encounter]:
        """The campaign's encounters of these ids, in the campaign's order, each found by its index."""
        campaign = self.campaign
        found = [campaign.encounter(key) for key in ids if campaign.has_encounter(key)]
        return sorted(found, key=lambda e: self._index["encounters"].get(e.id, 0)) if len(found) > 1 else found

    def _maps(self, ids: set[str]) -> list[BattleMap]:
        """The campaign's maps of these ids, each found by its index."""
        found = [map_or_none(self.campaign, key) for key in ids]
        return [m for m in found if m is not None]

    def _logs(self, encounter_ids: set[str]) -> dict[str, tuple[int, list[bytes]]]:
        """For each encounter written: how many entries of its log, as last journaled, stay, and what follows.

        Log entries are written once and never changed (an event adds them, its undo takes them away), so the
        entries are compared by id only."""
        logs = {}
        for encounter in self._encounters(encounter_ids):
            ids = [entry.id for entry in encounter.log]
            known = self._log_ids.get(encounter.id)
            if known is not None:
                kept = 0
                for old, new in zip(known, ids, strict=False):
                    if old != new:
                        break
                    kept += 1
                if kept < len(known) or kept < len(ids):
                    logs[encounter.id] = (kept, [e.model_dump_json().encode() for e in encounter.log[kept:]])
            self._log_ids[encounter.id] = ids
        return logs

    def _named(self, changes: ChangeSet) -> tuple[dict[str, set[str]], set[str]]:
        """The ids, by list, of the objects the change set says changed (a combatant's encounters), and the maps
        whose tokens only may have moved (where a combatant changed)."""
        campaign = self.campaign
        wanted: dict[str, set[str]] = {name: set() for name in COLLECTIONS}
        wanted["characters"] |= changes.characters | changes.characters_added
        wanted["encounters"] |= changes.encounters
        wanted["battle_maps"] |= changes.battle_maps | {cell[0] for cell in changes.cells}
        token_maps: set[str] = set()
        if changes.combatants:
            for combatant_id in changes.combatants:
                encounter = campaign.encounter_of(combatant_id)
                if encounter is not None:
                    wanted["encounters"].add(encounter.id)
                    if encounter.battle_map_id is not None:
                        token_maps.add(encounter.battle_map_id)
            for combatant_id in changes.combatants:   # a token may stand on a map its encounter does not use
                token_maps |= self._token_maps.get(combatant_id, set())
        if "equipment" in changes.campaign_fields:
            wanted["equipment"] |= {item.id for item in campaign.equipment}
        return wanted, token_maps


def _may_restructure(name: str, changes: ChangeSet) -> bool:
    """Whether `changes` may have added, removed or moved items of the campaign's list `name`. A reorder that names
    an encounter or combatants is of that encounter's combatants (or its flow's order), not of the characters."""
    if name == "characters":
        return bool(changes.characters_added or changes.characters_removed) or (
            changes.order and not changes.encounters and not changes.combatants)
    if changes.order:
        return True
    if name == "encounters":
        return bool(changes.encounters)
    if name == "battle_maps":
        return bool(changes.battle_maps)
    return "equipment" in changes.campaign_fields if name == "equipment" else True


def _combatant_json(encounter: Encounter) -> dict[str, bytes]:
    return {c.id: c.model_dump_json().encode() for c in encounter.combatants}


def _token_values(battle_map: BattleMap) -> list[dict[str, Any]]:
    """A map's tokens as their fields' values (plain numbers and ids), to compare with the last line's."""
    return [dict(token.__dict__) for token in battle_map.tokens]


def _copy(value: Any) -> Any:
    # Fields are replaced, never changed in place, except rule_options (a dict): keep a copy to compare.
    return dict(value) if isinstance(value, dict) else value
