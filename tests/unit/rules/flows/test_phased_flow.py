"""PhasedFlow directly on an in-memory fight: planning, phases in order, resolving, the End phase."""

from __future__ import annotations

import pytest

from crisis_desktop.rules.kernel.dice import RandomDice
from crisis_desktop.rules.kernel.flows import StepRole
from crisis_desktop.rules.kernel.flows.phased import NEXT_PHASE, RESOLVE, RESOLVE_PHASES, PhasedFlow
from tests.fakes.fight import MemoryFight, flow_ids, offered
from tests.fakes.phased import PhasedFake
from tests.fakes.tiny import tiny_campaign

ANN, BO, RAT, SLUG = "c-ann", "c-bo", "c-rat", "c-slug"


def started() -> tuple[PhasedFlow, MemoryFight]:
    fight = MemoryFight(tiny_campaign("fake-phased"))
    for character in fight.campaign.characters:
        fight.add(character.id)
    flow = PhasedFlow(PhasedFake())
    assert flow.start(fight, RandomDice(1)).new_round
    return flow, fight


def plan(flow: PhasedFlow, fight: MemoryFight, **plans: str) -> None:
    for name, choice in plans.items():
        flow.take(fight, f"plan:c-{name}", f"c-{name}", choice)


def test_planning_offers_a_plan_for_everyone_able_and_resolving_waits_for_all():
    flow, fight = started()
    assert flow.round_label(fight) == "Round 1 · planning" and flow.acting(fight) == ()
    plans = [o for o in flow.offers(fight) if o.role is StepRole.PLAN]
    assert [o.actors for o in plans] == [(ANN,), (BO,), (RAT,), (SLUG,)]
    assert [c.label for c in plans[0].choices] == ["ranged attack", "melee attack", "wait"]
    fight.hurt(SLUG)  # out of the fight: no plan asked of it
    plan(flow, fight, ann="shoot", rat="strike")
    advance = offered(flow, fight, RESOLVE_PHASES)
    assert advance.role is StepRole.ADVANCE and not advance.allowed
    assert advance.reason == "Still to plan: Bo"
    with pytest.raises(ValueError, match="^Still to plan: Bo$"):
        flow.take(fight, RESOLVE_PHASES)
    assert [(r.combatant_id, r.status) for r in flow.order(fight)] == [
        (ANN, "plans: ranged attack"), (RAT, "plans: melee attack"), (BO, "to plan"), (SLUG, "cannot act")]


def test_phases_resolve_in_the_rules_order_and_empty_ones_are_passed_over():
    flow, fight = started()
    plan(flow, fight, ann="shoot", bo="wait", rat="shoot", slug="wait")
    flow.take(fight, RESOLVE_PHASES)
    assert flow.round_label(fight) == "Round 1 · ranged phase" and flow.acting(fight) == (ANN, RAT)
    resolve = offered(flow, fight, RESOLVE)
    assert resolve.role is StepRole.CHOOSE and resolve.actors == (ANN, RAT)
    advance = offered(flow, fight, NEXT_PHASE)
    assert not advance.allowed and advance.reason == "Still to resolve in the ranged phase: Ann, Rat"
    flow.take(fight, RESOLVE, RAT)
    assert flow.acting(fight) == (ANN,)
    assert ("c-rat", "done") in [(r.combatant_id, r.status) for r in flow.order(fight)]
    flow.take(fight, RESOLVE, ANN)
    assert offered(flow, fight, NEXT_PHASE).label == "Next phase"
    flow.take(fight, NEXT_PHASE)  # nobody planned melee: straight to misc
    assert flow.round_label(fight) == "Round 1 · misc phase" and flow.acting(fight) == (BO, SLUG)
    assert offered(flow, fight, NEXT_PHASE).label == "End round"


def test_the_end_phase_applies_the_rules_per_combatant_and_a_new_round_plans_again():
    flow, fight = started()
    plan(flow, fight, ann="wait", bo="wait", rat="wait", slug="wait")
    flow.take(fight, RESOLVE_PHASES)
    for cid in (ANN, BO, RAT, SLUG):
        flow.take(fight, RESOLVE, cid)
    stepped = flow.take(fight, NEXT_PHASE)
    assert stepped.new_round and fight.encounter.round == 2
    assert all(fight.actor(c).combatant.resources["rounds"] == 1 for c in (ANN, BO, RAT, SLUG))
    end = next(line for line in fight.lines if line.text == "End phase")
    assert "Ann: Ann catches its breath" in end.details
    assert flow.round_label(fight) == "Round 2 · planning" and fight.state()["plans"] == {}


def test_a_combatant_downed_in_its_phase_still_completes_its_action_but_a_later_plan_is_lost():
    flow, fight = started()
    plan(flow, fight, ann="shoot", bo="strike", rat="shoot", slug="wait")
    flow.take(fight, RESOLVE_PHASES)
    fight.hurt(RAT)  # Ann's shot drops Rat in the ranged phase: Rat still shoots back in it
    fight.hurt(BO)   # and Rat's shot drops Bo, whose melee attack comes later
    assert flow.acting(fight) == (ANN, RAT)
    flow.take(fight, RESOLVE, ANN)
    flow.take(fight, RESOLVE, RAT)
    flow.take(fight, NEXT_PHASE)
    assert "Bo cannot act and loses its planned melee attack" in fight.texts()
    assert flow.acting(fight) == () and offered(flow, fight, NEXT_PHASE).allowed


