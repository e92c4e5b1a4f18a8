"""Crisis hiding through the controller: Hide needs nobody's direct vision on the map and hides from every
opponent; Sneak is a Stealth roll once hidden; a Search roll as high as the Sneak roll (4 after a Hide) finds; an
attacker cannot aim at someone hidden from it; moving in the open or attacking shows the hider. Each one undo step."""

from __future__ import annotations

import json
import re

import pytest

from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.controller.history import History
from crisis_desktop.domain import Campaign
from crisis_desktop.domain.battle_map import Cell, Cover
from crisis_desktop.resources_access import resource
from crisis_desktop.rules.kernel.dice import RandomDice, TypedDice
from crisis_desktop.rules.registry import get_ruleset

VERA, RASK, JORY = "cmb-ambush-vera", "cmb-ambush-raider-rask", "cmb-ambush-raider-jory"
OPPONENTS = {"cmb-ambush-raider-rask", "cmb-ambush-raider-jory", "cmb-ambush-raider-boss", "cmb-ambush-corp-sniper"}


def ambush(*, walled: bool) -> tuple[Campaign, History, EncounterController]:
    """Ridge Road on Vera's turn; `walled`: her token stands at (2, 2) with walls on every side, seen by nobody."""
    campaign = Campaign.model_validate(json.loads(resource("demo", "campaign.json").read_text(encoding="utf-8")))
    if walled:
        battle_map = campaign.battle_maps[0]
        next(t for t in battle_map.tokens if t.combatant_id == VERA).x = 2
        next(t for t in battle_map.tokens if t.combatant_id == VERA).y = 2
        ring = {(x, y) for x in (1, 2, 3) for y in (1, 2, 3)} - {(2, 2)}
        battle_map.cells = [c for c in battle_map.cells if (c.x, c.y) not in ring]
        battle_map.cells += [Cell(x=x, y=y, cover=Cover.TOTAL) for x, y in sorted(ring)]
    history = History(campaign)
    ctl = EncounterController(campaign, "enc-ambush", get_ruleset("crisis"))
    history.push(ctl.start(RandomDice(7)))
    turn(history, ctl, VERA)
    return campaign, history, ctl


def turn(history: History, ctl: EncounterController, combatant_id: str) -> None:
    while ctl.view.current_id() != combatant_id:
        history.push(ctl.step("next_turn"))


def offer(ctl: EncounterController, combatant_id: str, key: str):  # type: ignore[no-untyped-def]
    return next(a for a in ctl.actions(combatant_id) if a.action.key == key)


def hidden_from(ctl: EncounterController, combatant_id: str) -> set[str]:
    return set(str(ctl.view.combatant(combatant_id).resources.get("hidden_from", "")).split())


def test_hide_in_plain_sight_is_refused_naming_who_sees():
    campaign, _history, ctl = ambush(walled=False)
    before = campaign.model_dump()
    reason = "Vera Kask is in plain sight of Rask, Jory, Mother Kell: cannot hide"
    with pytest.raises(ValueError, match=reason):
        ctl.take_action(VERA, "hide")
    assert campaign.model_dump() == before
    offered = {a.action.key: a for a in ctl.actions(VERA)}               # said before the button is pressed
    assert not offered["hide"].allowed and offered["hide"].reason == reason
    assert offered["search"].reason == "Nobody is hidden from Vera Kask: nothing to search for"
    assert offered["move"].allowed


def test_hide_hides_from_every_opponent_and_nobody_can_aim_at_her():
    campaign, history, ctl = ambush(walled=True)
    ap = ctl.view.combatant(VERA).resources["ap"]
    before = campaign.model_dump()
    history.push(ctl.take_action(VERA, "hide"))
    assert hidden_from(ctl, VERA) == OPPONENTS
    assert ctl.view.combatant(VERA).resources["ap"] == ap - 3
    entry = ctl.view.encounter.log[-1]
    assert entry.text == "Vera Kask: Hide (3 AP)"
    assert entry.details == ["Vera Kask hides from Rask, Jory, Mother Kell, Halvorsen; a Search roll of 4 or more "
                             "finds them"]
    assert "hiding from 4: Search 4 finds" in ctl.ruleset.sheet.badges(ctl.view.actor(VERA), ctl.view.options)
    history.undo()
    assert campaign.model_dump() == before
    history.redo()
    turn(history, ctl, RASK)
    pistol = next(w for w in ctl.preview.weapons(RASK) if w.stats.get("range"))
    refusal = "Rask cannot see Vera Kask: Vera Kask is hidden from Rask (a Search finds them)"
    with pytest.raises(ValueError, match=re.escape(refusal)):
        ctl.preview.attack_preview(ctl.preview.attack_request(RASK, pistol.id, VERA))
    with pytest.raises(ValueError, match=re.escape(refusal)):
        ctl.attack(ctl.preview.attack_request(RASK, pistol.id, VERA), RandomDice(1))
    forced = ctl.preview.attack_request(RASK, pistol.id, VERA,
                                        override=True)       # the GM may force it, said in the log
    assert refusal in forced.overrides


