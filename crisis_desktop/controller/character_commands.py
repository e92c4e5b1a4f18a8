"""Undoable commands on characters (sheet fields, stats, equipment, conditions) and character import/export."""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable, Iterable, Sequence
from functools import partial
from typing import Any

from pydantic import ValidationError

from crisis_desktop.controller.changes import ChangeSet
from crisis_desktop.controller.commands import Command, Macro, Steps
from crisis_desktop.controller.encounter_commands import RemoveCombatant
from crisis_desktop.domain import Campaign, Character, CharacterKind, ConditionState, EquipmentItem, StatValue, new_id
from crisis_desktop.domain.limits import TooManyUnknownFields
from crisis_desktop.rules.base import FieldKind, FieldSpec, Ruleset
from crisis_desktop.storage.campaign_file import first_problem
from crisis_desktop.storage.file_validation import validate_python


class _Missing:
    """A stat key absent from the stat block (an untrained skill), as opposed to one stored as null."""

    def __deepcopy__(self, _memo: dict[int, Any]) -> _Missing:
        return self  # one sentinel: commands deep-copy their values


_MISSING: Any = _Missing()

_FIELD_LABELS = {"name": "Name", "kind": "Kind", "player": "Player", "portrait": "Portrait", "notes": "Notes",
                 "gm_notes": "GM notes", "tags": "Tags"}


def _reason(label: str, exc: ValidationError) -> str:
    """pydantic's first complaint in plain words, prefixed with the field's label."""
    error = exc.errors()[0]
    return f"{label}: {error['msg']}"


def spec_for(specs: Iterable[FieldSpec], key: str) -> FieldSpec:
    """The FieldSpec with this key; ValueError naming it otherwise."""
    for spec in specs:
        if spec.key == key:
            return spec
    raise ValueError(f"The rules have no field {key!r}")


def _put(stats: dict[str, StatValue], key: str, value: Any) -> None:
    if value is _MISSING:
        stats.pop(key, None)
    else:
        stats[key] = value


def normalise_tags(tags: Iterable[str] | str) -> list[str]:
    """Tags stripped, without empty ones or repeats; a string is split at commas."""
    parts = tags.split(",") if isinstance(tags, str) else tags
    seen: list[str] = []
    for tag in (t.strip() for t in parts):
        if tag and tag not in seen:
            seen.append(tag)
    return seen


# --------------------------------------------------------------------------- sheet fields


class SetCharacterField(Command):
    """Set one top-level field of a character (name, kind, player, portrait, notes, GM notes, tags)."""

    EDITABLE = frozenset(_FIELD_LABELS)
    _TYPED = frozenset({"name", "player", "notes", "gm_notes", "tags"})  # typed text merges into one step

    def __init__(self, campaign: Campaign, character_id: str, field: str, value: Any) -> None:
        if field not in self.EDITABLE:
            raise ValueError(f"The character field {field!r} cannot be edited")
        character = campaign.character(character_id)
        if field == "tags":
            value = normalise_tags(value)
        if field == "name" and isinstance(value, str) and not value.strip():
            raise ValueError("Name: a character needs a name")
        probe = character.model_copy()
        try:
            Character.__pydantic_validator__.validate_assignment(probe, field, value)
        except ValidationError as exc:
            raise ValueError(_reason(_FIELD_LABELS[field], exc)) from None
        self.character_id = character_id
        self.field = field
        self.old = copy.deepcopy(getattr(character, field))
        self.new = copy.deepcopy(getattr(probe, field))  # the validated (coerced) value
        self.text = f"Edit {_FIELD_LABELS[field].lower()} of {character.name}"
        self.merge_key = ("character", character_id, field) if field in self._TYPED else None

    def apply(self, campaign: Campaign) -> ChangeSet:
        setattr(campaign.character(self.character_id), self.field, copy.deepcopy(self.new))
        return ChangeSet(characters=frozenset({self.character_id}))

    def revert(self, campaign: Campaign) -> ChangeSet:
        setattr(campaign.character(self.character_id), self.field, copy.deepcopy(self.old))
        return ChangeSet(characters=frozenset({self.character_id}))

    def merge(self, other: Command) -> bool:
        if isinstance(other, SetCharacterField) and self.merge_key is not None and other.merge_key == self.merge_key:
            self.new = other.new
            return True
        return False


