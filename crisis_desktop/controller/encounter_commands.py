"""Small undoable commands on an encounter's bookkeeping: fields, combatants, log entries, snapshots."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from crisis_desktop.controller.changes import ChangeSet
from crisis_desktop.controller.commands import Command, Macro, copy_value
from crisis_desktop.controller.map_commands import map_or_none
from crisis_desktop.domain import BattleMap, Campaign, Character, Token
from crisis_desktop.domain.encounter import Combatant, Encounter, LogEntry

ENCOUNTER_FIELDS = frozenset({"started", "round", "flow", "ended", "notes", "name"})
COMBATANT_FIELDS = frozenset({"side", "group", "setup", "hidden", "initiative", "initiative_note"})


class SetEncounterField(Command):
    """Set one field of an encounter; the old value is captured when applied (safe inside macros)."""

    def __init__(self, encounter_id: str, field: str, value: Any) -> None:
        if field not in ENCOUNTER_FIELDS:
            raise ValueError(f"The encounter field {field!r} cannot be set")
        self.encounter_id, self.field, self.value = encounter_id, field, copy_value(value)
        self.text = f"Set {field}"
        self._old: Any = None

    def apply(self, campaign: Campaign) -> ChangeSet:
        encounter = campaign.encounter(self.encounter_id)
        self._old = copy_value(getattr(encounter, self.field))
        setattr(encounter, self.field, copy_value(self.value))
        return self._changes()

    def revert(self, campaign: Campaign) -> ChangeSet:
        setattr(campaign.encounter(self.encounter_id), self.field, copy_value(self._old))
        return self._changes()

    def _changes(self) -> ChangeSet:
        # The flow's state holds the order of the fight (turn order, slots, declarations).
        return ChangeSet(encounters=frozenset({self.encounter_id}), order=self.field == "flow")


class SetCombatantField(Command):
    """Set one field of a combatant (side, group, setup flags, hidden, initiative and its tie note)."""

    def __init__(self, encounter_id: str, combatant_id: str, field: str, value: Any) -> None:
        if field not in COMBATANT_FIELDS:
            raise ValueError(f"The combatant field {field!r} cannot be set")
        self.encounter_id, self.combatant_id = encounter_id, combatant_id
        self.field, self.value = field, copy_value(value)
        self.text = f"Set {field}"
        self._old: Any = None

    def apply(self, campaign: Campaign) -> ChangeSet:
        combatant = campaign.encounter(self.encounter_id).combatant(self.combatant_id)
        self._old = copy_value(getattr(combatant, self.field))
        setattr(combatant, self.field, copy_value(self.value))
        return self._changes()

    def revert(self, campaign: Campaign) -> ChangeSet:
        setattr(campaign.encounter(self.encounter_id).combatant(self.combatant_id), self.field,
                copy_value(self._old))
        return self._changes()

    def _changes(self) -> ChangeSet:
        return ChangeSet(encounters=frozenset({self.encounter_id}), combatants=frozenset({self.combatant_id}))


class AppendLog(Command):
    """Add one entry at the end of the combat log. The entry given becomes the log's: the caller hands over a new
    one (`logs.entry`) and keeps nothing of it to change. A log entry is never changed once written, so the command
    and the log hold the same object (a fight's start writes one per combatant: copying each would cost)."""

    def __init__(self, encounter_id: str, entry: LogEntry) -> None:
        self.encounter_id = encounter_id
        self.entry = entry
        self.text = entry.text

    def apply(self, campaign: Campaign) -> ChangeSet:
        campaign.encounter(self.encounter_id).log.append(self.entry)
        return ChangeSet(encounters=frozenset({self.encounter_id}))

    def revert(self, campaign: Campaign) -> ChangeSet:
        log = campaign.encounter(self.encounter_id).log
        if log and log[-1].id == self.entry.id:
            log.pop()          # undo takes back the newest entry first: no pass over a long log
        else:
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
    """An encounter, the characters taking part in it, the tokens on its map and the campaign's shared pools (story
    points spent in the round come back with it) as they were, kept as JSON written by pydantic's compiled serializer
    (taking one at every round start stays cheap in a big fight; a rewind, which is rare, parses them back)."""

    def __init__(self, encounter: Encounter, characters: dict[str, Character],
                 tokens: list[Token] | None = None, pools: dict[str, int] | None = None) -> None:
        self._pools = dict(pools) if pools is not None else None
        self.encounter_id = encounter.id
        self.round = encounter.round
        self._encounter = encounter.model_dump_json().encode()
        self._characters = {cid: c.model_dump_json().encode() for cid, c in characters.items()}
        self.names = {cid: c.name for cid, c in characters.items()}
        self._tokens = [t.model_dump_json().encode() for t in tokens] if tokens is not None else None

    @classmethod
    def take(cls, campaign: Campaign, encounter_id: str, also: Iterable[str] = ()) -> Snapshot:
        """`also`: further character ids to keep (those another snapshot will touch)."""
        encounter = campaign.encounter(encounter_id)
        wanted = {c.character_id for c in encounter.combatants} | set(also)
        battle_map = _linked_map(campaign, encounter)
        return cls(encounter, {c.id: c for c in campaign.characters if c.id in wanted},
                   battle_map.tokens if battle_map is not None else None, campaign.pools)

    def restore(self, campaign: Campaign) -> ChangeSet:
        """Put the saved state back in place (the live objects are updated, as views hold them)."""
        encounter = campaign.encounter(self.encounter_id)
        _copy_into(encounter, Encounter.model_validate_json(self._encounter))
        changed: set[str] = set()
        for character in campaign.characters:
            saved = self._characters.get(character.id)
            if saved is not None:
                _copy_into(character, Character.model_validate_json(saved))
                changed.add(character.id)
        maps: frozenset[str] = frozenset()
        battle_map = _linked_map(campaign, encounter)
        if battle_map is not None and self._tokens is not None:
            battle_map.tokens = [Token.model_validate_json(t) for t in self._tokens]
            maps = frozenset({battle_map.id})
        pools: frozenset[str] = frozenset()
        if self._pools is not None and self._pools != campaign.pools:
            campaign.pools.clear()
            campaign.pools.update(self._pools)
            pools = frozenset({"pools"})
        return ChangeSet(campaign_fields=pools, encounters=frozenset({encounter.id}), characters=frozenset(changed),
                         combatants=frozenset(c.id for c in encounter.combatants), order=True,
                         battle_maps=maps)


def _linked_map(campaign: Campaign, encounter: Encounter) -> BattleMap | None:
    return map_or_none(campaign, encounter.battle_map_id)


def _copy_into(target: Any, source: Any) -> None:
    """Move a freshly parsed model's fields into the live one (the source is thrown away)."""
    for name in type(source).model_fields:
        object.__setattr__(target, name, getattr(source, name))


class RestoreSnapshot(Command):
    """Go back to a snapshot (the start of a round); undo returns to where the fight was."""

    def __init__(self, campaign: Campaign, snapshot: Snapshot, text: str) -> None:
        self.target = snapshot
        self.text = text
        self._before: Snapshot | None = None
        self._encounter_id = snapshot.encounter_id

    def apply(self, campaign: Campaign) -> ChangeSet:
        # Everyone the target restores, fighters who left since included, so undo puts them back too.
        self._before = Snapshot.take(campaign, self._encounter_id, also=self.target.names)
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
