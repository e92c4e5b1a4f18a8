"""Regressions found by review: leaving a running fight keeps the turn order whole and consistent."""

from __future__ import annotations

from test_encounter import classic_campaign, controller

from crisis_desktop.controller.character_commands import delete_characters
from crisis_desktop.controller.history import History
from crisis_desktop.rules.kernel.dice import RandomDice
from tests.fight_helpers import order, surprise_ids, turn_index


def running(seed: int = 3):  # type: ignore[no-untyped-def]
    campaign = classic_campaign()
    history = History(campaign)
    ctl = controller(campaign, "enc")
    for character in campaign.characters:
        history.push(ctl.add_combatant(character.id))
    history.push(ctl.start(RandomDice(seed)))
    return campaign, history, ctl


def test_deleting_a_fighter_leaves_no_dangling_ids_and_the_fight_goes_on():
    campaign, history, ctl = running()
    before = campaign.model_dump()
    current = ctl.view.current_id()
    character_id = ctl.view.combatant(current).character_id
    history.push(delete_characters(campaign, [character_id], ctl.ruleset))
    encounter = ctl.view.encounter
    ids = {c.id for c in encounter.combatants}
    assert current not in order(ctl.view) and set(order(ctl.view)) == ids
    assert set(surprise_ids(ctl.view)) <= ids
    assert ctl.view.current_id() in ids
    history.push(ctl.step("next_turn"))  # no KeyError: the fight goes on
    history.undo()
    history.undo()
    assert campaign.model_dump() == before


def test_removing_the_current_fighter_who_is_last_starts_the_next_round():
    _campaign, history, ctl = running()
    while turn_index(ctl.view) != len(order(ctl.view)) - 1:
        history.push(ctl.step("next_turn"))
    round_, last = ctl.view.encounter.round, ctl.view.current_id()
    first = order(ctl.view)[0]
    history.push(ctl.remove_combatant(last))
    assert ctl.view.encounter.round == round_ + 1
    assert ctl.view.current_id() == first
    assert any(e.text == f"Round {round_ + 1} begins" for e in ctl.view.encounter.log[-4:])


def test_undoing_a_rewind_brings_back_a_fighter_who_left_after_the_round_began():
    campaign, history, ctl = running()
    history.push(ctl.step("next_turn"))
    while turn_index(ctl.view) != 0:
        history.push(ctl.step("next_turn"))  # now at the start of a round
    leaving = next(c for c in ctl.view.encounter.combatants if c.id != ctl.view.current_id())
    character = ctl.view.character_of(leaving.id)
    character.status["health_damage"] = 3
    history.push(ctl.remove_combatant(leaving.id))
    history.push(ctl.rewind_round())
    history.undo()
    assert campaign.character(character.id).status["health_damage"] == 3


def test_rewind_puts_the_tokens_back_where_the_round_began():
    from test_encounter import demo_campaign

    campaign = demo_campaign()
    history = History(campaign)
    ctl = controller(campaign, "enc-ambush")  # linked to the Ridge Road map, tokens placed
    history.push(ctl.start(RandomDice(5)))
    while turn_index(ctl.view) != 0 or ctl.view.encounter.round < 1:
        history.push(ctl.step("next_turn"))
    battle_map = next(m for m in campaign.battle_maps if m.id == ctl.view.encounter.battle_map_id)
    before = [(t.combatant_id, t.x, t.y) for t in battle_map.tokens]
    battle_map.tokens[0].x += 1  # a token moved during the round
    history.push(ctl.step("next_turn"))
    history.push(ctl.rewind_round())
    assert [(t.combatant_id, t.x, t.y) for t in battle_map.tokens] == before
