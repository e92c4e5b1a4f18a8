"""Crisis-classic hiding through the controller: Hide (3 AP) from every opponent without direct vision, a Move shows
the hider again and a Sneak does not, an opponent's Search is a contest against the hider's Stealth (a tie to the
hider) that finds it when won."""

from __future__ import annotations

import pytest

from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.controller.history import History
from crisis_desktop.domain import Campaign, Character, CharacterKind
from crisis_desktop.domain.encounter import Encounter
from crisis_desktop.rules.kernel.dice import RandomDice, TypedDice
from crisis_desktop.rules.registry import get_ruleset


def alley() -> tuple[Campaign, History, EncounterController, dict[str, str]]:
    """Anna (PC) against Thug and Gunman (NPCs), no map, on Anna's turn; returns combatant ids by name."""
    rules = get_ruleset("crisis-classic")
    people = [Character(name=name, kind=kind, stats=dict(rules.sheet.new_stats(kind)))
              for name, kind in (("Anna", CharacterKind.PC), ("Thug", CharacterKind.NPC),
                                 ("Gunman", CharacterKind.NPC))]
    campaign = Campaign(name="Classic", ruleset="crisis-classic", characters=people,
                        encounters=[Encounter(id="enc", name="Alley")])
    history = History(campaign)
    ctl = EncounterController(campaign, "enc", rules)
    for person in people:
        history.push(ctl.add_combatant(person.id))
    history.push(ctl.start(RandomDice(5)))
    ids = {ctl.view.name(c.id): c.id for c in ctl.view.encounter.combatants}
    while ctl.view.current_id() != ids["Anna"]:
        history.push(ctl.step("next_turn"))
    return campaign, history, ctl, ids


def hidden_from(ctl: EncounterController, combatant_id: str) -> set[str]:
    return set(str(ctl.view.combatant(combatant_id).resources.get("hidden_from", "")).split())


def test_hide_then_sneak_stays_hidden_and_a_move_shows():
    _campaign, history, ctl, ids = alley()
    anna = ids["Anna"]
    history.push(ctl.take_action(anna, "hide"))
    assert hidden_from(ctl, anna) == {ids["Thug"], ids["Gunman"]}
    assert ctl.view.combatant(anna).resources["ap"] == 1
    assert "hiding from 2: a Search contest finds" in ctl.ruleset.sheet.badges(ctl.view.actor(anna), ctl.view.options)
    history.push(ctl.take_action(anna, "sneak"))
    assert hidden_from(ctl, anna) == {ids["Thug"], ids["Gunman"]}
    ctl.view.combatant(anna).resources["ap"] = 1
    history.push(ctl.take_action(anna, "move"))
    assert hidden_from(ctl, anna) == set()
    assert "Anna is seen again" in ctl.view.encounter.log[-1].details


def test_a_search_contest_finds_the_hider_when_won_and_a_tie_keeps_it_hidden():
    _campaign, history, ctl, ids = alley()
    anna, thug = ids["Anna"], ids["Thug"]
    history.push(ctl.take_action(anna, "hide"))
    while ctl.view.current_id() != thug:
        history.push(ctl.step("next_turn"))
    assert ctl.action_rolls(thug, "search") and not ctl.action_rolls(anna, "hide")
    with pytest.raises(ValueError, match="dice are missing"):
        ctl.take_action(thug, "search")
    # Untrained Search and Stealth (Average, -5) on ranks 10: both must roll 5 or less on 3d6.
    history.push(ctl.take_action(thug, "search", TypedDice([1, 1, 2, 1, 1, 2])))   # 4 and 4: a tie
    assert hidden_from(ctl, anna) == {thug, ids["Gunman"]}
    assert ctl.view.encounter.log[-1].details == ["Thug does not find Anna (Search 4 against 5, Stealth 4 against 5: "
                                             "equal results: the defender wins)"]
    history.undo()
    history.push(ctl.take_action(thug, "search", TypedDice([1, 1, 2, 3, 3, 3])))   # 4 against 9: found
    assert hidden_from(ctl, anna) == set()
    assert ctl.view.encounter.log[-1].details == ["Thug finds Anna (Search 4 against 5, Stealth 9 against 5: only one "
                                             "side succeeded): revealed to everyone"]
