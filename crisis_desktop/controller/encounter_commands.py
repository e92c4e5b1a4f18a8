"""Small undoable commands on an encounter's bookkeeping: fields, combatants, log entries, snapshots."""

from __future__ import annotations

import copy
from collections.abc import Iterable, Sequence
from typing import Any

from crisis_desktop.controller.changes import ChangeSet
from crisis_desktop.controller.commands import Command, Macro
from crisis_desktop.domain import BattleMap, Campaign, Character, Token
from crisis_desktop.domain.encounter import Combatant, Encounter, LogEntry

ENCOUNTER_FIELDS = frozenset({"started", "round", "flow", "ended", "notes", "name"})
COMBATANT_FIELDS = frozenset({"side", "group", "surprised", "hidden", "initiative", "initiative_note"})


class SetEncounterField(Command):
    """Set one field of an encounter; the old value is captured when applied (safe inside macros)."""

    def __init__(self, encounter_id: str, field: str, value: Any) -> None:
        if field not in ENCOUNTER_FIELDS:
            raise ValueError(f"The encounter field {field!r} cannot be set")
        self.encounter_id, self.field, self.value = encounter_id, field, copy.deepcopy(value)
        self.text = f"Set {field}"
        self._old: Any = None

    def apply(self, campaign: Campaign) -> ChangeSet:
        encounter = campaign.encounter(self.encounter_id)
        self._old = copy.deepcopy(getattr(encounter, self.field))
        setattr(encounter, self.field, copy.deepcopy(self.value))
        return self._changes()

    def revert(self, campaign: Campaign) -> ChangeSet:
        setattr(campaign.encounter(self.encounter_id), self.field, copy.deepcopy(self._old))
        return self._changes()

    def _changes(self) -> ChangeSet:
        # The flow's state holds the order of the fight (turn order, slots, declarations).
        return ChangeSet(encounters=frozenset({self.encounter_id}), order=self.field == "flow")


class SetCombatantField(Command):
    """Set one field of a combatant (side, group, surprised, hidden, initiative and its tie note)."""

    def __init__(self, encounter_id: str, combatant_id: str, field: str, value: Any) -> None:
        if field not in COMBATANT_FIELDS:
            raise ValueError(f"The combatant field {field!r} cannot be set")
        self.encounter_id, self.combatant_id = encounter_id, combatant_id
        self.field, self.value = field, copy.deepcopy(value)
        self.text = f"Set {field}"
        self._old: Any = None

    def apply(self, campaign: Campaign) -> ChangeSet:
        combatant = campaign.encounter(self.encounter_id).combatant(self.combatant_id)
        self._old = copy.deepcopy(getattr(combatant, self.field))
        setattr(combatant, self.field, copy.deepcopy(self.value))
        return self._changes()

    def revert(self, campaign: Campaign) -> ChangeSet:
        setattr(campaign.encounter(self.encounter_id).combatant(self.combatant_id), self.field,
                copy.deepcopy(self._old))
        return self._changes()

    def _changes(self) -> ChangeSet:
        return ChangeSet(encounters=frozenset({self.encounter_id}), combatants=frozenset({self.combatant_id}))


class AppendLog(Command):
    """Add one entry at the end of the combat log."""

    def __init__(self, encounter_id: str, entry: LogEntry) -> None:
        self.encounter_id = encounter_id
        self.entry = entry.model_copy(deep=True)
        self.text = entry.text

    def apply(self, campaign: Campaign) -> ChangeSet:
        campaign.encounter(self.encounter_id).log.append(self.entry.model_copy(deep=True))
        return ChangeSet(encounters=frozenset({self.encounter_id}))

    def revert(self, campaign: Campaign) -> ChangeSet:
        log = campaign.encounter(self.encounter_id).log
        log[:] = [e for e in log if e.id != self.entry.id]
        return ChangeSet(encounters=frozenset({self.encounter_id}))


class InsertCombatant(Command):
    """Add a combatant at `index` of the encounter (the end by default)."""

    def __init__(self, encounter_id: str, combatant: Combatant, index: int | None = None) -> None:
        self.encounter_id = encounter_id
        self.combatant = combatant.model_copy(deep=True)
        self.index = index
        self.text = "Add combatant"

    def apply(self, campaign: Campaign) -> ChangeSet:
        combatants = campaign.encounter(self.encounter_id).combatants
        index = len(combatants) if self.index is None else self.index
        combatants.insert(index, self.combatant.model_copy(deep=True))
        return self._changes()

    def revert(self, campaign: Campaign) -> ChangeSet:
        combatants = campaign.encounter(self.encounter_id).combatants
        combatants[:] = [c for c in combatants if c.id != self.combatant.id]
        return self._changes()

    def _changes(self) -> ChangeSet:
        return ChangeSet(encounters=frozenset({self.encounter_id}), combatants=frozenset({self.combatant.id}),
                         order=True)


