"""Rules between fields (Durability left within Durability, rounds loaded within the magazine) are the ruleset's:
an edit that would break one is refused with the reason and changes nothing; one already broken in a file does not
block other edits, and is listed by validate_character (for import and loading)."""

from __future__ import annotations

import json

import pytest

from crisis_desktop.controller.character_commands import SetItemValue, character_from_json
from crisis_desktop.domain import Campaign, Character, CharacterKind, EquipmentItem, ItemKind
from crisis_desktop.rules.registry import get_ruleset

CASES = [
    ("crisis", ItemKind.ARMOUR, {"durability_max": 10, "durability": 10}, "durability", 11,
     "Vest: Durability left must be at most Durability (10), not 11"),
    ("crisis", ItemKind.ARMOUR, {"durability_max": 10, "durability": 8}, "durability_max", 5,
     "Vest: Durability left must be at most Durability (5), not 8"),
    ("crisis", ItemKind.WEAPON, {"range": 4, "cap": 6, "ammo": 6}, "ammo", 7,
     "Vest: Rounds loaded must be at most CAP (6), not 7"),
    ("crisis-classic", ItemKind.ARMOUR, {"durability_max": 2, "durability": 2}, "durability", 3,
     "Vest: Durability must be at most Durability (full) (2), not 3"),
    ("crisis-classic", ItemKind.WEAPON, {"range": 20, "cap": 6, "ammo": 6}, "ammo", 9,
     "Vest: Loaded must be at most CAP (6), not 9"),
    ("crisis", ItemKind.WEAPON, {"range": 4, "cap": 6, "ammo": 6}, "range", 0,
     "Vest: A melee weapon (RNG 0) has no ammunition: CAP 6, Rounds loaded 6"),
    ("crisis-classic", ItemKind.WEAPON, {"range": 20, "cap": 6}, "range", 0,
     "Vest: A melee weapon (RNG 0) has no ammunition: CAP 6"),
]


def carrying(ruleset_id: str, kind: ItemKind, stats: dict) -> tuple[Campaign, Character, EquipmentItem]:
    rules = get_ruleset(ruleset_id)
    defaults = {s.key: s.default for s in rules.sheet.item_fields(kind) if s.default is not None}
    item = EquipmentItem(name="Vest", kind=kind, stats={**defaults, **stats})
    pc = Character(name="Pat", stats=dict(rules.sheet.new_stats(CharacterKind.PC)), equipment=[item])
    assert rules.sheet.validate_character(pc) == []
    return Campaign(name="Rules", ruleset=ruleset_id, characters=[pc]), pc, item


@pytest.mark.parametrize(("ruleset_id", "kind", "stats", "key", "value", "reason"), CASES)
def test_an_edit_breaking_a_rule_between_fields_is_refused(ruleset_id, kind, stats, key, value, reason):
    rules = get_ruleset(ruleset_id)
    campaign, pc, item = carrying(ruleset_id, kind, stats)
    before = campaign.model_dump(mode="json")
    with pytest.raises(ValueError) as refused:
        SetItemValue(campaign, rules, pc.id, item.id, f"stats.{key}", value)
    assert str(refused.value) == reason
    assert campaign.model_dump(mode="json") == before


@pytest.mark.parametrize(("ruleset_id", "kind", "stats", "key", "value", "reason"), CASES)
def test_a_file_breaking_a_rule_between_fields_is_listed_and_not_imported(ruleset_id, kind, stats, key, value,
                                                                          reason):
    rules = get_ruleset(ruleset_id)
    _campaign, pc, item = carrying(ruleset_id, kind, stats)
    item.stats[key] = value
    assert rules.sheet.validate_character(pc) == [reason]
    with pytest.raises(ValueError, match="does not fit"):
        character_from_json(json.dumps(pc.model_dump(mode="json")), rules)


def test_a_rule_already_broken_in_the_file_does_not_block_other_edits_and_can_be_mended():
    rules = get_ruleset("crisis")
    campaign, pc, item = carrying("crisis", ItemKind.ARMOUR, {"durability_max": 10, "durability": 10})
    item.stats["durability"] = 15  # as a hand-edited file holds it
    SetItemValue(campaign, rules, pc.id, item.id, "stats.dr_physical", 3).apply(campaign)
    assert item.stats["dr_physical"] == 3
    SetItemValue(campaign, rules, pc.id, item.id, "stats.durability", 9).apply(campaign)
    assert rules.sheet.validate_character(pc) == []