class SetStat(Command):
    """Set one ruleset stat of a character, validated by the ruleset's FieldSpec.

    None for a field that is not required removes the key (an untrained skill).
    """

    def __init__(self, campaign: Campaign, ruleset: Ruleset, character_id: str, key: str, value: StatValue) -> None:
        spec = spec_for(ruleset.sheet.campaign_fields(ruleset.options_with_defaults(campaign.rule_options)), key)
        character = campaign.character(character_id)
        if character.kind not in spec.kinds:
            raise ValueError(f"{spec.label} does not apply to a {character.kind.value.upper()}")
        value = spec.normalised(value)   # a list stored as it is read back: "Soldier 25, Hunter 25," has 2 entries
        reason = spec.validate(value)
        if reason:
            raise ValueError(reason)
        probe = character.model_copy(update={"stats": dict(character.stats)})
        _put(probe.stats, key, _MISSING if value is None else value)
        broken = [r for r in ruleset.sheet.stat_rules(probe) if r not in ruleset.sheet.stat_rules(character)]
        if broken:
            raise ValueError(broken[0])
        self.character_id = character_id
        self.key = key
        self.old = copy.deepcopy(character.stats.get(key, _MISSING))
        self.new = _MISSING if value is None else value
        self.text = f"Set {spec.label} of {character.name}"
        # Typing and spinning merge; picking from a list is a step of its own.
        merging = spec.kind in (FieldKind.TEXT, FieldKind.DICE, FieldKind.INT)
        self.merge_key = ("character", character_id, f"stats.{key}") if merging else None

    def apply(self, campaign: Campaign) -> ChangeSet:
        _put(campaign.character(self.character_id).stats, self.key, copy.deepcopy(self.new))
        return ChangeSet(characters=frozenset({self.character_id}))

    def revert(self, campaign: Campaign) -> ChangeSet:
        _put(campaign.character(self.character_id).stats, self.key, copy.deepcopy(self.old))
        return ChangeSet(characters=frozenset({self.character_id}))

    def merge(self, other: Command) -> bool:
        if isinstance(other, SetStat) and self.merge_key is not None and other.merge_key == self.merge_key:
            self.new = other.new
            return True
        return False


def change_kind(campaign: Campaign, ruleset: Ruleset, character_id: str, kind: CharacterKind) -> Command:
    """Make a PC an NPC or back, as one step: fields the new kind requires get the ruleset's defaults
    (an NPC gets a Difficulty Level), and the other kind's values are kept in case it is switched back."""
    character = campaign.character(character_id)
    commands: list[Command] = [SetCharacterField(campaign, character_id, "kind", kind)]
    defaults = ruleset.sheet.new_stats(kind)
    for spec in ruleset.sheet.campaign_fields(ruleset.options_with_defaults(campaign.rule_options)):
        if kind in spec.kinds and spec.required and spec.key not in character.stats:
            value = defaults.get(spec.key, spec.default)
            if value is not None and spec.validate(value) is None:
                commands.append(_SetStatUnchecked(character_id, spec.key, value))
    return Macro(f"Make {character.name} {'an NPC' if kind is CharacterKind.NPC else 'a PC'}", commands)


class _SetStatUnchecked(Command):
    """Adds a default stat while the kind changes (SetStat would refuse it: the kind is not switched yet)."""

    def __init__(self, character_id: str, key: str, value: StatValue) -> None:
        self.character_id, self.key, self.value = character_id, key, value

    def apply(self, campaign: Campaign) -> ChangeSet:
        campaign.character(self.character_id).stats[self.key] = self.value
        return ChangeSet(characters=frozenset({self.character_id}))

    def revert(self, campaign: Campaign) -> ChangeSet:
        campaign.character(self.character_id).stats.pop(self.key, None)
        return ChangeSet(characters=frozenset({self.character_id}))


# --------------------------------------------------------------------------- adding and removing characters


