"""Popcorn played through the encounter controller: its steps, attacks with the rules' numbers, the price of an
attack and a move paid and refused, the map's reach, a fight to the end, and undo and redo of all of it."""

from __future__ import annotations

import pytest

from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.controller.history import History
from crisis_desktop.domain import Campaign
from crisis_desktop.domain.encounter import Side
from crisis_desktop.rules.kernel.dice import RandomDice, TypedDice
from crisis_desktop.rules.kernel.flows import StepRole
from crisis_desktop.storage.campaign_store import CampaignStore
from tests.example_system.popcorn import PopcornRuleset
from tests.example_system.popcorn.demo import ENCOUNTER, popcorn_campaign
from tests.example_system.popcorn.flow import HAND_OVER

ADA, BROM, CHIEF, BANDIT, ARCHER = "cmb-ada", "cmb-brom", "cmb-bandit-chief", "cmb-bandit", "cmb-archer"


def running(campaign: Campaign, dice: list[int]) -> tuple[EncounterController, History]:
    ctl = EncounterController(campaign, ENCOUNTER, PopcornRuleset())
    history = History(campaign)
    history.push(ctl.start(TypedDice(dice)))
    return ctl, history


def weapon(ctl: EncounterController, cid: str, name: str) -> str:
    return next(w.id for w in ctl.preview.weapons(cid) if w.name == name)


def test_one_attack_and_one_move_a_turn_paid_and_refused_with_the_rules_reason():
    ctl, history = running(popcorn_campaign(), [9, 11, 2, 15, 3])
    assert ctl.view.acting() == (BANDIT,)
    history.push(ctl.step(HAND_OVER, ADA))
    assert ctl.view.acting() == (ADA,) and ctl.view.encounter.log[-1].text == "Ada's turn (picked by Bandit)"
    bow = weapon(ctl, ADA, "Bow")
    request = ctl.preview.attack_request(ADA, bow, BANDIT)         # 6 tiles apart on the map: within the bow's 12
    modifiers = ctl.preview.attacks.attack_modifiers(request, ctl.view.options)
    assert [(t.label, t.value) for t in modifiers] == [("Agility", 3)]
    odds = ctl.preview.attacks.attack_odds(request, ctl.view.options)
    assert odds.hit == pytest.approx(13 / 20)              # 8 to 20 on the d20 reach Defence 11 with +3
    assert odds.expected_damage == pytest.approx(13 / 20 * 3.5) and odds.drop_target == 0   # 7 hit points, a d6
    history.push(ctl.attack(request, TypedDice([10, 5])))   # 10 + 3 = 13 against 11: a hit, 5 damage
    bandit = ctl.view.actor(BANDIT)
    assert bandit.character.status["wounds"] == 5
    assert [(b.key, b.current, b.maximum) for b in ctl.ruleset.sheet.resources(bandit, ctl.view.options)][0] == ("hp",
                                                                                                                 2, 7)
    assert ctl.view.encounter.log[-1].text == "Ada hits Bandit with the Bow for 5"
    assert ctl.view.combatant(ADA).resources == {"actions": 0, "moves": 1}
    with pytest.raises(ValueError, match="^Not enough actions: Attack costs 1 action, Ada has none$"):
        ctl.attack(ctl.preview.attack_request(ADA, bow, BANDIT), TypedDice([20, 6]))
    history.push(ctl.take_action(ADA, "move"))
    assert ctl.view.combatant(ADA).resources == {"actions": 0, "moves": 0}
    with pytest.raises(ValueError, match="^Not enough moves: Move costs 1 move, Ada has none$"):
        ctl.take_action(ADA, "move")
    # Brom's sword does not reach the chief across the ford; his own turn gives him his action and move.
    history.push(ctl.step(HAND_OVER, BROM))
    with pytest.raises(ValueError, match="out of the Sword's reach"):
        ctl.attack(ctl.preview.attack_request(BROM, weapon(ctl, BROM, "Sword"), CHIEF), TypedDice([20, 8]))
    # A ranged weapon reaches as far as its range on the map.
    history.push(ctl.step(HAND_OVER, CHIEF))
    token = next(t for t in ctl.preview.battle_map().tokens if t.combatant_id == CHIEF)
    token.x, token.y = 13, 8                               # 11 and 5 tiles from Ada at (2, 3): 11 tiles
    sling = weapon(ctl, CHIEF, "Sling")
    assert ctl.preview.map_refusals(CHIEF, sling, ADA) == [
        "Ada is 11 tiles from Bandit chief: beyond the Sling's range (8 tiles)"]
    with pytest.raises(ValueError, match="beyond the Sling's range"):
        ctl.attack(ctl.preview.attack_request(CHIEF, sling, ADA), TypedDice([20, 4]))
    # Out of turn, nobody attacks.
    with pytest.raises(ValueError, match="^Archer cannot act now: it is Bandit chief.s turn$"):
        ctl.attack(ctl.preview.attack_request(ARCHER, weapon(ctl, ARCHER, "Bow"), ADA), TypedDice([20, 6]))
    # A miss: 1 always misses, whatever the bonus.
    history.push(ctl.step(HAND_OVER, ARCHER))
    history.push(ctl.attack(ctl.preview.attack_request(ARCHER, weapon(ctl, ARCHER, "Bow"), ADA), TypedDice([1])))
    assert ctl.view.encounter.log[-1].text == "Archer misses Ada (3 against Defence 13)"