def test_every_refusal_says_why():
    flow, fight = started()
    with pytest.raises(ValueError, match="^Nothing resolves while planning"):
        flow.take(fight, RESOLVE, ANN)
    with pytest.raises(ValueError, match="^Pick what Ann plans: ranged attack, melee attack, wait$"):
        flow.take(fight, "plan:c-ann", ANN, "dance")
    with pytest.raises(ValueError, match="^This plan is Ann's, not Bo's$"):
        flow.take(fight, "plan:c-ann", BO, "wait")
    plan(flow, fight, ann="shoot")
    with pytest.raises(ValueError, match="^Ann has already planned: ranged attack$"):
        flow.take(fight, "plan:c-ann", ANN, "wait")
    fight.hurt(SLUG)
    with pytest.raises(ValueError, match="^Slug cannot act: Slug is out of the fight$"):
        flow.take(fight, "plan:c-slug", SLUG, "wait")
    with pytest.raises(ValueError, match="^Next phase is not possible now$"):
        flow.take(fight, NEXT_PHASE)
    plan(flow, fight, bo="wait", rat="wait")
    flow.take(fight, RESOLVE_PHASES)
    with pytest.raises(ValueError, match="^Plans are made in the planning step; this is the ranged phase$"):
        flow.take(fight, "plan:c-bo", BO, "wait")
    with pytest.raises(ValueError, match="^Bo has no action in the ranged phase$"):
        flow.take(fight, RESOLVE, BO)
    flow.take(fight, RESOLVE, ANN)
    with pytest.raises(ValueError, match="^Ann has already resolved in the ranged phase$"):
        flow.take(fight, RESOLVE, ANN)
    assert offered(flow, fight, RESOLVE).reason == "Everyone in the ranged phase has resolved"


def test_nobody_able_refuses_to_resolve_with_the_reason():
    flow, fight = started()
    for cid in (ANN, BO, RAT, SLUG):
        fight.hurt(cid)
    advance = offered(flow, fight, RESOLVE_PHASES)
    assert not advance.allowed and advance.reason == "Nobody is left who can act; end the encounter"


def test_a_fight_to_the_end():
    flow, fight = started()
    for _ in range(60):
        able = [c for c in sorted(fight.ids()) if flow.rules.sheet.state(fight.actor(c).character, {}).fighting]
        if len({fight.encounter.combatant(c).side for c in able}) < 2:
            break
        for cid in able:
            flow.take(fight, f"plan:{cid}", cid, "strike")
        flow.take(fight, RESOLVE_PHASES)
        for cid in flow.acting(fight):
            side = fight.encounter.combatant(cid).side
            target = next((c for c in able if fight.encounter.combatant(c).side != side), None)
            if target is not None:
                fight.hurt(target, int(fight.actor(target).character.status.get("lost", 0)) + 1)
            flow.take(fight, RESOLVE, cid)
        assert flow.take(fight, NEXT_PHASE).new_round
    else:
        raise AssertionError("the fight did not end")
    assert fight.encounter.round > 1 and flow.round_label(fight).endswith("planning")


def test_joining_and_leaving_keep_the_state_whole():
    flow, fight = started()
    plan(flow, fight, ann="shoot", bo="shoot", rat="strike", slug="strike")
    flow.take(fight, RESOLVE_PHASES)
    flow.take(fight, RESOLVE, ANN)
    fight.campaign.characters.append(fight.campaign.characters[2].model_copy(update={"id": "ch-toad",
                                                                                      "name": "Toad"}))
    toad = fight.add("ch-toad")
    flow.joined(fight, toad)
    assert "Toad joins the fight and plans from the next round on" in fight.texts()
    assert toad not in flow.acting(fight)
    for cid in (ANN, BO):
        fight.remove(cid)
        flow.left(fight, cid)
    assert flow.acting(fight) == () and flow_ids(fight.state()) <= fight.ids()
    flow.take(fight, NEXT_PHASE)
    assert flow.acting(fight) == (RAT, SLUG)
    fight.remove(SLUG)
    flow.left(fight, SLUG)
    assert flow.acting(fight) == (RAT,) and flow_ids(fight.state()) <= fight.ids()
    flow.take(fight, RESOLVE, RAT)
    flow.take(fight, NEXT_PHASE)
    assert [o.actors for o in flow.offers(fight) if o.role is StepRole.PLAN] == [(RAT,), (toad,)]


def test_a_plan_is_recorded_on_the_combatant_through_the_rules():
    flow, fight = started()
    plan(flow, fight, ann="shoot", bo="wait")
    assert fight.actor(ANN).combatant.resources["planned"] == "shoot"
    assert fight.actor(BO).combatant.resources["planned"] == "wait"
    assert "planned" not in fight.actor(RAT).combatant.resources


def test_plans_are_announced_to_the_table_only_once_the_phases_resolve():
    flow, fight = started()
    plan(flow, fight, ann="shoot", bo="wait", rat="strike", slug="wait")
    assert [r.announced for r in flow.order(fight)] == ["", "", "", ""]
    flow.take(fight, RESOLVE_PHASES)
    assert {r.combatant_id: r.announced for r in flow.order(fight)} == {
        ANN: "ranged attack", RAT: "melee attack", BO: "wait", SLUG: "wait"}


def test_an_attack_marks_done_only_those_acting_in_the_phase():
    flow, fight = started()
    flow.acted(fight, ANN)                      # planning: nothing to mark
    plan(flow, fight, ann="shoot", bo="wait", rat="strike", slug="wait")
    flow.take(fight, RESOLVE_PHASES)
    flow.acted(fight, RAT)                      # Rat strikes in the melee phase, not now
    flow.acted(fight, ANN)
    flow.acted(fight, ANN)                      # twice is once
    assert flow.acting(fight) == () and offered(flow, fight, NEXT_PHASE).allowed
    assert [r.status for r in flow.order(fight) if r.combatant_id in (ANN, RAT)] == ["done", "plans: melee attack"]
