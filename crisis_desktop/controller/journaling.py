"""Journaling each change of the open campaign as it happens (storage/journal.py), so a crash loses nothing."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from crisis_desktop.controller.changes import ChangeSet
from crisis_desktop.domain import Campaign
from crisis_desktop.domain.common import DomainModel
from crisis_desktop.storage.journal import COLLECTIONS, Journal, entry_line, snapshot_line

# The campaign's own fields outside its lists, compared after every change (cheap: a few values).
_FIELDS = tuple(name for name in Campaign.model_fields if name not in COLLECTIONS)


class ChangeJournal:
    """Turns each change set of an applied, undone or redone command into one journal line: the top-level
    fields that differ from the last line's, the objects the change set names (a combatant's encounter and the
    maps it stands on included), and each list's ids whenever items came, went or moved.

    `mark()` starts counting the lines of a save in progress: `saved()` then restarts the journal from the
    file just written, keeping only the lines made since (compaction).
    """

    def __init__(self, campaign: Campaign, journal: Journal, saved_file: Path) -> None:
        self.campaign = campaign
        self.journal = journal
        self.saved_file = saved_file
        self._fields: dict[str, Any] = {}
        self._ids: dict[str, list[str]] = {}
        self._since_mark: list[bytes] | None = None
        self._remember_all()

    def start(self) -> None:
        """Begin journaling from the campaign file as it is now, as saved (or, where there is none, from the
        whole campaign as it is). What the lines compare with is the state last journaled (or, before any,
        the campaign as opened), which is what that file holds."""
        self._since_mark = None
        if self.saved_file.exists():
            self.journal.restart(self.saved_file)
        else:
            self.journal.restart(None, [snapshot_line(self.journal.next_seq(), self.campaign)])

    def record(self, changes: ChangeSet) -> None:
        """Write what `changes` changed (starting the journal on the first change); OSError (JournalFull: too
        large) if it could not be written."""
        if changes.empty:
            return
        if not self.journal.started:
            # Started on the first change, not on opening: the journal a crash left stays until then.
            self.start()
        line: bytes | None
        if "*" in changes.campaign_fields:
            line = snapshot_line(self.journal.next_seq(), self.campaign)
            self._remember_all()
        else:
            line = self._line(changes)
        if line is None:
            return
        self.journal.append(line)
        if self._since_mark is not None:
            self._since_mark.append(line)

    def mark(self) -> None:
        """A save of the campaign as it is now begins."""
        self._since_mark = []

    def saved(self) -> None:
        """That save is in place: the journal starts again from it with only the changes made since (or is
        removed when there are none: nothing is unsaved)."""
        since, self._since_mark = self._since_mark or [], None
        if since:
            self.journal.restart(self.saved_file, since)
        else:
            self.journal.discard()

    def resume(self) -> None:
        """The journal was just written with the whole campaign as it is (RecoveryStore.save): go on from there."""
        self._remember_all()
        self._since_mark = None

    def clean(self) -> None:
        """Back at the saved state (undone to it): nothing is unsaved."""
        self._since_mark = None
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

    def _line(self, changes: ChangeSet) -> bytes | None:
        campaign = self.campaign
        fields = {name for name in _FIELDS if getattr(campaign, name) != self._fields[name]}
        for name in fields:
            self._fields[name] = _copy(getattr(campaign, name))
        wanted = self._named(changes)
        put: dict[str, Sequence[DomainModel]] = {}
        order: dict[str, list[str]] = {}
        for name in COLLECTIONS:
            items = getattr(campaign, name)
            ids = [item.id for item in items]
            if ids != self._ids[name]:
                order[name] = ids
                wanted[name] |= set(ids) - set(self._ids[name])
                self._ids[name] = ids
            if wanted[name]:
                put[name] = [item for item in items if item.id in wanted[name]]
        if not fields and not put and not order:
            return None
        fields_json = campaign.model_dump_json(include=fields).encode() if fields else None
        return entry_line(self.journal.next_seq(), fields_json, put, order)

    def _named(self, changes: ChangeSet) -> dict[str, set[str]]:
        """The ids, by list, of the objects the change set says changed (a combatant's encounters and maps)."""
        campaign = self.campaign
        wanted: dict[str, set[str]] = {name: set() for name in COLLECTIONS}
        wanted["characters"] |= changes.characters | changes.characters_added
        wanted["encounters"] |= changes.encounters
        wanted["battle_maps"] |= changes.battle_maps | {cell[0] for cell in changes.cells}
        if changes.combatants:
            for encounter in campaign.encounters:
                if any(c.id in changes.combatants for c in encounter.combatants):
                    wanted["encounters"].add(encounter.id)
                    if encounter.battle_map_id is not None:
                        wanted["battle_maps"].add(encounter.battle_map_id)
            for battle_map in campaign.battle_maps:
                if any(t.combatant_id in changes.combatants for t in battle_map.tokens):
                    wanted["battle_maps"].add(battle_map.id)
        if "equipment" in changes.campaign_fields:
            wanted["equipment"] |= {item.id for item in campaign.equipment}
        return wanted


def _copy(value: Any) -> Any:
    # Fields are replaced, never changed in place, except rule_options (a dict): keep a copy to compare.
    return dict(value) if isinstance(value, dict) else value
