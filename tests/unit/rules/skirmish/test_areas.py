"""Skirmish on a map of labelled areas: what a weapon reaches counted in areas, the planned move into an adjacent
area (once a round, free within one's own area), and what an attack carries out of the phased flow."""

from __future__ import annotations

from crisis_desktop.domain import Campaign
from crisis_desktop.domain.battle_map import Cell, GridKind
from crisis_desktop.domain.encounter import Encounter, Side
from crisis_desktop.rules.base import SetResource
from crisis_desktop.rules.kernel.dice import TypedDice
from crisis_desktop.rules.kernel.flows.phased import RESOLVE_PHASES, PhasedFlow
from crisis_desktop.rules.kernel.geometry import AreaRelation, Grid, Terrain
from crisis_desktop.rules.skirmish import plans
from tests.fakes.fight import MemoryFight
from tests.unit.rules.skirmish.people import RULES, attack, brann, fighter, plain, vera, weapon

YARD, GATE, TOWER = "Yard", "Gate", "Tower"


def terrain() -> Terrain:
    """Columns 0-2 the Yard, 3-4 the Gate, 7-9 the Tower (5-6 unlabelled), three rows."""
    names = {0: YARD, 1: YARD, 2: YARD, 3: GATE, 4: GATE, 7: TOWER, 8: TOWER, 9: TOWER}
    return Terrain(Grid(GridKind.SQUARE, 10, 3), [Cell(x=x, y=y, zone=name) for x, name in names.items()
                                                   for y in range(3)])


def test_a_skirmish_and_a_throw_stay_in_one_area_a_marksman_shoots_into_the_next() -> None:
    v = fighter(vera())
    sword, bow = weapon(v, "Longsword"), weapon(v, "Longbow")
    knives = plain("Tobin", "Throwing knives").equipment[0]
    same, next_to, apart = AreaRelation(YARD, YARD), AreaRelation(YARD, GATE, True), AreaRelation(YARD, TOWER)
    assert RULES.attacks.reach_refusal(sword, 2, 2, same) is None
    assert RULES.attacks.reach_refusal(sword, 1, 1, next_to) == "a skirmish stays inside one area (Yard, next to Gate)"
    assert RULES.attacks.reach_refusal(knives, 2, 2, next_to) == "a throw stays inside one area (Yard, next to Gate)"
    assert RULES.attacks.reach_refusal(bow, 4, 4, next_to) is None
    assert RULES.attacks.reach_refusal(bow, 8, 8,
                                       apart) == ("the Longbow shoots into its own area and the adjacent ones "
                                                     "(Yard, apart from Tower)")
    # An unlabelled map: a skirmish needs adjacent tokens, a ranged weapon reaches anywhere.
    unknown = AreaRelation("", "")
    assert RULES.attacks.reach_refusal(sword, 1, 1, unknown) is None
    assert RULES.attacks.reach_refusal(sword, 3, 3, unknown) == "out of the Longsword's reach (1 tile)"
    assert RULES.attacks.reach_refusal(bow, 30, 30, unknown) is None


def test_moving_is_free_within_an_area_and_the_planned_move_takes_one_adjacent_area_a_round() -> None:
    movement = RULES.movement()
    t = terrain()
    planned = fighter(vera(), plan="move")
    inside = movement.plan_move(planned, t, (0, 0), (2, 2), (), {})
    assert inside.allowed and inside.action is None and "within Yard" in inside.text
    across = movement.plan_move(planned, t, (2, 1), (3, 1), (), {})
    assert across.allowed and across.action == "move" and across.text == "Move to an adjacent area: into Gate"
    too_far = movement.plan_move(planned, t, (2, 1), (7, 1), (), {})
    assert not too_far.allowed and too_far.text == ("Tower is not next to Yard: a move takes Vera to an adjacent "
                                                    "area, one a round")
    shooting = fighter(vera(), plan=f"ranged:{weapon(planned, 'Longbow').id}")
    refused = movement.plan_move(shooting, t, (2, 1), (3, 1), (), {})
    assert not refused.allowed and refused.text == "Vera planned a ranged attack with the Longbow"
    # Once moved, the move is spent until the End phase clears it.
    spent = RULES.economy.spend_action(planned, "move", {})
    assert spent.effects == (moved_effect(planned),)
    planned.combatant.resources[plans.MOVED_KEY] = True
    again = movement.plan_move(planned, t, (3, 1), (2, 1), (), {})
    assert not again.allowed and again.text == "Vera has made its move this round"
    assert moved_effect(planned, False) in RULES.end_of_round(planned, {}).effects


def moved_effect(actor, value=True):
    """The effect that records (or clears) the combatant's move of the round."""
    return SetResource(actor.combatant.id, plans.MOVED_KEY, value)


def test_skirmish_odds_name_wounds_pain_and_the_attackers_own_risk() -> None:
    v, b = fighter(vera(), plan=None), fighter(brann(), Side.ENEMIES)
    odds = RULES.attacks.attack_odds(attack(v, "Longsword", b), {})
    assert list(odds.chances)[:2] == ["Vera's side wins", "Vera takes the blow"]
    assert {"critical wound", "supercritical wound"} <= set(odds.chances)
    assert abs(sum(odds.spreads["pain"].values()) - 1) < 1e-9
    found = RULES.fight_odds(attack(v, "Longsword", b), {})
    assert odds.chances["Vera takes the blow"] == found.of("cb-vera").takes
    ranged = RULES.attacks.attack_odds(attack(v, "Longbow", b), {})
    assert "Vera takes the blow" not in ranged.chances and "pain" in ranged.spreads


def test_a_skirmish_carries_out_everyone_elses_melee_plan_with_the_attackers() -> None:
    v, b, m = vera(), brann(), plain("Mira", "Shortsword")
    campaign = Campaign(name="Skirmish", ruleset="skirmish", characters=[v, b, m],
                        encounters=[Encounter(id="enc", name="Gate")])
    fight = MemoryFight(campaign)
    ids = [fight.add(v.id), fight.add(b.id, Side.ENEMIES), fight.add(m.id)]
    flow = PhasedFlow(RULES)
    flow.start(fight, TypedDice([]))
    for cid in ids:
        melee = next(p.key for p in RULES.plannable(fight.actor(cid), {}) if p.key.startswith("melee:"))
        flow.take(fight, f"plan:{cid}", cid, melee)
    flow.take(fight, RESOLVE_PHASES)
    assert flow.acting(fight) == tuple(ids)
    vera_, brann_, mira_ = (fight.actor(c) for c in ids)
    request = attack(vera_, "Longsword", brann_, mira_)
    result = RULES.attacks.resolve_attack(request, TypedDice([12, 9, 15, 2]), {})
    assert set(result.acted) == {ids[1], ids[2]}
    for cid in (ids[0], *result.acted):
        flow.acted(fight, cid)
    assert flow.acting(fight) == ()
