"""The campaign's equipment catalogue: add, edit, duplicate and delete entries, each one undo step, validated by the
rules as the sheet validates a carried item; the crisis gear; each item's key stats for pickers."""

from __future__ import annotations

import pytest

from crisis_desktop.controller.catalogue_commands import (
    AddCatalogueItem,
    RemoveCatalogueItem,
    SetCatalogueValue,
    blank_item,
    catalogue_entry,
    duplicate_catalogue_item,
)
from crisis_desktop.controller.history import History
from crisis_desktop.domain import Campaign, ItemKind
from crisis_desktop.rules.registry import get_ruleset

CRISIS = get_ruleset("crisis")


def _campaign() -> Campaign:
    return Campaign(name="C", ruleset="crisis", equipment=CRISIS.equipment_catalogue())


def test_a_catalogue_item_round_trip_with_undo_and_redo() -> None:
    campaign = _campaign()
    history = History(campaign)
    start = campaign.model_dump()

    blaster = blank_item(CRISIS, ItemKind.WEAPON, "Blaster")
    history.push(AddCatalogueItem(campaign, CRISIS, blaster))
    history.push(SetCatalogueValue(campaign, CRISIS, blaster.id, "stats.damage", "2d8"))
    history.push(SetCatalogueValue(campaign, CRISIS, blaster.id, "stats.range", 6))
    history.push(SetCatalogueValue(campaign, CRISIS, blaster.id, "notes", "Only the captain has one."))
    duplicate = duplicate_catalogue_item(campaign, CRISIS, blaster.id)
    history.push(duplicate)
    copy_id = duplicate.item.id
    history.push(RemoveCatalogueItem(campaign, "crisis-knife"))

    entry = catalogue_entry(campaign, copy_id)
    assert entry.name == "Blaster (copy)" and entry.stats["damage"] == "2d8" and entry.stats["range"] == 6
    assert entry.notes == "Only the captain has one." and entry.id != blaster.id
    ids = [e.id for e in campaign.equipment]
    assert ids.index(copy_id) == ids.index(blaster.id) + 1, "the copy comes right after its original"
    assert "crisis-knife" not in ids
    end = campaign.model_dump()

    while history.can_undo:
        history.undo()
    assert campaign.model_dump() == start
    while history.can_redo:
        history.redo()
    assert campaign.model_dump() == end


@pytest.mark.parametrize(("field", "value", "reason"), [
    ("stats.damage", "2d", "DMG: cannot read '2d'"),
    ("stats.damage", "1000d6", "DMG: at most 100 dice"),
    ("stats.rof", 0, "RoF must be at least 1"),
    ("stats.skill", "cooking", "Skill must be one of"),
    ("name", "  ", "an item needs a name"),
    ("kind", "weapon", "cannot be edited"),
])
def test_an_illegal_value_is_refused_with_the_reason_and_changes_nothing(field, value, reason) -> None:
    campaign = _campaign()
    before = campaign.model_dump()
    with pytest.raises(ValueError, match=reason):
        SetCatalogueValue(campaign, CRISIS, "crisis-pistol", field, value)
    assert campaign.model_dump() == before


def test_an_item_the_rules_refuse_is_not_added() -> None:
    campaign = _campaign()
    bad = blank_item(CRISIS, ItemKind.WEAPON)
    bad.stats["damage"] = "!!"
    with pytest.raises(ValueError, match="DMG"):
        AddCatalogueItem(campaign, CRISIS, bad)


def test_typing_into_one_field_merges_into_one_step() -> None:
    campaign = _campaign()
    first = SetCatalogueValue(campaign, CRISIS, "crisis-pistol", "notes", "a")
    first.apply(campaign)
    second = SetCatalogueValue(campaign, CRISIS, "crisis-pistol", "notes", "ab")
    second.apply(campaign)
    assert first.merge(second)
    first.revert(campaign)
    assert catalogue_entry(campaign, "crisis-pistol").notes.startswith("MAG")


def test_the_crisis_catalogue_has_the_gear_of_the_rules() -> None:
    gear = {e.name: e for e in CRISIS.equipment_catalogue() if e.kind is ItemKind.GEAR}
    assert {"Medkit", "Bandages", "Climbing gear"} <= set(gear)
    assert "healing_aid" in gear["Medkit"].tags
    from crisis_desktop.domain import Character
    from crisis_desktop.rules.crisis.healing import healing_aids

    medic = Character(name="Doc", equipment=[gear["Medkit"]])
    assert healing_aids(medic) == ["Medkit"]


def test_each_item_says_its_key_stats() -> None:
    catalogue = {e.id: e for e in CRISIS.equipment_catalogue()}
    assert CRISIS.sheet.item_summary(catalogue["crisis-pistol"]) == "DMG d6, RNG 4, RoF 2, CAP 7"
    assert CRISIS.sheet.item_summary(catalogue["crisis-sword"]) == "DMG 2 x Body, melee"
    assert CRISIS.sheet.item_summary(catalogue["crisis-armour-light"]) == "DR 4/2/4/2, Durability 25"
    genesys = get_ruleset("genesys")
    catalogue = {e.id: e for e in genesys.equipment_catalogue()}
    assert genesys.sheet.item_summary(catalogue["genesys-knife"]) == "Damage Brawn + 1, Crit 3, engaged"
    assert genesys.sheet.item_summary(catalogue["genesys-unarmed"]) == \
        "Damage Brawn, Crit 5, engaged, Disorient 1, Knockdown"
    assert genesys.sheet.item_summary(catalogue["genesys-heavy-pistol"]) == "Damage 6, Crit 3, medium"
    assert genesys.sheet.item_summary(catalogue["genesys-riot-armour"]) == "Soak 1, Defence 2"
    classic = get_ruleset("crisis-classic")
    catalogue = {e.id: e for e in classic.equipment_catalogue()}
    assert classic.sheet.item_summary(catalogue["crisis-classic-pistol"]) == "END 15, DMG 6, RNG 5 m, CAP 7"
    assert classic.sheet.item_summary(catalogue["crisis-classic-sword"]) == "HIT +1, END 20, DMG 10, melee"
    assert classic.sheet.item_summary(catalogue["crisis-classic-body-armour-mk2"]) == "Durability 4"
    assert classic.sheet.item_summary(catalogue["crisis-classic-adrenalin-shot"]) == \
        "Restores Endurance 15, AP to use 1"


def test_the_catalogue_refuses_what_the_sheet_refuses() -> None:
    """A DMG the rules cannot roll, and Durability left above Durability, are refused with the reason in the
    catalogue as on a character's sheet, and nothing changes."""
    campaign = _campaign()
    pistol = next(e for e in campaign.equipment if e.kind is ItemKind.WEAPON)
    armour = next(e for e in campaign.equipment if e.kind is ItemKind.ARMOUR and "durability_max" in e.stats)
    before = campaign.model_dump()
    over = int(armour.stats["durability_max"]) + 1  # type: ignore[arg-type]
    for item, field, value, words in ((pistol, "stats.damage", "banana", "banana"),
                                      (pistol, "stats.damage", "d5", "d5"),
                                      (armour, "stats.durability", over, "Durability")):
        with pytest.raises(ValueError, match=words):
            SetCatalogueValue(campaign, CRISIS, item.id, field, value)
    assert campaign.model_dump() == before
