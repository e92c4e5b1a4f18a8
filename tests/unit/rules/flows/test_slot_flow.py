"""SlotFlow directly on an in-memory fight: slots by side, filling, skipping, new rounds, joining and leaving."""

from __future__ import annotations

import pytest

from crisis_desktop.domain.encounter import Side
from crisis_desktop.rules.kernel.dice import NeedMoreDice, TypedDice
from crisis_desktop.rules.kernel.flows import StepRole
from crisis_desktop.rules.kernel.flows.slots import END_TURN, FILL, SlotFlow
from tests.fakes.fight import MemoryFight, flow_ids, offered
from tests.fakes.slots import SlotsFake
from tests.fakes.tiny import tiny_campaign

ANN, BO, RAT, SLUG = "c-ann", "c-bo", "c-rat", "c-slug"


def started(faces: tuple[int, ...] = (2, 5, 6, 1)) -> tuple[SlotFlow, MemoryFight]:
    """Ann 2, Bo 5, Rat 6, Slug 1: slots NPC, PC, PC, NPC."""
    fight = MemoryFight(tiny_campaign("fake-slots"))
    for character in fight.campaign.characters:
        fight.add(character.id)
    flow = SlotFlow(SlotsFake())
    stepped = flow.start(fight, TypedDice(faces))
    assert stepped.new_round
    return flow, fight


def slot_sides(fight: MemoryFight) -> list[str]:
    return [s["side"] for s in fight.state()["slots"]]


def test_initiative_makes_slots_of_each_side_and_the_gm_picks_who_fills_them():
    flow, fight = started()
    assert slot_sides(fight) == ["enemies", "party", "party", "enemies"]
    assert [r.position for r in flow.order(fight)][:4] == ["NPC slot 1", "PC slot 1", "PC slot 2", "NPC slot 2"]
    assert flow.round_label(fight) == "Round 1 · NPC slot 1"
    fill = offered(flow, fight, FILL)
    assert fill.role is StepRole.CHOOSE and fill.allowed and set(fill.actors) == {RAT, SLUG}
    advance = offered(flow, fight, END_TURN)
    assert not advance.allowed and advance.reason == "Pick the NPC who takes the NPC slot 1 first"
    assert flow.acting(fight) == ()
    # The slower NPC may take the first NPC slot: any unacted NPC may.
    flow.take(fight, FILL, SLUG)
    assert flow.acting(fight) == (SLUG,) and fight.actor(SLUG).combatant.resources["turns"] == 1
    assert "Slug takes the NPC slot 1" in fight.texts()
    assert offered(flow, fight, END_TURN).label == "End turn" and offered(flow, fight, END_TURN).allowed
    flow.take(fight, END_TURN)
    assert fight.actor(SLUG).combatant.resources["ended"] == 1
    assert set(offered(flow, fight, FILL).actors) == {ANN, BO}


def test_every_refusal_of_a_fill_says_why():
    flow, fight = started()
    with pytest.raises(ValueError, match="^Pick who takes the NPC slot 1$"):
        flow.take(fight, FILL, None)
    with pytest.raises(ValueError, match="^The NPC slot 1 is for the NPCs; Ann is not one of them$"):
        flow.take(fight, FILL, ANN)
    fight.hurt(RAT)
    with pytest.raises(ValueError, match="^Rat cannot act: Rat is out of the fight$"):
        flow.take(fight, FILL, RAT)
    flow.take(fight, FILL, SLUG)
    with pytest.raises(ValueError, match="^Slug already holds the NPC slot 1$"):
        flow.take(fight, FILL, SLUG)
    flow.take(fight, END_TURN)
    flow.take(fight, FILL, ANN)
    flow.take(fight, END_TURN)
    with pytest.raises(ValueError, match="^Ann has already acted this round$"):
        flow.take(fight, FILL, ANN)
    with pytest.raises(ValueError, match="^Plan is not a step of this fight$"):
        flow.take(fight, "plan")


