"""Character commands validate, apply and revert exactly; naming of copies; import/export; NPC quick build."""

from __future__ import annotations

import json

import pytest

from crisis_desktop.controller.character_commands import (
    AddCharacterCondition,
    AddItem,
    RemoveCharacterCondition,
    RemoveItem,
    SetCharacterField,
    SetItemValue,
    SetStat,
    character_from_json,
    character_to_json,
    delete_characters,
    duplicate_character,
    item_from_catalogue,
    numbered_names,
)
from crisis_desktop.controller.history import History
from crisis_desktop.controller.npc_builder import build_npc, from_bestiary, parse_bestiary
from crisis_desktop.domain import (
    Campaign,
    Character,
    CharacterKind,
    Combatant,
    Encounter,
    EquipmentItem,
    ItemKind,
)
from crisis_desktop.domain.battle_map import BattleMap, Token
from tests.gui.characters.fake_ruleset import FakeRuleset

RULES = FakeRuleset()


def make() -> Campaign:
    vera = Character(id="vera", name="Vera", stats={"body": 6, "mind": 10, "soul": 8, "melee": 6},
                     equipment=[EquipmentItem(id="vest", name="Vest", kind=ItemKind.ARMOUR,
                                              stats={"dr_physical": 4, "durability": 25})])
    raider = Character(id="raider", kind=CharacterKind.NPC, name="Raider", stats={"body": 8, "difficulty": 2})
    rask = Character(id="rask", kind=CharacterKind.NPC, name="Rask")
    return Campaign(
        ruleset="crisis", name="Ashes", characters=[vera, raider, rask],
        equipment=[EquipmentItem(id="cat-knife", name="Knife", kind=ItemKind.WEAPON,
                                 stats={"skill": "melee", "damage": "Body"})],
        encounters=[Encounter(id="e1", name="Ambush", combatants=[Combatant(id="c1", character_id="rask")])],
        battle_maps=[BattleMap(id="m1", name="Road", tokens=[Token(combatant_id="c1", x=1, y=1)])],
    )


def snapshot(campaign: Campaign) -> dict:
    return campaign.model_dump(mode="json")


def test_stat_edit_applies_reverts_and_reports_the_character():
    campaign = make()
    command = SetStat(campaign, RULES, "vera", "body", 8)
    assert command.apply(campaign).characters == {"vera"}
    assert campaign.character("vera").stats["body"] == 8
    command.revert(campaign)
    assert campaign.character("vera").stats["body"] == 6


@pytest.mark.parametrize(("key", "value", "reason"), [
    ("body", 5, "d5 is not a die here"),
    ("melee", 14, "d14 is not a die here"),
    ("body", None, "Body is required"),
    ("difficulty", 3, "does not apply to a PC"),
    ("nonsense", 3, "no field 'nonsense'"),
    ("motto", 3, "must be text"),
])
def test_illegal_stats_are_refused_with_the_reason_and_nothing_changes(key, value, reason):
    campaign = make()
    before = snapshot(campaign)
    with pytest.raises(ValueError, match=reason):
        SetStat(campaign, RULES, "vera", key, value)
    assert snapshot(campaign) == before


def test_untrained_removes_the_skill_and_undo_brings_it_back():
    campaign = make()
    command = SetStat(campaign, RULES, "vera", "melee", None)
    command.apply(campaign)
    assert "melee" not in campaign.character("vera").stats
    command.revert(campaign)
    assert campaign.character("vera").stats["melee"] == 6
    # A skill that was absent is absent again after undo, not stored as null.
    added = SetStat(campaign, RULES, "vera", "stealth", 8)
    added.apply(campaign)
    added.revert(campaign)
    assert "stealth" not in campaign.character("vera").stats


def test_typing_into_one_field_is_one_undo_step():
    campaign = make()
    history = History(campaign)
    for text in ("V", "Ve", "Vee"):
        history.push(SetCharacterField(campaign, "vera", "player", text))
    history.push(SetCharacterField(campaign, "vera", "notes", "medic"))
    history.undo()
    assert campaign.character("vera").player == "Vee"
    history.undo()
    assert campaign.character("vera").player == ""
    assert not history.can_undo


