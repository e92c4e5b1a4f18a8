"""Characters (player characters and NPCs), their equipment and conditions."""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Any

from pydantic import Field, FiniteFloat, ValidationError

from crisis_desktop.domain.common import NOTES_MAX, DomainModel, FilePath, Word, new_id
from crisis_desktop.domain.limits import ENTRIES_MAX, KEY_MAX, MAX_NUMBER, plain_reason

# A value on a sheet: a die size, a rank, a dice expression, a choice, a flag. What a key means and
# which values it accepts is described by the active ruleset's field metadata (rules.base.FieldSpec).
# Floats must be finite: JSON has no inf or nan, and pydantic would write them as null.
StatValue = int | FiniteFloat | str | bool | None


# The errors that say why a value is refused better than "should be one of int, float, str, bool".
_TELLING = ("finite_number", "less_than_equal", "greater_than_equal", "string_unicode", "string_too_long")


class _Entry(DomainModel):
    """One entry of a mapping of StatValues (stats, status, setup flags, resources), checked as the mapping is."""

    key: str = Field(min_length=1, max_length=KEY_MAX)
    value: StatValue


def entry_problem(mapping: Mapping[str, Any], key: str, value: Any) -> str | None:
    """Why `mapping[key] = value` would leave a mapping of StatValues that a campaign cannot hold (a number not
    finite or out of range, a text that cannot be written or too long, a key too long, too many entries), in the
    words of the domain's own validation; None when it would not. For the places that change such a mapping in
    place (effects of the rules, a GM override), which pydantic does not see."""
    if key in mapping and type(value) in (int, bool, type(None)) and -MAX_NUMBER <= (value or 0) <= MAX_NUMBER:
        return None     # the common case (the rules counting wounds or AP), without building a model
    try:
        _Entry(key=key, value=value)
    except ValidationError as exc:
        errors = exc.errors(include_url=False)
        telling = next((e for e in errors if e["type"] in _TELLING), errors[0])
        return plain_reason(telling)
    if key not in mapping and len(mapping) >= ENTRIES_MAX:
        return f"at most {ENTRIES_MAX:,} entries here"
    return None


class CharacterKind(StrEnum):
    PC = "pc"
    NPC = "npc"


class ItemKind(StrEnum):
    WEAPON = "weapon"
    ARMOUR = "armour"
    GEAR = "gear"


class EquipmentItem(DomainModel):
    """A weapon, armour or piece of gear: in the campaign catalogue, or carried by a character.

    `stats` holds the ruleset's item fields (damage, range, RoF, DR, durability, ...); a carried item
    also keeps its current state there (rounds left in the magazine, durability left).
    `catalogue_id` remembers which catalogue entry a carried item was copied from.
    """

    id: str = Field(default_factory=new_id)
    name: str = Field(min_length=1, max_length=200)
    kind: ItemKind = ItemKind.GEAR
    stats: dict[str, StatValue] = Field(default_factory=dict)
    tags: list[Word] = Field(default_factory=list, max_length=KEY_MAX)
    notes: str = Field(default="", max_length=NOTES_MAX)
    catalogue_id: str | None = None
    equipped: bool = True


class ConditionState(DomainModel):
    """A condition affecting a character (Prone, Stunned, Dying, ...).

    `key` is the ruleset's condition key; `rounds` counts down where the condition lasts a number
    of rounds (None: until removed).
    """

    key: str = Field(min_length=1, max_length=KEY_MAX)
    rounds: int | None = Field(default=None, ge=0)
    note: str = Field(default="", max_length=NOTES_MAX)


class Character(DomainModel):
    """A player character or NPC as prepared on a sheet.

    `stats` is the ruleset-specific stat block (source values only, never derived ones);
    `status` holds the tracked state that outlives an encounter (wounds, non-lethal damage,
    Endurance lost), also keyed by the ruleset.
    """

    id: str = Field(default_factory=new_id)
    kind: CharacterKind = CharacterKind.PC
    name: str = Field(min_length=1, max_length=200)
    player: Word = ""
    portrait: FilePath | None = None
    stats: dict[str, StatValue] = Field(default_factory=dict)
    status: dict[str, StatValue] = Field(default_factory=dict)
    equipment: list[EquipmentItem] = Field(default_factory=list, max_length=ENTRIES_MAX)
    conditions: list[ConditionState] = Field(default_factory=list, max_length=KEY_MAX)
    notes: str = Field(default="", max_length=NOTES_MAX)
    gm_notes: str = Field(default="", max_length=NOTES_MAX)
    tags: list[Word] = Field(default_factory=list, max_length=KEY_MAX)

    def item(self, item_id: str) -> EquipmentItem:
        """The carried item with this id (KeyError if the character has none)."""
        for item in self.equipment:
            if item.id == item_id:
                return item
        raise KeyError(f"{self.name} carries no item {item_id}")

    def has_condition(self, key: str) -> bool:
        return any(c.key == key for c in self.conditions)