class AddCharacter(Command):
    """Insert a character at `index` (the end by default)."""

    def __init__(self, campaign: Campaign, character: Character, index: int | None = None,
                 text: str | None = None) -> None:
        if any(c.id == character.id for c in campaign.characters):
            raise ValueError(f"The campaign already has a character with the id {character.id}")
        self.character = character.model_copy(deep=True)
        self.index = len(campaign.characters) if index is None else index
        self.text = text or f"Add {character.name}"

    def apply(self, campaign: Campaign) -> ChangeSet:
        campaign.characters.insert(self.index, self.character.model_copy(deep=True))
        return ChangeSet(characters_added=frozenset({self.character.id}))

    def revert(self, campaign: Campaign) -> ChangeSet:
        campaign.characters[:] = [c for c in campaign.characters if c.id != self.character.id]
        return ChangeSet(characters_removed=frozenset({self.character.id}))


class RemoveCharacter(Command):
    """Remove a character, and the combatants (and their map tokens) that stand for it in encounters.

    Undo puts everything back at the same places.
    """

    def __init__(self, campaign: Campaign, character_id: str) -> None:
        character = campaign.character(character_id)
        self.character_id = character_id
        self.text = f"Delete {character.name}"
        self._index = -1
        self._character: Character | None = None
        # One RemoveCombatant per encounter place (a running fight's flow has let them leave first).
        self._combatants: list[RemoveCombatant] = []
        self._tokens: list[tuple[int, int, Any]] = []              # (map index, position, token)

    def apply(self, campaign: Campaign) -> ChangeSet:
        self._index = next(i for i, c in enumerate(campaign.characters) if c.id == self.character_id)
        self._character = campaign.characters.pop(self._index)
        self._combatants = [RemoveCombatant(encounter.id, combatant.id)
                            for encounter in campaign.encounters for combatant in encounter.combatants
                            if combatant.character_id == self.character_id]
        for command in self._combatants:
            command.apply(campaign)
        gone = {command.combatant_id for command in self._combatants}
        self._tokens = []
        for m, battle_map in enumerate(campaign.battle_maps):
            for position in reversed(range(len(battle_map.tokens))):
                if battle_map.tokens[position].combatant_id in gone:
                    self._tokens.append((m, position, battle_map.tokens.pop(position)))
        return self._changes(campaign, removed=True)

    def revert(self, campaign: Campaign) -> ChangeSet:
        assert self._character is not None, "revert before apply"
        campaign.characters.insert(self._index, self._character)
        for command in reversed(self._combatants):
            command.revert(campaign)
        for m, position, token in reversed(self._tokens):
            campaign.battle_maps[m].tokens.insert(position, token)
        return self._changes(campaign, removed=False)

    def _changes(self, campaign: Campaign, removed: bool) -> ChangeSet:
        ids = frozenset({self.character_id})
        return ChangeSet(
            characters_removed=ids if removed else frozenset(),
            characters_added=frozenset() if removed else ids,
            encounters=frozenset(command.encounter_id for command in self._combatants),
            combatants=frozenset(command.combatant_id for command in self._combatants),
            battle_maps=frozenset(campaign.battle_maps[m].id for m, _p, _t in self._tokens),
        )


def encounters_using(campaign: Campaign, character_ids: Iterable[str]) -> list[str]:
    """Names of the encounters in which any of these characters takes part."""
    wanted = set(character_ids)
    return [e.name for e in campaign.encounters if any(c.character_id in wanted for c in e.combatants)]


def delete_characters(campaign: Campaign, character_ids: Sequence[str], ruleset: Ruleset | None = None) -> Command:
    """One undo step that deletes every listed character. In a running fight each of them first leaves through
    the rules' round flow (`ruleset`), so the order and the current turn stay whole."""
    from crisis_desktop.controller.encounter import EncounterController

    makers: list[Callable[[], Command]] = []
    for character_id in dict.fromkeys(character_ids):
        if ruleset is not None:
            makers += [partial(lambda e, c: EncounterController(campaign, e, ruleset).remove_combatant(c),
                               encounter.id, combatant.id)
                       for encounter in campaign.encounters if encounter.started
                       for combatant in encounter.combatants if combatant.character_id == character_id]
        makers.append(partial(RemoveCharacter, campaign, character_id))
    if not makers:
        raise ValueError("No character to delete")
    ids = list(dict.fromkeys(character_ids))
    text = f"Delete {len(ids)} characters" if len(ids) > 1 else f"Delete {campaign.character(ids[0]).name}"
    return Steps(text, makers)