def test_a_hit_that_takes_the_last_hit_points_puts_the_target_down():
    ctl, history = running(popcorn_campaign(), [9, 11, 2, 15, 3])
    history.push(ctl.step(HAND_OVER, ADA))
    history.push(ctl.attack(ctl.preview.attack_request(ADA, weapon(ctl, ADA, "Bow"), ARCHER), TypedDice([20, 6])))
    assert ctl.view.state_of(ARCHER).text == "Archer is down: Hit points 0/6"
    assert not ctl.view.state_of(ARCHER).fighting
    assert ARCHER not in ctl.offers()[0].actors


def play_to_the_end(ctl: EncounterController, history: History, dice: RandomDice) -> int:
    """Whoever acts attacks the first foe still fighting, then picks the first one offered; the rounds played."""
    for _ in range(400):
        sides = {c.side for c in ctl.view.encounter.combatants if ctl.view.state_of(c.id).fighting}
        if len(sides) < 2:
            history.push(ctl.end_encounter())
            return ctl.view.encounter.round
        for cid in ctl.view.acting():
            foe = next((c.id for c in ctl.view.encounter.combatants
                        if c.side != ctl.view.combatant(cid).side and ctl.view.state_of(c.id).fighting), None)
            if foe is not None and ctl.view.may_act(cid):
                history.push(ctl.attack(ctl.preview.attack_request(cid, ctl.preview.weapons(cid)[0].id, foe), dice))
        (offer,) = ctl.offers()
        assert offer.role is StepRole.ADVANCE and offer.allowed, offer.reason
        history.push(ctl.step(offer.key, offer.actors[0], None, dice))
    raise AssertionError("the fight did not end")


def test_a_whole_fight_to_the_end_and_undo_and_redo_of_every_step():
    campaign = popcorn_campaign()
    campaign.encounters[0].battle_map_id = None            # no map: everyone reaches everyone
    before = campaign.model_dump()
    ctl = EncounterController(campaign, ENCOUNTER, PopcornRuleset())
    history = History(campaign)
    history.push(ctl.start(RandomDice(7)))
    rounds = play_to_the_end(ctl, history, RandomDice(8))
    after = campaign.model_dump()
    assert rounds >= 2 and ctl.view.encounter.ended
    standing = {c.side for c in ctl.view.encounter.combatants if ctl.view.state_of(c.id).fighting}
    assert len(standing) == 1 and standing <= {Side.PARTY, Side.ENEMIES}
    # Each round, each fighter took exactly one turn: the turn lines of a round name nobody twice.
    turns: dict[int, list[str]] = {}
    round_ = 1
    for entry in ctl.view.encounter.log:
        if entry.kind == "round":
            round_ = int(entry.text.split()[1])
        if entry.kind == "turn":
            turns.setdefault(round_, []).append(str(entry.actor_id))
    assert all(len(ids) == len(set(ids)) for ids in turns.values()), turns
    assert [e.text for e in ctl.view.encounter.log if e.kind == "round"][1] == "Round 2 begins"
    # The last to act in round 1 picked who opened round 2.
    lines = [e for e in ctl.view.encounter.log if e.kind in ("turn", "round")]
    at = next(i for i, e in enumerate(lines) if e.text == "Round 2 begins")
    last, opener = lines[at - 1], lines[at + 1]
    assert opener.text.endswith(f"(picked by {ctl.view.name(str(last.actor_id))})"), (last.text, opener.text)
    while history.can_undo:
        history.undo()
    assert campaign.model_dump() == before
    while history.can_redo:
        history.redo()
    assert campaign.model_dump() == after


def test_a_fight_saved_mid_round_goes_on_after_loading_with_the_same_picks(paths):
    campaign = popcorn_campaign()
    ctl, history = running(campaign, [9, 11, 2, 15, 3])
    history.push(ctl.step(HAND_OVER, ARCHER))
    store = CampaignStore(paths)
    path = paths.campaigns / "popcorn.json"
    store.save(campaign, path)
    loaded = store.load(path)
    assert loaded.encounter(ENCOUNTER).flow == {"acted": [BANDIT, ARCHER], "current": ARCHER}
    again = EncounterController(loaded, ENCOUNTER, PopcornRuleset())
    assert again.view.acting() == (ARCHER,) and again.offers() == ctl.offers()
    History(loaded).push(again.step(HAND_OVER, CHIEF))
    assert again.view.acting() == (CHIEF,) and again.offers()[0].actors == (ADA, BROM)
