"""DeclareResolveFlow directly on an in-memory fight: ranking, declaring worst first, resolving best first."""

from __future__ import annotations

import pytest

from crisis_desktop.rules.kernel.dice import NeedMoreDice, TypedDice
from crisis_desktop.rules.kernel.flows import StepRole
from crisis_desktop.rules.kernel.flows.declared import DECLARE, NEXT, RESOLVE, DeclareResolveFlow
from tests.fakes.declared import DeclaredFake
from tests.fakes.fight import MemoryFight, flow_ids, offered
from tests.fakes.tiny import tiny_campaign

ANN, BO, RAT, SLUG = "c-ann", "c-bo", "c-rat", "c-slug"


def started(faces: tuple[int, ...] = (2, 5, 6, 1)) -> tuple[DeclareResolveFlow, MemoryFight]:
    """Ann 2, Bo 5, Rat 6, Slug 1: the ranking is Rat, Bo, Ann, Slug."""
    fight = MemoryFight(tiny_campaign("fake-declared"))
    for character in fight.campaign.characters:
        fight.add(character.id)
    flow = DeclareResolveFlow(DeclaredFake())
    stepped = flow.start(fight, TypedDice(faces))
    assert stepped.new_round and [e.combatant_id for e in stepped.result] == [RAT, BO, ANN, SLUG]
    return flow, fight


def declare_all(flow: DeclareResolveFlow, fight: MemoryFight, choice: str = "attack") -> None:
    while (found := next((o for o in flow.offers(fight) if o.key == DECLARE), None)) is not None:
        flow.take(fight, DECLARE, found.actors[0], choice)


def test_declarations_go_from_the_worst_ranked_to_the_best():
    flow, fight = started()
    assert flow.round_label(fight) == "Moment 1 · declaring" and flow.acting(fight) == ()
    order = []
    while (found := next((o for o in flow.offers(fight) if o.key == DECLARE), None)) is not None:
        assert found.role is StepRole.PLAN and len(found.actors) == 1
        assert [c.key for c in found.choices] == ["attack", "defend"]
        order.append(found.actors[0])
        flow.take(fight, DECLARE, found.actors[0], "attack")
    assert order == [SLUG, ANN, BO, RAT]
    # While declaring, the rows are in declaration order: the worst ranked first.
    assert [(r.combatant_id, r.position, r.status) for r in flow.order(fight)] == [
        (SLUG, "declares 1st", "declared: attack"), (ANN, "declares 2nd", "declared: attack"),
        (BO, "declares 3rd", "declared: attack"), (RAT, "declares 4th", "declared: attack")]


def test_while_declaring_the_rows_say_who_declares_now_and_what_is_declared():
    flow, fight = started()
    flow.take(fight, DECLARE, SLUG, "defend")
    rows = [(r.combatant_id, r.status, r.current, r.announced) for r in flow.order(fight)]
    assert rows == [(SLUG, "declared: defend", False, "declared: defend"), (ANN, "declares now", True, "declares now"),
                    (BO, "", False, ""), (RAT, "", False, "")]
    fight.hurt(BO)
    assert [r.status for r in flow.order(fight)][2] == "cannot act"


def test_resolution_goes_from_the_best_ranked_and_a_new_moment_ranks_again():
    flow, fight = started()
    declare_all(flow, fight)
    flow.take(fight, RESOLVE)
    assert flow.round_label(fight) == "Moment 1 · resolving"
    resolved = [flow.acting(fight)[0]]
    while offered(flow, fight, NEXT).label != "Next moment":
        flow.take(fight, NEXT)
        resolved.append(flow.acting(fight)[0])
    assert resolved == [RAT, BO, ANN, SLUG]
    assert offered(flow, fight, NEXT).rolls
    with pytest.raises(NeedMoreDice):
        flow.take(fight, NEXT, dice=TypedDice([6, 6]))
    stepped = flow.take(fight, NEXT, dice=TypedDice([6, 1, 2, 3]))
    assert stepped.new_round and fight.encounter.round == 2
    assert fight.state()["ranking"] == [ANN, SLUG, RAT, BO]
    assert fight.state()["left"][ANN] == {"action": True, "reaction": True}
    assert flow.round_label(fight) == "Moment 2 · declaring"


def test_a_new_moment_without_dice_is_refused_and_ranks_again_with_them():
    flow, fight = started()
    declare_all(flow, fight)
    flow.take(fight, RESOLVE)
    for _ in range(3):
        flow.take(fight, NEXT)
    with pytest.raises(ValueError, match="^A new moment ranks everyone again: roll or enter its dice$"):
        flow.take(fight, NEXT)
    assert flow.take(fight, NEXT, dice=TypedDice([1, 2, 3, 4])).new_round
    assert fight.state()["ranking"] == [SLUG, RAT, BO, ANN]


