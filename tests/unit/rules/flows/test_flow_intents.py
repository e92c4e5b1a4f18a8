"""What a combatant intends, kept by the planned-phases and declare/resolve flows beside its plan or declaration:
refused before it plans, shown to the GM at once and to the table once announced, cleared with the round, and no
dangling id when a combatant leaves."""

from __future__ import annotations

import pytest

from crisis_desktop.rules.kernel.dice import RandomDice, TypedDice
from crisis_desktop.rules.kernel.flows import Choice, Intent, IntentAsk
from crisis_desktop.rules.kernel.flows.declared import DECLARE, DeclareResolveFlow
from crisis_desktop.rules.kernel.flows.intents import words
from crisis_desktop.rules.kernel.flows.phased import NEXT_PHASE, RESOLVE, RESOLVE_PHASES, PhasedFlow
from crisis_desktop.rules.kernel.flows.sequential import SequentialFlow
from tests.fakes.declared import DeclaredFake
from tests.fakes.fight import MemoryFight, flow_ids
from tests.fakes.phased import PhasedFake
from tests.fakes.sequential import SequentialFake
from tests.fakes.tiny import tiny_campaign

ANN, BO, RAT, SLUG = "c-ann", "c-bo", "c-rat", "c-slug"


def phased() -> tuple[PhasedFlow, MemoryFight]:
    fight = MemoryFight(tiny_campaign("fake-phased"))
    for character in fight.campaign.characters:
        fight.add(character.id)
    flow = PhasedFlow(PhasedFake())
    flow.start(fight, RandomDice(1))
    return flow, fight


def status(flow: PhasedFlow | DeclareResolveFlow, fight: MemoryFight, cid: str) -> tuple[str, str]:
    row = next(r for r in flow.order(fight) if r.combatant_id == cid)
    return row.status, row.announced


def test_a_plan_holds_its_target_shown_to_the_table_once_the_phases_resolve():
    flow, fight = phased()
    with pytest.raises(ValueError, match="Ann has planned nothing this round"):
        flow.intend(fight, ANN, Intent(target=RAT))
    assert flow.intent(fight, ANN) is None
    flow.take(fight, f"plan:{ANN}", ANN, "shoot")
    with pytest.raises(ValueError, match="Ann cannot aim at itself"):
        flow.intend(fight, ANN, Intent(target=ANN))
    flow.intend(fight, ANN, Intent(target=RAT))
    assert flow.intent(fight, ANN) == Intent(target=RAT)
    assert fight.texts()[-1] == "Ann intends: at Rat"
    assert status(flow, fight, ANN) == ("plans: ranged attack — at Rat", "")       # the GM's only, while planning
    for cid, choice in ((BO, "strike"), (RAT, "wait"), (SLUG, "wait")):
        flow.take(fight, f"plan:{cid}", cid, choice)
    flow.take(fight, RESOLVE_PHASES)
    assert status(flow, fight, ANN) == ("acting: ranged attack — at Rat", "ranged attack — at Rat")
    # A target hidden from the players is not named to them.
    next(c for c in fight.encounter.combatants if c.id == RAT).hidden = True
    assert status(flow, fight, ANN) == ("acting: ranged attack — at Rat", "ranged attack — at someone unseen")
    # The End phase clears the intents with the plans.
    for step, who in ((RESOLVE, ANN), (NEXT_PHASE, None), (RESOLVE, BO), (NEXT_PHASE, None), (RESOLVE, RAT),
                      (RESOLVE, SLUG), (NEXT_PHASE, None)):
        flow.take(fight, step, who)
    assert flow.round_label(fight) == "Round 2 · planning" and not fight.state().get("intents")


def test_a_combatant_leaving_takes_its_intent_along_and_those_aimed_at_it_lose_their_target():
    flow, fight = phased()
    flow.take(fight, f"plan:{ANN}", ANN, "shoot")
    flow.intend(fight, ANN, Intent(target=RAT))
    flow.take(fight, f"plan:{RAT}", RAT, "strike")
    flow.intend(fight, RAT, Intent(target=BO, where="the gate"))
    assert flow.referenced(fight) >= {ANN, RAT, BO}
    fight.remove(RAT)
    flow.left(fight, RAT)
    assert flow.intent(fight, ANN) == Intent() and RAT not in flow_ids(fight.state())
    fight.remove(BO)
    flow.left(fight, BO)
    assert BO not in flow_ids(fight.state())


def test_a_declaration_holds_its_intent_until_the_next_moment():
    fight = MemoryFight(tiny_campaign("fake-declared"))
    for character in fight.campaign.characters:
        fight.add(character.id)
    flow = DeclareResolveFlow(DeclaredFake())
    flow.start(fight, TypedDice((2, 5, 6, 1)))           # declares first: Slug
    flow.take(fight, DECLARE, SLUG, "attack")
    flow.intend(fight, SLUG, Intent(target=ANN))
    assert status(flow, fight, SLUG) == ("declared: attack — at Ann", "declared: attack — at Ann")
    with pytest.raises(ValueError, match="Ann has declared nothing this moment"):
        flow.intend(fight, ANN, Intent(target=SLUG))


def test_a_flow_without_plans_keeps_no_intents():
    fight = MemoryFight(tiny_campaign("fake-sequential"))
    for character in fight.campaign.characters:
        fight.add(character.id)
    flow = SequentialFlow(SequentialFake())
    flow.start(fight, TypedDice((5, 4, 3, 2)))
    assert flow.intent(fight, ANN) is None
    with pytest.raises(ValueError, match="This fight keeps no intentions"):
        flow.intend(fight, ANN, Intent(target=BO))


def test_intents_in_words_and_from_hand_edited_files():
    attack = Choice("attack", "Attack", role=None)
    stance = Choice("act", "Action and reaction",
                    asks=IntentAsk((Choice("attack", "Attack"), Choice("move", "Move nearby")),
                                   (Choice("parry", "Parry"),)))
    names, weapons = {"c-b": "Brann"}, {"w-1": "Sword"}
    assert words(Intent("attack", "w-1", "c-b", reaction="parry"), stance, names, weapons) == (
        "attack Brann with the Sword, ready to parry")
    assert words(Intent(reaction="parry"), stance, names, weapons) == "ready to parry"
    assert words(Intent(target="c-gone"), attack, names, weapons) == "at someone gone"
    assert words(Intent(), stance, names, weapons) == ""
    assert Intent.of({"target": 3, "weapon": "w-1", "junk": "x"}) == Intent(weapon="w-1")
    assert Intent.of("nonsense") == Intent()
    meant = Intent("attack", "w-1", "c-b", "the ford", "parry")
    assert Intent.of(meant.dump()) == meant and Intent().dump() == {}