_NUMBERED = re.compile(r"^(?P<stem>.*?)\s+(?P<n>\d+)$")


def numbered_names(source_name: str, existing: Iterable[str], count: int) -> list[str]:
    """Names for `count` copies: "Raider" -> "Raider 1".."Raider N", continuing after the highest
    "Raider <n>" that already exists ("Raider 3" counts as "Raider" numbered 3)."""
    match = _NUMBERED.match(source_name.strip())
    stem = match.group("stem") if match else source_name.strip()
    pattern = re.compile(rf"^{re.escape(stem)}\s+(\d+)$")
    taken = [int(m.group(1)) for name in existing if (m := pattern.match(name.strip()))]
    start = max(taken, default=0) + 1
    return [f"{stem} {start + i}" for i in range(count)]


def copy_character(character: Character, name: str | None = None) -> Character:
    """A deep copy with fresh ids for the character and everything it carries."""
    copied = character.model_copy(deep=True)
    copied.id = new_id()
    for item in copied.equipment:
        item.id = new_id()
    if name is not None:
        copied.name = name
    return copied


def duplicate_character(campaign: Campaign, character_id: str, count: int = 1) -> Command:
    """One undo step adding `count` copies right after the original (numbered when more than one)."""
    if not 1 <= count <= 500:
        raise ValueError(f"Make between 1 and 500 copies, not {count}")
    source = campaign.character(character_id)
    index = campaign.characters.index(source) + 1
    if count == 1:
        names = [f"{source.name} (copy)"[:200]]
    else:
        names = numbered_names(source.name, (c.name for c in campaign.characters), count)
    commands: list[Command] = [AddCharacter(campaign, copy_character(source, name), index + i)
                               for i, name in enumerate(names)]
    if count == 1:
        commands[0].text = f"Duplicate {source.name}"
        return commands[0]
    return Macro(f"Duplicate {source.name} {count} times", commands)


# --------------------------------------------------------------------------- equipment


def item_from_catalogue(entry: EquipmentItem) -> EquipmentItem:
    """A carried copy of a catalogue entry: a new id, remembering which entry it came from."""
    item = entry.model_copy(deep=True)
    item.id = new_id()
    item.catalogue_id = entry.id
    return item


class AddItem(Command):
    def __init__(self, campaign: Campaign, character_id: str, item: EquipmentItem) -> None:
        character = campaign.character(character_id)
        if any(i.id == item.id for i in character.equipment):
            raise ValueError(f"{character.name} already carries an item with the id {item.id}")
        self.character_id = character_id
        self.item = item.model_copy(deep=True)
        self.text = f"Give {item.name} to {character.name}"

    def apply(self, campaign: Campaign) -> ChangeSet:
        campaign.character(self.character_id).equipment.append(self.item.model_copy(deep=True))
        return ChangeSet(characters=frozenset({self.character_id}))

    def revert(self, campaign: Campaign) -> ChangeSet:
        character = campaign.character(self.character_id)
        character.equipment[:] = [i for i in character.equipment if i.id != self.item.id]
        return ChangeSet(characters=frozenset({self.character_id}))


class RemoveItem(Command):
    def __init__(self, campaign: Campaign, character_id: str, item_id: str) -> None:
        character = campaign.character(character_id)
        item = character.item(item_id)
        self.character_id = character_id
        self.index = character.equipment.index(item)
        self.item = item.model_copy(deep=True)
        self.text = f"Remove {item.name} from {character.name}"

    def apply(self, campaign: Campaign) -> ChangeSet:
        character = campaign.character(self.character_id)
        character.equipment[:] = [i for i in character.equipment if i.id != self.item.id]
        return ChangeSet(characters=frozenset({self.character_id}))

    def revert(self, campaign: Campaign) -> ChangeSet:
        campaign.character(self.character_id).equipment.insert(self.index, self.item.model_copy(deep=True))
        return ChangeSet(characters=frozenset({self.character_id}))


