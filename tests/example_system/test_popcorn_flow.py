"""Popcorn initiative on an in-memory fight: whoever acted picks who acts next, the last picks who opens the next
round (themself too), the GM may pick the first."""

from __future__ import annotations

import pytest

from crisis_desktop.rules.kernel.dice import TypedDice
from crisis_desktop.rules.kernel.flows import StepRole
from tests.example_system.popcorn import PopcornRuleset
from tests.example_system.popcorn.demo import popcorn_campaign
from tests.example_system.popcorn.flow import HAND_OVER, OPEN, PopcornFlow
from tests.fakes.fight import MemoryFight

ADA, BROM, CHIEF, BANDIT, ARCHER = "cmb-ada", "cmb-brom", "cmb-bandit-chief", "cmb-bandit", "cmb-archer"
EVERYONE = (ADA, BROM, CHIEF, BANDIT, ARCHER)


def fight(first_turn: str = "roll") -> tuple[PopcornFlow, MemoryFight]:
    memory = MemoryFight(popcorn_campaign(first_turn), "enc-ford")
    flow = PopcornRuleset().round_flow(memory.campaign.rule_options)
    assert isinstance(flow, PopcornFlow)
    return flow, memory


def test_the_highest_d20_plus_agility_acts_first_and_picks_who_acts_next():
    flow, memory = fight()
    # Ada 9+3=12, Brom 11+1=12 (Ada first: the higher Agility), chief 2+2, bandit 15+1=16, archer 3+2.
    stepped = flow.start(memory, TypedDice([9, 11, 2, 15, 3]))
    assert [e.combatant_id for e in stepped.result] == [BANDIT, ADA, BROM, ARCHER, CHIEF]
    assert [e.roll.value for e in stepped.result] == [16, 12, 12, 5, 4]
    assert flow.acting(memory) == (BANDIT,) and memory.encounter.round == 1
    assert memory.texts()[0] == "Bandits at the ford begins. Initiative: Bandit 16, Ada 12, Brom 12, Archer 5, " \
                                "Bandit chief 4"
    (offer,) = flow.offers(memory)
    assert (offer.key, offer.label, offer.role) == (HAND_OVER, "Next", StepRole.ADVANCE)
    assert offer.actors == (ADA, BROM, CHIEF, ARCHER)
    assert offer.help == "Bandit picks who acts next among those who have not acted this round"
    # The bandit hands over to the archer, not to the next in initiative.
    flow.take(memory, HAND_OVER, ARCHER)
    assert flow.acting(memory) == (ARCHER,) and memory.texts()[-1] == "Archer's turn (picked by Bandit)"
    with pytest.raises(ValueError, match="Bandit cannot be picked: already acted this round"):
        flow.take(memory, HAND_OVER, BANDIT)
    with pytest.raises(ValueError, match="Someone has not acted this round yet"):
        flow.take(memory, OPEN, ARCHER)
    assert [(r.combatant_id, r.position, r.status, r.current) for r in flow.order(memory)] == [
        (BANDIT, "1", "acted", False), (ARCHER, "2", "acting", True), (ADA, "", "to act", False),
        (BROM, "", "to act", False), (CHIEF, "", "to act", False)]


def test_the_last_to_act_picks_who_opens_the_next_round_and_may_pick_themself():
    flow, memory = fight()
    flow.start(memory, TypedDice([9, 11, 2, 15, 3]))
    for cid in (CHIEF, ADA, ARCHER, BROM):
        flow.take(memory, HAND_OVER, cid)
    (offer,) = flow.offers(memory)
    assert (offer.key, offer.label, offer.actors) == (OPEN, "Opens round 2", EVERYONE)
    assert offer.help == "Everyone has acted: Brom picks who opens the next round"
    stepped = flow.take(memory, OPEN, BROM)
    assert stepped.new_round and memory.encounter.round == 2 and flow.acting(memory) == (BROM,)
    assert memory.texts()[-2:] == ["Round 2 begins", "Brom's turn (picked by Brom)"]
    # Brom's turn began again: a second action and move in a row, as the rules have it.
    assert memory.encounter.combatant(BROM).resources == {"actions": 1, "moves": 1}
    assert flow.offers(memory)[0].actors == (ADA, CHIEF, BANDIT, ARCHER)


def test_the_gm_picks_the_first_to_act_without_a_roll():
    flow, memory = fight("gm")
    dice = TypedDice([])
    stepped = flow.start(memory, dice)
    assert stepped.result == [] and dice.asked == [] and flow.acting(memory) == ()
    (offer,) = flow.offers(memory)
    assert (offer.label, offer.actors) == ("Acts first", EVERYONE)
    assert offer.help == "The GM picks who acts next among those who have not acted this round"
    flow.take(memory, HAND_OVER, CHIEF)
    assert flow.acting(memory) == (CHIEF,) and memory.texts()[-1] == "Bandit chief's turn (picked by The GM)"


def test_one_who_is_down_cannot_be_picked_and_one_leaving_mid_turn_leaves_the_pick_to_the_gm():
    flow, memory = fight()
    flow.start(memory, TypedDice([9, 11, 2, 15, 3]))
    memory.actor(ARCHER).character.status["wounds"] = 6       # 6 hit points: down at 0
    assert ARCHER not in flow.offers(memory)[0].actors
    with pytest.raises(ValueError, match="Archer cannot be picked: Archer is down: Hit points 0/6"):
        flow.take(memory, HAND_OVER, ARCHER)
    flow.take(memory, HAND_OVER, BROM)
    memory.remove(BROM)
    flow.left(memory, BROM)
    assert flow.acting(memory) == () and flow.referenced(memory) == {BANDIT}
    (offer,) = flow.offers(memory)
    assert offer.actors == (ADA, CHIEF) and offer.help.startswith("The GM picks")
    with pytest.raises(ValueError, match="The GM picks who acts next: pick someone"):
        flow.take(memory, HAND_OVER)