class RemoveCombatant(Command):
    """Take a combatant out of the encounter; undo puts it back in place. (The round flow takes it out of the
    order in the same event.)"""

    def __init__(self, encounter_id: str, combatant_id: str) -> None:
        self.encounter_id, self.combatant_id = encounter_id, combatant_id
        self.text = "Remove combatant"
        self._saved: tuple[int, Combatant] | None = None

    def apply(self, campaign: Campaign) -> ChangeSet:
        encounter = campaign.encounter(self.encounter_id)
        index = next(i for i, c in enumerate(encounter.combatants) if c.id == self.combatant_id)
        self._saved = (index, encounter.combatants[index])
        del encounter.combatants[index]
        return self._changes()

    def revert(self, campaign: Campaign) -> ChangeSet:
        assert self._saved is not None, "revert before apply"
        index, combatant = self._saved
        campaign.encounter(self.encounter_id).combatants.insert(index, combatant)
        return self._changes()

    def _changes(self) -> ChangeSet:
        return ChangeSet(encounters=frozenset({self.encounter_id}), combatants=frozenset({self.combatant_id}),
                         order=True)


class EncounterEvent(Macro):
    """One event of a fight (a turn, an action, an attack, an override) as a single undo step.

    `result` keeps the rules' result (an AttackResult, the initiative entries) for whoever asked;
    `round_start` marks the event that begins a round, so the controller can rewind to it.
    """

    def __init__(self, text: str, commands: Sequence[Command], encounter_id: str, result: Any = None,
                 round_start: bool = False) -> None:
        super().__init__(text, commands)
        self.encounter_id = encounter_id
        self.result = result
        self.round_start = round_start
        self.applied = False
        self.snapshot: Snapshot | None = None

    def apply(self, campaign: Campaign) -> ChangeSet:
        changes = super().apply(campaign)
        self.applied = True
        if self.round_start:
            self.snapshot = Snapshot.take(campaign, self.encounter_id)
        return changes

    def revert(self, campaign: Campaign) -> ChangeSet:
        self.applied = False
        return super().revert(campaign)


class Snapshot:
    """A deep copy of an encounter, of the characters taking part in it, and of the tokens on its map."""

    def __init__(self, encounter: Encounter, characters: dict[str, Character],
                 tokens: list[Token] | None = None) -> None:
        self.encounter = encounter
        self.characters = characters
        self.tokens = tokens  # None: the encounter has no map

    @classmethod
    def take(cls, campaign: Campaign, encounter_id: str, also: Iterable[str] = ()) -> Snapshot:
        """`also`: further character ids to copy (those another snapshot will touch)."""
        encounter = campaign.encounter(encounter_id)
        wanted = {c.character_id for c in encounter.combatants} | set(also)
        battle_map = _linked_map(campaign, encounter)
        return cls(encounter.model_copy(deep=True),
                   {c.id: c.model_copy(deep=True) for c in campaign.characters if c.id in wanted},
                   [t.model_copy() for t in battle_map.tokens] if battle_map is not None else None)

    def restore(self, campaign: Campaign) -> ChangeSet:
        """Put the copies back in place (the live objects are updated, as views hold them)."""
        encounter = campaign.encounter(self.encounter.id)
        _copy_into(encounter, self.encounter)
        changed: set[str] = set()
        for character in campaign.characters:
            saved = self.characters.get(character.id)
            if saved is not None:
                _copy_into(character, saved)
                changed.add(character.id)
        maps: frozenset[str] = frozenset()
        battle_map = _linked_map(campaign, encounter)
        if battle_map is not None and self.tokens is not None:
            battle_map.tokens = [t.model_copy() for t in self.tokens]
            maps = frozenset({battle_map.id})
        return ChangeSet(encounters=frozenset({encounter.id}), characters=frozenset(changed),
                         combatants=frozenset(c.id for c in encounter.combatants), order=True,
                         battle_maps=maps)


def _linked_map(campaign: Campaign, encounter: Encounter) -> BattleMap | None:
    return next((m for m in campaign.battle_maps if m.id == encounter.battle_map_id), None)


def _copy_into(target: Any, source: Any) -> None:
    for name in type(source).model_fields:
        object.__setattr__(target, name, copy.deepcopy(getattr(source, name)))


class RestoreSnapshot(Command):
    """Go back to a snapshot (the start of a round); undo returns to where the fight was."""

    def __init__(self, campaign: Campaign, snapshot: Snapshot, text: str) -> None:
        self.target = snapshot
        self.text = text
        self._before: Snapshot | None = None
        self._encounter_id = snapshot.encounter.id

    def apply(self, campaign: Campaign) -> ChangeSet:
        # Everyone the target restores, fighters who left since included, so undo puts them back too.
        self._before = Snapshot.take(campaign, self._encounter_id, also=self.target.characters)
        # Characters that joined since the snapshot keep their state: only the snapshot's ones go back.
        return self.target.restore(campaign)

    def revert(self, campaign: Campaign) -> ChangeSet:
        assert self._before is not None, "revert before apply"
        return self._before.restore(campaign)


class AddEncounter(Command):
    """Add a new, empty encounter to the campaign."""

    def __init__(self, encounter: Encounter) -> None:
        self.encounter = encounter.model_copy(deep=True)
        self.text = f"New encounter {encounter.name}"

    def apply(self, campaign: Campaign) -> ChangeSet:
        campaign.encounters.append(self.encounter.model_copy(deep=True))
        return ChangeSet(encounters=frozenset({self.encounter.id}))

    def revert(self, campaign: Campaign) -> ChangeSet:
        campaign.encounters[:] = [e for e in campaign.encounters if e.id != self.encounter.id]
        return ChangeSet(encounters=frozenset({self.encounter.id}))