def test_a_slot_nobody_can_fill_is_skipped_and_used_up_slots_begin_a_new_round():
    flow, fight = started()
    flow.take(fight, FILL, RAT)
    flow.take(fight, END_TURN)
    flow.take(fight, FILL, BO)
    flow.take(fight, END_TURN)
    flow.take(fight, FILL, ANN)
    fight.hurt(SLUG)  # the last NPC who could act goes down
    stepped = flow.take(fight, END_TURN)
    assert stepped.new_round and fight.encounter.round == 2
    assert "NPC slot 2 skipped: no NPC is left who can act this round" in fight.texts()
    assert "Round 2 begins" in fight.texts()
    assert fight.state()["acted"] == [] and flow.round_label(fight) == "Round 2 · NPC slot 1"
    assert offered(flow, fight, FILL).actors == (RAT,)


def test_a_side_with_nobody_left_has_its_slots_skipped_and_the_fight_runs_to_its_end():
    flow, fight = started()
    for _ in range(40):
        standing = {fight.encounter.combatant(c).side for c in fight.ids()
                    if flow.rules.sheet.state(fight.actor(c).character, {}).fighting}
        if len(standing) < 2:
            break
        fill = offered(flow, fight, FILL)
        flow.take(fight, FILL, fill.actors[0])
        attacker = flow.acting(fight)[0]
        side = fight.encounter.combatant(attacker).side
        target = next(c for c in sorted(fight.ids()) if fight.encounter.combatant(c).side != side
                      and flow.rules.sheet.state(fight.actor(c).character, {}).fighting)
        fight.hurt(target, int(fight.actor(target).character.status.get("lost", 0)) + 1)
        flow.take(fight, END_TURN)
    else:
        raise AssertionError("the fight did not end")
    losers = {Side.PARTY, Side.ENEMIES} - standing
    assert len(losers) == 1
    word = "PC" if losers == {Side.PARTY} else "NPC"
    # The fight goes on for the winners only: the losers' slots are skipped with a line each.
    fillers = []
    for _ in range(8):
        fill = offered(flow, fight, FILL)
        if fill.allowed:
            fillers.append(fill.actors[0])
            flow.take(fight, FILL, fill.actors[0])
        flow.take(fight, END_TURN)
    assert fillers and all(fight.encounter.combatant(c).side not in losers for c in fillers)
    assert f"{word} slot 1 skipped: no {word} is left who can act this round" in fight.texts()


def test_nobody_left_who_can_act_refuses_to_go_on_with_the_reason():
    flow, fight = started()
    flow.take(fight, FILL, RAT)
    for cid in (ANN, BO, RAT, SLUG):
        fight.hurt(cid)
    advance = offered(flow, fight, END_TURN)
    assert not advance.allowed and advance.reason == "Nobody is left who can take a turn; end the encounter"
    with pytest.raises(ValueError, match="^Nobody is left who can take a turn; end the encounter$"):
        flow.take(fight, END_TURN)


def test_initiative_with_typed_dice_that_run_out_asks_for_more():
    fight = MemoryFight(tiny_campaign("fake-slots"))
    for character in fight.campaign.characters:
        fight.add(character.id)
    with pytest.raises(NeedMoreDice):
        SlotFlow(SlotsFake()).start(fight, TypedDice([3, 3]))


def test_a_joiner_adds_a_slot_of_its_side_at_the_end_and_may_fill_one_this_round():
    flow, fight = started()
    fight.campaign.characters.append(fight.campaign.characters[2].model_copy(update={"id": "ch-toad",
                                                                                      "name": "Toad"}))
    toad = fight.add("ch-toad")
    flow.joined(fight, toad)
    assert slot_sides(fight) == ["enemies", "party", "party", "enemies", "enemies"]
    assert "Toad joins the fight: one more NPC slot at the end" in fight.texts()
    assert set(offered(flow, fight, FILL).actors) == {RAT, SLUG, toad}


