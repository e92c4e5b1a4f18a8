"""Look-ups by id through the kept indexes: right after every kind of change to the lists, never a stale hit."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from crisis_desktop.domain import Campaign, Character, CharacterKind
from crisis_desktop.domain.common import find_by_id
from crisis_desktop.domain.encounter import Combatant, Encounter


class Thing:
    def __init__(self, id_: str) -> None:
        self.id = id_


@given(st.lists(st.tuples(st.sampled_from(["append", "insert", "pop", "replace", "look"]),
                          st.integers(0, 30)), max_size=60))
def test_find_by_id_agrees_with_a_scan_whatever_happens_to_the_list(ops):
    items: list[Thing] = []
    index: dict[str, int] = {}
    made = 0
    for op, n in ops:
        if op == "append":
            items.append(Thing(f"t{made}"))
            made += 1
        elif op == "insert":
            items.insert(n % (len(items) + 1), Thing(f"t{made}"))
            made += 1
        elif op == "pop" and items:
            items.pop(n % len(items))
        elif op == "replace" and items:
            items[n % len(items)] = Thing(f"t{made}")
            made += 1
        wanted = f"t{n % (made + 1)}"
        expected = next((t for t in items if t.id == wanted), None)
        assert find_by_id(items, index, wanted) is expected


def test_campaign_and_encounter_look_ups_follow_their_lists():
    campaign = Campaign(ruleset="crisis", name="Look-ups")
    for i in range(5):
        campaign.characters.append(Character(id=f"ch{i}", name=f"C{i}", kind=CharacterKind.NPC))
    assert campaign.character("ch3").name == "C3"
    campaign.characters.insert(0, Character(id="ch-new", name="New", kind=CharacterKind.PC))
    assert campaign.character("ch3").name == "C3" and campaign.character("ch-new").name == "New"
    del campaign.characters[4]
    with pytest.raises(KeyError, match="no character ch3"):
        campaign.character("ch3")
    first, second = Encounter(id="e1", name="One"), Encounter(id="e2", name="Two")
    campaign.encounters += [first, second]
    second.combatants.append(Combatant(id="cb-a", character_id="ch0"))
    assert campaign.combatant("cb-a") is second.combatants[0] is second.combatant("cb-a")
    first.combatants.append(Combatant(id="cb-b", character_id="ch1"))
    second.combatants.insert(0, Combatant(id="cb-c", character_id="ch2"))
    assert campaign.combatant("cb-a").character_id == "ch0" and campaign.combatant("cb-b").character_id == "ch1"
    second.combatants.pop(1)
    with pytest.raises(KeyError, match="no combatant cb-a"):
        campaign.combatant("cb-a")
    assert campaign.combatant("cb-c") is second.combatants[0]


def test_the_kept_indexes_never_tell_two_equal_campaigns_apart():
    campaign = Campaign(ruleset="crisis", name="Same")
    campaign.characters.append(Character(id="ch0", name="C0", kind=CharacterKind.NPC))
    campaign.encounters.append(Encounter(id="e1", name="One", combatants=[Combatant(id="cb", character_id="ch0")]))
    copy = Campaign.model_validate_json(campaign.model_dump_json())
    campaign.character("ch0")
    campaign.combatant("cb")                 # the original's indexes are filled, the copy's are empty
    assert copy == campaign
    copy.characters[0].name = "Other"
    assert copy != campaign


def test_the_encounter_of_a_combatant_follows_the_lists():
    campaign = Campaign(ruleset="crisis", name="Where")
    first, second = Encounter(id="e1", name="One"), Encounter(id="e2", name="Two")
    campaign.encounters += [first, second]
    second.combatants.append(Combatant(id="cb-a", character_id="ch0"))
    assert campaign.encounter_of("cb-a") is second and campaign.encounter("e2") is second
    second.combatants.clear()
    first.combatants.append(Combatant(id="cb-a", character_id="ch0"))
    assert campaign.encounter_of("cb-a") is first
    assert campaign.encounter_of("cb-none") is None
    campaign.encounters.reverse()
    assert campaign.encounter("e1") is first and campaign.encounter_of("cb-a") is first
    assert not campaign.has_character("ch0")