def checked_item_stat(ruleset: Ruleset, item: EquipmentItem, key: str, value: Any) -> FieldSpec:
    """The spec of an item's stat `key` once `value` is found legal for it: by the field's own spec, then by the
    rules between fields the edit would break (one already broken in the file does not block it); ValueError with
    the reason otherwise. The sheet and the catalogue check an item's edits with this one function."""
    spec = spec_for(ruleset.sheet.item_fields(item.kind), key)
    reason = spec.validate(value)
    if reason:
        raise ValueError(f"{item.name}: {reason}")
    probe = item.model_copy(update={"stats": dict(item.stats)})
    _put(probe.stats, spec.key, _MISSING if value is None else value)
    broken = [r for r in ruleset.sheet.item_rules(probe) if r not in ruleset.sheet.item_rules(item)]
    if broken:
        raise ValueError(f"{item.name}: {broken[0]}")
    return spec


class ItemEdit(Command):
    """Setting one field of an item: its name and the other plain fields of `_PLAIN` (field: label), or one of its
    ruleset stats (`stats.<key>`), checked as the sheet checks it. Subclasses say where the item is (`_item`) and
    what the change touches (`_changes`)."""

    _PLAIN: dict[str, str] = {}
    _MERGING_PLAIN: frozenset[str] = frozenset()   # plain fields whose typing merges into one undo step
    _WHERE = "item"                                # how a refusal names the fields ("the item field 'x'")

    field: str
    old: Any
    new: Any
    merge_key: tuple[str, ...] | None

    def _check(self, ruleset: Ruleset, item: EquipmentItem, field: str, value: Any) -> tuple[str, bool]:
        """Check `value` for `field` of `item` and keep the old and the new value; the field's label, and whether
        edits of it merge. ValueError with the reason when the value is refused."""
        self.field = field
        if field.startswith("stats."):
            spec = spec_for(ruleset.sheet.item_fields(item.kind), field.removeprefix("stats."))
            value = spec.normalised(value)
            checked_item_stat(ruleset, item, spec.key, value)
            self.old = copy.deepcopy(item.stats.get(spec.key, _MISSING))
            self.new = _MISSING if value is None else value  # an optional value emptied: the key goes
            return spec.label, spec.kind in (FieldKind.TEXT, FieldKind.DICE, FieldKind.INT)
        if field not in self._PLAIN:
            raise ValueError(f"The {self._WHERE} field {field!r} cannot be edited")
        label = self._PLAIN[field]
        if field == "tags":
            value = normalise_tags(value)
        if field == "name" and isinstance(value, str) and not value.strip():
            raise ValueError("Name: an item needs a name")
        probe = item.model_copy()
        try:
            EquipmentItem.__pydantic_validator__.validate_assignment(probe, field, value)
        except ValidationError as exc:
            raise ValueError(_reason(label, exc)) from None
        self.old = copy.deepcopy(getattr(item, field))
        self.new = copy.deepcopy(getattr(probe, field))
        return label, field in self._MERGING_PLAIN

    def _item(self, campaign: Campaign) -> EquipmentItem:
        raise NotImplementedError

    def _changes(self) -> ChangeSet:
        raise NotImplementedError

    def _set(self, campaign: Campaign, value: Any) -> ChangeSet:
        item = self._item(campaign)
        if self.field.startswith("stats."):
            _put(item.stats, self.field.removeprefix("stats."), copy.deepcopy(value))
        else:
            setattr(item, self.field, copy.deepcopy(value))
        return self._changes()

    def apply(self, campaign: Campaign) -> ChangeSet:
        return self._set(campaign, self.new)

    def revert(self, campaign: Campaign) -> ChangeSet:
        return self._set(campaign, self.old)

    def merge(self, other: Command) -> bool:
        if isinstance(other, ItemEdit) and type(other) is type(self) and self.merge_key is not None \
                and other.merge_key == self.merge_key:
            self.new = other.new
            return True
        return False


