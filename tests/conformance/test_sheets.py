"""Sheets and validation, of every system: the rules between fields are the ruleset's own and none refuses a legal
default; a blank catalogue item holds the rules' defaults and is legal; a capability's methods come with it alone."""

from __future__ import annotations

import pytest

from crisis_desktop.controller.catalogue_commands import AddCatalogueItem, blank_item
from crisis_desktop.controller.character_commands import SetStat
from crisis_desktop.domain import Campaign, Character, CharacterKind, EquipmentItem, ItemKind
from crisis_desktop.rules.base import Executes, OutOfTurnAttacks, Scatters
from crisis_desktop.rules.registry import get_ruleset

CAPABILITY_METHODS = {Executes: ("execute_odds", "resolve_execute"), Scatters: ("blast_inputs", "resolve_landed"),
                      OutOfTurnAttacks: ("made_out_of_turn",)}


def carrying(ruleset_id: str, kind: ItemKind, stats: dict) -> tuple[Campaign, Character, EquipmentItem]:
    rules = get_ruleset(ruleset_id)
    defaults = {s.key: s.default for s in rules.sheet.item_fields(kind) if s.default is not None}
    item = EquipmentItem(name="Vest", kind=kind, stats={**defaults, **stats})
    pc = Character(name="Pat", stats=dict(rules.sheet.new_stats(CharacterKind.PC)), equipment=[item])
    assert rules.sheet.validate_character(pc) == []
    return Campaign(name="Rules", ruleset=ruleset_id, characters=[pc]), pc, item


def test_every_ruleset_declares_its_own_rules_and_none_refuses_a_legal_default(ruleset_id):
    rules = get_ruleset(ruleset_id)
    for kind in ItemKind:
        _campaign, pc, item = carrying(ruleset_id, kind, {})
        assert rules.sheet.item_rules(item) == []
    assert rules.sheet.stat_rules(Character(name="Pat", stats=dict(rules.sheet.new_stats(CharacterKind.PC)))) == []
    campaign, pc, _item = carrying(ruleset_id, ItemKind.GEAR, {})
    spec = next(s for s in rules.sheet.character_fields() if s.required and CharacterKind.PC in s.kinds)
    SetStat(campaign, rules, pc.id, spec.key, pc.stats.get(spec.key, spec.default))  # accepted as it is


@pytest.mark.parametrize("kind", list(ItemKind))
def test_a_blank_item_holds_the_rules_defaults_and_is_legal(ruleset_id, kind) -> None:
    rules = get_ruleset(ruleset_id)
    item = blank_item(rules, kind)
    assert item.kind is kind and item.name == f"New {'armour' if kind is ItemKind.ARMOUR else kind.value}"
    assert set(item.stats) == {spec.key for spec in rules.sheet.item_fields(kind)}
    campaign = Campaign(name="C", ruleset=ruleset_id)
    AddCatalogueItem(campaign, rules, item).apply(campaign)
    assert campaign.equipment == [item]


def test_a_system_has_a_capability_s_methods_only_with_the_capability(ruleset_id):
    """Which capabilities each bundled system has is tests/unit/rules/test_capabilities.py's table."""
    rules = get_ruleset(ruleset_id)
    for capability, methods in CAPABILITY_METHODS.items():
        for method in methods:
            assert hasattr(rules, method) is isinstance(rules, capability), (ruleset_id, method)
    assert not hasattr(rules, "has_execute")


@pytest.mark.when(lambda rules: rules.attacks is not None)
def test_a_system_with_attacks_offers_weapons_in_its_catalogue(ruleset_id):
    """The GM arms characters from the catalogue, and the suite's duels arm their PC from it: a melee weapon where
    there is one (no map is needed to reach the target), else any."""
    rules = get_ruleset(ruleset_id)
    catalogue = rules.equipment_catalogue()
    assert any(item.kind is ItemKind.WEAPON for item in catalogue), f"{ruleset_id} has no weapon in its catalogue"
    for item in catalogue:
        assert rules.sheet.validate_item(item) == [], item.name
    assert len({item.id for item in catalogue}) == len(catalogue)
