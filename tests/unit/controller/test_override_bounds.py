"""A GM override keeps the bounds the sheet editor keeps: the FieldSpec of the field it sets (declared by each
system's sheet or item fields, whichever system), finite numbers in the domain's range; refused with the field's
name and the reason, nothing changed."""

from __future__ import annotations

import pytest
from test_encounter import classic_campaign, controller, demo_campaign

from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.controller.history import History
from crisis_desktop.domain import Campaign, Character, CharacterKind
from crisis_desktop.domain.encounter import Encounter
from crisis_desktop.rules.base import OverrideKind
from crisis_desktop.rules.kernel.dice import RandomDice
from crisis_desktop.rules.registry import get_ruleset


def started(campaign: Campaign, encounter_id: str) -> EncounterController:
    ctl = controller(campaign, encounter_id)
    if not ctl.view.encounter.combatants:
        for character in campaign.characters:
            History(campaign).push(ctl.add_combatant(character.id))
    History(campaign).push(ctl.start(RandomDice(3)))
    return ctl


def fresh(system: str) -> Campaign:
    rules = get_ruleset(system)
    people = [Character(name=name, kind=kind, stats=dict(rules.sheet.new_stats(kind)))
              for name, kind in [("Anna", CharacterKind.PC), ("Thug", CharacterKind.NPC)]]
    return Campaign(name="Fresh", ruleset=system, characters=people, encounters=[Encounter(id="enc", name="Yard")])


def combatant_named(ctl: EncounterController, name: str) -> str:
    return next(c.id for c in ctl.view.encounter.combatants if ctl.view.name(c.id) == name)


def refused(ctl: EncounterController, make, message: str) -> None:  # type: ignore[no-untyped-def]
    before = ctl.campaign.model_dump()
    with pytest.raises(ValueError) as caught:
        make()
    assert str(caught.value) == message
    assert ctl.campaign.model_dump() == before


def test_a_status_keeps_its_sheet_bounds_named_by_its_label():
    ctl = started(demo_campaign(), "enc-ridge")
    vera = ctl.view.combatant(combatant_named(ctl, "Vera Kask")).character_id
    refused(ctl, lambda: ctl.overrides.set_status(vera, "wounds", -1), "Wounds must be at least 0, not -1")
    refused(ctl, lambda: ctl.overrides.set_status(vera, "wounds", 2.5), "Wounds must be a whole number, not 2.5")
    refused(ctl, lambda: ctl.overrides.set_status(vera, "nonlethal", "lots"),
            "Non-lethal damage must be a whole number, not 'lots'")
    ctl.overrides.set_status(vera, "wounds", 3)         # within the bounds: taken


def test_an_item_stat_keeps_its_item_fields_bounds_named_as_the_dialog_names_it():
    ctl = started(demo_campaign(), "enc-ridge")
    vera = ctl.view.combatant(combatant_named(ctl, "Vera Kask"))
    character = ctl.view.character_of(vera.id)
    pistol = next(i for i in character.equipment if i.name == "Pistol")
    armour = next(i for i in character.equipment if i.name == "Light Armour")
    refused(ctl, lambda: ctl.overrides.set_item_stat(character.id, pistol.id, "ammo", 1001),
            "Pistol: Rounds loaded must be at most 1000, not 1001")
    refused(ctl, lambda: ctl.overrides.set_item_stat(character.id, armour.id, "durability", -3),
            "Light Armour: Durability left must be at least 0, not -3")
    ctl.overrides.set_item_stat(character.id, pistol.id, "ammo", 3)


def test_crisis_classic_items_keep_their_own_bounds():
    ctl = started(classic_campaign(), "enc")
    anna = ctl.view.combatant(combatant_named(ctl, "Anna"))
    character = ctl.view.character_of(anna.id)
    pistol = next(i for i in character.equipment if i.name == "Pistol")
    refused(ctl, lambda: ctl.overrides.set_item_stat(character.id, pistol.id, "ammo", 5000),
            "Pistol: Rounds loaded must be at most 1000, not 5000")


def test_skirmish_statuses_keep_their_maximum():
    ctl = started(fresh("skirmish"), "enc")
    anna = ctl.view.combatant(combatant_named(ctl, "Anna")).character_id
    refused(ctl, lambda: ctl.overrides.set_status(anna, "fatigue", 100), "Fatigue must be at most 99, not 100")
    refused(ctl, lambda: ctl.overrides.set_status(anna, "death_failures", 4),
            "Death checks failed must be at most 3, not 4")
    ctl.overrides.set_status(anna, "death_failures", 2)


@pytest.mark.parametrize("value", [float("nan"), float("inf"), float("1e400"), 3_000_000_000, -5_000_000_000])
def test_numbers_no_campaign_can_hold_are_refused_naming_the_field_on_every_kind(value):
    ctl = started(demo_campaign(), "enc-ridge")
    vera = ctl.view.combatant(combatant_named(ctl, "Vera Kask"))
    character = ctl.view.character_of(vera.id)
    pistol = next(i for i in character.equipment if i.name == "Pistol")
    for key, make in [("wounds", lambda: ctl.overrides.set_status(character.id, "wounds", value)),
                      ("ap", lambda: ctl.overrides.set_resource(vera.id, "ap", value)),
                      ("ammo", lambda: ctl.overrides.set_item_stat(character.id, pistol.id, "ammo", value))]:
        before = ctl.campaign.model_dump()
        with pytest.raises(ValueError, match=f"^{key}: (inf|-inf|nan) is not a number a campaign can hold|"
                                             f"^{key}: out of range"):
            make()
        assert ctl.campaign.model_dump() == before


@pytest.mark.parametrize("system", ["crisis", "genesys", "skirmish", "moments"])
def test_every_status_offered_carries_the_sheets_field(system):
    """Whichever system: a status the sheet declares is offered with its FieldSpec (the controller adds the item's
    from its kind's fields), so the bounds are the sheet's and nothing is special-cased."""
    ctl = started(fresh(system), "enc")
    fields = ctl.overrides.fields(combatant_named(ctl, "Anna"))
    statuses = [f for f in fields if f.kind is OverrideKind.STATUS]
    assert statuses and all(f.spec is not None and f.spec.key == f.key for f in statuses)


def test_item_fields_get_the_spec_of_their_kind_from_the_controller():
    ctl = started(demo_campaign(), "enc-ridge")
    fields = ctl.overrides.fields(combatant_named(ctl, "Vera Kask"))
    items = {f.label: f.spec for f in fields if f.kind is OverrideKind.ITEM}
    assert items["Pistol: Rounds loaded"] is not None and items["Pistol: Rounds loaded"].maximum == 1000
    assert items["Light Armour: Durability left"] is not None
    assert all(f.spec is None for f in fields if f.kind is OverrideKind.RESOURCE)