class SetItemValue(ItemEdit):
    """Set a carried item's name, equipped flag or notes (`field`), or one of its ruleset stats (`stats.<key>`)."""

    _PLAIN = {"name": "Name", "equipped": "Equipped", "notes": "Notes"}
    _MERGING_PLAIN = frozenset({"name", "notes"})

    def __init__(self, campaign: Campaign, ruleset: Ruleset, character_id: str, item_id: str, field: str,
                 value: Any) -> None:
        character = campaign.character(character_id)
        item = character.item(item_id)
        label, merging = self._check(ruleset, item, field, value)
        self.character_id = character_id
        self.item_id = item_id
        self.text = f"Set {label} of {item.name} ({character.name})"
        self.merge_key = ("item", character_id, item_id, field) if merging else None

    def _item(self, campaign: Campaign) -> EquipmentItem:
        return campaign.character(self.character_id).item(self.item_id)

    def _changes(self) -> ChangeSet:
        return ChangeSet(characters=frozenset({self.character_id}))


# --------------------------------------------------------------------------- conditions


class AddCharacterCondition(Command):
    def __init__(self, campaign: Campaign, ruleset: Ruleset, character_id: str, key: str,
                 rounds: int | None = None) -> None:
        specs = {c.key: c for c in ruleset.sheet.conditions()}
        if key not in specs:
            raise ValueError(f"The rules have no condition {key!r}")
        character = campaign.character(character_id)
        if character.has_condition(key):
            raise ValueError(f"{character.name} is already {specs[key].label}")
        self.character_id = character_id
        self.state = ConditionState(key=key, rounds=rounds)
        self.text = f"{character.name}: add {specs[key].label}"

    def apply(self, campaign: Campaign) -> ChangeSet:
        campaign.character(self.character_id).conditions.append(self.state.model_copy())
        return ChangeSet(characters=frozenset({self.character_id}))

    def revert(self, campaign: Campaign) -> ChangeSet:
        character = campaign.character(self.character_id)
        character.conditions[:] = [c for c in character.conditions if c.key != self.state.key]
        return ChangeSet(characters=frozenset({self.character_id}))


class RemoveCharacterCondition(Command):
    def __init__(self, campaign: Campaign, character_id: str, key: str, label: str = "") -> None:
        character = campaign.character(character_id)
        states = [c for c in character.conditions if c.key == key]
        if not states:
            raise ValueError(f"{character.name} has no condition {key!r}")
        self.character_id = character_id
        self.index = character.conditions.index(states[0])
        self.state = states[0].model_copy()
        # The rules' label of the condition (the sheet passes it); else its key in words, never the key itself.
        self.text = f"{character.name}: remove {label or key.replace('_', ' ')}"

    def apply(self, campaign: Campaign) -> ChangeSet:
        character = campaign.character(self.character_id)
        character.conditions[:] = [c for c in character.conditions if c.key != self.state.key]
        return ChangeSet(characters=frozenset({self.character_id}))

    def revert(self, campaign: Campaign) -> ChangeSet:
        campaign.character(self.character_id).conditions.insert(self.index, self.state.model_copy())
        return ChangeSet(characters=frozenset({self.character_id}))


# --------------------------------------------------------------------------- import and export


def character_to_json(character: Character) -> str:
    return character.model_dump_json(indent=2) + "\n"


def character_from_json(raw: str | bytes, ruleset: Ruleset | None = None) -> Character:
    """The character in a JSON file, with fresh ids; ValueError with the reason if it is not one.

    With a ruleset, its stat block must also be legal under those rules.
    """
    try:
        data = json.loads(raw)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise ValueError(f"The file is not JSON: {exc}") from None
    except RecursionError:
        raise ValueError("The file is nested too deeply to hold a character") from None
    if not isinstance(data, dict):
        raise ValueError("The file does not hold a character (expected a JSON object)")
    try:
        # The domain's own validation, as a campaign file's: bounded text, numbers and lists, no lone surrogates.
        character = validate_python(Character, data)
    except ValidationError as exc:
        where, message = first_problem(exc, data)
        raise ValueError(f"The character is not valid: {where or 'character'}: {message}") from None
    except TooManyUnknownFields as exc:
        raise ValueError(f"The character is not valid: {exc}") from None
    if ruleset is not None:
        problems = ruleset.sheet.validate_character(character)
        if problems:
            raise ValueError(f"{character.name} does not fit the {ruleset.name} rules: {'; '.join(problems)}")
    return copy_character(character)
