"""Rules effects become one undoable command that restores exactly what was there."""

from __future__ import annotations

import pytest

from crisis_desktop.controller.effects import ApplyEffects
from crisis_desktop.controller.history import History
from crisis_desktop.domain import Campaign, Character, Combatant, ConditionState, Encounter, EquipmentItem
from crisis_desktop.rules.base import AddCondition, RemoveCondition, SetItemStat, SetResource, SetStatus


def campaign() -> Campaign:
    armour = EquipmentItem(id="arm", name="Light Armour", kind="armour", stats={"durability": 10})
    vera = Character(id="vera", name="Vera", status={"wounds": 2}, equipment=[armour],
                     conditions=[ConditionState(key="prone")])
    fight = Encounter(name="Fight", combatants=[Combatant(id="c1", character_id="vera", resources={"ap": 4})])
    return Campaign(ruleset="crisis", name="Test", characters=[vera], encounters=[fight])


def test_apply_then_undo_restores_everything_exactly():
    c = campaign()
    before = c.model_dump()
    history = History(c)
    changes = history.push(ApplyEffects([
        SetStatus("vera", "wounds", 7),
        SetStatus("vera", "nonlethal", 1),          # a key that did not exist
        SetResource("c1", "ap", 2),
        SetItemStat("vera", "arm", "durability", 7),
        AddCondition("vera", "dying"),
        RemoveCondition("vera", "prone"),
    ], "Rask hits Vera"))
    vera = c.character("vera")
    assert vera.status == {"wounds": 7, "nonlethal": 1}
    assert c.encounters[0].combatants[0].resources == {"ap": 2}
    assert vera.item("arm").stats["durability"] == 7
    assert [x.key for x in vera.conditions] == ["dying"]
    assert changes.characters == {"vera"} and changes.combatants == {"c1"}

    history.undo()
    assert c.model_dump() == before
    history.redo()
    assert vera.status == {"wounds": 7, "nonlethal": 1} and [x.key for x in vera.conditions] == ["dying"]


def test_the_same_key_twice_reverts_to_the_first_old_value():
    c = campaign()
    history = History(c)
    history.push(ApplyEffects([SetResource("c1", "ap", 3), SetResource("c1", "ap", 1)], "two steps"))
    assert c.encounters[0].combatants[0].resources["ap"] == 1
    history.undo()
    assert c.encounters[0].combatants[0].resources["ap"] == 4


def test_adding_a_condition_twice_keeps_one_with_the_new_duration():
    c = campaign()
    ApplyEffects([AddCondition("vera", "stunned", 1), AddCondition("vera", "stunned", 2)], "x").apply(c)
    assert [(x.key, x.rounds) for x in c.character("vera").conditions] == [("prone", None), ("stunned", 2)]


def test_an_unknown_target_applies_nothing():
    c = campaign()
    before = c.model_dump()
    with pytest.raises(KeyError):
        ApplyEffects([SetStatus("vera", "wounds", 9), AddCondition("vera", "dying"),
                      SetStatus("nobody", "wounds", 1)], "x").apply(c)
    assert c.model_dump() == before