def test_sneak_needs_a_hide_first_then_a_stealth_roll_sets_what_a_search_must_reach():
    _campaign, history, ctl = ambush(walled=True)
    with pytest.raises(ValueError, match="Vera Kask must Hide before sneaking"):
        ctl.take_action(VERA, "sneak", TypedDice([4, 2]))
    history.push(ctl.take_action(VERA, "hide"))
    assert ctl.action_rolls(VERA, "sneak") and not ctl.action_rolls(VERA, "hide")
    ap = ctl.view.combatant(VERA).resources["ap"]
    # Stealth untrained d4: 4 explodes, 2 more: 6 against 4.
    event = ctl.take_action(VERA, "sneak", TypedDice([4, 2]))
    history.push(event)
    assert event.result.total.value == 6 and event.result.outcome.succeeded
    assert ctl.view.combatant(VERA).resources["sneak_roll"] == 6 and hidden_from(ctl, VERA) == OPPONENTS
    assert ctl.view.combatant(VERA).resources["ap"] == ap - 1 and ctl.view.combatant(VERA).resources["moved"] is True
    assert ctl.view.encounter.log[-1].text == "Vera Kask: Sneak (1 AP), 6 against 4: success"
    assert ctl.view.encounter.log[-1].details == ["Vera Kask sneaks unseen: a Search roll of 6 or more finds them; "
                                                  "a move of up to their Pace stays unseen this turn"]
    assert "hiding from 4: Search 6 finds" in ctl.ruleset.sheet.badges(ctl.view.actor(VERA), ctl.view.options)


def test_a_failed_sneak_reveals():
    _campaign, history, ctl = ambush(walled=True)
    history.push(ctl.take_action(VERA, "hide"))
    history.push(ctl.take_action(VERA, "sneak", TypedDice([3])))          # 3 against 4
    assert hidden_from(ctl, VERA) == set()
    assert ctl.view.encounter.log[-1].details == ["Vera Kask fails to sneak (3 against 4: failure) and is revealed"]


def test_a_search_as_high_as_the_sneak_roll_finds_and_one_lower_does_not():
    _campaign, history, ctl = ambush(walled=True)
    with pytest.raises(ValueError, match="Nobody is hidden from Vera Kask: nothing to search for"):
        ctl.take_action(VERA, "search", TypedDice([5]))
    history.push(ctl.take_action(VERA, "hide"))
    history.push(ctl.take_action(VERA, "sneak", TypedDice([4, 2])))       # a Search must reach 6
    turn(history, ctl, JORY)
    history.push(ctl.take_action(JORY, "search", TypedDice([5])))         # Search d6: 5 against 6
    assert hidden_from(ctl, VERA) == OPPONENTS
    assert ctl.view.encounter.log[-1].details == ["Jory does not find Vera Kask (Search 5 against 6)"]
    history.undo()
    history.push(ctl.take_action(JORY, "search", TypedDice([6, 2])))      # 6 explodes, 2 more: 8 against 6
    assert hidden_from(ctl, VERA) == set()
    assert ctl.view.encounter.log[-1].details == ["Jory finds Vera Kask (Search 8 against 6): revealed to everyone"]
    assert ctl.view.encounter.log[-1].text == "Jory: Search (1 action), 8 against 6: success"


