"""Every round shape through the EncounterController with its fake ruleset: a fight to the end, refusals with
their reasons, joining and leaving mid-fight, one undoable event per step."""

from __future__ import annotations

import re
from typing import Any

import pytest

from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.controller.history import History
from crisis_desktop.domain import Character, CharacterKind, EquipmentItem, ItemKind
from crisis_desktop.rules.kernel.dice import NeedMoreDice, RandomDice, TypedDice
from crisis_desktop.rules.kernel.flows import StepRole
from crisis_desktop.rules.kernel.flows.sequential import SequentialFlow
from tests.fakes.drive import SHAPES, attack_once, fake_controller, fight_to_the_end, next_step, standing, targets
from tests.fakes.registry import fake_ruleset
from tests.fakes.sequential import SequentialFake
from tests.fakes.tiny import tiny_campaign


def built(shape: str, pcs: int = 2, npcs: int = 2) -> tuple[EncounterController, History]:
    campaign = tiny_campaign(f"fake-{shape}", pcs, npcs)
    ctl = fake_controller(campaign)
    history = History(campaign)
    for character in campaign.characters:
        history.push(ctl.add_combatant(character.id))
    return ctl, history


def strings(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(set(), *(strings(k) | strings(v) for k, v in value.items()))
    if isinstance(value, list):
        return set().union(set(), *(strings(v) for v in value))
    return set()


@pytest.mark.parametrize("shape", SHAPES)
def test_the_round_flow_is_the_fake_rulesets_own(shape):
    ctl, _history = built(shape)
    assert type(ctl.view.flow).__name__ == {"sequential": "SequentialFlow", "slots": "SlotFlow", "phased": "PhasedFlow",
                                       "declared": "DeclareResolveFlow"}[shape]


@pytest.mark.parametrize("shape", SHAPES)
def test_a_fight_to_the_end_with_every_refusal_giving_its_reason(shape):
    ctl, history = built(shape)
    refused: list[str] = []

    def refusals_say_why(ctl: EncounterController) -> None:
        for o in ctl.offers():
            if o.allowed:
                continue
            assert o.reason, f"{o.label} is refused without a reason"
            actor = o.actors[0] if o.actors else None
            choice = o.choices[0].key if o.choices else None
            with pytest.raises(ValueError, match=f"^{re.escape(o.reason)}$"):
                ctl.step(o.key, actor, choice, RandomDice(0))
            refused.append(o.reason)

    steps = fight_to_the_end(ctl, history, RandomDice(7), every_step=refusals_say_why)
    assert ctl.view.encounter.ended and len(standing(ctl)) == 1 and steps > 4
    assert refused  # every shape refuses something on the way (moving on before everyone is done)
    assert ctl.view.encounter.log[-1].text.startswith("Yard ends after")
    with pytest.raises(ValueError, match="^Yard is over: cannot move on$"):
        ctl.step("anything")


@pytest.mark.parametrize("shape", SHAPES)
def test_every_step_offered_has_a_role_the_flow_declares_and_every_declared_role_is_offered(shape):
    """`roles()` is what the board shows buttons and shortcuts for: each offer's role is among them, and a fight to
    the end offers each of them (none is declared in vain)."""
    ctl, history = built(shape)
    roles = ctl.view.flow.roles()
    offered: set[StepRole] = set()

    def roles_declared(ctl: EncounterController) -> None:
        now = {o.role for o in ctl.offers()}
        assert now <= roles, now - roles
        offered.update(now)

    fight_to_the_end(ctl, history, RandomDice(5), every_step=roles_declared)
    assert offered == roles
    expected = {"sequential": {StepRole.ADVANCE, StepRole.BACK, StepRole.HOLD, StepRole.CHOOSE},
                "slots": {StepRole.ADVANCE, StepRole.CHOOSE},
                "phased": {StepRole.PLAN, StepRole.CHOOSE, StepRole.ADVANCE},
                "declared": {StepRole.PLAN, StepRole.ADVANCE}}
    assert roles == expected[shape]


def test_turns_without_delay_offer_neither_delay_nor_act_now():
    flow = SequentialFlow(SequentialFake(), delay=False)
    assert flow.roles() == {StepRole.ADVANCE, StepRole.BACK}


@pytest.mark.parametrize("shape", ["slots", "phased", "declared"])
def test_a_step_for_someone_it_is_not_open_to_is_refused_by_name(shape):
    ctl, history = built(shape)
    history.push(ctl.start(RandomDice(3)))
    for _ in range(20):
        found = next((o for o in ctl.offers() if o.actors and o.allowed), None)
        if found is not None:
            break
        key, actor, choice = next_step(ctl)  # type: ignore[misc]
        history.push(ctl.step(key, actor, choice, RandomDice(3)))
    else:
        pytest.fail("no step for a combatant was offered")
    other = next(c.id for c in ctl.view.encounter.combatants if c.id not in found.actors)
    with pytest.raises(ValueError, match=f"^{re.escape(found.label)} is not open to {ctl.view.name(other)}$"):
        ctl.step(found.key, other)


@pytest.mark.parametrize("shape", SHAPES)
def test_joining_and_leaving_mid_fight_keep_the_flow_whole(shape):
    ctl, history = built(shape)
    campaign = ctl.campaign
    dice = RandomDice(11)
    history.push(ctl.start(dice))
    for _ in range(3):
        key, actor, choice = next_step(ctl)  # type: ignore[misc]
        history.push(ctl.step(key, actor, choice, dice))
    ever = {c.id for c in ctl.view.encounter.combatants}
    club = EquipmentItem(name="Club", kind=ItemKind.WEAPON, stats={"damage": 1})
    campaign.characters.append(Character(id="ch-toad", name="Toad", kind=CharacterKind.NPC, equipment=[club]))
    joiner = history.push(ctl.add_combatant("ch-toad"))
    toad = next(c.id for c in ctl.view.encounter.combatants if c.character_id == "ch-toad")
    ever.add(toad)
    assert joiner.encounters and any("Toad joins" in e.text for e in ctl.view.encounter.log)
    for leaver in [c.id for c in ctl.view.encounter.combatants][:2]:
        history.push(ctl.remove_combatant(leaver))
        ids = {c.id for c in ctl.view.encounter.combatants}
        assert strings(ctl.view.encounter.flow) & ever <= ids, "the flow's state names someone who left"
        assert all(o.allowed or o.reason for o in ctl.offers())
    # The fight still runs: the order names only who is there, and the fight goes on to its end.
    assert {r.combatant_id for r in ctl.view.order_rows()} - {None} <= {c.id for c in ctl.view.encounter.combatants}
    attacked: set[Any] = set()
    for _ in range(800):
        attack_once(ctl, history, dice, attacked)
        if len(standing(ctl)) < 2:
            break
        key, actor, choice = next_step(ctl)  # type: ignore[misc]
        history.push(ctl.step(key, actor, choice, dice))
    else:
        pytest.fail("the fight did not end")


@pytest.mark.parametrize("shape", SHAPES)
def test_undo_all_gives_the_start_back_and_redo_all_the_end(shape):
    campaign = tiny_campaign(f"fake-{shape}")
    before = campaign.model_dump()
    ctl, history = fake_controller(campaign), History(campaign)
    for character in campaign.characters:
        history.push(ctl.add_combatant(character.id))
    fight_to_the_end(ctl, history, RandomDice(5))
    after = campaign.model_dump()
    while history.can_undo:
        history.undo()
    assert campaign.model_dump() == before
    while history.can_redo:
        history.redo()
    assert campaign.model_dump() == after


@pytest.mark.parametrize("shape", ["sequential", "slots", "declared"])
def test_typed_dice_that_run_out_at_the_start_ask_for_more(shape):
    ctl, _history = built(shape)
    with pytest.raises(NeedMoreDice, match="^Enter another d6"):
        ctl.start(TypedDice([4]))
    assert not ctl.view.encounter.started and ctl.view.encounter.log == []


def test_a_new_moment_with_typed_dice_that_run_out_asks_for_more_and_changes_nothing():
    ctl, history = built("declared")
    history.push(ctl.start(TypedDice([1, 2, 3, 4])))
    while not next(o for o in ctl.offers() if o.role.value == "advance").rolls:
        key, actor, choice = next_step(ctl)  # type: ignore[misc]
        history.push(ctl.step(key, actor, choice))
    state = ctl.campaign.model_dump()
    with pytest.raises(NeedMoreDice):
        ctl.step("next_resolver", dice=TypedDice([2]))
    assert ctl.campaign.model_dump() == state
    event = ctl.step("next_resolver", dice=TypedDice([4, 3, 2, 1]))
    assert event.round_start
    history.push(event)
    assert ctl.view.encounter.round == 2 and ctl.view.round_label() == "Moment 2 · declaring"
    assert fake_ruleset("fake-declared").id == "fake-declared"


def test_a_reaction_taken_inside_an_attack_is_spent_by_the_declare_resolve_flow():
    ctl, history = built("declared")
    history.push(ctl.start(TypedDice([2, 5, 6, 1])))          # Rat, Bo, Ann, Slug
    while (found := next((o for o in ctl.offers() if o.key == "declare"), None)) is not None:
        history.push(ctl.step("declare", found.actors[0], "attack"))
    history.push(ctl.step("resolve_declarations"))
    rat, ann = (next(c.id for c in ctl.view.encounter.combatants if ctl.view.name(c.id) == n) for n in ("Rat", "Ann"))
    club = ctl.preview.weapons(rat)[0].id
    parried = ctl.attack(ctl.preview.attack_request(rat, club, ann, parry=True), TypedDice([5]))
    assert not parried.result.hit                                   # a parry: only a 6 hits
    history.push(parried)
    assert "reaction used" in {r.combatant_id: r.status for r in ctl.view.order_rows()}[ann]
    assert any(e.text == "Ann parries" for e in ctl.view.encounter.log)
    with pytest.raises(ValueError, match="^Ann has no reaction left this moment$"):
        ctl.attack(ctl.preview.attack_request(rat, club, ann, parry=True), TypedDice([6]))
    history.undo()                                                  # the parry comes back with the attack
    assert "reaction used" not in {r.combatant_id: r.status for r in ctl.view.order_rows()}[ann]


def test_flows_without_reactions_let_a_parry_be_taken_every_time():
    ctl, history = built("sequential")
    history.push(ctl.start(RandomDice(3)))
    attacker = ctl.view.current_id()
    target = next(c.id for c in ctl.view.encounter.combatants if c.side != ctl.view.combatant(attacker).side)
    club = ctl.preview.weapons(attacker)[0].id
    for _ in range(2):
        event = ctl.attack(ctl.preview.attack_request(attacker, club, target, parry=True), TypedDice([6]))
        assert event.result.hit and event.result.reactions


@pytest.mark.parametrize("shape", SHAPES)
def test_a_file_whose_fight_names_combatants_it_no_longer_has_opens_and_fights_on(shape):
    ctl, history = built(shape)
    history.push(ctl.start(RandomDice(2)))
    while not ctl.view.flow.referenced(ctl.view):             # phases name nobody until someone has planned
        key, actor, choice = next_step(ctl)
        history.push(ctl.step(key, actor, choice))
    gone = sorted(ctl.view.flow.referenced(ctl.view))[0]
    # As a file edited by hand: the combatant is gone, the flow's state still names it.
    ctl.view.encounter.combatants = [c for c in ctl.view.encounter.combatants if c.id != gone]
    again = EncounterController(ctl.campaign, ctl.encounter_id, fake_ruleset(ctl.campaign.ruleset))
    assert again.repaired == [gone] and gone not in again.view.flow.referenced(again.view)
    assert again.view.order_rows() is not None and again.view.round_label()
    steps = 0
    while (found := next_step(again)) is not None and steps < 60 and len(standing(again)) > 1:
        key, actor, choice = found
        try:
            history.push(again.step(key, actor, choice, dice=RandomDice(steps)))
        except NeedMoreDice:
            break
        steps += 1
    assert steps > 0


def test_an_attack_in_its_phase_carries_out_the_attackers_plan_and_undo_takes_it_back():
    ctl, history = built("phased")
    dice = RandomDice(5)
    history.push(ctl.start(dice))
    for offer in [o for o in ctl.offers() if o.key.startswith("plan:")]:
        history.push(ctl.step(offer.key, offer.actors[0], "shoot", dice))
    history.push(ctl.step("resolve_phases", None, None, dice))
    shooter = ctl.view.acting()[0]
    foe = targets(ctl, shooter)[0]
    history.push(ctl.attack(ctl.preview.attack_request(shooter, ctl.preview.weapons(shooter)[0].id, foe), dice))
    assert shooter not in ctl.view.acting() and foe in ctl.view.acting()
    assert next(r.status for r in ctl.view.order_rows() if r.combatant_id == shooter) == "done"
    history.undo()
    assert shooter in ctl.view.acting()