def test_actions_and_reactions_left_are_tracked_and_shown():
    flow, fight = started()
    declare_all(flow, fight)
    flow.take(fight, RESOLVE)
    flow.reacted(fight, ANN, "parries")  # Rat attacks Ann, who parries
    with pytest.raises(ValueError, match="^Ann has no reaction left this moment$"):
        flow.reacted(fight, ANN)
    flow.take(fight, NEXT)
    # While resolving, the rows are in resolution order: the best ranked first.
    rows = [(r.combatant_id, r.position, r.status, r.current) for r in flow.order(fight)]
    assert rows == [(RAT, "resolves 1st", "done", False), (BO, "resolves 2nd", "resolving: attack", True),
                    (ANN, "resolves 3rd", "declared: attack, reaction used", False),
                    (SLUG, "resolves 4th", "declared: attack", False)]
    assert fight.state()["left"][RAT] == {"action": False, "reaction": True}
    assert "Ann parries" in fight.texts()


def test_every_refusal_says_why():
    flow, fight = started()
    advance = offered(flow, fight, RESOLVE)
    assert not advance.allowed and advance.reason == "Still to declare: Slug, Ann, Bo, Rat"
    with pytest.raises(ValueError, match="^Still to declare: Slug, Ann, Bo, Rat$"):
        flow.take(fight, RESOLVE)
    with pytest.raises(ValueError, match=r"^Slug declares before Rat \(the worst ranked declares first\)$"):
        flow.take(fight, DECLARE, RAT, "attack")
    with pytest.raises(ValueError, match="^Pick what Slug declares: attack, defend$"):
        flow.take(fight, DECLARE, SLUG, "dance")
    with pytest.raises(ValueError, match="^Slug declares next$"):
        flow.take(fight, DECLARE, None, "attack")
    flow.take(fight, DECLARE, SLUG, "defend")
    with pytest.raises(ValueError, match="^Slug has already declared: defend$"):
        flow.take(fight, DECLARE, SLUG, "attack")
    fight.hurt(BO)
    with pytest.raises(ValueError, match="^Bo cannot act: Bo is out of the fight$"):
        flow.take(fight, DECLARE, BO, "attack")
    with pytest.raises(ValueError, match="^Next resolver is not possible now$"):
        flow.take(fight, NEXT)
    declare_all(flow, fight)
    flow.take(fight, RESOLVE)
    with pytest.raises(ValueError, match="^Declarations are over for this moment; they are being resolved$"):
        flow.take(fight, DECLARE, BO, "attack")
    for cid in (ANN, BO, RAT, SLUG):
        fight.hurt(cid)
    while not offered(flow, fight, NEXT).rolls:
        flow.take(fight, NEXT)
    flow.take(fight, NEXT, dice=TypedDice([1, 2, 3, 4]))
    assert offered(flow, fight, RESOLVE).reason == "Nobody is left who can act; end the encounter"


def test_a_declarer_downed_before_resolving_loses_its_declaration():
    flow, fight = started()
    declare_all(flow, fight)
    flow.take(fight, RESOLVE)
    fight.hurt(BO)  # Rat's attack drops Bo
    flow.take(fight, NEXT)
    assert flow.acting(fight) == (ANN,)
    assert "Bo cannot act and loses its declared attack" in fight.texts()


def test_a_fight_to_the_end():
    flow, fight = started()
    dice = TypedDice([1, 2, 3, 4] * 50)
    for _ in range(40):
        able = [c for c in sorted(fight.ids()) if flow.rules.sheet.state(fight.actor(c).character, {}).fighting]
        if len({fight.encounter.combatant(c).side for c in able}) < 2:
            break
        declare_all(flow, fight)
        flow.take(fight, RESOLVE)
        while True:
            for cid in flow.acting(fight):
                side = fight.encounter.combatant(cid).side
                target = next((c for c in sorted(fight.ids()) if fight.encounter.combatant(c).side != side
                               and flow.rules.sheet.state(fight.actor(c).character, {}).fighting), None)
                if target is not None:
                    fight.hurt(target, int(fight.actor(target).character.status.get("lost", 0)) + 1)
            if flow.take(fight, NEXT, dice=dice).new_round:
                break
    else:
        raise AssertionError("the fight did not end")
    assert fight.encounter.round > 1


def test_joining_and_leaving_keep_the_state_whole():
    flow, fight = started()
    flow.take(fight, DECLARE, SLUG, "attack")
    fight.campaign.characters.append(fight.campaign.characters[2].model_copy(update={"id": "ch-toad",
                                                                                      "name": "Toad"}))
    toad = fight.add("ch-toad")
    flow.joined(fight, toad)
    assert fight.state()["ranking"][-1] == toad
    assert offered(flow, fight, DECLARE).actors == (toad,)  # ranked last: declares now
    declare_all(flow, fight)
    flow.take(fight, RESOLVE)
    assert flow.acting(fight) == (RAT,)
    fight.remove(RAT)
    flow.left(fight, RAT)  # the one resolving leaves: the next best resolves
    assert flow.acting(fight) == (BO,) and flow_ids(fight.state()) <= fight.ids()
    for cid in (BO, ANN, SLUG, toad):
        fight.remove(cid)
        flow.left(fight, cid)
    assert flow.acting(fight) == () and fight.state()["ranking"] == []
    assert offered(flow, fight, NEXT).label == "Next moment" and flow_ids(fight.state()) == set()