def test_field_values_are_validated_and_coerced():
    campaign = make()
    with pytest.raises(ValueError, match="needs a name"):
        SetCharacterField(campaign, "vera", "name", "   ")
    with pytest.raises(ValueError, match="Kind"):
        SetCharacterField(campaign, "vera", "kind", "dragon")
    with pytest.raises(ValueError, match="cannot be edited"):
        SetCharacterField(campaign, "vera", "id", "x")
    SetCharacterField(campaign, "vera", "kind", "npc").apply(campaign)
    assert campaign.character("vera").kind is CharacterKind.NPC
    SetCharacterField(campaign, "vera", "tags", " medic, party,,medic ").apply(campaign)
    assert campaign.character("vera").tags == ["medic", "party"]


def test_item_stats_are_validated_by_the_item_fields():
    campaign = make()
    with pytest.raises(ValueError, match="Durability must be at least 0"):
        SetItemValue(campaign, RULES, "vera", "vest", "stats.durability", -3)
    command = SetItemValue(campaign, RULES, "vera", "vest", "stats.durability", 20)
    command.apply(campaign)
    assert campaign.character("vera").item("vest").stats["durability"] == 20
    command.revert(campaign)
    assert campaign.character("vera").item("vest").stats["durability"] == 25
    SetItemValue(campaign, RULES, "vera", "vest", "equipped", False).apply(campaign)
    assert campaign.character("vera").item("vest").equipped is False


def test_items_from_the_catalogue_are_copies_that_remember_their_entry():
    campaign = make()
    item = item_from_catalogue(campaign.equipment[0])
    assert item.id != "cat-knife" and item.catalogue_id == "cat-knife"
    add = AddItem(campaign, "vera", item)
    add.apply(campaign)
    assert [i.name for i in campaign.character("vera").equipment] == ["Vest", "Knife"]
    remove = RemoveItem(campaign, "vera", "vest")
    remove.apply(campaign)
    remove.revert(campaign)
    assert [i.name for i in campaign.character("vera").equipment] == ["Vest", "Knife"]
    add.revert(campaign)
    assert [i.name for i in campaign.character("vera").equipment] == ["Vest"]


def test_conditions_come_from_the_rules():
    campaign = make()
    with pytest.raises(ValueError, match="no condition 'on_fire'"):
        AddCharacterCondition(campaign, RULES, "vera", "on_fire")
    AddCharacterCondition(campaign, RULES, "vera", "prone").apply(campaign)
    with pytest.raises(ValueError, match="already Prone"):
        AddCharacterCondition(campaign, RULES, "vera", "prone")
    remove = RemoveCharacterCondition(campaign, "vera", "prone")
    remove.apply(campaign)
    assert campaign.character("vera").conditions == []
    remove.revert(campaign)
    assert campaign.character("vera").has_condition("prone")


@pytest.mark.parametrize(("source", "existing", "names"), [
    ("Raider", [], ["Raider 1", "Raider 2", "Raider 3"]),
    ("Raider", ["Raider 1", "Raider 2"], ["Raider 3", "Raider 4", "Raider 5"]),
    ("Raider 2", ["Raider 1", "Raider 2", "Raider 7"], ["Raider 8", "Raider 9", "Raider 10"]),
    ("Guard Dog", ["Guard", "Guard 4"], ["Guard Dog 1", "Guard Dog 2", "Guard Dog 3"]),
])
def test_numbered_names_continue_after_the_highest(source, existing, names):
    assert numbered_names(source, existing, 3) == names


def test_duplicate_n_is_one_step_with_numbered_names_and_fresh_ids():
    campaign = make()
    history = History(campaign)
    history.push(duplicate_character(campaign, "raider", 6))
    names = [c.name for c in campaign.characters]
    assert names == ["Vera", "Raider", *(f"Raider {i}" for i in range(1, 7)), "Rask"]
    assert len({c.id for c in campaign.characters}) == len(campaign.characters)
    history.undo()
    assert [c.name for c in campaign.characters] == ["Vera", "Raider", "Rask"]