def test_moving_in_the_open_or_attacking_shows_the_hider():
    _campaign, history, ctl = ambush(walled=True)
    history.push(ctl.take_action(VERA, "hide"))
    history.push(ctl.take_action(VERA, "move"))
    assert hidden_from(ctl, VERA) == set()
    history.undo()
    assert hidden_from(ctl, VERA) == OPPONENTS
    ctl.view.combatant(VERA).resources["ap"] = 4
    pistol = next(w for w in ctl.preview.weapons(VERA) if w.stats.get("range"))
    history.push(ctl.attack(ctl.preview.attack_request(VERA, pistol.id, RASK, override=True), RandomDice(2)))
    assert hidden_from(ctl, VERA) == set()
    assert "Vera Kask is seen again" in ctl.view.encounter.log[-1].details


def test_without_a_map_hide_hides_from_every_opponent_and_the_gm_judges_sight():
    campaign = Campaign.model_validate(json.loads(resource("demo", "campaign.json").read_text(encoding="utf-8")))
    history = History(campaign)
    ctl = EncounterController(campaign, "enc-ridge", get_ruleset("crisis"))
    history.push(ctl.start(RandomDice(7)))
    turn(history, ctl, "cmb-ridge-vera")
    history.push(ctl.take_action("cmb-ridge-vera", "hide"))
    assert hidden_from(ctl, "cmb-ridge-vera") == {"cmb-ridge-wolf", "cmb-ridge-guard-dog"}
    assert ctl.view.encounter.log[-1].details[0].endswith("(no map says who sees whom: the GM judges); a Search roll "
                                                          "of 4 or more finds them")


def test_a_successful_sneak_moves_unseen_once_as_far_as_a_move_paid_by_the_sneak():
    from crisis_desktop.rules.kernel.geometry import Terrain

    campaign, history, ctl = ambush(walled=True)
    battle_map = campaign.battle_maps[0]
    battle_map.cells = [c for c in battle_map.cells if not (c.x == 2 and c.y == 3)]     # a way out of the ring
    history.push(ctl.take_action(VERA, "hide"))
    movement = ctl.ruleset.movement()
    assert movement is not None
    terrain = Terrain.of(battle_map)
    occupied = {(t.x, t.y) for t in battle_map.tokens if t.combatant_id != VERA}
    before_sneak = movement.plan_move(ctl.view.actor(VERA), terrain, (2, 2), (2, 4), occupied, ctl.view.options)
    assert before_sneak.action == "move"                        # hidden, but no Sneak yet: a Move, which shows her
    assert not offer(ctl, VERA, "sneak_move").allowed
    history.push(ctl.take_action(VERA, "sneak", TypedDice([4, 2])))
    ap = ctl.view.combatant(VERA).resources["ap"]
    plan = movement.plan_move(ctl.view.actor(VERA), terrain, (2, 2), (2, 4), occupied, ctl.view.options)
    assert plan.allowed and plan.action == "sneak_move" and plan.price == {}
    assert plan.text.startswith("Sneak: 2 of") and "unseen" in plan.text
    history.push(ctl.take_action(VERA, "sneak_move"))
    assert hidden_from(ctl, VERA) == OPPONENTS and ctl.view.combatant(VERA).resources["ap"] == ap
    assert ctl.view.combatant(VERA).resources["moved"] is True
    # Once: the next move is a Move again, and it shows her.
    assert movement.plan_move(ctl.view.actor(VERA), terrain, (2, 4), (2, 5), occupied,
                              ctl.view.options).action == "move"
    ctl.view.combatant(VERA).resources["ap"] = 1
    history.push(ctl.take_action(VERA, "move"))
    assert hidden_from(ctl, VERA) == set()
    history.undo()
    history.undo()
    assert ctl.view.combatant(VERA).resources["sneak_move"] is True


def test_a_sneak_move_not_taken_ends_with_the_turn():
    _campaign, history, ctl = ambush(walled=True)
    history.push(ctl.take_action(VERA, "hide"))
    history.push(ctl.take_action(VERA, "sneak", TypedDice([4, 2])))
    assert offer(ctl, VERA, "sneak_move").allowed
    turn(history, ctl, RASK)
    turn(history, ctl, VERA)
    offered = offer(ctl, VERA, "sneak_move")
    assert not offered.allowed and offered.reason == "Vera Kask has no successful Sneak to move with this turn"
