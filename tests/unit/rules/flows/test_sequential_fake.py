"""SequentialFlow with the sequential fake on an in-memory fight: the model the other flows follow."""

from __future__ import annotations

from crisis_desktop.rules.kernel.dice import TypedDice
from crisis_desktop.rules.kernel.flows.sequential import NEXT, SequentialFlow
from tests.fakes.fight import MemoryFight, flow_ids, offered
from tests.fakes.sequential import SequentialFake
from tests.fakes.tiny import tiny_campaign

ANN, BO, RAT, SLUG = "c-ann", "c-bo", "c-rat", "c-slug"


def test_turns_follow_initiative_to_the_end_of_the_fight_and_leavers_leave_no_trace():
    fight = MemoryFight(tiny_campaign("fake-sequential"))
    for character in fight.campaign.characters:
        fight.add(character.id)
    flow = SequentialFlow(SequentialFake())
    flow.start(fight, TypedDice([2, 5, 5, 1]))  # Bo and Rat tie on 5: the PC first
    assert fight.state()["order"] == [BO, RAT, ANN, SLUG]
    assert [e.tie_note for e in fight.initiative][:2] == ["PC before NPC on a tie", "after the PCs on a tie"]
    assert flow.acting(fight) == (BO,) and fight.actor(BO).combatant.resources["turns"] == 1
    for _ in range(60):
        able = [c for c in fight.state()["order"] if flow.rules.sheet.state(fight.actor(c).character, {}).fighting]
        if len({fight.encounter.combatant(c).side for c in able}) < 2:
            break
        current = flow.acting(fight)[0]
        side = fight.encounter.combatant(current).side
        target = next(c for c in able if fight.encounter.combatant(c).side != side)
        fight.hurt(target, int(fight.actor(target).character.status.get("lost", 0)) + 1)
        flow.take(fight, NEXT)
    else:
        raise AssertionError("the fight did not end")
    gone = next(c for c in (ANN, BO, RAT, SLUG) if not flow.rules.sheet.state(fight.actor(c).character, {}).fighting)
    fight.remove(gone)
    flow.left(fight, gone)
    assert flow_ids(fight.state()) <= fight.ids() and offered(flow, fight, NEXT).allowed