def test_a_leaver_who_has_acted_takes_its_own_slot_and_leaves_no_dangling_id():
    flow, fight = started()
    flow.take(fight, FILL, RAT)
    flow.take(fight, END_TURN)
    # Rat has acted: its own slot goes, so Slug keeps the NPC slot still to come.
    fight.remove(RAT)
    flow.left(fight, RAT)
    state = fight.state()
    assert slot_sides(fight) == ["party", "party", "enemies"]
    assert state["index"] == 0 and state["acted"] == []
    assert flow_ids(state) <= fight.ids()
    assert [r.status for r in flow.order(fight)][:3] == ["to fill", "", ""]
    assert set(offered(flow, fight, FILL).actors) == {ANN, BO}


def test_someone_who_acted_earlier_leaving_does_not_disturb_the_turn_under_way():
    flow, fight = started()
    flow.take(fight, FILL, RAT)
    flow.take(fight, END_TURN)
    flow.take(fight, FILL, BO)
    lines = len(fight.lines)
    fight.remove(RAT)
    flow.left(fight, RAT)
    state = fight.state()
    assert slot_sides(fight) == ["party", "party", "enemies"] and state["index"] == 0
    assert flow.acting(fight) == (BO,) and fight.actor(BO).combatant.resources["turns"] == 1
    assert len(fight.lines) == lines and state["acted"] == [BO]


def test_a_leaver_when_nobody_can_act_keeps_the_fight_at_its_end():
    flow, fight = started()
    flow.take(fight, FILL, RAT)
    for cid in (ANN, BO, SLUG):
        fight.hurt(cid)
    fight.remove(RAT)
    flow.left(fight, RAT)  # the last who could act leaves during its own turn
    assert fight.state()["index"] == len(fight.state()["slots"]) == 3
    assert offered(flow, fight, END_TURN).reason == "Nobody is left who can take a turn; end the encounter"
    fight.remove(SLUG)
    flow.left(fight, SLUG)
    assert fight.state()["index"] == len(fight.state()["slots"]) == 2
    fight.hurt(ANN, 0)  # healed by the GM: the fight can go on in a new round
    assert offered(flow, fight, END_TURN).allowed
    assert flow.take(fight, END_TURN).new_round and flow.round_label(fight) == "Round 2 · PC slot 1"


def test_the_current_filler_leaving_hands_on_to_the_next_slot():
    flow, fight = started()
    flow.take(fight, FILL, RAT)
    flow.take(fight, END_TURN)
    flow.take(fight, FILL, ANN)
    fight.remove(ANN)
    flow.left(fight, ANN)
    state = fight.state()
    # Ann's own slot goes with her turn; the PC slot still to come is Bo's.
    assert slot_sides(fight) == ["enemies", "party", "enemies"]
    assert state["index"] == 1 and flow.acting(fight) == () and state["acted"] == [RAT]
    assert offered(flow, fight, FILL).actors == (BO,)
    assert flow_ids(state) <= fight.ids()


def test_a_waiting_combatant_leaving_removes_the_last_unfilled_slot_of_its_side():
    flow, fight = started()
    fight.remove(SLUG)
    flow.left(fight, SLUG)
    assert slot_sides(fight) == ["enemies", "party", "party"]
    assert offered(flow, fight, FILL).actors == (RAT,)
    fight.remove(RAT)
    flow.left(fight, RAT)  # the current slot, unfilled, goes: the PC slot is next
    assert slot_sides(fight) == ["party", "party"] and fight.state()["index"] == 0
    assert set(offered(flow, fight, FILL).actors) == {ANN, BO}
    assert flow_ids(fight.state()) <= fight.ids()


def test_the_order_lists_slots_then_who_has_not_acted():
    flow, fight = started()
    flow.take(fight, FILL, RAT)
    rows = flow.order(fight)
    assert [(r.combatant_id, r.position, r.status, r.current) for r in rows] == [
        (RAT, "NPC slot 1", "acting", True), (None, "PC slot 1", "", False), (None, "PC slot 2", "", False),
        (None, "NPC slot 2", "", False), (ANN, "", "to act", False), (BO, "", "to act", False),
        (SLUG, "", "to act", False)]