def test_delete_several_then_undo_restores_them_and_their_combatants_in_place():
    campaign = make()
    before = snapshot(campaign)
    history = History(campaign)
    changes = history.push(delete_characters(campaign, ["vera", "rask"]))
    assert changes.characters_removed == {"vera", "rask"}
    assert changes.combatants == {"c1"} and changes.battle_maps == {"m1"}
    assert [c.name for c in campaign.characters] == ["Raider"]
    assert campaign.encounters[0].combatants == [] and campaign.battle_maps[0].tokens == []
    history.undo()
    assert snapshot(campaign) == before
    history.redo()
    assert [c.name for c in campaign.characters] == ["Raider"]


def test_deleting_an_unknown_character_among_others_changes_nothing_and_says_which():
    campaign = make()
    before = snapshot(campaign)
    history = History(campaign)
    command = delete_characters(campaign, ["vera", "nobody"])
    assert snapshot(campaign) == before  # building a step changes nothing
    with pytest.raises(KeyError, match="nobody"):
        history.push(command)
    assert snapshot(campaign) == before  # Vera, deleted first, is back: the refusal took the step back whole
    assert not history.can_undo


def test_export_then_import_gives_a_copy_with_new_ids():
    campaign = make()
    text = character_to_json(campaign.character("vera"))
    imported = character_from_json(text, RULES)
    assert imported.name == "Vera" and imported.id != "vera"
    assert imported.equipment[0].id != "vest"


@pytest.mark.parametrize(("raw", "reason"), [
    ("{not json", "not JSON"),
    ("[1, 2]", "expected a JSON object"),
    ('{"name": ""}', "name"),
    ('{"name": "X", "level": 3}', "level"),
    ('{"name": "X", "stats": {"body": 5, "mind": 6, "soul": 6}}', "d5 is not a die here"),
])
def test_malformed_characters_are_refused_with_the_reason(raw, reason):
    with pytest.raises(ValueError, match=reason):
        character_from_json(raw, RULES)


def test_quick_npc_has_the_rules_defaults_at_its_difficulty():
    npc = build_npc(RULES, "Raider boss", 4)
    assert npc.kind is CharacterKind.NPC and npc.stats["difficulty"] == 4
    assert RULES.sheet.validate_character(npc) == []
    assert RULES.sheet.derived(npc, {})["Health"].value == 30
    with pytest.raises(ValueError, match="at most 10"):
        build_npc(RULES, "Boss", 11)
    with pytest.raises(ValueError, match="needs a name"):
        build_npc(RULES, " ", 2)


def test_bestiary_entries_are_copied_with_a_free_name():
    entries = parse_bestiary(json.loads('[{"id": "b-wolf", "kind": "npc", "name": "Wolf"}]'))
    wolf = from_bestiary(entries[0], ["Wolf", "Wolf 2"])
    assert wolf.name == "Wolf 3" and wolf.id != "b-wolf"
    with pytest.raises(ValueError, match="'Bad'"):
        parse_bestiary([{"name": "Bad", "kind": "dragon"}])


def test_making_a_pc_an_npc_fills_the_difficulty_and_is_one_undo_step():
    from crisis_desktop.controller.character_commands import change_kind
    from crisis_desktop.controller.history import History
    from crisis_desktop.domain import Campaign, Character, CharacterKind
    from crisis_desktop.rules.registry import get_ruleset

    rules = get_ruleset("crisis")
    pc = Character(name="Vera", stats=dict(rules.sheet.new_stats(CharacterKind.PC)))
    campaign = Campaign(ruleset="crisis", name="t", characters=[pc])
    history = History(campaign)
    history.push(change_kind(campaign, rules, pc.id, CharacterKind.NPC))
    npc = campaign.character(pc.id)
    assert npc.kind is CharacterKind.NPC
    assert rules.sheet.validate_character(npc) == []
    assert npc.stats["difficulty"] == rules.sheet.new_stats(CharacterKind.NPC)["difficulty"]
    assert "health_roll" in npc.stats  # kept, so switching back restores the PC's roll
    history.undo()
    assert campaign.character(pc.id).kind is CharacterKind.PC
    assert "difficulty" not in campaign.character(pc.id).stats
