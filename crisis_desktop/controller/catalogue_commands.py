"""Undoable commands on the campaign's equipment catalogue: add, edit, duplicate and delete entries."""

from __future__ import annotations

from typing import Any

from crisis_desktop.controller.changes import ChangeSet
from crisis_desktop.controller.character_commands import ItemEdit
from crisis_desktop.controller.commands import Command
from crisis_desktop.domain import Campaign, EquipmentItem, ItemKind, new_id
from crisis_desktop.rules.base import Ruleset

# The catalogue lives in one campaign field; views listen for it.
CATALOGUE_FIELD = "equipment"
_CHANGED = ChangeSet(campaign_fields=frozenset({CATALOGUE_FIELD}))
KIND_WORDS = {ItemKind.WEAPON: "weapon", ItemKind.ARMOUR: "armour", ItemKind.GEAR: "gear"}


def catalogue_entry(campaign: Campaign, item_id: str) -> EquipmentItem:
    """The catalogue entry with this id (KeyError naming it otherwise)."""
    for item in campaign.equipment:
        if item.id == item_id:
            return item
    raise KeyError(f"The equipment catalogue has no item {item_id}")


def blank_item(ruleset: Ruleset, kind: ItemKind, name: str | None = None) -> EquipmentItem:
    """A new item of `kind` holding the ruleset's default for every field ("New weapon" unless named)."""
    stats = {spec.key: spec.default for spec in ruleset.sheet.item_fields(kind)}
    return EquipmentItem(name=name or f"New {KIND_WORDS[kind]}", kind=kind, stats=stats)


def check_item(ruleset: Ruleset, item: EquipmentItem) -> list[str]:
    """Every value of the item the rules refuse, with the reason; empty when the item is legal."""
    return ruleset.sheet.validate_item(item)


class AddCatalogueItem(Command):
    """Put an entry into the catalogue at `index` (the end by default); refused if the rules refuse a value."""

    def __init__(self, campaign: Campaign, ruleset: Ruleset, item: EquipmentItem, index: int | None = None,
                 text: str | None = None) -> None:
        if any(entry.id == item.id for entry in campaign.equipment):
            raise ValueError(f"The catalogue already holds an item with the id {item.id}")
        problems = check_item(ruleset, item)
        if problems:
            raise ValueError(f"{item.name}: {'; '.join(problems)}")
        self.item = item.model_copy(deep=True)
        self.index = len(campaign.equipment) if index is None else max(0, min(index, len(campaign.equipment)))
        self.text = text or f"Add {item.name} to the catalogue"

    def apply(self, campaign: Campaign) -> ChangeSet:
        campaign.equipment.insert(self.index, self.item.model_copy(deep=True))
        return _CHANGED

    def revert(self, campaign: Campaign) -> ChangeSet:
        campaign.equipment[:] = [e for e in campaign.equipment if e.id != self.item.id]
        return _CHANGED


class RemoveCatalogueItem(Command):
    """Take an entry out of the catalogue. Items characters carry are copies and stay as they are."""

    def __init__(self, campaign: Campaign, item_id: str) -> None:
        item = catalogue_entry(campaign, item_id)
        self.index = campaign.equipment.index(item)
        self.item = item.model_copy(deep=True)
        self.text = f"Delete {item.name} from the catalogue"

    def apply(self, campaign: Campaign) -> ChangeSet:
        campaign.equipment[:] = [e for e in campaign.equipment if e.id != self.item.id]
        return _CHANGED

    def revert(self, campaign: Campaign) -> ChangeSet:
        campaign.equipment.insert(self.index, self.item.model_copy(deep=True))
        return _CHANGED


def duplicate_catalogue_item(campaign: Campaign, ruleset: Ruleset, item_id: str) -> AddCatalogueItem:
    """A copy of the entry ("Pistol (copy)") right after it, with a fresh id."""
    source = catalogue_entry(campaign, item_id)
    copied = source.model_copy(deep=True)
    copied.id = new_id()
    copied.name = f"{source.name} (copy)"[:200]
    return AddCatalogueItem(campaign, ruleset, copied, campaign.equipment.index(source) + 1,
                            text=f"Duplicate {source.name} in the catalogue")


class SetCatalogueValue(ItemEdit):
    """Set a catalogue entry's name, notes or tags (`field`), or one of its ruleset stats (`stats.<key>`),
    validated as the sheet validates a carried item. Notes are the GM's: they are never printed."""

    _PLAIN = {"name": "Name", "notes": "Notes", "tags": "Tags"}
    _MERGING_PLAIN = frozenset(_PLAIN)
    _WHERE = "catalogue"

    def __init__(self, campaign: Campaign, ruleset: Ruleset, item_id: str, field: str, value: Any) -> None:
        item = catalogue_entry(campaign, item_id)
        label, merging = self._check(ruleset, item, field, value)
        self.item_id = item_id
        self.text = f"Set {label} of {item.name} in the catalogue"
        self.merge_key = ("catalogue", item_id, field) if merging else None

    def _item(self, campaign: Campaign) -> EquipmentItem:
        return catalogue_entry(campaign, self.item_id)

    def _changes(self) -> ChangeSet:
        return _CHANGED
