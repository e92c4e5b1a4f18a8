"""A skirmish round through PhasedFlow on an in-memory fight: what each combatant may plan, the plan recorded on the
combatant, the phases in order, a combatant downed in a phase still acting in it, and the End phase's bleeding."""

from __future__ import annotations

import pytest

from crisis_desktop.domain import Campaign, ConditionState
from crisis_desktop.domain.encounter import Encounter, Side
from crisis_desktop.rules.base import SetResource
from crisis_desktop.rules.kernel.dice import RandomDice, TypedDice
from crisis_desktop.rules.kernel.flows.phased import NEXT_PHASE, RESOLVE, RESOLVE_PHASES, PhasedFlow
from crisis_desktop.rules.skirmish import plans
from tests.fakes.fight import MemoryFight
from tests.unit.rules.skirmish.people import RULES, attack, brann, fighter, plain, vera


def test_plannable_offers_an_attack_per_weapon_a_move_and_a_miscellaneous_action() -> None:
    v = fighter(vera())
    choices = RULES.plannable(v, {})
    bow = next(i for i in v.character.equipment if i.name == "Longbow")
    sword = next(i for i in v.character.equipment if i.name == "Longsword")
    assert [(p.key, p.label, p.phase) for p in choices] == [
        (f"melee:{sword.id}", "Melee attack: Longsword", "melee"),
        (f"ranged:{bow.id}", "Ranged attack: Longbow", "ranged"),
        ("move", "Move to an adjacent area", "misc"),
        ("misc", "Miscellaneous action", "misc")]
    mage = fighter(plain("Mira", "Dagger", evocation=2))
    assert "magic" in [p.key for p in RULES.plannable(mage, {})]
    assert [p.key for p in RULES.phases({})] == ["ranged", "melee", "magic", "misc"]
    assert [p.label for p in RULES.phases({})] == ["Ranged combat", "Melee combat", "Magic and divinity",
                                                   "Miscellaneous"]


def test_plan_effects_record_the_plan_on_the_combatant() -> None:
    v = fighter(vera())
    assert RULES.plan_effects(v, "move", {}) == [SetResource("cb-vera", plans.PLAN_KEY, "move")]
    with pytest.raises(ValueError, match="Vera cannot plan 'fly'"):
        RULES.plan_effects(v, "fly", {})


def test_available_actions_follow_the_plan() -> None:
    moving = fighter(vera(), plan="move")
    allowed = {a.action.key: (a.allowed, a.reason) for a in RULES.economy.available_actions(moving, {})}
    assert allowed == {"attack": (False, "Vera planned to move to an adjacent area"), "move": (True, ""),
                       "misc": (False, "Vera planned to move to an adjacent area")}
    assert all(a.allowed for a in RULES.economy.available_actions(fighter(vera()), {}))


def fight_of(*people) -> MemoryFight:
    campaign = Campaign(name="Skirmish", ruleset="skirmish", characters=list(people),
                        encounters=[Encounter(id="enc", name="Bridge")])
    fight = MemoryFight(campaign)
    for c in people:
        fight.add(c.id)
    return fight


def test_a_round_ranged_then_melee_then_the_end_phase_bleeds() -> None:
    v, b = vera(), brann()
    b.conditions.append(ConditionState(key="bleeding"))
    fight = fight_of(v, b)
    flow = RULES.round_flow({})
    assert isinstance(flow, PhasedFlow)
    flow.start(fight, RandomDice(1))
    bow = next(i for i in v.equipment if i.name == "Longbow")
    axe = b.equipment[0]
    for cid, choice in (("c-vera", f"ranged:{bow.id}"), ("c-brann", f"melee:{axe.id}")):
        flow.take(fight, f"plan:{cid}", cid, choice)
        fight.apply(RULES.plan_effects(fight.actor(cid), choice, {}), "plan")
    assert flow.round_label(fight) == "Round 1 · planning"
    flow.take(fight, RESOLVE_PHASES)
    assert flow.round_label(fight) == "Round 1 · Ranged combat phase" and flow.acting(fight) == ("c-vera",)
    # Vera shoots Brann down in the ranged phase (19 against 1: x3, 28 to the torso): Brann's greataxe no longer
    # swings in the melee phase, which began with him down.
    shot = RULES.attacks.resolve_attack(attack(fight.actor("c-vera"), "Longbow", fight.actor("c-brann")),
                                        TypedDice([15, 1, 2]), {})
    fight.apply(shot.effects, shot.summary)
    assert RULES.sheet.state(fight.actor("c-brann").character, {}).key == "dying"
    flow.take(fight, RESOLVE, "c-vera")
    flow.take(fight, NEXT_PHASE)
    assert flow.acting(fight) == ()
    assert "Brann cannot act and loses its planned Melee attack: Greataxe" in fight.texts()
    flow.take(fight, NEXT_PHASE)                   # the End phase, and round 2's planning
    assert fight.encounter.round == 2
    assert fight.actor("c-vera").combatant.resources[plans.PLAN_KEY] == ""
    # Brann is at Stamina 0: bleeding adds no more Fatigue
    assert "Brann: Brann bleeds; Stamina is already 0 or less" in fight.lines[-2].details


def test_a_fighter_downed_in_the_ranged_phase_still_shoots() -> None:
    v, other = vera(), plain("Rolf", "Short bow")
    fight = fight_of(v, other)
    fight.encounter.combatants[1].side = Side.ENEMIES
    flow = RULES.round_flow({})
    flow.start(fight, RandomDice(1))
    bow = next(i for i in v.equipment if i.name == "Longbow")
    flow.take(fight, "plan:c-vera", "c-vera", f"ranged:{bow.id}")
    flow.take(fight, "plan:c-rolf", "c-rolf", f"ranged:{other.equipment[0].id}")
    flow.take(fight, RESOLVE_PHASES)
    assert set(flow.acting(fight)) == {"c-vera", "c-rolf"}
    shot = RULES.attacks.resolve_attack(attack(fight.actor("c-vera"), "Longbow", fight.actor("c-rolf")),
                                        TypedDice([20, 1, 2]), {})
    fight.apply(shot.effects, shot.summary)
    assert not RULES.sheet.state(fight.actor("c-rolf").character, {}).fighting
    assert "c-rolf" in flow.acting(fight)        # still resolves its planned shot this phase
    back = RULES.attacks.resolve_attack(attack(fight.actor("c-rolf"), "Short bow", fight.actor("c-vera")),
                                        TypedDice([20, 1, 3]), {})
    assert back.hit
